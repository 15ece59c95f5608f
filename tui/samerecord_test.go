package tui

import (
	"os"
	"path/filepath"
	"testing"

	"termlab/record/history"
	learner "termlab/record/session"
	"termlab/tui/common"
)

// TestTheScreensAndRunWriteTheSameBlock: for the same record and the same
// run, the block the screens write in RESULTS.md is the one `run` writes
// (record/session.Land): the same parts held back, the same scoreboard, so
// moving from one front end to the other changes no tracked file.
func TestTheScreensAndRunWriteTheSameBlock(t *testing.T) {
	t.Parallel()
	d, f, root := openPredicted(t, "P1", "P2", "P3", "P4", "P5", "P6")
	f.set(refAnswer())
	d.tab(common.TabTODOs)
	d.keys("r")
	d.wantView("RESULTS.md updated")
	path := filepath.Join(root, "RESULTS.md")
	screens, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := learner.Open(root, theDay)
	l, err := s.Land(learner.Run{Outcome: refAnswer().o, From: history.FromRun, Ref: reference().Metrics(), Results: learner.ResultsIfShown})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Held) == 0 || len(l.Burned) > 0 {
		t.Fatalf("run held %v and burned %v; want Parts 4 on held, nothing burned", l.Held, l.Burned)
	}
	cli, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(cli) != string(screens) {
		t.Errorf("run rewrote the screens' RESULTS.md block:\n--- screens\n%s\n--- run\n%s", screens, cli)
	}
}
