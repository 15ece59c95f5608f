package tui

import (
	"context"
	"errors"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/runner/worker"
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

// debounceMsg fires when a burst of saves has been quiet long enough.
type debounceMsg struct{ id int }

func closeWatchCmd(w *watch.Watcher) tea.Cmd {
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

// partialMsg is a run still going: the outcome so far (the grades land
// first, then the parts), and the Cmd that waits for what comes next.
type partialMsg struct {
	gen  int
	o    labs.Outcome
	next tea.Cmd
}

// streamer is a Runner that can say how a run is going (*worker.Runner).
type streamer interface {
	RunStream(ctx context.Context, day labs.Day, update func(labs.Outcome)) (labs.Outcome, error)
}

// runCmd builds, grades and runs the learner's code through the Runner. A
// streaming Runner's pieces come as partialMsgs before the outcomeMsg.
func runCmd(d deps, ctx context.Context, gen int, day labs.Day) tea.Cmd {
	msgs := make(chan tea.Msg, 32)
	go func() {
		d.runGate.Lock()
		defer d.runGate.Unlock()
		if err := ctx.Err(); err != nil {
			msgs <- outcomeMsg{gen: gen, err: err}
			return
		}
		var o labs.Outcome
		var err error
		if sr, ok := d.runner.(streamer); ok {
			o, err = sr.RunStream(ctx, day, func(p labs.Outcome) {
				// One producer: the last slot stays free for the outcome,
				// so a reader that stopped reading never blocks the run.
				if len(msgs) < cap(msgs)-1 {
					msgs <- partialMsg{gen: gen, o: p}
				}
			})
		} else {
			o, err = d.runner.Run(ctx, day)
		}
		msgs <- outcomeMsg{gen: gen, o: o, err: err, at: d.now()}
	}()
	return nextRunMsg(msgs)
}

func nextRunMsg(msgs chan tea.Msg) tea.Cmd {
	return func() tea.Msg {
		msg := <-msgs
		if p, ok := msg.(partialMsg); ok {
			p.next = nextRunMsg(msgs)
			return p
		}
		return msg
	}
}

// refMsg carries the reference solutions' metrics, for comparison, or why
// they could not be had.
type refMsg struct {
	day     int
	metrics labs.Metrics
	err     error
	later   bool // not kept yet: to be played after the first run (refCachedCmd)
}

// refCmd plays the reference solutions through the runner's reference
// programs (worker.Runner.Reference): they are the course's own code,
// never the learner's, and the screens run none of a day's machinery.
func refCmd(d deps, day labs.Day) tea.Cmd {
	return func() tea.Msg {
		m, err := d.refMetrics(day)
		return refMsg{day: day.Number, metrics: m, err: err}
	}
}

// refCachedCmd is the day's first look at the reference: its figures when
// the cache folder keeps them for this version of the course's code (a
// second launch: no worker at all), or else a refMsg that puts the play
// off until the first run of the learner's code has finished. Built
// together, the reference programs and the learner's would compile the
// same packages twice over on an empty build cache, and the learner's
// first verdicts would wait for it; the scoreboard has nothing to judge
// before that run anyway.
func refCachedCmd(d deps, day labs.Day) tea.Cmd {
	return func() tea.Msg {
		if m, ok := d.refCached(day); ok {
			return refMsg{day: day.Number, metrics: m}
		}
		return refMsg{day: day.Number, later: true}
	}
}

// referencer is a Runner that can play the reference (*worker.Runner, or
// main's wrapper of it, which kills its runs on a signal).
type referencer interface {
	Reference(context.Context, labs.Day) (labs.Outcome, error)
}

// errNoReference is a Runner that cannot play the reference.
var errNoReference = errors.New("this runner cannot play the reference")

// cachedReference reads the reference's kept figures for a runner that
// plays the reference through worker programs; nil for one that cannot.
func cachedReference(r Runner, root string) func(labs.Day) (labs.Metrics, bool) {
	if _, ok := r.(referencer); !ok {
		return nil
	}
	return func(day labs.Day) (labs.Metrics, bool) {
		o, ok := worker.CachedReference(root, day)
		return o.Metrics(), ok
	}
}

// referenceMetricsWith plays the reference through r. Nothing plays it in
// this process: a Runner that cannot play it leaves the rows that need
// it waiting, with the reason.
func referenceMetricsWith(r Runner) func(labs.Day) (labs.Metrics, error) {
	wr, ok := r.(referencer)
	if !ok {
		return func(labs.Day) (labs.Metrics, error) { return nil, errNoReference }
	}
	return func(day labs.Day) (labs.Metrics, error) {
		o, err := wr.Reference(context.Background(), day)
		if err != nil {
			return nil, err
		}
		return o.Metrics(), nil
	}
}
