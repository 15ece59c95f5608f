package run

import (
	"fmt"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
)

// A build's clock and progress on the Run screen and the status line: a
// tick a second while the learner's code builds (none otherwise), so a
// slow build says how long it has been going and why; and, while go build
// compiles the day's programs (the first build of a clone, or after Go or
// the lab changed), which program and how far, from the runner's
// labs.BuildTrace (buildMsg).

// buildTick is how often a build's progress is redrawn.
const buildTick = time.Second

// BuildMsg is how far one program's build has come, and the Cmd that waits
// for what the run says next (runCmd).
type BuildMsg struct {
	Gen  int
	P    labs.BuildProgress
	Next tea.Cmd
}

// Progressed keeps a program's latest progress.
func (m *Model) Progressed(p labs.BuildProgress) {
	if i := slices.IndexFunc(m.Builds, func(b labs.BuildProgress) bool { return b.Full == p.Full }); i >= 0 {
		m.Builds[i] = p
		return
	}
	m.Builds = append(m.Builds, p)
}

// compiling is the builds still going that the screen waits on, the
// worker's first: until the verdicts are in, every one; once they are,
// only the full worker's, which the heavy parts wait for.
func (m *Model) compiling(s *common.Session) []labs.BuildProgress {
	var out []labs.BuildProgress
	for _, b := range m.Builds {
		if !b.Finished && (s.Pending == nil || b.Full) {
			out = append(out, b)
		}
	}
	slices.SortStableFunc(out, func(a, b labs.BuildProgress) int {
		switch {
		case a.Full == b.Full:
			return 0
		case b.Full:
			return -1
		}
		return 1
	})
	return out
}

// compiled reports whether the worker the verdicts wait on has been built
// this run by go build (so that they are now being graded).
func (m *Model) compiled() bool {
	return slices.ContainsFunc(m.Builds, func(b labs.BuildProgress) bool { return !b.Full && b.Finished })
}

// steps is a build's count: "40/101", or "40" before its total is known.
func steps(b labs.BuildProgress) string {
	if b.Total == 0 {
		return fmt.Sprint(b.Done)
	}
	return fmt.Sprintf("%d/%d", b.Done, b.Total)
}

// NewBuild starts a build's clock from zero. A build tick of the run
// before may still be on its way; it kept that run's start and counted its
// time as this one's (a save right after a run read "slower than a save
// usually takes"). Such a tick now starts the count a second early at most.
func (m *Model) NewBuild() { m.buildStart, m.buildFor, m.Builds = time.Time{}, 0, nil }

// buildTicked moves the build's clock on; kick sends the next tick while
// the build lasts.
func (m *Model) buildTicked(t time.Time, s *common.Session) {
	m.buildTicking = false
	if !s.Building {
		m.buildStart, m.buildFor = time.Time{}, 0
		return
	}
	if m.buildStart.IsZero() {
		m.buildStart = t.Add(-buildTick)
	}
	m.buildFor = t.Sub(m.buildStart)
}

// slowFirst and slowSave are how long a build runs before the screens
// explain it: the first build of a session may compile the workers (about
// a minute on a fresh machine), a save's takes a second or two, so it is
// explained only once it is well past that.
const (
	slowFirst = 2 * time.Second
	slowSave  = 6 * time.Second
)

// firstBuild reports whether nothing has been built yet this session.
func firstBuild(s *common.Session) bool { return s.Outcome == nil && s.RunErr == nil }

// Building says what is going on while the code builds and runs: a plain
// word while it is quick; while go build compiles, which program and how
// far; once it is slow the time so far, then why. short is what, shorter
// for a narrow line ("" when what is short already); why is left out of a
// narrow line first. The status line is one line at 80 columns.
func (m *Model) Building(s *common.Session) (what, short, why string) {
	secs := ""
	if m.buildFor >= slowFirst {
		secs = fmt.Sprintf(" %d s", int(m.buildFor.Seconds()))
	}
	if builds := m.compiling(s); len(builds) > 0 {
		var each []string
		done, total := 0, 0
		for _, b := range builds {
			if b.Done == 0 && b.Total == 0 {
				each = append(each, b.Program) // just started: nothing to count yet
			} else {
				each = append(each, b.Program+" "+steps(b))
			}
			done, total = done+b.Done, total+b.Total
		}
		if slices.ContainsFunc(builds, func(b labs.BuildProgress) bool { return b.Total == 0 }) {
			total = 0 // a count without its total is a count alone
		}
		lead := "building "
		if s.Pending == nil && m.compiled() {
			lead = "grading, building " // the worker is built: its verdicts are on their way
		}
		what = lead + strings.Join(each, ", ") + "…" + secs
		short = lead + steps(labs.BuildProgress{Done: done, Total: total}) + "…" + secs
		switch {
		case done == 0 && total == 0 && len(builds) > 1:
			short = lead + fmt.Sprintf("%d programs…", len(builds)) + secs
		case done == 0 && total == 0:
			short = "" // "building the worker…" is short already
		}
		if firstBuild(s) && s.Pending == nil {
			why = "Go compiles the lab once"
		}
		return what, short, why
	}
	switch {
	case s.Pending != nil && m.buildFor >= slowFirst:
		// The verdicts are in (the count follows); the parts are still
		// to come, from a worker that is built.
		return "the experiments…" + secs, "", ""
	case s.Pending != nil:
		return "grading…", "", ""
	case m.compiled():
		// go build is over: the verdicts are on their way.
		return "grading…" + secs, "", ""
	case firstBuild(s) && m.buildFor >= slowFirst:
		return "building…" + secs, "", "the first build takes a minute or two"
	case !firstBuild(s) && m.buildFor >= slowSave:
		return "building…" + secs, "", "slower than a save usually takes"
	}
	return "building…", "", ""
}

// buildBars is the Run screen's picture of the builds going: one line per
// program, its name, a bar and its count, fitted to w columns; "" when no
// go build is going.
func (m *Model) buildBars(s *common.Session, w int) string {
	builds := m.compiling(s)
	if len(builds) == 0 {
		return ""
	}
	name := 0
	for _, b := range builds {
		name = max(name, textlayout.Width(b.Program))
	}
	var lines []string
	for _, b := range builds {
		count := fmt.Sprintf("%d of %d", b.Done, b.Total)
		switch {
		case b.Total == 0 && b.Done == 0:
			count = "starting"
		case b.Total == 0:
			count = fmt.Sprintf("%d so far", b.Done)
		}
		barW := min(w-name-textlayout.Width(count)-6, 30)
		line := "  " + textlayout.Pad(b.Program, name)
		if barW >= 4 {
			line += "  " + bar(b.Done, b.Total, barW)
		}
		lines = append(lines, textlayout.Trunc(line+"  "+count, w))
	}
	return strings.Join(lines, "\n")
}

// bar is done of total as w cells, full ones first; an unknown total draws
// an empty bar.
func bar(done, total, w int) string {
	full := 0
	if total > 0 {
		full = min(done*w/total, w)
	}
	return strings.Repeat("█", full) + strings.Repeat("░", w-full)
}

// buildingView is the Run screen before the first outcome: what is being
// built and how far, and the time so far; why, when there is room.
func (m *Model) buildingView(s *common.Session, w, h int) string {
	st := m.C.Styles
	secs := int(m.buildFor.Seconds())
	bars := m.buildBars(s, w)
	if bars == "" {
		msg := "Building your code and running the experiments…"
		if m.buildFor >= slowFirst {
			msg = fmt.Sprintf("Building your code and running the experiments… %d s so far.", secs)
		}
		return textlayout.StyleLines(st.Dim, textlayout.Wrap(msg, min(w, common.MaxText)))
	}
	head := "Compiling the lab's programs with your code…"
	if m.buildFor >= slowFirst {
		head = fmt.Sprintf("Compiling the lab's programs with your code… %d s so far.", secs)
	}
	why := "Go compiles each program once, with the packages it needs, and keeps them: after that a save rebuilds only your package, in about a second."
	if s.Pending != nil {
		why = "Your TODOs are graded: see the TODOs screen. The experiments play once the full worker is built."
	}
	out := textlayout.StyleLines(st.Dim, textlayout.Wrap(head, min(w, common.MaxText))) + "\n\n" + textlayout.StyleLines(st.Body, bars)
	if more := "\n\n" + textlayout.StyleLines(st.Dim, textlayout.Wrap(why, min(w, common.MaxText))); textlayout.LineCount(out+more) <= h {
		out += more
	}
	return out
}
