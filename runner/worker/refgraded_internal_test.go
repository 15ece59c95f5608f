package worker

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"termlab/labs"
)

// The graded reference's figures: what one process keeps, the next reads;
// many keeping at once lose none; the file holds no figure in plain text
// (they are prediction answers); a file damaged or sealed with another
// clone's key is read as empty, never as figures.
func TestGradedReferenceIsKeptSealedAndWhole(t *testing.T) {
	clone := t.TempDir()
	dir := filepath.Join(clone, "day46-0123")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	const answer = 987654.321
	var wg sync.WaitGroup
	const writers = 8
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A store of its own for each, as each grade process has.
			newGradedStore(dir).Keep(fmt.Sprintf("piece%d", i), []labs.Metric{{Name: "share", Value: answer + float64(i)}})
		}()
	}
	wg.Wait()
	next := newGradedStore(dir)
	for i := range writers {
		m, ok := next.Load(fmt.Sprintf("piece%d", i))
		if !ok || len(m) != 1 || m[0].Value != answer+float64(i) {
			t.Errorf("piece%d: got %v, %v; want the figure its writer kept", i, m, ok)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, gradedFile))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("987654")) || bytes.Contains(data, []byte("share")) {
		t.Errorf("the kept figures are readable in the file: %q", data)
	}
	if _, ok := newGradedStore(dir).Load("piece99"); ok {
		t.Error("a piece nobody kept was found")
	}

	// Damaged: not read.
	if err := os.WriteFile(filepath.Join(dir, gradedFile), append(data[:len(data)/2:len(data)/2], 'x'), 0o644); err != nil {
		t.Fatal(err)
	}
	if m, ok := newGradedStore(dir).Load("piece0"); ok {
		t.Errorf("a damaged file gave %v", m)
	}
	// Another clone's key: not read.
	os.WriteFile(filepath.Join(dir, gradedFile), data, 0o644)
	os.WriteFile(filepath.Join(clone, keyFile), bytes.Repeat([]byte{7}, 32), 0o600)
	if m, ok := newGradedStore(dir).Load("piece0"); ok {
		t.Errorf("a file sealed with another key gave %v", m)
	}
}

// A day's cache folder is named by the course's code and the Go version:
// an edit of the course starts a new one; a save of the day's learner file,
// or of another day's, keeps it (another day's learner code is linked into
// none of this day's programs).
func TestADaysCacheOutlivesLearnerSaves(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	root := t.TempDir()
	files := map[string]string{
		"go.mod":                     "module termlab\n\ngo 1.26\n",
		"labs/day45/todo.go":         "package day45\n",
		"labs/day46/todo.go":         "package day46\n",
		"labs/day46/course/model.go": "package course\n",
	}
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range files {
		write(name, text)
	}
	r := &Runner{Root: root}
	day := labs.Day{Number: 46, LearnerDir: "labs/day46"}
	first := r.dayCache(day)
	if first == "" {
		t.Fatal("no cache folder")
	}
	write("labs/day46/todo.go", "package day46\n\n// a save\n")
	write("labs/day45/todo.go", "package day45\n\n// another day's save\n")
	if got := r.dayCache(day); got != first {
		t.Errorf("a learner's save changed Day 46's cache folder: %s, was %s", got, first)
	}
	write("labs/day46/course/model.go", "package course\n\n// the course edited\n")
	if got := r.dayCache(day); got == first {
		t.Errorf("an edit of the course kept the cache folder %s", got)
	}
	if _, err := os.Stat(first); err == nil {
		t.Errorf("the older version's folder %s is still there", first)
	}
	// The last sum is kept by the files' stamps (courseSum): an edit of
	// the same size, its modification time put back, is still an edit.
	second := r.dayCache(day)
	model := filepath.Join(root, "labs", "day46", "course", "model.go")
	fi, err := os.Stat(model)
	if err != nil {
		t.Fatal(err)
	}
	write("labs/day46/course/model.go", "package course\n\n// the course EDITED\n")
	if err := os.Chtimes(model, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if got := r.dayCache(day); got == second {
		t.Errorf("an edit of the course of the same size and time kept the cache folder %s", got)
	}
}
