package tui

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
)

// A run of the learner's code, as the screens ask for it: one at a time
// (deps.runGate), its pieces as they land, then its outcome. Each carries
// the day's run generation: a run cancelled by a newer save answers with
// an older one, and is dropped.

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

// runCmd builds, grades and runs the learner's code through the runner.
// The pieces come as partialMsgs before the outcomeMsg.
func runCmd(d deps, ctx context.Context, gen int, day labs.Day) tea.Cmd {
	msgs := make(chan tea.Msg, 32)
	go func() {
		d.runGate.Lock()
		defer d.runGate.Unlock()
		if err := ctx.Err(); err != nil {
			msgs <- outcomeMsg{gen: gen, err: err}
			return
		}
		o, err := d.runner.RunStream(ctx, day, func(p labs.Outcome) {
			// One producer: the last slot stays free for the outcome, so a
			// reader that stopped reading never blocks the run.
			if len(msgs) < cap(msgs)-1 {
				msgs <- partialMsg{gen: gen, o: p}
			}
		})
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
