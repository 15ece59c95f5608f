package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/tui/components/textlayout"
)

// What a run moved has a short form: a real terminal at 80×24 showed the
// status line on two rows ("✓ ran 07:00:55 · 3/4 TODOs pass · Parts 1–5
// wait for P1–P10 (2) · since the last" / "run: edited TODO 1; TODO 1 pass
// → fail; and 2 more", author/savetime's testdata). A narrow line keeps
// one change, the verdict's rather than the edit the learner just made,
// and the count of the rest, and stays one row at 80 and 60 columns (two at
// 40); a wide one keeps every word.
func TestWhatARunMovedFitsTheStatusLine(t *testing.T) {
	t.Parallel()
	f := newFake(withTODO1Failing(), refAnswer())
	d, root := openDay(t, f, 80, 24)
	path := filepath.Join(root, theDay.LearnerDir, "todo.go")
	src, _ := os.ReadFile(path)
	write(t, path, strings.Replace(string(src), "panic(notDone) // TODO 1", "return tokens, true", 1))
	d.keys("r")
	whole, _ := d.day().statusLine(400)
	if !strings.Contains(whole, "since the last run: edited TODO 1; TODO 1 fail → pass") {
		t.Fatalf("the wide status line lacks what the run moved, whole: %q", whole)
	}
	for _, w := range []int{80, 60, 40} {
		line, _ := d.day().statusLine(w)
		if rows := (textlayout.Width(line) + w - 1) / w; w >= 60 && rows > 1 || rows > 2 {
			t.Errorf("at %d columns the status line takes %d rows: %q", w, rows, line)
		}
		if !strings.Contains(line, "TODO 1 fail → pass; and ") {
			t.Errorf("at %d columns the status line lost what the run moved: %q", w, line)
		}
	}
	checkFits(t, d.app.View(), 80, 24)
}
