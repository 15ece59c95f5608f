package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/tui/common"
	"termlab/watch"
)

// Re-run on save. The day watches the learner's folder (watch.Code says
// what a change is), and predictions/ is watched for saves from a shell
// (store.go). Each event restarts a short timer (debounce), so a burst of
// saves and the create-write-rename dance of one save become one run. A
// run that is still going when a newer save lands is cancelled: its answer
// would be about code that no longer exists.
//
// Nothing here ticks: the watcher's Cmd blocks on its events, and the
// debounce timer exists only after a save.

// watchMsg is what a watcher said (watch.Watcher.Next): a change, events
// lost, or that watching has ended (err: watch.ErrClosed, or why it could
// not start). The watcher is the message's address: the open day's, or
// predictions/'s (App.storeWatch); any other is a closed day's, and stale.
type watchMsg struct {
	w   *watch.Watcher
	ev  watch.Event
	err error
}

// nextWatchCmd waits for w's next change; the first one starts w. Update
// asks for the next one each time, so there is only ever one waiting.
func nextWatchCmd(w *watch.Watcher) tea.Cmd {
	return func() tea.Msg {
		ev, err := w.Next()
		return watchMsg{w: w, ev: ev, err: err}
	}
}

// debounce is how long a burst of saves must be quiet before a run starts.
// Editors write a save in one burst of events well under a millisecond
// apart (a write, or a write to a new file and a rename over the old one),
// and each event of the burst cancels a run it started (a watchMsg):
// a run that began on half a save is stopped by the rest of it long
// before it could show anything. It is inside every save's time to the
// screen: 50 ms was a quarter of the save loop's floor, 5 ms is noise
// (labs/BENCHMARKS.md, "Save to every place").
const debounce = 5 * time.Millisecond

// debounceMsg fires when a burst of saves has been quiet long enough; gen
// is the day's run generation when the timer was set (dayModel.debounce).
type debounceMsg struct{ gen int }

func closeWatchCmd(w *watch.Watcher) tea.Cmd {
	return func() tea.Msg {
		w.Close()
		return nil
	}
}

func debounceCmd(dp common.Deps, gen int) tea.Cmd {
	return dp.After(dp.Debounce, func(time.Time) tea.Msg { return debounceMsg{gen: gen} })
}
