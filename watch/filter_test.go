package watch

import (
	"testing"

	"github.com/fsnotify/fsnotify"
)

// What counts as a change, for each folder the lab watches: the learner's
// (Code) and predictions/ (Answers).
func TestFilters(t *testing.T) {
	for _, c := range []struct {
		keep string
		name string
		op   fsnotify.Op
		want bool
	}{
		// The learner's folder: the Go files of the package.
		{"code", "todo.go", fsnotify.Write, true},
		{"code", "todo.go", fsnotify.Create, true},
		{"code", "todo.go", fsnotify.Rename, true},
		{"code", "todo.go", fsnotify.Remove, true},
		{"code", "helper.go", fsnotify.Write, true},
		{"code", "todo.go", fsnotify.Chmod, false},
		{"code", "todo.go", fsnotify.Write | fsnotify.Chmod, true},
		{"code", "todo_test.go", fsnotify.Write, false},
		{"code", ".todo.go.swp", fsnotify.Write, false},
		{"code", ".todo.go", fsnotify.Write, false},
		{"code", ".#todo.go", fsnotify.Create, false},
		{"code", "_scratch.go", fsnotify.Write, false},
		{"code", "#todo.go#", fsnotify.Create, false},
		{"code", "#todo.go", fsnotify.Create, false},
		{"code", "todo.go~", fsnotify.Create, false},
		{"code", "4913", fsnotify.Create, false},
		{"code", "todo.go.orig", fsnotify.Create, false},
		{"code", "notes.txt", fsnotify.Write, false},
		{"code", "go", fsnotify.Write, false},
		// predictions/: a day's answers and its history.
		{"answers", "day45.json", fsnotify.Create, true},
		{"answers", "day45.json", fsnotify.Write, true},
		{"answers", "day45.json", fsnotify.Remove, true},
		{"answers", "day45.json", fsnotify.Rename, true},
		{"answers", "day45.history.jsonl", fsnotify.Write, true},
		{"answers", "day45.json", fsnotify.Chmod, false},
		{"answers", ".day45.json.tmp-123", fsnotify.Create, false},
		{"answers", ".day45.lock", fsnotify.Create, false},
		{"answers", "day45.json.corrupt-20260101-000000", fsnotify.Create, false},
		{"answers", "lab.json", fsnotify.Create, false},
		{"answers", "dayx.json", fsnotify.Create, false},
		{"answers", "day45.go", fsnotify.Write, false},
	} {
		keep := map[string]func(string) bool{"code": Code, "answers": Answers}[c.keep]
		for _, dir := range []string{"/x/labs/day45/", "/x/predictions/", ""} {
			if got := accepts(keep, fsnotify.Event{Name: dir + c.name, Op: c.op}); got != c.want {
				t.Errorf("%s: %s%s %v: %v, want %v", c.keep, dir, c.name, c.op, got, c.want)
			}
		}
	}
}
