package worker

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"termlab/labs"
)

// The playground (labs.PlayFigure) on the learner's code. A figure must
// redraw within a frame of a knob turn, and a boxed process per request
// would spend that frame starting up; so a PlaySession keeps one boxed
// worker running while the Play screen is open and sends it one request a
// knob change over its pipes: the request on standard input, the frame on
// the answer pipe behind the same nonce envelope as every task. The box is
// the one every run gets (process group, parent-death signal, memory
// bound, strays killed); a request that does not answer within the usual
// bound kills the worker, and the next request starts a fresh one.

// PlayKind is the worker task that serves a playground session.
const PlayKind = "play"

// servePlay is the worker side (Serve's "play" task): after the nonce, one
// request a line on standard input ("figure values", values as
// labs.Values.Encode writes them), one envelope and JSON frame a line on
// answer each, until standard input ends.
func servePlay(day labs.Day, impl labs.Impl, nonce string, answer io.Writer) error {
	debug.SetMaxStack(maxStack)
	// A frame allocates a few MB and is dropped once sent: collecting less
	// often takes about a fifth off the heaviest frames (Day 46's
	// neighbour at 400/s), well inside the box's memory bound.
	debug.SetGCPercent(400)
	in := bufio.NewReader(os.Stdin)
	for {
		line, err := in.ReadString('\n')
		if line = strings.TrimSpace(line); line != "" {
			fr := playFrame(day, impl, line)
			data, merr := json.Marshal(fr)
			if merr != nil {
				return fmt.Errorf("%s cannot answer: %w", workerMark, merr)
			}
			if _, werr := answer.Write(append(append(envelope(nonce), data...), '\n')); werr != nil {
				return fmt.Errorf("%s cannot answer: %w", workerMark, werr)
			}
		}
		if err != nil {
			return nil
		}
	}
}

// playFrame plays one request; a panic in the learner's code is the
// frame's Error, the session goes on.
func playFrame(day labs.Day, impl labs.Impl, line string) (fr labs.Frame) {
	id, enc, _ := strings.Cut(line, " ")
	f, ok := day.Figure(id)
	if !ok {
		return labs.Frame{Figure: id, Error: fmt.Sprintf("Day %d has no figure %q", day.Number, id)}
	}
	v, err := labs.DecodeValues(enc)
	if err != nil {
		return labs.Frame{Figure: id, Error: err.Error()}
	}
	v = f.Settle(v)
	defer func() {
		if r := recover(); r != nil {
			who := "your code"
			if impl == labs.Reference {
				who = "the reference (the lab's code, not yours)"
			}
			fr = labs.Frame{Figure: id, Impl: impl, Values: v, Error: clean(fmt.Sprintf("%s panicked: %v", who, r))}
		}
	}()
	fr = f.Play(impl, v)
	fr.Error = clean(fr.Error)
	return fr
}

// PlaySession is a running worker serving one day's playground on the
// learner's code, or with Impl labs.Reference on the reference (on the
// reference program, Runner.ReferenceBuild: the lab's own binary plays no
// figure itself). Its methods may be called from one goroutine at a time.
type PlaySession struct {
	Bin  string // the lean worker program (Runner.Build, or ReferenceBuild)
	Day  labs.Day
	Impl labs.Impl // whose code it plays: empty is the learner's

	mu     sync.Mutex
	cancel context.CancelFunc
	in     io.WriteCloser
	out    *bufio.Reader
	pr     *os.File
	nonce  string
	exited chan error
	stderr tail
}

// Play sends one request and waits for its frame, starting the worker
// first when none runs.
func (s *PlaySession) Play(f labs.PlayFigure, v labs.Values) labs.Frame {
	s.mu.Lock()
	defer s.mu.Unlock()
	v = f.Settle(v)
	fail := func(status labs.Status, detail string) labs.Frame {
		s.stop()
		return labs.Frame{Figure: f.ID, Impl: s.impl(), Values: v, Error: string(status) + ": " + detail}
	}
	if s.in == nil {
		if err := s.start(); err != nil {
			return fail(labError, err.Error())
		}
	}
	if _, err := fmt.Fprintf(s.in, "%s %s\n", f.ID, v.Encode()); err != nil {
		return fail(labs.Crash, s.died())
	}
	s.pr.SetReadDeadline(time.Now().Add(limit()))
	head, err := s.out.ReadString('\n')
	if err != nil || head != string(envelope(s.nonce)) {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return fail(labs.Timeout, fmt.Sprintf("the figure did not answer within %v and the worker was stopped", limit()))
		}
		return fail(labs.Crash, s.died())
	}
	body, err := s.out.ReadString('\n')
	var fr labs.Frame
	if err != nil || json.Unmarshal([]byte(body), &fr) != nil {
		return fail(labs.Crash, s.died())
	}
	return fr
}

func (s *PlaySession) impl() labs.Impl {
	if s.Impl == labs.Reference {
		return labs.Reference
	}
	return labs.Learner
}

// died says why the worker stopped answering, once it has exited.
func (s *PlaySession) died() string {
	s.in.Close()
	var err error
	select {
	case err = <-s.exited:
	case <-time.After(answerGrace):
	}
	if f := deathFault(err, s.stderr.String(), s.Day); f != nil && f.Detail != "" {
		return f.Detail
	}
	return "the worker stopped answering"
}

func (s *PlaySession) start() error {
	if why := unrunnable(s.Bin); why != "" {
		return fmt.Errorf("the worker program %s cannot run: %s", s.Bin, why)
	}
	ctx, cancel := context.WithCancel(context.Background())
	scratch, err := os.MkdirTemp("", scratchPrefix+"*")
	if err != nil {
		cancel()
		return err
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		cancel()
		os.RemoveAll(scratch)
		return err
	}
	s.nonce = newNonce()
	s.stderr = tail{max: stderrKeep}
	args := []string{Command, fmt.Sprint(s.Day.Number), PlayKind, "session"}
	if s.impl() == labs.Reference {
		args = append(args, string(labs.Reference))
	}
	cmd := boxCommand(ctx, s.Bin, args...)
	cmd.Dir = scratch
	mark := boxEnv + "=" + newNonce()
	cmd.Env = append(os.Environ(), mark)
	cmd.Stdout = nil
	cmd.Stderr = &s.stderr
	cmd.ExtraFiles = []*os.File{pw}
	in, err := cmd.StdinPipe()
	if err != nil {
		cancel()
		pr.Close()
		pw.Close()
		os.RemoveAll(scratch)
		return err
	}
	fmt.Fprintf(in, "%s\n", s.nonce)
	started := make(chan struct{})
	s.exited = make(chan error, 1)
	go func() {
		err := startAndWait(cmd, func() { pw.Close(); close(started) })
		if errors.Is(err, errStart) {
			pw.Close()
			close(started)
		}
		killStrays(mark)
		os.RemoveAll(scratch)
		s.exited <- err
	}()
	<-started
	s.cancel, s.in, s.pr, s.out = cancel, in, pr, bufio.NewReaderSize(pr, 1<<16)
	return nil
}

// Start starts the worker ahead of the first request, so that request
// pays no start-up: the Play screen warms a new session in the background
// when new code lands, and the next knob turn stays within a frame.
func (s *PlaySession) Start() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.in != nil {
		return nil
	}
	return s.start()
}

// stop ends the worker, if one runs; the next Play starts another.
func (s *PlaySession) stop() {
	if s.cancel == nil {
		return
	}
	s.in.Close()
	s.cancel()
	s.pr.Close()
	s.cancel, s.in, s.pr, s.out = nil, nil, nil, nil
}

// Close ends the session's worker.
func (s *PlaySession) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stop()
}
