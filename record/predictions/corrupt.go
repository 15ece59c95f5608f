package predictions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"termlab/record/atomicfile"
)

// CorruptError says a stored file could not be used and where it was kept.
// The file is never deleted: a learner's answers are worth a look by hand.
type CorruptError struct {
	Path    string // the file that was read
	Line    int    // the line the problem is on; 0 when it is not one line's
	KeptAs  string // where it is now; empty if it could not be moved
	Problem string // what was wrong with it
	// Dropped is set when only some answers could not be used (LoadDay):
	// these ids were dropped and the rest kept.
	Dropped []string
	// Conflicts is set when the file held a git merge conflict (so many
	// conflicted regions, the first at Line) that the lab merged (Merge's
	// rules): the answers come back merged, nothing lost. A save writes
	// them, keeping the file as it was as KeptAs first; a read leaves the
	// file for that save.
	Conflicts int
	// Restored is set when the file had lost reveals (set back to
	// unrevealed by hand, a judged guess changed, the file deleted) that the
	// day's reveals file holds: they were put back, these ids.
	Restored []string
}

// Where is the file, with the line of the problem when it is one line's.
func (e *CorruptError) Where() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d", e.Path, e.Line)
	}
	return e.Path
}

func (e *CorruptError) Error() string {
	if len(e.Restored) == 0 {
		return e.error()
	}
	put := fmt.Sprintf("the reveals of %s, which %s had lost, are put back from %s (a revealed guess stays revealed; one changed since counts as revised)",
		strings.Join(e.Restored, ", "), filepath.Base(e.Path), filepath.Base(RevealsPath(filepath.Dir(e.Path), dayOf(e.Path))))
	if e.Problem == "" && e.Conflicts == 0 && len(e.Dropped) == 0 && e.KeptAs == "" {
		return e.Path + ": " + put
	}
	return e.error() + "; " + put
}

// dayOf is the day of an answers file's path, 0 when it is not one.
func dayOf(path string) int {
	var day int
	fmt.Sscanf(filepath.Base(path), "day%d.json", &day)
	return day
}

func (e *CorruptError) error() string {
	where := e.Where()
	if e.Conflicts > 0 {
		s := fmt.Sprintf("%s held a git merge conflict (%s): the answers of both sides were merged, every reveal on either side kept", where, howMany(e.Conflicts, "conflicted region"))
		if e.KeptAs != "" {
			s += "; the file now holds the merge (git add it to finish the merge) and the file as it was is kept as " + e.KeptAs
		}
		return s
	}
	if len(e.Dropped) > 0 {
		ids := e.Dropped
		more := ""
		if len(ids) > 5 {
			ids, more = ids[:5], fmt.Sprintf(" and %d more", len(e.Dropped)-5)
		}
		if e.KeptAs == "" { // the problem says why they stay
			return fmt.Sprintf("%s: %s (%s%s)", where, e.Problem, strings.Join(ids, ", "), more)
		}
		// Where the file went comes before the problem's detail, which can
		// be long: a status line that must cut the message keeps the path.
		return fmt.Sprintf("%s: the file as it was is kept as %s; %s (%s%s): they were dropped and your other answers kept", where, e.KeptAs, e.Problem, strings.Join(ids, ", "), more)
	}
	if e.KeptAs == "" {
		return fmt.Sprintf("%s could not be used (%s) and could not be moved aside either; starting empty", where, e.Problem)
	}
	return fmt.Sprintf("%s could not be used; it was kept as %s and the answers start empty (%s)", where, e.KeptAs, e.Problem)
}

// now is the clock for the names of kept-aside files; tests replace it.
var now = time.Now

// load decodes the JSON file at path into v and runs check on it. A missing
// file leaves v untouched and is no error. Anything else that goes wrong
// moves the file aside and returns a *CorruptError.
func load(path string, v any, check func() error) error {
	// Bounded before it is read: a 3 GB file is refused by its size.
	data, err := atomicfile.ReadBounded(path, MaxFileBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	problem, line := "", 0
	var big *atomicfile.TooBigError
	switch {
	case errors.As(err, &big):
		problem = fmt.Sprintf("it is %d bytes, far more than answers take (at most %d)", big.Size, MaxFileBytes)
	case err != nil:
		problem = "it could not be read: " + unwrapPath(err).Error()
	case len(bytes.TrimSpace(data)) == 0:
		problem = "it is empty"
	default:
		if err := json.Unmarshal(data, v); err != nil {
			problem, line = "it is not valid JSON: "+err.Error(), jsonLine(data, err)
		} else if err := check(); err != nil {
			problem = err.Error()
			var k *keyError
			if errors.As(err, &k) {
				line = lineOfKey(data, k.key)
			}
		}
	}
	if problem == "" {
		return nil
	}
	return &CorruptError{Path: path, Line: line, KeptAs: keepAside(path), Problem: problem}
}

// MaxFileBytes bounds an answers file the lab will read: a day's answers
// take a few kilobytes, and a file far past that (a hand edit, another
// program) must not take the screens' memory with it.
const MaxFileBytes = 64 << 20

// keyError is a problem with one entry of the file, by its key.
type keyError struct {
	key string
	err error
}

func (e *keyError) Error() string { return e.err.Error() }

// jsonLine is the line a decoding error points at, 0 when it points nowhere.
func jsonLine(data []byte, err error) int {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return lineAt(data, se.Offset)
	case errors.As(err, &te):
		return lineAt(data, te.Offset)
	}
	return 0
}

func lineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return 1 + bytes.Count(data[:off], []byte("\n"))
}

// lineOfKey is the line where the entry "key": first appears, 0 when it
// does not.
func lineOfKey(data []byte, key string) int {
	k, _ := json.Marshal(key)
	i := bytes.Index(data, append(k, ':'))
	if i < 0 {
		return 0
	}
	return lineAt(data, int64(i))
}

// KeepAside moves a file the lab cannot use out of the way, as Load does
// with a damaged answers file, and returns its new name ("" when it could
// not be moved). Other stores of the learner's (record/history) use it so
// that every kept file is named alike.
func KeepAside(path string) string { return keepAside(path) }

// unwrapPath drops the path from an *fs.PathError, which CorruptError
// already names.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// keepAside renames path to path.corrupt-<UTC time>, adding -2, -3, … when
// that name is taken, and returns the new name ("" if it could not move it).
// The new name is first claimed with O_EXCL, then the rename replaces only
// that empty placeholder: a file kept earlier is never overwritten, even by
// two loads racing in the same second.
func keepAside(path string) string {
	f, name := claimKeptName(path)
	if f == nil {
		return ""
	}
	f.Close()
	if err := os.Rename(path, name); err != nil {
		// A directory cannot replace a file; free the name and move it
		// there instead.
		os.Remove(name)
		if err := os.Rename(path, name); err != nil {
			return ""
		}
	}
	return name
}

// keepCopy writes data, the file at path as it was, to a new name as
// keepAside would move it there ("" if it could not), leaving path in place
// for the save that follows.
func keepCopy(path string, data []byte) string {
	f, name := claimKeptName(path)
	if f == nil {
		return ""
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr != nil || cerr != nil {
		os.Remove(name)
		return ""
	}
	return name
}

// claimKeptName creates, with O_EXCL, the first free name of
// path.corrupt-<UTC time>[-N] and returns it open for writing (nil when no
// name could be had).
func claimKeptName(path string) (*os.File, string) {
	base := path + ".corrupt-" + now().UTC().Format("20060102-150405")
	for n := 1; n < 1000; n++ {
		name := base
		if n > 1 {
			name = fmt.Sprintf("%s-%d", base, n)
		}
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, ""
		}
		return f, name
	}
	return nil, ""
}
