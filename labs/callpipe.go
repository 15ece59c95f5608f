package labs

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
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

// ServeCalls answers the requests on r, one at a time, on w, until r ends
// (the part's process is gone), each call guarded as GuardCPU guards a
// call (its handler's Limit of CPU time; a panic or runtime.Goexit
// recovered, learnerDir picking the learner's line out of a crash). A call
// of a kind not in handlers, or a request that is not whole, ends it with
// an error: the other side wrote it, and it is the lab's.
//
// A part makes some ten thousand calls, so the guard is not GuardCPU's
// goroutine, thread and /proc files per call: one serving goroutine,
// locked to its thread, runs call after call, and one watcher reads that
// thread's CPU clock every cpuTick against the call in progress. A call
// past its bound is answered as a timeout by the watcher, and a fresh
// serving goroutine takes the next request: the stuck one is left running,
// as GuardCPU leaves it, and never answers.
func ServeCalls(r io.Reader, w io.Writer, handlers map[CallKind]CallHandler, learnerDir string) error {
	s := &callServer{br: bufio.NewReader(r), bw: bufio.NewWriter(w), handlers: handlers, learnerDir: learnerDir,
		done: make(chan error, 1), lost: make(chan struct{}, 1)}
	go s.serve()
	tick := time.NewTicker(cpuTick)
	defer tick.Stop()
	for {
		select {
		case err := <-s.done:
			return err
		case <-s.lost:
			go s.serve()
		case now := <-tick.C:
			s.watch(now)
		}
	}
}

// callServer is ServeCalls's state.
type callServer struct {
	br         *bufio.Reader
	mu         sync.Mutex // answers: a serving goroutine's and the watcher's
	bw         *bufio.Writer
	handlers   map[CallKind]CallHandler
	learnerDir string
	cur        atomic.Pointer[servedCall]
	done       chan error    // the serving ends: nil at the end of r
	lost       chan struct{} // a serving goroutine is gone (runtime.Goexit)
}

// servedCall is one call in progress, as the watcher sees it.
type servedCall struct {
	nonce   [8]byte
	limit   time.Duration
	wall    time.Time
	cpu     time.Duration // the serving thread's CPU clock as it began
	clock   func() time.Duration
	queue   func() (time.Duration, bool, bool)
	track   Tracker
	claimed atomic.Bool // answered, by whichever came first
	bound   *CPUBound   // the watcher's, from its first look on
}

// serve reads and runs calls on a thread of its own until r ends, or
// until a call it runs is answered by the watcher instead.
func (s *callServer) serve() {
	runtime.LockOSThread() // never unlocked: a stuck call keeps its thread
	clock := threadClock()
	queue, closeQueue := threadQueue()
	defer closeQueue()
	for {
		kind, nonce, args, err := s.request()
		if err == io.EOF {
			s.done <- nil
			return
		}
		if err != nil {
			s.done <- err
			return
		}
		h, ok := s.handlers[kind]
		if !ok {
			s.done <- fmt.Errorf("call pipe: no call of kind %d", kind)
			return
		}
		c := &servedCall{nonce: nonce, limit: h.Limit, wall: time.Now(), cpu: clock(), clock: clock, queue: queue}
		s.cur.Store(c)
		answer, fault := s.run(c, h, args)
		if !c.claimed.CompareAndSwap(false, true) {
			return // the watcher answered it as a timeout; another serves on
		}
		s.cur.CompareAndSwap(c, nil)
		if err := s.answer(nonce, clock()-c.cpu, answer, fault); err != nil {
			s.done <- err
			return
		}
	}
}

// run runs one call, a panic recovered as guard recovers it. A
// runtime.Goexit ends the serving goroutine: the call is answered as a
// crash here, and another goroutine serves on.
func (s *callServer) run(c *servedCall, h CallHandler, args []byte) (answer []byte, fault Fault) {
	returned := false
	defer func() {
		if returned {
			return
		}
		r := recover()
		if r == nil { // runtime.Goexit: this goroutine is going
			fault = Fault{Status: Crash, TODO: c.track.Current(), Detail: "stopped its goroutine (runtime.Goexit) instead of returning", Where: learnerFrame(s.learnerDir), Input: c.track.input()}
			if c.claimed.CompareAndSwap(false, true) {
				s.cur.CompareAndSwap(c, nil)
				s.answer(c.nonce, c.clock()-c.cpu, nil, fault)
			}
			s.lost <- struct{}{}
			return
		}
		fault = classify(r, c.track.Current(), s.learnerDir)
		if fault.Status == Crash {
			fault.Input = c.track.input()
		}
	}()
	answer = h.Run(args, &c.track)
	returned = true
	return answer, Fault{}
}

// watch bounds the call in progress at wall time now.
func (s *callServer) watch(now time.Time) {
	c := s.cur.Load()
	if c == nil || c.claimed.Load() {
		return
	}
	read := func() Reading {
		r := Reading{CPU: c.clock()}
		if c.queue != nil {
			r.Queued, r.Ready, r.QueueKnown = c.queue()
		}
		return r
	}
	if c.bound == nil {
		// The run queue read from here on: a call that ends within a
		// tick costs no read of it.
		first := read()
		first.CPU = c.cpu
		c.bound = NewCPUBound(c.limit, c.wall, first)
		c.bound.Tick = cpuTick
	}
	why := c.bound.Observe(now, read())
	if why == "" || !c.claimed.CompareAndSwap(false, true) {
		return
	}
	f := Fault{Status: Timeout, TODO: c.track.Current(), Input: c.track.input(), Detail: TimeoutDetail(why, c.limit, true)}
	if why == "starved" {
		f.TODO, f.Input = 0, "" // not the code's: no call of it to blame
	}
	s.cur.CompareAndSwap(c, nil)
	if err := s.answer(c.nonce, c.clock()-c.cpu, nil, f); err != nil {
		s.done <- err
		return
	}
	go s.serve()
}

// request reads one request.
func (s *callServer) request() (kind CallKind, nonce [8]byte, args []byte, err error) {
	var head [11]byte
	if _, err := io.ReadFull(s.br, head[:]); err != nil {
		if err == io.EOF {
			return 0, nonce, nil, err // the end, between two requests
		}
		return 0, nonce, nil, fmt.Errorf("call pipe: a request cut short: %w", err)
	}
	n := int(binary.BigEndian.Uint16(head[9:11]))
	if n > maxCallArgs {
		return 0, nonce, nil, fmt.Errorf("call pipe: a request of %d bytes", n)
	}
	args = make([]byte, n)
	if _, err := io.ReadFull(s.br, args); err != nil {
		return 0, nonce, nil, fmt.Errorf("call pipe: a request cut short: %w", err)
	}
	copy(nonce[:], head[:8])
	return CallKind(head[8]), nonce, args, nil
}

// answer writes one answer: the call's, or its fault.
func (s *callServer) answer(nonce [8]byte, cpu time.Duration, answer []byte, fault Fault) error {
	status := byte(callOK)
	if !fault.OK() {
		status = callFault
		answer, _ = json.Marshal(fault)
	}
	if len(answer) > maxCallAnswer {
		return fmt.Errorf("call pipe: an answer of %d bytes", len(answer))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out [answerHead]byte
	copy(out[:8], nonce[:])
	out[8] = status
	binary.BigEndian.PutUint64(out[9:17], uint64(max(0, cpu)))
	binary.BigEndian.PutUint32(out[17:21], uint32(len(answer)))
	s.bw.Write(out[:])
	s.bw.Write(answer)
	return s.bw.Flush()
}

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
