package worker

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"termlab/labs"
)

// LabError is a fault of the lab itself, not of the learner's code: a
// worker program that cannot run (zero-filled, not executable, on a noexec
// mount, deleted while running) even after it was rebuilt once.
type LabError struct {
	What string // what went wrong
	Do   string // what the learner can do about it
	// rebuild is the program to delete and build again before giving up
	// (Run clears it after the one retry).
	rebuild string
}

func (e *LabError) Error() string {
	return "this is a problem with the lab, not with your code: " + e.What + "\n" + e.Do
}

// cacheAdvice says what to do about a program in the cache that will not run.
func cacheAdvice(bin string) string {
	return fmt.Sprintf("Delete the folder %s and try again. If it keeps happening, the cache folder may be on a file system that does not allow programs (mounted noexec): point XDG_CACHE_HOME at another folder.", filepath.Dir(bin))
}

// unrunnable says why the program at bin cannot be a worker, or "": it is
// missing, not a regular file, empty, not executable, or does not start as
// a program does (an ELF, Mach-O or PE header; a zero-filled file is none).
func unrunnable(bin string) string {
	fi, err := os.Stat(bin)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "it is missing"
	case err != nil:
		return err.Error()
	case !fi.Mode().IsRegular():
		return "it is not a file"
	case fi.Size() < 64:
		return "it is empty or cut short"
	case fi.Mode().Perm()&0o111 == 0 && !strings.HasSuffix(bin, ".exe"):
		return "it is not executable"
	}
	f, err := os.Open(bin)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	head := make([]byte, 4)
	if _, err := f.Read(head); err != nil {
		return err.Error()
	}
	for _, magic := range [][]byte{
		{0x7f, 'E', 'L', 'F'},
		{0xcf, 0xfa, 0xed, 0xfe}, {0xce, 0xfa, 0xed, 0xfe}, // Mach-O, little-endian
		{'M', 'Z'},
	} {
		if bytes.HasPrefix(head, magic) {
			return ""
		}
	}
	return "it is not a program (damaged: zero-filled or overwritten?)"
}

// rootRecord is the file in each cache folder that names the module root
// it belongs to.
const rootRecord = "root"

var sweepOnce sync.Once

// The names of everything the lab makes in the temporary folder, so that
// Sweep finds what a killed process left (a killed build's folder holds
// the go command's work, hundreds of MB). Whatever makes a temporary file
// or folder names it with one of these.
const (
	buildPrefix = "termlab-build-"
	// CheckPrefix is the copies of the module `check` grades the stubs in.
	CheckPrefix = "termlab-check-"
	// ClassPrefix is grade-class's copies of the lab, one per submission
	// and one template per batch.
	ClassPrefix = "termlab-class-"
)

var tempPrefixes = []string{"termlab-answer-", scratchPrefix, buildPrefix, CheckPrefix, ClassPrefix}

// Sweep removes what killed runs and deleted clones leave behind: in the
// temporary folder, everything named by tempPrefixes (answer files of an
// older protocol, scratch, build, check and grade-class folders) older than age; in cacheDir (the termlab cache), the folder of every
// clone whose recorded root no longer holds a go.mod, and every folder kept
// under another name than rootName gives its root. It is best effort:
// anything it cannot remove stays. CachedBin runs it once per process.
func Sweep(cacheDir string, age time.Duration) {
	tmp := os.TempDir()
	entries, _ := os.ReadDir(tmp)
	for _, e := range entries {
		name := e.Name()
		if !slices.ContainsFunc(tempPrefixes, func(p string) bool { return strings.HasPrefix(name, p) }) {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > age {
			os.RemoveAll(filepath.Join(tmp, name))
		}
	}
	dirs, _ := os.ReadDir(cacheDir)
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		dir := filepath.Join(cacheDir, d.Name())
		root, err := os.ReadFile(filepath.Join(dir, rootRecord))
		if err != nil || len(root) == 0 {
			// Not ours, from before records, or (empty) a record an older
			// lab was writing in place when it was read: leave it.
			continue
		}
		if _, err := os.Stat(filepath.Join(string(root), "go.mod")); errors.Is(err, fs.ErrNotExist) {
			os.RemoveAll(dir)
		} else if d.Name() != rootName(string(root)) {
			// A live clone's folder under an older naming (SHA-256's,
			// before rootName): this lab never reads it again.
			os.RemoveAll(dir)
		}
	}
}

// learnerFolder reports whether dir, in the module at root, is a day's
// learner folder (labs/dayNN, AUTHORING.md): no day's results depend on
// another day's learner files (a worker links one day's, OneDayTag), so a
// save of Day 45's todo.go keeps Day 46's cache, and the other way round.
func learnerFolder(root, dir string) bool {
	rel, err := filepath.Rel(root, dir)
	if err != nil {
		return false
	}
	num, ok := strings.CutPrefix(filepath.ToSlash(rel), "labs/day")
	if !ok || num == "" {
		return false
	}
	for _, c := range num {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// dayCache is the folder for results of this version of the module's own
// code (labs.CacheEnv): named by a hash of every build input except the
// learner's files, so an edit of the course (or a new Go) starts a new one
// and a save of the learner's file keeps it. Folders of older versions are
// removed. "" when there is no cache folder.
func (r *Runner) dayCache(day labs.Day) string {
	bin, err := CachedBin(r.Root, "x")
	if err != nil {
		return ""
	}
	name := fmt.Sprintf("day%d-%x", day.Number, r.courseSum(day))
	parent := filepath.Dir(bin)
	dir := filepath.Join(parent, name)
	if _, err := os.Stat(dir); err != nil {
		old, _ := filepath.Glob(filepath.Join(parent, fmt.Sprintf("day%d-*", day.Number)))
		for _, o := range old {
			os.RemoveAll(o)
		}
		if os.MkdirAll(dir, 0o755) != nil {
			return ""
		}
	}
	return dir
}

// courseSum is the hash that names a day's cache folder: every build input
// of the module but the learners' files, and the Go version.
//
// Reading and hashing every file takes several ms of CPU on every save,
// beside the learner's compile on a machine of two cores. So the last sum
// is kept with each file's stamp (fileStamp: size, times, inode), taken before
// the file was read, and a walk that finds every stamp as it was gives
// that sum without reading a file. Any write to a file changes its change
// time, which no program can set back, so a file edited since has a new
// stamp even if its size and modification time were put back. Where a
// stamp cannot be had, every walk reads every file.
func (r *Runner) courseSum(day labs.Day) []byte {
	learner := filepath.Join(r.Root, filepath.FromSlash(day.LearnerDir))
	key := r.Root + "\x00" + learner
	var stamps strings.Builder
	stamped := true
	type input struct{ path, rel string }
	var inputs []input
	filepath.WalkDir(r.Root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if path != r.Root && skipDir(path, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !buildInput(d.Name()) || filepath.Dir(path) == learner || learnerFolder(r.Root, filepath.Dir(path)) {
			return nil
		}
		rel, _ := filepath.Rel(r.Root, path)
		inputs = append(inputs, input{path, filepath.ToSlash(rel)})
		if stamped {
			fi, err := d.Info()
			st, ok := "", err == nil
			if ok {
				st, ok = fileStamp(fi)
			}
			stamped = ok
			stamps.WriteString(rel + "\x00" + st + "\x00")
		}
		return nil
	})
	salt := runtime.Version() + "\x00" + os.Getenv(labs.CacheEnv+"_SALT") + "\x00"
	courseSums.Lock()
	last, ok := courseSums.m[key]
	courseSums.Unlock()
	if stamped && ok && last.salt == salt && last.stamps == stamps.String() {
		return last.sum
	}
	h := fnv.New128a() // a cache key, not a secret: see rootName
	io.WriteString(h, salt)
	for _, in := range inputs {
		data, err := os.ReadFile(in.path)
		if err != nil {
			continue
		}
		fmt.Fprintf(h, "%s\x00%d\x00", in.rel, len(data))
		h.Write(data)
	}
	sum := h.Sum(nil)[:8]
	if stamped {
		courseSums.Lock()
		if courseSums.m == nil {
			courseSums.m = map[string]courseStamps{}
		}
		courseSums.m[key] = courseStamps{salt: salt, stamps: stamps.String(), sum: sum}
		courseSums.Unlock()
	}
	return sum
}

// courseSums is the last courseSum of each module root and learner folder.
var courseSums struct {
	sync.Mutex
	m map[string]courseStamps
}

type courseStamps struct {
	salt, stamps string
	sum          []byte
}
