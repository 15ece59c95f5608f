package atomicfile_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"termlab/record/atomicfile"
)

func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var tmp []string
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			tmp = append(tmp, e.Name())
		}
	}
	return tmp
}

func TestWriteCreatesFoldersAndFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "f.txt")
	if err := atomicfile.Write(path, []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("stat: %v %v, want mode 0600", info, err)
	}
	if got, _ := os.ReadFile(path); string(got) != "hello" {
		t.Errorf("read %q", got)
	}
	if tmp := leftovers(t, filepath.Dir(path)); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

func TestWriteKeepsTheExistingMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.txt")
	if err := os.WriteFile(path, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := atomicfile.Write(path, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the file's own 0640", info.Mode().Perm())
	}
}

// A write that cannot finish leaves the old file whole and no litter.
func TestFailedWriteLeavesTheOldFile(t *testing.T) {
	dir := t.TempDir()
	// The target is a non-empty folder: the rename must fail.
	path := filepath.Join(dir, "RESULTS.md")
	if err := os.MkdirAll(filepath.Join(path, "inside"), 0o755); err != nil {
		t.Fatal(err)
	}
	err := atomicfile.Write(path, []byte("x"), 0o644)
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("Write over a folder: %v, want an error naming it", err)
	}
	if info, err := os.Stat(path); err != nil || !info.IsDir() {
		t.Errorf("the folder was replaced: %v %v", info, err)
	}
	if tmp := leftovers(t, dir); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}

	// The folder the file belongs in is a file.
	blocker := filepath.Join(dir, "blocker")
	if err := os.WriteFile(blocker, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := atomicfile.Write(filepath.Join(blocker, "f"), []byte("x"), 0o644); err == nil {
		t.Error("Write under a file: no error")
	}
	if got, _ := os.ReadFile(blocker); string(got) != "keep me" {
		t.Errorf("blocker now holds %q", got)
	}
}

// Writers racing on one path: whenever anyone looks, and at the end, the
// file is one writer's complete contents.
func TestConcurrentWritersLeaveOneCompleteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "day45.json")
	contents := make([][]byte, 8)
	for i := range contents {
		contents[i] = bytes.Repeat([]byte(fmt.Sprintf("writer %d;", i)), 20000+i*977)
	}
	if err := atomicfile.Write(path, contents[0], 0o644); err != nil {
		t.Fatal(err)
	}
	complete := func(data []byte) bool {
		for _, c := range contents {
			if bytes.Equal(data, c) {
				return true
			}
		}
		return false
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	readerDone := make(chan error, 1)
	go func() {
		for {
			select {
			case <-stop:
				readerDone <- nil
				return
			default:
			}
			data, err := os.ReadFile(path)
			if err != nil {
				readerDone <- err
				return
			}
			if !complete(data) {
				readerDone <- fmt.Errorf("a reader saw %d bytes that no writer wrote", len(data))
				return
			}
		}
	}()
	for i, c := range contents {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				if err := atomicfile.Write(path, c, 0o644); err != nil {
					t.Errorf("writer %d: %v", i, err)
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	if err := <-readerDone; err != nil {
		t.Error(err)
	}
	if data, _ := os.ReadFile(path); !complete(data) {
		t.Errorf("the file ends as %d bytes that no writer wrote", len(data))
	}
	if tmp := leftovers(t, dir); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

func TestWriteFollowsASymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "notes.md")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "RESULTS.md")
	if err := os.Symlink("notes.md", link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := atomicfile.Write(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file")
	}
	if got, _ := os.ReadFile(target); string(got) != "new" {
		t.Errorf("the target holds %q", got)
	}
}

// WriteWithin follows a link that stays in the root and refuses, writing
// nothing anywhere, one that leads out of it (through the file or through a
// folder).
func TestWriteWithinRoot(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	outside, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mustWrite(t, filepath.Join(root, "notes", "mine.md"), "inside")
	mustWrite(t, filepath.Join(outside, "theirs.md"), "outside")
	cases := []struct {
		name   string
		link   string // the link's target, relative to root or absolute
		path   string // the path written, relative to root
		wantIn string // the file that must now hold "new" ("" when refused)
		says   string
	}{
		{"link inside", "notes/mine.md", "RESULTS.md", "notes/mine.md", ""},
		{"plain file", "", "plain.md", "plain.md", ""},
		{"link outside", filepath.Join(outside, "theirs.md"), "RESULTS.md", "", "outside the repository"},
		{"relative link climbing out", "REL", "RESULTS.md", "", "outside the repository"},
		{"folder link outside", outside, "predictions/theirs.md", "", "outside the repository"},
		{"new file in a folder link outside", outside, "predictions/day45.json", "", "outside the repository"},
		{"dangling link", "nowhere/at/all.md", "RESULTS.md", "", "leads to no file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := filepath.Join(root, strings.ReplaceAll(c.name, " ", "-"))
			mustWrite(t, filepath.Join(r, "notes", "mine.md"), "inside")
			if c.link != "" {
				at := filepath.Join(r, c.path)
				if strings.Contains(c.path, "/") {
					at = filepath.Join(r, filepath.Dir(c.path))
				}
				link := c.link
				if link == "REL" {
					link, _ = filepath.Rel(r, filepath.Join(outside, "theirs.md"))
				}
				if err := os.Symlink(link, at); err != nil {
					t.Skip("no symlinks here:", err)
				}
			}
			err := atomicfile.WriteWithin(r, filepath.Join(r, c.path), []byte("new"), 0o644)
			if c.wantIn != "" {
				if err != nil {
					t.Fatal(err)
				}
				if got, _ := os.ReadFile(filepath.Join(r, c.wantIn)); string(got) != "new" {
					t.Errorf("%s holds %q", c.wantIn, got)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.says) {
				t.Errorf("err = %v, want one saying %q", err, c.says)
			}
			if got, _ := os.ReadFile(filepath.Join(outside, "theirs.md")); string(got) != "outside" {
				t.Errorf("the file outside was changed: %q", got)
			}
			if entries, _ := os.ReadDir(outside); len(entries) != 1 {
				t.Errorf("something was created outside: %d entries", len(entries))
			}
		})
	}
}

// A read-only file is refused by its mode bits, for every user (root
// included), and keeps its bytes and its mode.
func TestWriteRefusesAReadOnlyFile(t *testing.T) {
	for _, mode := range []os.FileMode{0o444, 0o400, 0o000} {
		t.Run(mode.String(), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "day45.json")
			mustWrite(t, path, "mine")
			if err := os.Chmod(path, mode); err != nil {
				t.Fatal(err)
			}
			err := atomicfile.Write(path, []byte("new"), 0o644)
			var ro *atomicfile.ReadOnlyError
			if !errors.As(err, &ro) || !strings.Contains(err.Error(), "read-only") || !strings.Contains(err.Error(), path) {
				t.Errorf("err = %v, want a *ReadOnlyError naming the file", err)
			}
			os.Chmod(path, 0o644)
			if got, _ := os.ReadFile(path); string(got) != "mine" {
				t.Errorf("the file now holds %q", got)
			}
		})
	}
}

// A killed writer's temporary file is swept by the next write of the same
// file once it is stale; a fresh one (a writer at work) and another file's
// are left alone.
func TestWriteSweepsStaleTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-2 * atomicfile.StaleAfter)
	files := []struct {
		name  string
		stale bool
		swept bool
	}{
		{".RESULTS.md.tmp-123", true, true},
		{".RESULTS.md.tmp-456", false, false},
		{".notes.md.tmp-789", true, false},
		{"RESULTS.md.tmp-1", true, false}, // not a name Write makes
	}
	for _, f := range files {
		mustWrite(t, filepath.Join(dir, f.name), "half")
		if f.stale {
			if err := os.Chtimes(filepath.Join(dir, f.name), old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := atomicfile.Write(filepath.Join(dir, "RESULTS.md"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		_, err := os.Stat(filepath.Join(dir, f.name))
		if gone := errors.Is(err, os.ErrNotExist); gone != f.swept {
			t.Errorf("%s: removed %v, want %v", f.name, gone, f.swept)
		}
	}
}

// Lock excludes: while one holder has it, another waits, and gets it once
// released. Counting read-modify-write cycles under the lock loses none.
func TestLockSerialisesReadModifyWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "n")
	lock := filepath.Join(dir, ".n.lock")
	mustWrite(t, path, "0")
	const workers, rounds = 8, 25
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range rounds {
				unlock, err := atomicfile.Lock(lock)
				if err != nil {
					t.Error(err)
					return
				}
				data, _ := os.ReadFile(path)
				n, _ := strconv.Atoi(string(data))
				if err := atomicfile.Write(path, []byte(strconv.Itoa(n+1)), 0o644); err != nil {
					t.Error(err)
				}
				unlock()
			}
		})
	}
	wg.Wait()
	if got, _ := os.ReadFile(path); string(got) != strconv.Itoa(workers*rounds) {
		t.Errorf("count %s, want %d: increments were lost", got, workers*rounds)
	}
}

// A lock held past LockWait is reported, not waited on forever.
func TestLockGivesUp(t *testing.T) {
	old := atomicfile.LockWait
	atomicfile.LockWait = 50 * time.Millisecond
	t.Cleanup(func() { atomicfile.LockWait = old })
	lock := filepath.Join(t.TempDir(), ".day45.lock")
	unlock, err := atomicfile.Lock(lock)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	if _, err := atomicfile.Lock(lock); err == nil || !strings.Contains(err.Error(), "another termlab") {
		t.Errorf("second Lock: %v, want a refusal naming another termlab", err)
	}
}

// A lock file that cannot be created (its folder is a file) is an error
// naming it, not a hang.
func TestLockInAFolderThatIsAFile(t *testing.T) {
	dir := t.TempDir()
	mustWrite(t, filepath.Join(dir, "predictions"), "not a folder")
	lock := filepath.Join(dir, "predictions", ".day45.lock")
	if _, err := atomicfile.Lock(lock); err == nil || !strings.Contains(err.Error(), lock) {
		t.Errorf("Lock: %v, want an error naming %s", err, lock)
	}
}

func mustWrite(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// SweepDir removes the stale temporary files of any file in a folder, and
// nothing else.
func TestSweepDir(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-2 * atomicfile.StaleAfter)
	files := []struct {
		name         string
		stale, swept bool
	}{
		{".day46.json.tmp-123", true, true},
		{".lab.json.tmp-9", true, true},
		{".day45.json.tmp-456", false, false},
		{"day45.json", true, false},
		{".day45.json.tmp-notdigits", true, false},
		{".day45.lock", true, false},
	}
	for _, f := range files {
		mustWrite(t, filepath.Join(dir, f.name), "x")
		if f.stale {
			if err := os.Chtimes(filepath.Join(dir, f.name), old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	atomicfile.SweepDir(dir)
	for _, f := range files {
		_, err := os.Stat(filepath.Join(dir, f.name))
		if gone := errors.Is(err, os.ErrNotExist); gone != f.swept {
			t.Errorf("%s: removed %v, want %v", f.name, gone, f.swept)
		}
	}
}
