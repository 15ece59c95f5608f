// Package atomicfile writes a file so that a reader (or a crash) only ever
// sees the old contents or the new, never half of either, and serialises
// read-modify-write cycles between processes with a lock file.
//
// What it refuses, with an error that says so and nothing written:
//
//   - a file whose permission bits allow no writing (*ReadOnlyError). The
//     bits are checked, not only tried: the rename that replaces a file
//     works whatever the file's mode, and root can open any file, so a
//     learner's read-only file would otherwise be silently replaced;
//   - with WriteWithin, a path that resolves (through symbolic links, of the
//     file or of its folders) outside the given root (*OutsideError).
//
// Temporary files are named .<name>.tmp-<random> beside the file. One left
// behind by a killed process is removed by a later Write of the same file
// once it is older than StaleAfter.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// StaleAfter is the age from which a temporary file of a finished or
// killed writer is removed. A live writer holds its temporary file for
// milliseconds, so a minute leaves a wide margin.
const StaleAfter = time.Minute

// ReadOnlyError is a file whose permission bits allow no writing.
type ReadOnlyError struct{ Path string }

func (e *ReadOnlyError) Error() string {
	return fmt.Sprintf("%s is read-only; nothing was changed (make it writable to let the lab write it)", e.Path)
}

// OutsideError is a path that a symbolic link leads out of the root.
type OutsideError struct {
	Path   string // as given
	Target string // where it leads ("" when the link leads nowhere)
	Root   string
}

func (e *OutsideError) Error() string {
	if e.Target == "" {
		return fmt.Sprintf("%s is a symbolic link that leads to no file; the lab does not write through it, so nothing was changed (replace it with a file)", e.Path)
	}
	return fmt.Sprintf("%s is a symbolic link to %s, outside the repository %s; the lab does not write through it, so nothing was changed (replace the link with a file, or point it inside the repository)", e.Path, e.Target, e.Root)
}

// Write replaces path with data: it writes a temporary file in the same
// folder, flushes it to disk and renames it over path. Rename within one
// folder is atomic, so two writers racing leave one complete file. An
// existing file keeps its permission bits; a new one gets perm.
//
// A symbolic link at path is followed: the file it points to is replaced and
// the link stays, so a learner who links RESULTS.md to their notes keeps
// both. Use WriteWithin to keep the link inside a folder.
func Write(path string, data []byte, perm os.FileMode) error {
	return WriteWithin("", path, data, perm)
}

// WriteWithin is Write, refusing (with *OutsideError) a path that resolves
// outside root. An empty root allows anywhere.
func WriteWithin(root, path string, data []byte, perm os.FileMode) error {
	target, err := Check(root, path)
	if err != nil {
		return err
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if info, err := os.Stat(target); err == nil {
		perm = info.Mode().Perm()
	}
	sweep(dir, filepath.Base(target))
	tmp, err := os.CreateTemp(dir, tempPrefix(filepath.Base(target))+"*")
	if err != nil {
		return fmt.Errorf("cannot write in %s: %w", dir, unwrapPath(err))
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("cannot write %s: %w", target, unwrapPath(err))
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("cannot write %s: %w", target, unwrapPath(err))
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("cannot write %s: %w", target, unwrapPath(err))
	}
	if err := os.Chmod(tmp.Name(), perm); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return fmt.Errorf("cannot replace %s: %w", target, err)
	}
	remember([]string{path, target}, data)
	// Make the rename itself durable. Not every system can sync a folder,
	// and the file is already complete, so a failure here is ignored.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// Check resolves path as Write would and says whether it may be written:
// the file it names (through any links) stays inside root (when root is
// not empty), and an existing file is writable. It returns the resolved
// path. Callers use it to refuse before doing any work.
func Check(root, path string) (string, error) {
	target, err := Within(root, path)
	if err != nil {
		return "", err
	}
	info, err := os.Stat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return target, nil
	case err != nil:
		return "", fmt.Errorf("cannot check %s: %w", path, unwrapPath(err))
	case info.IsDir():
		return "", fmt.Errorf("%s is a folder, not a file; nothing was changed", path)
	case info.Mode().Perm()&0o222 == 0:
		return "", &ReadOnlyError{Path: path}
	}
	// The bits allow writing, but perhaps not for this user.
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if err != nil {
		return "", fmt.Errorf("%s cannot be written (%w); nothing was changed", path, unwrapPath(err))
	}
	f.Close()
	return target, nil
}

// Within resolves path through any links and checks that the file it names
// is inside root (anywhere, when root is empty), returning the resolved
// path or an *OutsideError.
func Within(root, path string) (string, error) {
	target, err := resolve(path)
	if err != nil {
		return "", err
	}
	if root == "" {
		return target, nil
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", fmt.Errorf("cannot find the repository %s: %w", root, unwrapPath(err))
	}
	if !inside(realRoot, target) {
		return "", &OutsideError{Path: path, Target: target, Root: realRoot}
	}
	return target, nil
}

// resolve follows every symbolic link in path. A file that does not exist
// yet resolves through its folder; a link that leads nowhere is refused,
// since the file a write would create is not one the learner can see.
func resolve(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	if t, err := filepath.EvalSymlinks(abs); err == nil {
		return t, nil
	}
	if info, err := os.Lstat(abs); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		return "", &OutsideError{Path: path}
	}
	// Not there yet: resolve the nearest folder that exists.
	dir, rest := filepath.Dir(abs), filepath.Base(abs)
	for {
		if t, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(t, rest), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}

func inside(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// tempPrefix is how the temporary files of name start; .gitignore ignores
// the pattern .*.tmp-*.
func tempPrefix(name string) string { return "." + name + ".tmp-" }

// sweep removes temporary files of name that a killed writer left, once
// they are older than StaleAfter. Failures are ignored: litter is not worth
// failing a save for.
func sweep(dir, name string) {
	matches, _ := filepath.Glob(filepath.Join(dir, globEscape(tempPrefix(name))+"*"))
	for _, m := range matches {
		if info, err := os.Lstat(m); err == nil && info.Mode().IsRegular() && time.Since(info.ModTime()) > StaleAfter {
			os.Remove(m)
		}
	}
}

// tempName is the shape of the names Write's temporary files take.
var tempName = regexp.MustCompile(`^\..+\.tmp-[0-9]+$`)

// SweepDir removes every stale temporary file Write left in dir, whatever
// file it was for: for a folder the lab owns (predictions/), where a day's
// file may never be written again to sweep its own. Failures are ignored.
func SweepDir(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !tempName.MatchString(e.Name()) {
			continue
		}
		m := filepath.Join(dir, e.Name())
		if info, err := os.Lstat(m); err == nil && info.Mode().IsRegular() && time.Since(info.ModTime()) > StaleAfter {
			os.Remove(m)
		}
	}
}

// globEscape quotes the characters filepath.Match treats specially.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteRune('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// unwrapPath drops the path from an *fs.PathError when the message already
// names the file.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// LockWait is how long Lock waits for another process to finish its save.
// A save holds the lock for a read and a write of a small file; a lock held
// longer belongs to a process that is stopped or stuck.
var LockWait = 10 * time.Second
