// Package tui is the lab's terminal screens: the day list, then for a day
// its lesson, the predictions, the live run, the scoreboard, the TODOs, the
// drills and RESULTS.md.
//
// The screens follow the Elm architecture of Bubble Tea. App is the root
// model; each screen is a small model in a file of its own (picker.go,
// lesson.go, predict.go, run.go, score.go, todos.go, drills.go,
// resultsview.go) sharing the open day's session (session.go). Views only
// draw; file access, builds and timers happen in tea.Cmds. Styles are in
// styles.go and every key in keys.go.
//
// The learner's code never runs in this process: outcomes come from a
// Runner (worker.Runner in production), which builds and runs it in worker
// processes. Figures, metrics and sentences on screen all come from that
// outcome, so a day, or a part added to one, shows without screen code of
// its own.
package tui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"termlab/labs"
	"termlab/runner/worker"
	"termlab/tui/common"
	"termlab/tui/keymap"
	"termlab/tui/pages/play"
	"termlab/tui/styles"
)

// Config is what the screens need from main.
type Config struct {
	Course labs.Course
	Root   string // the module root
	// Runner runs the learner's code; nil means a worker.Runner for Root.
	Runner labs.Runner
	// Context, when set, ends the screens when it is cancelled; the
	// caller then handles the signals (main cancels it on SIGINT, SIGTERM
	// and SIGHUP, which Bubble Tea does not all handle itself).
	Context context.Context
}

// Run opens the lab and returns when the learner quits.
func Run(cfg Config) error {
	if len(cfg.Course) == 0 {
		return errors.New("no days are registered")
	}
	r := lipgloss.NewRenderer(os.Stdout)
	askBackground(r)
	app := newApp(newCommon(cfg, styles.For(r, os.Getenv), true))
	var extra []tea.ProgramOption
	if cfg.Context != nil {
		// The caller handles the signals and cancels Context: Bubble Tea's
		// own handler (SIGINT, SIGTERM) would race it, and when the
		// context wins, that handler blocks for ever sending its QuitMsg
		// to a loop that has ended, and Run never returns (v1.3.10).
		extra = append(extra, tea.WithContext(cfg.Context), tea.WithoutSignalHandler())
	}
	run, ok := selfDrawn(app, extra...)
	if !ok {
		run = tea.NewProgram(app, append(programOptions(), extra...)...).Run
	}
	final, err := run()
	if a, ok := final.(*App); ok {
		a.Close()
	}
	if err != nil {
		return fmt.Errorf("the screens stopped: %w", err)
	}
	return nil
}

// askBackground asks the terminal for its background colour once, now,
// before Bubble Tea reads the keyboard, and gives the answer to lipgloss's
// default renderer too (the one bubbles' own styles draw with). Left to
// the first View, each renderer asked while Bubble Tea's input reader was
// reading the same terminal, and the reply went to whichever read first:
// the screens then waited for termenv's 5 s timeout, or drew nothing at all
// (4 and 2 starts of 12 on a pseudo-terminal that answers at once;
// BenchmarkSaveToScreen's "no the day list on screen").
func askBackground(r *lipgloss.Renderer) {
	lipgloss.SetHasDarkBackground(r.HasDarkBackground())
}

// renderFPS is the frame rate of Bubble Tea's renderer where the lab
// cannot draw its own frames (see components/termdraw; on Unix terminals it does).
// That renderer wakes at this rate for as long as the program runs,
// changed view or not, and each wake costs the idle lab CPU (about 0.13 ms
// on the 2-core machine of labs/BENCHMARKS.md). Nothing on screen moves
// faster than the replay, so it keeps the replay's pace (frame below) and
// no more: a key's echo waits at most one frame, 50 ms.
const renderFPS = 20

// programOptions are the program's options when Bubble Tea renders.
func programOptions() []tea.ProgramOption {
	return []tea.ProgramOption{tea.WithAltScreen(), tea.WithFPS(renderFPS)}
}

// newCommon wires the production world (or a test's) into the screens.
func newCommon(cfg Config, st styles.Styles, watch bool) *common.Common {
	r := cfg.Runner
	if r == nil {
		r = &worker.Runner{Root: cfg.Root, PartsOnly: true, Keep: &worker.Keep{}} // the reference's figures, not its grades
	}
	return &common.Common{
		Styles: st,
		Keys:   keymap.New(),
		Deps: common.Deps{
			Course:        cfg.Course,
			Root:          cfg.Root,
			Runner:        r,
			Watch:         watch,
			Debounce:      debounce,
			Frame:         time.Second / renderFPS,
			Now:           time.Now,
			After:         tea.Tick,
			Records:       &common.Records{Root: cfg.Root},
			RefMetrics:    referenceMetricsWith(r),
			RefFrames:     play.NewRefSession,
			LearnerFrames: play.NewLearnerSession,
			RefCached:     cachedReference(r),
			RunGate:       &sync.Mutex{},
		},
	}
}
