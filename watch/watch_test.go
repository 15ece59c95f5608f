package watch

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The real watcher reports a save of the learner's file, and not the
// editor's litter beside it.
func TestWatcherSeesASave(t *testing.T) {
	dir := t.TempDir()
	w := New(dir, Code)
	defer w.Close()
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	got := make(chan Event, 1)
	go func() {
		ev, err := w.Next()
		if err != nil {
			t.Error(err)
		}
		got <- ev
	}()
	for _, name := range []string{".todo.go.swp", "todo_test.go", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "todo.go"), []byte("package x"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case ev := <-got:
		if filepath.Base(ev.Name) != "todo.go" || ev.Lost != nil {
			t.Fatalf("the watcher reported %#v", ev)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no event for a save (waited 10 s)")
	}
}

// Close ends a Next that waits, and a watcher closed before it started
// never starts.
func TestWatcherClose(t *testing.T) {
	w := New(t.TempDir(), Code)
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := w.Next()
		done <- err
	}()
	w.Close()
	if err := <-done; !errors.Is(err, ErrClosed) {
		t.Fatalf("a waiting Next returned %v after Close", err)
	}

	never := New(t.TempDir(), Code)
	never.Close()
	if _, err := never.Next(); !errors.Is(err, ErrClosed) {
		t.Fatalf("Next on a watcher closed before it started: %v", err)
	}
	if never.fw != nil {
		t.Fatal("a watcher closed before it started was started")
	}
}

// A folder that cannot be watched says why, at Start and at Next.
func TestWatcherCannotStart(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	if err := New(missing, Code).Start(); err == nil {
		t.Fatal("a missing folder was watched")
	}
	if _, err := New(missing, Code).Next(); err == nil || errors.Is(err, ErrClosed) {
		t.Fatalf("Next on a missing folder: %v", err)
	}
	if _, _, err := Saves(missing, Code); err == nil {
		t.Fatal("Saves of a missing folder started")
	}
}

// Saves sends one value for a burst of changes, and stop ends it.
func TestSaves(t *testing.T) {
	dir := t.TempDir()
	saves, stop, err := Saves(dir, Code)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	for range 3 {
		if err := os.WriteFile(filepath.Join(dir, "todo.go"), []byte("package x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case <-saves:
	case <-time.After(10 * time.Second):
		t.Fatal("no value for a save (waited 10 s)")
	}
}
