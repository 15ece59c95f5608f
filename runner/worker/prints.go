package worker

import (
	"io"
	"os/exec"
	"sync"
)

// A TODO's prints: what the learner's code wrote to stdout and stderr
// while its grade ran, for a format that shows a student their own output
// beside each test (Exercism's per-test output). Kept only when the runner
// asks (Runner.Prints): by default stdout goes nowhere, as it always has,
// and a save never pays for a pipe it does not read.

// printsKeep bounds what is kept of one process's prints: the start, where
// a student looks first; Exercism shows 500 characters at most.
const printsKeep = 4 << 10

// prints is the start of a process's stdout and stderr, interleaved as
// they arrive (two pipes, so in about the order written), and whether
// more came than was kept.
type prints struct {
	mu   sync.Mutex
	buf  []byte
	more bool
}

// Write keeps what there is room for and takes all of b: a short write
// would stop the copy from the child's pipe, and its next write would fail.
func (p *prints) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	keep := b
	if room := printsKeep - len(p.buf); len(keep) > room {
		keep, p.more = keep[:max(room, 0)], true
	}
	p.buf = append(p.buf, keep...)
	return len(b), nil
}

// fresh is an empty prints for another try of the same box (nil stays nil).
func (p *prints) fresh() *prints {
	if p == nil {
		return nil
	}
	return &prints{}
}

// String is the prints kept, "" when there were none.
func (p *prints) String() string {
	if p == nil {
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	s := string(p.buf)
	if p.more {
		s += "\n[… more output not kept]"
	}
	return s
}

// capturePrints sends cmd's stdout to b.prints, and its stderr there as
// well as to b.stderr (which deathFault reads), when b keeps prints.
func (b *boxed) capturePrints(cmd *exec.Cmd) {
	if b.prints == nil {
		return
	}
	cmd.Stdout = b.prints
	cmd.Stderr = &tee{&b.stderr, b.prints}
}

// tee writes to both, and always takes all of p: a writer that stops
// early would make the child's write fail.
type tee struct{ a, b io.Writer }

func (t *tee) Write(p []byte) (int, error) {
	t.a.Write(p)
	t.b.Write(p)
	return len(p), nil
}
