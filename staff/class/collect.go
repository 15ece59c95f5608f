// Package class grades a class: every submission in a folder, each in its
// own scratch copy of the lab, through the lab's own grade path
// (runner/worker: built and run boxed, as a learner's save is), in parallel
// up to the cores, with a cache keyed by the submission's content and the
// lab's version; then what the class got wrong, the grader's diagnoses
// counted, with one anonymised counterexample each.
//
// A submission that does not compile, hangs, crashes or is refused (a
// symbolic link, a file too large, an import from outside the standard
// library or off the day's list) is that student's result, never the batch's.
package class

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"termlab/labs"
	"termlab/record/atomicfile"
	"termlab/runner/gate"
	"termlab/runner/worker"
)

// Submission is one student's work: the files of the day's learner
// folder, by name.
type Submission struct {
	Who   string // the entry's name in the class folder
	Path  string
	Files map[string][]byte
	// Refused says why the submission is not built at all ("" when it
	// is graded): that is its result.
	Refused string
	// lazy: listed (List), its files not read yet (Load).
	lazy bool
	// size is what its files read so far weigh, against maxTotal.
	size int64
}

// maxFile bounds one submitted file: a learner's todo.go is a few kB.
const maxFile = 1 << 20

// maxTotal bounds a submission's files together: a thousand files of a
// megabyte each (ignored by a build tag, so they cost the compiler
// nothing) would otherwise be a gigabyte in the grader's memory.
const maxTotal = 2 << 20

// Collect reads every submission in dir for day (List, then Load each):
// a single .go file (the learner's todo.go under another name), a folder
// holding a todo.go, or a clone of the lab (a folder with the day's
// learner folder inside). Other entries are submissions that cannot be
// graded, with the reason, so a student's upload in the wrong shape
// shows in the table rather than vanishing. Entries starting with "." or
// "_" are skipped.
func Collect(dir string, day labs.Day) ([]Submission, error) {
	subs, err := List(dir, day)
	for i := range subs {
		subs[i].Load(day)
	}
	return subs, err
}

// List names every submission in dir, as Collect does, without reading
// any: the grader reads each when its turn comes (Load), so a class is
// never all in memory at once.
func List(dir string, day labs.Day) ([]Submission, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []Submission
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			continue
		}
		// The name reaches the staff's terminal, a CSV and JSON: cleaned
		// of control characters here, once, so that none can move the
		// cursor, colour the screen or start a row of its own.
		out = append(out, Submission{Who: Clean(strings.TrimSuffix(name, ".go")), Path: filepath.Join(dir, name), lazy: true})
	}
	apart(out)
	slices.SortFunc(out, func(a, b Submission) int { return strings.Compare(a.Who, b.Who) })
	return out, nil
}

// One is the submission at path (a .go file, a folder holding a todo.go,
// or a clone of the lab) under the name who, read by Load as List's are:
// grade --format grades the learner's folder through it, so every path
// judges the same files the same way.
func One(who, path string) Submission {
	return Submission{Who: Clean(who), Path: path, lazy: true}
}

// Load reads a listed submission's files and runs the import gate, once;
// a submission made otherwise is left as it is.
func (s *Submission) Load(day labs.Day) {
	if !s.lazy {
		return
	}
	s.lazy = false
	if s.Refused != "" {
		return
	}
	s.Files = map[string][]byte{}
	s.Refused = s.read(s.Path, day)
	if s.Refused == "" {
		s.Refused = s.check(day)
	}
	s.Refused = Clean(s.Refused)
}

// apart gives every submission a name of its own: two entries that name
// the same student (dup.go beside dup/, or names that differ only in the
// control characters Clean replaces) would merge into one row, one roster
// identifier and one per-student file. They are told apart by their entry
// names, numbered when those clash too, and refused, with the reason, so
// that the staff choose which is the student's: neither is graded as the
// other's.
func apart(subs []Submission) {
	by := map[string][]int{}
	for i, s := range subs {
		k := strings.ToLower(s.Who)
		by[k] = append(by[k], i)
	}
	for _, idx := range by {
		if len(idx) < 2 {
			continue
		}
		slices.SortFunc(idx, func(a, b int) int { return strings.Compare(subs[a].Path, subs[b].Path) })
		entries := make([]string, len(idx))
		for j, i := range idx {
			entries[j] = Clean(filepath.Base(subs[i].Path))
			if fi, err := os.Lstat(subs[i].Path); err == nil && fi.IsDir() {
				entries[j] += "/"
			}
		}
		for j, i := range idx {
			subs[i].Who = fmt.Sprintf("%s #%d", entries[j], j+1)
			subs[i].Refused = fmt.Sprintf("%d entries name the same student (%s): keep the one that is theirs, and grade again", len(idx), strings.Join(entries, ", "))
			subs[i].Files = map[string][]byte{}
		}
	}
}

// read fills s.Files from path, or says why it cannot.
func (s *Submission) read(path string, day labs.Day) string {
	fi, err := os.Lstat(path)
	switch {
	case err != nil:
		return err.Error()
	case fi.Mode()&fs.ModeSymlink != 0:
		return "a symbolic link: submit the files themselves"
	case fi.Mode().IsRegular() && strings.HasSuffix(path, ".go"):
		return s.add("todo.go", path)
	case !fi.IsDir():
		return "neither a .go file nor a folder"
	}
	folder := path
	if _, err := os.Lstat(filepath.Join(path, "todo.go")); err != nil {
		folder = filepath.Join(path, filepath.FromSlash(day.LearnerDir))
		// Every folder on the way down is the submission's own: a link
		// (labs/ pointing at the staff's clone, say) would grade files
		// from somewhere else as this student's.
		if why := noLinks(path, day.LearnerDir); why != "" {
			return why
		}
		if _, err := os.Lstat(filepath.Join(folder, "todo.go")); err != nil {
			return fmt.Sprintf("no todo.go, neither at the top nor in %s", day.LearnerDir)
		}
	}
	entries, err := os.ReadDir(folder)
	if err != nil {
		return err.Error()
	}
	for _, e := range entries {
		n := e.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || strings.HasPrefix(n, ".") {
			continue
		}
		if Clean(n) != n {
			return fmt.Sprintf("a file named %q: a file's name may hold no control characters", n)
		}
		if lab, ok := day.Shipped[n]; ok && !strings.HasPrefix(lab, "//go:build "+worker.BuildTag) {
			continue // the lab's own file beside the learner's (notdone.go): the shipped one is used
		}
		if why := s.add(n, filepath.Join(folder, n)); why != "" {
			return why
		}
	}
	return ""
}

// noLinks refuses a symbolic link (or anything not a folder) at any
// component of rel below base, checked with Lstat one by one, so that no
// link anywhere on the path is followed.
func noLinks(base, rel string) string {
	at := base
	for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
		if part == "" {
			continue
		}
		at = filepath.Join(at, part)
		fi, err := os.Lstat(at)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return "" // said as "no todo.go" by the caller
		case err != nil:
			return err.Error()
		case fi.Mode()&fs.ModeSymlink != 0:
			return fmt.Sprintf("%s is a symbolic link: submit the files themselves", filepath.ToSlash(strings.TrimPrefix(at, base+string(filepath.Separator))))
		case !fi.IsDir():
			return fmt.Sprintf("%s is not a folder", filepath.ToSlash(strings.TrimPrefix(at, base+string(filepath.Separator))))
		}
	}
	return ""
}

// Clean is s with every control or format character (escape codes,
// newlines, carriage returns, bidirectional overrides) and every byte of
// broken UTF-8 shown as '?': a name or message fit for one cell of a row.
func Clean(s string) string {
	s = strings.ToValidUTF8(s, "?")
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return '?'
		}
		return r
	}, s)
}

func (s *Submission) add(name, path string) string {
	fi, err := os.Lstat(path)
	switch {
	case err != nil:
		return err.Error()
	case !fi.Mode().IsRegular():
		return name + " is not a regular file (a link?): submit the file itself"
	case fi.Size() > maxFile:
		return fmt.Sprintf("%s is %d kB; a submission's file may be %d kB at most", name, fi.Size()>>10, maxFile>>10)
	case s.size+fi.Size() > maxTotal:
		return fmt.Sprintf("the submission's .go files come to more than %d kB together (at %s): submit your own files only", maxTotal>>10, name)
	}
	data, err := atomicfile.ReadBounded(path, maxFile) // it may have grown since
	if err != nil {
		return err.Error()
	}
	// Said as what it is, rather than as the parser's "expected
	// 'package', found 'EOF'" from the import gate.
	if len(bytes.TrimSpace(data)) == 0 {
		return name + " is empty: nothing to grade"
	}
	if s.size += int64(len(data)); s.size > maxTotal {
		return fmt.Sprintf("the submission's .go files come to more than %d kB together (at %s): submit your own files only", maxTotal>>10, name)
	}
	s.Files[name] = data
	return ""
}

// check is the lab's one import gate (runner/gate): the day's allow-list,
// on the parsed files.
func (s *Submission) check(day labs.Day) string {
	// Named as in the lab (labs/day45/todo.go), as every path says them.
	files := make(map[string][]byte, len(s.Files))
	for n, data := range s.Files {
		files[strings.Trim(day.LearnerDir, "/")+"/"+n] = data
	}
	if err := gate.Files(day, files); err != nil {
		return err.Error()
	}
	return ""
}

// Digest names the submission's content: its files' names and bytes.
func (s Submission) Digest() string {
	h := sha256.New()
	names := make([]string, 0, len(s.Files))
	for n := range s.Files {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(s.Files[n]))
		h.Write(s.Files[n])
	}
	fmt.Fprintf(h, "refused\x00%s", s.Refused)
	return hex.EncodeToString(h.Sum(nil))
}

// place writes the submission into a copy of the lab at root: its files
// over the shipped ones in the day's learner folder.
func (s Submission) place(root string, day labs.Day) error {
	dir := filepath.Join(root, filepath.FromSlash(day.LearnerDir))
	for name, data := range s.Files {
		if name != filepath.Base(name) {
			return errors.New("a file name with a folder in it")
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
