package tui

import (
	"path/filepath"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/tui/keymap"
	"termlab/tui/styles"
)

// deps is what the screens need from the outside world. Everything in it is
// used only inside tea.Cmds (I/O) or is read-only.
type deps struct {
	course labs.Course
	root   string // the module root
	// runner runs the learner's code and the reference, out of process
	// (labs.Runner; *worker.Runner in production). Tests give a fake.
	runner labs.Runner
	// watch turns on the file watcher (re-run on save). Tests of single
	// screens leave it off.
	watch bool
	// debounce is how long the watcher waits for a burst of saves to end.
	debounce time.Duration
	// frame is the replay's tick interval.
	frame time.Duration
	now   func() time.Time // for the stamps of kept files; read in Cmds only
	// after is tea.Tick; tests swap in a clock of their own so a replay
	// plays without waiting.
	after func(time.Duration, func(time.Time) tea.Msg) tea.Cmd

	// refMetrics plays the reference solutions (through the runner's
	// reference programs), for the scoreboard's comparison; tests reuse
	// one run.
	refMetrics func(labs.Day) (labs.Metrics, error)
	// refCached, when set, is the reference's figures as the cache folder
	// keeps them (worker.CachedReference), read as a day opens; nil plays
	// the reference at once (tests).
	refCached func(labs.Day) (labs.Metrics, bool)
	// refFrames makes the Play screen's player of the reference
	// (newRefSession); tests play it in process.
	refFrames func(d deps, day labs.Day) refFrames
	// learnerFrames makes the Play screen's player of the learner's code
	// (newLearnerSession: their day's worker, built as a run builds it);
	// tests play a stand-in in process.
	learnerFrames func(d deps, day labs.Day) learnerFrames

	// records is every day's record (record/session.Record): the one
	// owner of the answers and their saves.
	records *records
	// runGate makes runs one at a time: a cancelled run is still stopping
	// its processes (and may be writing the worker binary) when the next
	// one starts, and two builds must not write the same binary at once.
	runGate *sync.Mutex
}

func (d deps) predictionsDir() string { return filepath.Join(d.root, "predictions") }
func (d deps) resultsPath() string    { return filepath.Join(d.root, "RESULTS.md") }

// Styles is the screens' looks (tui/styles). The screens name it here
// until each moves to a folder of its own (docs/ARCHITECTURE.md, "The
// screens' house").
type Styles = styles.Styles

// common is what every screen shares: the terminal's size, the styles and
// the keys.
type common struct {
	width, height int
	styles        Styles
	keys          keymap.Keys
	deps          deps
}

// relative writes the paths in a message relative to the module root, as
// the README names them ("predictions/day45.json"): a status line has two
// lines, and a damaged file's notice must keep where the file went.
func (c *common) relative(msg string) string {
	if c.deps.root == "" {
		return msg
	}
	return strings.ReplaceAll(msg, filepath.Clean(c.deps.root)+string(filepath.Separator), "")
}
