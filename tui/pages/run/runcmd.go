package run

import (
	"context"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/tui/common"
)

// A run of the learner's code, as the screens ask for it: one at a time
// (deps.runGate), its pieces as they land, then its outcome. Each carries
// the day's run generation: a run cancelled by a newer save answers with
// an older one, and is dropped.

// OutcomeMsg is a finished run of the learner's code.
type OutcomeMsg struct {
	Gen int
	O   labs.Outcome
	Err error
	At  time.Time
}

// PartialMsg is a run still going: the outcome so far (the grades land
// first, then the parts), and the Cmd that waits for what comes next.
type PartialMsg struct {
	Gen  int
	O    labs.Outcome
	Next tea.Cmd
}

// RunCmd builds, grades and runs the learner's code through the runner.
// The pieces come as partialMsgs, and the progress of a go build of the
// day's programs as buildMsgs, before the outcomeMsg.
func RunCmd(d common.Deps, ctx context.Context, gen int, day labs.Day) tea.Cmd {
	msgs := make(chan tea.Msg, 32)
	go func() {
		d.RunGate.Lock()
		defer d.RunGate.Unlock()
		labs.Step("tui: run starts")
		if err := ctx.Err(); err != nil {
			msgs <- OutcomeMsg{Gen: gen, Err: err}
			return
		}
		// The producers (the pieces, and each build's progress, from the
		// runner's goroutines) send one at a time, and only while the last
		// slot is free: it is the outcome's, sent once they are all done,
		// so a reader that stopped reading never blocks the run. A
		// progress report dropped is overtaken by the next.
		var sending sync.Mutex
		send := func(msg tea.Msg) {
			sending.Lock()
			defer sending.Unlock()
			if len(msgs) < cap(msgs)-1 {
				msgs <- msg
			}
		}
		ctx = labs.WithBuildTrace(ctx, func(p labs.BuildProgress) { send(BuildMsg{Gen: gen, P: p}) })
		o, err := d.Runner.RunStream(ctx, day, func(p labs.Outcome) { send(PartialMsg{Gen: gen, O: p}) })
		msgs <- OutcomeMsg{Gen: gen, O: o, Err: err, At: d.Now()}
	}()
	return nextRunMsg(msgs)
}

func nextRunMsg(msgs chan tea.Msg) tea.Cmd {
	return func() tea.Msg {
		msg := <-msgs
		switch p := msg.(type) {
		case PartialMsg:
			p.Next = nextRunMsg(msgs)
			return p
		case BuildMsg:
			p.Next = nextRunMsg(msgs)
			return p
		}
		return msg
	}
}
