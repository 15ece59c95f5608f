package worker

import (
	"bytes"
	"io"
	"sync"

	"termlab/labs"
)

// The verdict first (labs.FailFound). A grade worker that finds a failing
// check says so at once, as a line of its own on the answer pipe, before
// it shrinks the counterexample and reads the probes for a hint; the
// runner hands it to the screens as the TODO's verdict so far, and the
// grade the worker answers last replaces it.
//
// What keeps it honest, with the learner's code in the same process:
//   - the line carries the nonce, as every answer does, so a line written
//     without it (by learner code that did not read standard input first)
//     is ignored;
//   - it can only say "fail": the runner makes the early grade itself, and
//     no line makes a pass;
//   - it is never a grade: Run's outcome and every grade a caller keeps
//     (`grade --json`, RESULTS.md, a class's grades) come from the final
//     answer, and the early one is only shown while that is on its way;
//   - once the final answer is written, no early line follows it (a
//     grading goroutine the guard gave up on may still be running), so the
//     answer is read whole, as before.

// verdictLine is the line a grade worker writes when a check fails.
func verdictLine(nonce string) []byte { return []byte("termlab-verdict " + nonce + " fail\n") }

// EarlyFailDetail is the detail of a TODO whose failing check came in
// before its counterexample and hint.
const EarlyFailDetail = "a check fails; the smallest input that shows it, and a hint, are on their way"

// answerPipe is the answer pipe of a grade worker: the early line at most
// once, and never after the answer.
type answerPipe struct {
	mu       sync.Mutex
	w        io.Writer
	said     bool // the early line is written
	answered bool // the answer is written: nothing more
	line     []byte
}

// verdictFirst sets labs.FailFound to write the early line on answer, and
// returns the writer the final answer goes through.
func verdictFirst(nonce string, answer io.Writer) io.Writer {
	p := &answerPipe{w: answer, line: verdictLine(nonce)}
	labs.OnFailFound(p.fail)
	return p
}

func (p *answerPipe) fail() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.said || p.answered {
		return
	}
	p.said = true
	// One write, well under PIPE_BUF: the line reaches the pipe whole,
	// whatever else writes to it.
	p.w.Write(p.line)
}

func (p *answerPipe) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.answered = true
	return p.w.Write(b)
}

// earlyWatch finds the early line in what the runner has read of a
// worker's pipe so far, and calls found once.
type earlyWatch struct {
	line    []byte
	found   func()
	done    bool
	scanned int // bytes before this cannot start a line not yet seen
}

func (e *earlyWatch) saw(data []byte) {
	if e == nil || e.done || e.found == nil {
		return
	}
	from := max(0, e.scanned-len(e.line)+1)
	if bytes.Contains(data[from:], e.line) {
		e.done = true
		e.found()
	}
	e.scanned = len(data)
}
