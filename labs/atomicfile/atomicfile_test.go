package atomicfile_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"termlab/labs/atomicfile"
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
