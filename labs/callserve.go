package labs

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// The call pipe's serving side (callpipe.go says what crosses it): the
// process that links the learner's code answers each call under the guard
// every learner call runs under, cheaply enough for ten thousand calls.

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
