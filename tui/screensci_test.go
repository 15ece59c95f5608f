package tui

import (
	"errors"
	"os"
	"regexp"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/runner/worker"
	"termlab/tui/pages/run"
)

// .ci/screens finds the status line on a captured screen by how it starts
// (a pattern in the script), to fail a status line that runs onto a second
// line. Every state of the day's status line the screens can be in starts
// as that pattern says, at 80 and at 40 columns: a new state worded
// otherwise fails here rather than slip past the script.
func TestTheScreensScriptFindsEveryStatusLine(t *testing.T) {
	t.Parallel()
	script, err := os.ReadFile("../.ci/screens")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`line\[i\] ~ /(.+)/\) status = i`).FindSubmatch(script)
	if m == nil {
		t.Fatal(".ci/screens has no status line pattern (line[i] ~ /…/) status = i)")
	}
	status := regexp.MustCompile(string(m[1]))

	c := testCommon(t, labs.Course{theDay}, labRoot(t, theDay), newFake(refAnswer()))
	tm := &timers{t0: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	c.Deps.After = tm.after
	d := newDay(c, theDay)
	d.visible = true
	d.resize(80, 20)
	clock := tm.clock(func(msg tea.Msg) { d.update(msg) })
	look := func(state string) {
		t.Helper()
		for _, w := range []int{80, 40} {
			if line, _ := d.statusLine(w); !status.MatchString(line) {
				t.Errorf("%s at %d columns: .ci/screens would not find the status line %q", state, w, line)
			}
		}
	}
	d.startRun()
	d.update(nil)
	look("a build just started")
	clock(34)
	look("a slow first build")
	lean := labs.BuildProgress{Program: "the worker"}
	full := labs.BuildProgress{Program: "the full worker", Full: true}
	d.update(run.BuildMsg{Gen: d.runGen, P: lean})
	d.update(run.BuildMsg{Gen: d.runGen, P: full})
	look("go build starting")
	lean.Done, lean.Total, full.Done, full.Total = 40, 101, 30, 246
	d.update(run.BuildMsg{Gen: d.runGen, P: lean})
	d.update(run.BuildMsg{Gen: d.runGen, P: full})
	look("go build under way")
	lean.Finished = true
	d.update(run.BuildMsg{Gen: d.runGen, P: lean})
	look("grading while the full worker builds")
	o := stubOutcome(theDay)
	o.Parts = nil
	d.update(run.PartialMsg{Gen: d.runGen, O: o})
	look("the verdicts in, the full worker building")
	full.Finished = true
	d.update(run.BuildMsg{Gen: d.runGen, P: full})
	clock(40)
	look("the experiments running")
	d.update(run.OutcomeMsg{Gen: d.runGen, O: refAnswer().o, At: tm.t0.Add(40 * time.Second)})
	look("a run landed")
	d.startRun()
	d.update(nil)
	look("a save's build")
	clock(50)
	look("a slow save")
	d.update(run.OutcomeMsg{Gen: d.runGen, Err: &worker.BuildError{Output: "x", Locations: []worker.Location{{File: "labs/day45/todo.go", Line: 3, Msg: "undefined: x"}}}})
	look("a compile error")
	d.startRun()
	d.update(run.OutcomeMsg{Gen: d.runGen, Err: errors.New("the worker could not start")})
	look("a run that failed")
}
