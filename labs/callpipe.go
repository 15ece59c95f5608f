package labs

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"
)

// The call pipe: the learner's functions that a heavy part calls, answered
// by another process. The full worker (Redis, HTTP) is linked once per
// version of the course, without the learner's code, so a save never
// relinks it; a lean worker, which links the learner's code anyway, runs
// each call under the guard every task of the learner's runs under and
// answers it here. The part's own guard, in the full worker, then sees the
// same fault it would have seen had the call run in its own process
// (RemoteFault).
//
// One frame per call, binary and small (a call is a few floats; a part
// makes some ten thousand): a request is the nonce (8 bytes), the kind (1)
// and its arguments' length (2, big-endian) and bytes; an answer is the
// same nonce, a status (1: callOK or callFault), the CPU time the call
// took (8, nanoseconds: see RemoteCPU) and its payload's length (4) and
// bytes. The nonce is drawn afresh for every call, so nothing the
// learner's side writes on the pipe can be taken for anything but the
// answer to the call asked: a frame that is short, too long, of an unknown
// status, or of another nonce is the learner's side's fault, and the pipe
// is broken from then on (every later call gets the same fault).

// CallKind names one kind of call a day's serving side answers.
type CallKind byte

// CallHandler runs one call of the learner's code on its arguments and
// returns the answer's bytes. It marks the TODO it calls on track (as a
// day's Checked wrapper does), so a crash or a hang is blamed on it; it
// may panic with anything learner code can: the guard catches it.
type CallHandler struct {
	Run func(args []byte, track *Tracker) []byte
	// Limit bounds one call in CPU time (GuardCPU), as the part's piece
	// would have bounded it.
	Limit time.Duration
}

const (
	callOK    = 0
	callFault = 1
	// answerHead is an answer's fixed part: nonce, status, CPU, length.
	answerHead = 8 + 1 + 8 + 4
	// maxCallArgs and maxCallAnswer bound a frame: a day's call is a few
	// numbers; a fault's words are some hundreds of bytes.
	maxCallArgs   = 1 << 10
	maxCallAnswer = 64 << 10
)

// RemoteFault is what a call across the pipe panics with when the learner's
// code failed on the other side: the guard there made Fault, and the guard
// around the part's piece here reports it as its own (classify), with
// this side's call in progress as its input. A crash keeps the line in the
// learner's file the other side found.
type RemoteFault struct{ Fault Fault }

func (e RemoteFault) Error() string { return e.Fault.Detail }

// BadAnswer starts the detail of a fault the pipe itself found: the
// learner's side wrote something that is not the answer to the call asked.
const BadAnswer = "the worker running your code answered something other than the call's answer"

// CallPipe is the part's side: it sends each call and reads its answer.
// Calls are one at a time (a lock), in the order they are made.
type CallPipe struct {
	mu     sync.Mutex
	r      *bufio.Reader
	w      *bufio.Writer
	broken *Fault
}

// NewCallPipe calls over w and reads the answers from r.
func NewCallPipe(r io.Reader, w io.Writer) *CallPipe {
	return &CallPipe{r: bufio.NewReader(r), w: bufio.NewWriter(w)}
}

// Call asks for one call of kind on args and returns its answer. A fault
// of the learner's code, or an answer that is not one, panics with a
// RemoteFault, in the caller's goroutine: the piece's guard catches it.
func (c *CallPipe) Call(kind CallKind, args []byte) []byte {
	answer, fault := c.call(kind, args)
	if fault != nil {
		panic(RemoteFault{*fault})
	}
	return answer
}

func (c *CallPipe) call(kind CallKind, args []byte) ([]byte, *Fault) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.broken != nil {
		return nil, c.broken
	}
	bad := func(why string) ([]byte, *Fault) {
		c.broken = &Fault{Status: Crash, Detail: BadAnswer + ": " + why}
		return nil, c.broken
	}
	if len(args) > maxCallArgs {
		panic(fmt.Sprintf("labs.CallPipe: %d bytes of arguments", len(args)))
	}
	nonce := rand.Uint64()
	var head [11]byte
	binary.BigEndian.PutUint64(head[:8], nonce)
	head[8] = byte(kind)
	binary.BigEndian.PutUint16(head[9:11], uint16(len(args)))
	c.w.Write(head[:])
	c.w.Write(args)
	if err := c.w.Flush(); err != nil {
		return bad("it stopped reading (" + err.Error() + ")")
	}
	var got [answerHead]byte
	if _, err := io.ReadFull(c.r, got[:]); err != nil {
		if errors.Is(err, io.EOF) {
			return bad("it stopped before answering")
		}
		return bad("an answer cut short")
	}
	if binary.BigEndian.Uint64(got[:8]) != nonce {
		return bad("an answer to no call asked")
	}
	cpu := int64(binary.BigEndian.Uint64(got[9:17]))
	if cpu < 0 || cpu > int64(time.Hour) {
		return bad("an answer that took no believable time")
	}
	remoteCPU.Add(cpu)
	n := binary.BigEndian.Uint32(got[17:21])
	if n > maxCallAnswer {
		return bad(fmt.Sprintf("an answer of %d bytes", n))
	}
	answer := make([]byte, n)
	if _, err := io.ReadFull(c.r, answer); err != nil {
		return bad("an answer cut short")
	}
	switch got[8] {
	case callOK:
		return answer, nil
	case callFault:
		var f Fault
		if json.Unmarshal(answer, &f) != nil || f.OK() {
			return bad("a fault that does not read as one")
		}
		return nil, &f
	}
	return bad(fmt.Sprintf("an answer of status %d", got[8]))
}

// remoteCPU is the CPU time the calls this process asked across the pipe
// took where they ran. A guard counting CPU time (GuardCPU) adds what it
// grew by during its run to its own thread's: a piece that calls the
// learner's code across the pipe is bounded on the same CPU time as one
// that calls it in its own process, and a call the other side runs is not
// a wait on nothing.
var remoteCPU atomic.Int64

// RemoteCPU is remoteCPU so far.
func RemoteCPU() time.Duration { return time.Duration(remoteCPU.Load()) }
