// Package common is what every screen of the lab shares, as soft-serve's
// pkg/ui/common: the terminal's size, the styles and keys (Common), the
// outside world (Deps), the open day's snapshot of its record (Session),
// the Screen interface the shell routes to, and the tab numbers.
package common

import (
	"path/filepath"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/tui/components/textlayout"
	"termlab/tui/keymap"
	"termlab/tui/styles"
)

// Deps is what the screens need from the outside world. Everything in it is
// used only inside tea.Cmds (I/O) or is read-only.
type Deps struct {
	Course labs.Course
	Root   string // the module root
	// Runner runs the learner's code and the reference, out of process
	// (labs.Runner; *worker.Runner in production). Tests give a fake.
	Runner labs.Runner
	// Watch turns on the file watcher (re-run on save). Tests of single
	// screens leave it off.
	Watch bool
	// Debounce is how long the watcher waits for a burst of saves to end.
	Debounce time.Duration
	// Frame is the replay's tick interval.
	Frame time.Duration
	Now   func() time.Time // for the stamps of kept files; read in Cmds only
	// After is tea.Tick; tests swap in a clock of their own so a replay
	// plays without waiting.
	After func(time.Duration, func(time.Time) tea.Msg) tea.Cmd

	// RefMetrics plays the reference solutions (through the runner's
	// reference programs), for the scoreboard's comparison; tests reuse
	// one run.
	RefMetrics func(labs.Day) (labs.Metrics, error)
	// RefCached, when set, is the reference's figures as the cache folder
	// keeps them (worker.CachedReference), read as a day opens; nil plays
	// the reference at once (tests).
	RefCached func(labs.Day) (labs.Metrics, bool)
	// RefFrames makes the Play screen's player of the reference
	// (newRefSession); tests play it in process.
	RefFrames func(d Deps, day labs.Day) RefFrames
	// LearnerFrames makes the Play screen's player of the learner's code
	// (newLearnerSession: their day's worker, built as a run builds it);
	// tests play a stand-in in process.
	LearnerFrames func(d Deps, day labs.Day) LearnerFrames

	// Records is every day's record (record/session.Record): the one
	// owner of the answers and their saves.
	Records *Records
	// RunGate makes runs one at a time: a cancelled run is still stopping
	// its processes (and may be writing the worker binary) when the next
	// one starts, and two builds must not write the same binary at once.
	RunGate *sync.Mutex
}

// PredictionsDir is where the learner's answers are kept.
func (d Deps) PredictionsDir() string { return filepath.Join(d.Root, "predictions") }

// ResultsPath is the learner's RESULTS.md.
func (d Deps) ResultsPath() string { return filepath.Join(d.Root, "RESULTS.md") }

// Common is what every screen shares: the terminal's size, the styles and
// the keys.
type Common struct {
	Width, Height int
	Styles        styles.Styles
	Keys          keymap.Keys
	Deps          Deps
	// FitCut, when set (by tests), hears of every line Fit had to cut.
	FitCut func(line string, w int)
}

// Relative writes the paths in a message relative to the module root, as
// the README names them ("predictions/day45.json"): a status line has two
// lines, and a damaged file's notice must keep where the file went.
func (c *Common) Relative(msg string) string {
	if c.Deps.Root == "" {
		return msg
	}
	return strings.ReplaceAll(msg, filepath.Clean(c.Deps.Root)+string(filepath.Separator), "")
}

// Fit cuts s to w columns and h lines (textlayout.Fit), telling FitCut of
// each line it had to cut: fit is a safety net, and a screen that leans on
// it loses words at its edge (TestEveryScreenIsWhole sets FitCut).
func (c *Common) Fit(s string, w, h int) string {
	return textlayout.FitNoting(s, w, h, c.FitCut)
}
