package tui

import (
	"context"
	"path/filepath"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/fsnotify/fsnotify"

	"termlab/labs"
)

// Re-run on save. The watcher watches the learner's folder, not the file:
// many editors save by writing a temporary file and renaming it over the
// old one, which a watch on the file itself would lose after the first
// save. Each event restarts a short timer (debounce), so a burst of saves
// and the create-write-rename dance of one save become one run. A run that
// is still going when a newer save lands is cancelled: its answer would be
// about code that no longer exists.
//
// Nothing here ticks: the watcher Cmd blocks on the watcher's channels, and
// the debounce timer exists only after a save.

// watchReadyMsg says the watcher is up (or why not).
type watchReadyMsg struct {
	gen int
	w   *fsnotify.Watcher
	err error
}

// fileChangedMsg is one relevant event in the learner's folder.
type fileChangedMsg struct {
	gen  int
	name string
}

// watchErrMsg is an error from the watcher; watching goes on.
type watchErrMsg struct {
	gen int
	err error
}

// watchClosedMsg says the watcher was closed; nothing to do.
type watchClosedMsg struct{ gen int }

// debounceMsg fires when a burst of saves has been quiet long enough.
type debounceMsg struct{ id int }

func startWatchCmd(gen int, dir string) tea.Cmd {
	return func() tea.Msg {
		w, err := fsnotify.NewWatcher()
		if err != nil {
			return watchReadyMsg{gen: gen, err: err}
		}
		if err := w.Add(dir); err != nil {
			w.Close()
			return watchReadyMsg{gen: gen, err: err}
		}
		return watchReadyMsg{gen: gen, w: w}
	}
}

// waitEventCmd blocks until the next relevant event. Update asks for the
// next one each time, so there is only ever one waiting.
func waitEventCmd(gen int, w *fsnotify.Watcher) tea.Cmd {
	return func() tea.Msg {
		for {
			select {
			case ev, ok := <-w.Events:
				if !ok {
					return watchClosedMsg{gen: gen}
				}
				if relevant(ev) {
					return fileChangedMsg{gen: gen, name: ev.Name}
				}
			case err, ok := <-w.Errors:
				if !ok {
					return watchClosedMsg{gen: gen}
				}
				return watchErrMsg{gen: gen, err: err}
			}
		}
	}
}

// relevant keeps the events that can change the build: Go files that are
// not tests, not hidden and not editor backups (which end in ~ or start
// with # and so are not .go files anyway). Chmod alone changes nothing.
func relevant(ev fsnotify.Event) bool {
	base := filepath.Base(ev.Name)
	if !strings.HasSuffix(base, ".go") || strings.HasSuffix(base, "_test.go") || strings.HasPrefix(base, ".") {
		return false
	}
	return ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename|fsnotify.Remove) != 0
}

func closeWatchCmd(w *fsnotify.Watcher) tea.Cmd {
	return func() tea.Msg {
		w.Close()
		return nil
	}
}

func debounceCmd(dp deps, id int) tea.Cmd {
	return dp.after(dp.debounce, func(time.Time) tea.Msg { return debounceMsg{id: id} })
}

// outcomeMsg is a finished run of the learner's code.
type outcomeMsg struct {
	gen int
	o   labs.Outcome
	err error
	at  time.Time
}

// runCmd builds, grades and runs the learner's code through the Runner.
func runCmd(d deps, ctx context.Context, gen int, day labs.Day) tea.Cmd {
	return func() tea.Msg {
		d.runGate.Lock()
		defer d.runGate.Unlock()
		if err := ctx.Err(); err != nil {
			return outcomeMsg{gen: gen, err: err}
		}
		o, err := d.runner.Run(ctx, day)
		return outcomeMsg{gen: gen, o: o, err: err, at: d.now()}
	}
}

// refMsg carries the reference solutions' metrics, for comparison.
type refMsg struct {
	day     int
	metrics labs.Metrics
}

// refCmd runs the reference solutions in process: they are the course's
// own code, never the learner's.
func refCmd(d deps, day labs.Day) tea.Cmd {
	return func() tea.Msg { return refMsg{day: day.Number, metrics: d.refMetrics(day)} }
}

func referenceMetrics(day labs.Day) labs.Metrics {
	return labs.Outcome{Parts: day.Run(labs.Reference)}.Metrics()
}
