package main

import (
	"os"
	"strings"
	"testing"

	"termlab/runner/testrun"
)

// TestTrackedFilesChangeOnlyWithTheRecord: in a git repository of the lab,
// grading with no day and running the stubs twice leave `git status` clean
// (nothing is done, nothing guessed); after guesses and a run are
// committed, running and grading the unchanged code again change nothing
// (no wall-clock figure, no repeated history line).
// `grade` with no day acts on the day the list names next (Day 45 on a
// fresh lab) and creates no other day's file.
func TestTrackedFilesChangeOnlyWithTheRecord(t *testing.T) {
	testrun.Slow(t, "builds and runs both workers")
	t.Parallel()
	l := newLab(t, "")
	git := l.gitShipped()
	clean := func(after string) {
		t.Helper()
		if st := git("status", "--porcelain", "--untracked-files=all"); st != "" {
			t.Errorf("after %s, git status is not clean:\n%s", after, st)
		}
	}

	r := l.run("grade")
	if !strings.Contains(r.stdout, "Day 45") {
		t.Errorf("grade with no day did not grade Day 45, the list's next\n%s", r)
	}
	clean("grade with no day on the stubs")
	l.run("run", "45")
	l.run("run", "45")
	clean("two runs of the stubs")

	l.want(l.run("predict", "45", "P1=20", "P2=10", "P3=200", "P4=100", "P5=100", "P6=20"), exitOK)
	l.run("run", "45")
	git("add", "-A")
	git("commit", "-qm", "guessed and ran")
	l.run("run", "45")
	l.run("grade", "45")
	clean("a run and a grade of unchanged code")
	for _, f := range []string{"predictions/day46.json", "predictions/day46.history.jsonl"} {
		if _, err := os.Stat(l.path(f)); err == nil {
			t.Errorf("%s was created though Day 46 was never opened", f)
		}
	}
}
