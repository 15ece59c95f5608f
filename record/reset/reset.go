// Package reset puts a learner's TODO, or a whole day, back to the stub the
// course ships, from the copy embedded in the runner. The learner's version
// is always kept aside first, so a reset never loses work.
package reset

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"termlab/labs"
	"termlab/labs/gofunc"
	"termlab/record/atomicfile"
)

// KeptDir is where reset keeps the learner's versions, inside the learner's
// package folder. The go tool ignores folders whose names start with a dot,
// so kept copies never take part in a build.
const KeptDir = ".kept"

// Day puts every learner file of day back as shipped and returns where the
// previous versions were kept.
func Day(root string, day labs.Day, now time.Time) ([]string, error) {
	var kept []string
	names := make([]string, 0, len(day.Shipped))
	for name := range day.Shipped {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(root, day.LearnerDir, name)
		if current, err := atomicfile.ReadBounded(path, atomicfile.MaxSource); err == nil && string(current) == day.Shipped[name] {
			continue // as shipped already: nothing to keep aside or write
		}
		k, err := keep(root, day, path, now)
		if err != nil {
			return kept, err
		}
		if k != "" {
			kept = append(kept, k)
		}
		if err := atomicfile.Write(path, []byte(day.Shipped[name]), 0o644); err != nil {
			return kept, err
		}
	}
	return kept, nil
}

// TODO puts TODO n's function back as shipped, leaving the learner's other
// functions alone, and returns where the previous file was kept.
func TODO(root string, day labs.Day, n int, now time.Time) (string, error) {
	t, ok := day.TODO(n)
	if !ok {
		return "", fmt.Errorf("day %d has no TODO %d", day.Number, n)
	}
	for name, shipped := range day.Shipped {
		path := filepath.Join(root, day.LearnerDir, name)
		stub, found, err := funcSource([]byte(shipped), t.Func)
		if err != nil || !found {
			continue
		}
		current, err := atomicfile.ReadBounded(path, atomicfile.MaxSource)
		if err != nil {
			return "", fmt.Errorf("cannot read %s: %w", path, err)
		}
		start, end, found, err := funcRange(current, t.Func)
		if err != nil {
			return "", fmt.Errorf("%s does not parse (%v), so one function cannot be picked out: fix that line, or reset the whole day", rel(root, path), err)
		}
		// The stub, as gofmt left it, takes the place of the learner's
		// function, and nothing else of the file moves: the learner's
		// other code stays as they wrote it, spacing and all.
		var next []byte
		if found {
			next = append(append(append([]byte{}, current[:start]...), stub...), current[end:]...)
		} else {
			next = append(append(bytes.TrimRight(current, "\n"), "\n\n"...), stub...)
			next = append(next, '\n')
		}
		kept, err := keep(root, day, path, now)
		if err != nil {
			return "", err
		}
		if err := atomicfile.Write(path, next, 0o644); err != nil {
			return "", err
		}
		return kept, restoreMissing(root, day)
	}
	return "", fmt.Errorf("the shipped files of day %d have no function %s", day.Number, t.Func)
}

// keep copies path into the kept folder, stamped with the time.
func keep(root string, day labs.Day, path string, now time.Time) (string, error) {
	data, err := atomicfile.ReadBounded(path, atomicfile.MaxSource)
	if os.IsNotExist(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	base := filepath.Base(path)
	ext := filepath.Ext(base)
	dest := filepath.Join(root, day.LearnerDir, KeptDir,
		fmt.Sprintf("%s-%s%s", base[:len(base)-len(ext)], now.UTC().Format("20060102-150405"), ext))
	for i := 2; exists(dest); i++ {
		dest = filepath.Join(filepath.Dir(dest), fmt.Sprintf("%s-%s-%d%s", base[:len(base)-len(ext)], now.UTC().Format("20060102-150405"), i, ext))
	}
	if err := atomicfile.Write(dest, data, 0o644); err != nil {
		return "", fmt.Errorf("cannot keep your version aside, so nothing was reset: %w", err)
	}
	return rel(root, dest), nil
}

func exists(path string) bool { _, err := os.Stat(path); return err == nil }

func rel(root, path string) string {
	if r, err := filepath.Rel(root, path); err == nil {
		return filepath.ToSlash(r)
	}
	return path
}

// funcRange finds the byte range of a top-level function, doc comment
// included. A file whose tokens or brackets are not Go is refused: one
// function cannot be picked out of it for sure. (labs/gofunc reads the
// tokens, as go/parser would find the same range: the parser and gofmt's
// printer would cost the learner's first build of the lab more than the
// screens that use this package.)
func funcRange(src []byte, name string) (start, end int, found bool, err error) {
	f, found, err := gofunc.Find(src, name)
	if err != nil {
		return 0, 0, false, err
	}
	return f.Start, f.End, found, nil
}

func funcSource(src []byte, name string) ([]byte, bool, error) {
	start, end, found, err := funcRange(src, name)
	if err != nil || !found {
		return nil, found, err
	}
	return src[start:end], true, nil
}

// restoreMissing writes back the shipped files that are gone, such as the
// lab's notdone.go beside todo.go, whose marker the stubs panic with: a
// stub put back without it would not compile. A file that is there is left
// as it is (a whole-day reset replaces those).
func restoreMissing(root string, day labs.Day) error {
	for name, text := range day.Shipped {
		path := filepath.Join(root, day.LearnerDir, name)
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			continue
		}
		if err := atomicfile.Write(path, []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}
