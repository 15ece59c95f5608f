package worker

import (
	"io"
	"os/exec"
	"strings"
	"sync"
)

// A TODO's prints: what the learner's code wrote to stdout and stderr
// while its grade ran, for a format that shows a student their own output
// beside each test (Exercism's per-test output). Kept only when the runner
// asks (Runner.Prints): by default stdout goes nowhere, as it always has,
// and a save never pays for a pipe it does not read.

// printsKeep bounds what is kept of each stream: its start, where a
// student looks first (Exercism shows 500 characters at most).
const printsKeep = 4 << 10

// prints is the start of a process's stdout and of its stderr. Two pipes
// keep no order between them, so each is kept whole on its own: stdout
// first, then stderr, in the same order every time.
type prints struct {
	out, err head
}

// head is the start of one stream, and whether more came than was kept.
type head struct {
	mu   sync.Mutex
	buf  []byte
	more bool
}

// Write keeps what there is room for and takes all of b: a short write
// would stop the copy from the child's pipe, and its next write would fail.
func (h *head) Write(b []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	keep := b
	if room := printsKeep - len(h.buf); len(keep) > room {
		keep, h.more = keep[:max(room, 0)], true
	}
	h.buf = append(h.buf, keep...)
	return len(b), nil
}

func (h *head) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := string(h.buf)
	if h.more {
		s += "\n[… more output not kept]"
	}
	return s
}

// String is the prints kept, stdout then stderr; "" when there were none.
func (p *prints) String() string {
	if p == nil {
		return ""
	}
	var parts []string
	for _, s := range []string{p.out.String(), p.err.String()} {
		if s != "" {
			parts = append(parts, strings.TrimSuffix(s, "\n"))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "\n") + "\n"
}

// fresh is an empty prints for another try of the same box (nil stays nil).
func (p *prints) fresh() *prints {
	if p == nil {
		return nil
	}
	return &prints{}
}

// reset empties p for a run of the task again (nil stays nil): only the
// run that is kept shows its prints.
func (p *prints) reset() {
	if p == nil {
		return
	}
	for _, h := range []*head{&p.out, &p.err} {
		h.mu.Lock()
		h.buf, h.more = nil, false
		h.mu.Unlock()
	}
}

// capturePrints sends cmd's stdout to b.prints, and its stderr there as
// well as to b.stderr (which deathFault reads), when b keeps prints.
func (b *boxed) capturePrints(cmd *exec.Cmd) {
	if b.prints == nil {
		return
	}
	cmd.Stdout = &b.prints.out
	cmd.Stderr = &tee{&b.stderr, &b.prints.err}
}

// tee writes to both, and always takes all of p: a writer that stops
// early would make the child's write fail.
type tee struct{ a, b io.Writer }

func (t *tee) Write(p []byte) (int, error) {
	t.a.Write(p)
	t.b.Write(p)
	return len(p), nil
}
