package cli

import (
	"context"
	"fmt"
	"sync"
	"time"

	"termlab/labs"
)

// A build's progress on a terminal read line by line: `run` and `grade`
// in a shell, and the plain lab (TERM=dumb). The first build of a day's
// programs compiles a hundred packages or more and takes minutes on a busy
// machine; without a word the command looks stuck. So a go build long
// enough to say so (minBuildSteps) gets a line as it starts, one at each
// quarter of the way, with the time so far, and one as it ends. A save's
// rebuild (a package or two, or the direct build, which reports nothing)
// gets none.

// minBuildSteps is the fewest steps a build has for its progress to be
// told: a save that goes through go build compiles the learner's package,
// the worker's main and links; a first build compiles a hundred or more.
const minBuildSteps = 10

// buildLines says a build's progress in lines, through say.
type buildLines struct {
	say func(string)
	now func() time.Time

	mu    sync.Mutex
	start time.Time
	said  map[bool]int // per program (labs.BuildProgress.Full): the last quarter said
}

func newBuildLines(say func(string), now func() time.Time) *buildLines {
	return &buildLines{say: say, now: now, said: map[bool]int{}}
}

// report takes one report of a labs.BuildTrace.
func (b *buildLines) report(p labs.BuildProgress) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.start.IsZero() {
		b.start = b.now()
	}
	secs := int(b.now().Sub(b.start).Seconds())
	q, telling := b.said[p.Full]
	switch {
	case p.Finished:
		if telling {
			b.say(fmt.Sprintf("%s is built, in %d s.", p.Program, secs))
			delete(b.said, p.Full)
		}
	case p.Total < minBuildSteps:
	case !telling:
		b.said[p.Full] = 0
		b.say(fmt.Sprintf("Building %s: %d steps (each package Go compiles, then the link), once; after that a save rebuilds only your package.", p.Program, p.Total))
	default:
		if now := p.Done * 4 / p.Total; now > q && now < 4 {
			b.said[p.Full] = now
			b.say(fmt.Sprintf("%s: %d of %d steps, %d s so far.", p.Program, p.Done, p.Total, secs))
		}
	}
}

// tellBuilds has the builds run under ctx say their progress on the
// command's stderr when it is a terminal (where someone waits and reads),
// unless ctx already carries a trace (the plain lab's, which prints
// between its jobs' outputs).
func (e Env) tellBuilds(ctx context.Context) context.Context {
	if labs.BuildTraceOf(ctx) != nil || !IsTerminal(e.Stderr) {
		return ctx
	}
	b := newBuildLines(func(s string) { fmt.Fprintln(e.Stderr, "termlab: "+s) }, time.Now)
	return labs.WithBuildTrace(ctx, b.report)
}
