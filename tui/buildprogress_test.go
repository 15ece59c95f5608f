package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"termlab/labs"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/pages/picker"
	"termlab/tui/pages/run"
)

// tracingRunner is a runner whose run reports a build's progress through
// the trace the screens put in its context, as worker.Runner's go build
// does, then answers with the stubs' outcome.
type tracingRunner struct {
	noReference
	reports []labs.BuildProgress
}

func (r tracingRunner) Run(ctx context.Context, day labs.Day) (labs.Outcome, error) {
	return r.RunStream(ctx, day, func(labs.Outcome) {})
}

func (r tracingRunner) RunStream(ctx context.Context, day labs.Day, update func(labs.Outcome)) (labs.Outcome, error) {
	trace := labs.BuildTraceOf(ctx)
	if trace == nil {
		return labs.Outcome{}, fmt.Errorf("the run's context carries no build trace")
	}
	for _, p := range r.reports {
		trace(p)
	}
	return stubOutcome(day), nil
}

// clock is a build's clock for a test: clock(n) fires the timers
// (the build's ticks) a second at a time up to n seconds from t0, each
// message handed to update.
func (tm *timers) clock(update func(tea.Msg)) func(to int) {
	sec := 0
	return func(to int) {
		for ; sec < to; sec++ {
			for _, fn := range tm.fns {
				tm.fns = nil
				update(fn(tm.t0.Add(time.Duration(sec+1) * time.Second)))
			}
		}
	}
}

// The run the screens start asks the runner for its build's progress, and
// each report reaches the day as a buildMsg of that run, in order, before
// its outcome.
func TestARunCarriesItsBuildsProgress(t *testing.T) {
	t.Parallel()
	reports := []labs.BuildProgress{
		{Program: "the worker"},
		{Program: "the worker", Done: 1, Total: 3},
		{Program: "the worker", Done: 3, Total: 3, Finished: true},
	}
	c := testCommon(t, labs.Course{theDay}, labRoot(t, theDay), tracingRunner{reports: reports})
	var got []labs.BuildProgress
	cmd := run.RunCmd(c.Deps, t.Context(), 7, theDay)
	for cmd != nil {
		switch msg := cmd().(type) {
		case run.BuildMsg:
			if msg.Gen != 7 {
				t.Fatalf("a report of run %d, want 7", msg.Gen)
			}
			got, cmd = append(got, msg.P), msg.Next
		case run.OutcomeMsg:
			if msg.Err != nil {
				t.Fatal(msg.Err)
			}
			cmd = nil
		case run.PartialMsg:
			cmd = msg.Next
		default:
			t.Fatalf("unexpected %T", msg)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(reports) {
		t.Fatalf("the day heard %v, want %v", got, reports)
	}
}

// The first build of a day's programs says what it builds and how far, and
// the time so far, on the status line (one line) and on the Run screen, at
// 80×24 and 40×12; nothing says the experiments are running while the lab
// still compiles. The stream is a first build's: both workers at once, the
// worker done first and graded while the full worker builds on.
func TestTheFirstBuildSaysWhatAndHowFar(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		w, h := size[0], size[1]
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			t.Parallel()
			c := testCommon(t, labs.Course{theDay}, labRoot(t, theDay), newFake(refAnswer()))
			tm := &timers{t0: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
			c.Deps.After = tm.after
			a := newDriver(t, c, w, h).app        // the progress on record read
			a.Update(picker.OpenDayMsg{Index: 0}) // its run is left pending: the stream below is its build
			m := a.day
			m.update(common.SwitchTabMsg{Tab: common.TabRun})
			clock := tm.clock(func(msg tea.Msg) { a.Update(msg) })
			report := func(p labs.BuildProgress) { a.Update(run.BuildMsg{Gen: m.runGen, P: p}) }
			look := func(state string, status []string, screen ...string) {
				t.Helper()
				view := ansi.Strip(a.View())
				checkFits(t, view, w, h)
				line, _ := m.statusLine(w)
				if !slices.Contains(strings.Split(view, "\n"), line) || textlayout.Width(line) > w {
					t.Errorf("%s: the status line is not one line of the screen: %q", state, line)
				}
				for _, want := range status {
					if !strings.Contains(line, want) {
						t.Errorf("%s: the status line lacks %q: %q", state, want, line)
					}
				}
				for _, want := range screen {
					if !strings.Contains(flat(view), want) {
						t.Errorf("%s: the screen lacks %q:\n%s", state, want, view)
					}
				}
				if strings.Contains(line, "experiments…") || strings.Contains(line, "running") {
					t.Errorf("%s: the status says the experiments run while the lab compiles: %q", state, line)
				}
			}
			lean := labs.BuildProgress{Program: "the worker"}
			full := labs.BuildProgress{Program: "the full worker", Full: true}
			report(full)
			report(lean)
			clock(1)
			look("the start", []string{"building the"})
			lean.Total, full.Total = 101, 246
			report(lean)
			report(full)
			lean.Done, full.Done = 40, 30
			report(lean)
			report(full)
			clock(25)
			if w == 80 {
				look("both building", []string{"building the worker 40/101, the full worker 30/246… 25 s"},
					"25 s so far", "the worker", "40 of 101", "the full worker", "30 of 246")
			} else {
				look("both building", []string{"building 70/347… 25 s"}, "40 of 101", "30 of 246")
			}
			lean.Done, lean.Finished = 101, true
			report(lean)
			full.Done = 90
			report(full)
			clock(31)
			if w == 80 {
				look("the worker built", []string{"grading, building the full worker 90/246… 31 s"}, "90 of 246")
			} else {
				look("the worker built", []string{"grading, building 90/246… 31 s"}, "90 of 246")
			}
			// The verdicts land while the full worker still builds.
			o := stubOutcome(theDay)
			o.Parts = nil
			a.Update(run.PartialMsg{Gen: m.runGen, O: o})
			full.Done = 200
			report(full)
			clock(44)
			want := []string{"building the full worker 200/246… 44 s", "0/4 TODOs pass"}
			if w == 40 {
				want = []string{"building 200/246… 44 s"}
			}
			look("the verdicts in", want, "200 of 246")
			full.Done, full.Finished = 246, true
			report(full)
			clock(45)
			if line, _ := m.statusLine(w); !strings.HasPrefix(line, "the experiments… 45 s") {
				t.Errorf("the full worker built: the status says %q, want the experiments running", line)
			}
			// A newer run's builds start from nothing: an old report of
			// the run before is dropped.
			old := m.runGen
			m.startRun()
			a.Update(run.BuildMsg{Gen: old, P: full})
			if len(m.run.Builds) != 0 {
				t.Errorf("a report of an overtaken run was kept: %+v", m.run.Builds)
			}
		})
	}
}
