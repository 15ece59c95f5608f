package kit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// new-day --model NAME names the day's model package: its folder, its
// package clause and every import and use of it, so no file of the day
// names "model" as a package, and the generator still finds the day's
// Funcs there.
func TestNewDayNamesTheModel(t *testing.T) {
	root := t.TempDir()
	files, err := NewDay(root, 47, "Throwaway", "queue")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "labs/day47/course/model")); err == nil {
		t.Error("course/model/ was written beside course/queue/")
	}
	inQueue := 0
	for _, f := range files {
		if !strings.HasSuffix(f, ".go") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		if strings.Contains(src, `course/model"`) || strings.Contains(src, "model.") || strings.Contains(src, "package model") {
			t.Errorf("%s still names the model package \"model\"", f)
		}
		if strings.HasPrefix(f, "labs/day47/course/queue/") {
			inQueue++
			if !strings.HasPrefix(src, "package queue\n") && !strings.Contains(src, "\npackage queue\n") {
				t.Errorf("%s is not package queue", f)
			}
		}
	}
	if inQueue != 3 { // model.go, queue.go and their test
		t.Errorf("%d files in course/queue/, want 3", inQueue)
	}
	days, err := Scan(root)
	if err != nil || len(days) != 1 || strings.Join(days[0].Funcs, ",") != "Backlog" {
		t.Fatalf("Scan = %v, %v", days, err)
	}
	if stale, err := Stale(root); err != nil || len(stale) > 0 {
		t.Fatalf("stale %v, %v", stale, err)
	}
	if got := shapeOf(t, filepath.Join(root, "labs", "day47")); len(got.diff(shapeOf(t, filepath.Join("..", "..", "labs", "day46")))) > 0 {
		t.Errorf("the day with its model named queue is not Day 46's shape: %v", got.diff(shapeOf(t, filepath.Join("..", "..", "labs", "day46"))))
	}
}

// A name that cannot be a package of the day is refused before anything
// is written, with the reason.
func TestNewDayRefusesABadModelName(t *testing.T) {
	for name, why := range map[string]string{
		"Fair":                  "lower-case",
		"9lives":                "lower-case",
		"fair_share":            "lower-case",
		strings.Repeat("x", 21): "20 at most",
		"go":                    "keyword",
		"len":                   "predeclared",
		"testdata":              "meaning of its own",
		"grade":                 "already uses", // a package of the day
		"backlog":               "already uses", // a function of its tests
		"labs":                  "already uses", // an import
	} {
		root := t.TempDir()
		_, err := NewDay(root, 47, "Throwaway", name)
		if !errors.Is(err, ErrUsage) || !strings.Contains(err.Error(), why) {
			t.Errorf("--model %q: %v, want a usage error saying %q", name, err, why)
		}
		if _, err := os.Stat(filepath.Join(root, "labs")); err == nil {
			t.Errorf("--model %q: something was written", name)
		}
	}
}
