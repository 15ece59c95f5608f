package labs

import (
	"encoding/binary"
	"io"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// echo answers its argument doubled; panics, hangs or stops the goroutine
// on the words that say so, as learner code can.
var callHandlers = map[CallKind]CallHandler{
	1: {Limit: 100 * time.Millisecond, Run: func(args []byte, track *Tracker) []byte {
		track.Call(1, func() string { return "F(" + string(args) + ")" })
		defer track.Leave()
		switch string(args) {
		case "panic":
			panic("boom")
		case "notdone":
			panic(NotDone)
		case "hang":
			// Spins until its test ends: a guard cannot stop a goroutine,
			// and a spinner left behind would burn a core through every
			// later test of the package.
			for gen := hangsEnd.Load(); hangsEnd.Load() == gen; {
			}
		case "goexit":
			runtime.Goexit()
		case "slow": // 10 ms of CPU: within the call's bound
			clock := threadClock()
			for start := clock(); clock()-start < 10*time.Millisecond; {
			}
		}
		return append(args, args...)
	}},
}

// hangsEnd moves on when a pipe's test ends, which ends its "hang" calls.
var hangsEnd atomic.Int64

// pipePair serves handlers over two in-memory pipes, or, with fake, lets
// fake answer each request as it likes.
func pipePair(t *testing.T, fake func(req []byte, w io.Writer)) *CallPipe {
	t.Helper()
	reqR, reqW := io.Pipe()
	repR, repW := io.Pipe()
	t.Cleanup(func() { hangsEnd.Add(1); reqW.Close(); repR.Close() })
	go func() {
		defer repW.Close()
		if fake == nil {
			ServeCalls(reqR, repW, callHandlers, "")
			return
		}
		for {
			head := make([]byte, 11)
			if _, err := io.ReadFull(reqR, head); err != nil {
				return
			}
			args := make([]byte, binary.BigEndian.Uint16(head[9:]))
			io.ReadFull(reqR, args)
			fake(head, repW)
		}
	}()
	return NewCallPipe(repR, reqW)
}

func answerFrame(nonce []byte, status byte, payload string) []byte {
	out := append([]byte{}, nonce[:8]...)
	out = append(out, status)
	out = binary.BigEndian.AppendUint64(out, 1000)
	out = binary.BigEndian.AppendUint32(out, uint32(len(payload)))
	return append(out, payload...)
}

func TestCallPipe(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fake   func(req []byte, w io.Writer)
		args   string
		answer string
		status Status
		detail string
	}{
		{name: "ok", args: "ab", answer: "abab"},
		{name: "panic", args: "panic", status: Crash, detail: "panicked: boom"},
		{name: "not done", args: "notdone", status: Unfinished, detail: "not done yet"},
		{name: "hang", args: "hang", status: Timeout, detail: "did not return within 100ms of CPU time"},
		{name: "goexit", args: "goexit", status: Crash, detail: "stopped its goroutine (runtime.Goexit)"},
		{name: "garbage", fake: func(_ []byte, w io.Writer) { w.Write([]byte("hello, I am your answer\n")) },
			status: Crash, detail: BadAnswer},
		{name: "short frame", fake: func(req []byte, w io.Writer) { w.Write(answerFrame(req, 0, "abcd")[:23]); w.(io.Closer).Close() },
			status: Crash, detail: BadAnswer + ": an answer cut short"},
		{name: "wrong nonce", fake: func(req []byte, w io.Writer) {
			other := append([]byte{}, req...)
			other[0] ^= 1
			w.Write(answerFrame(other, 0, "abab"))
		}, status: Crash, detail: BadAnswer + ": an answer to no call asked"},
		{name: "unknown status", fake: func(req []byte, w io.Writer) { w.Write(answerFrame(req, 7, "")) },
			status: Crash, detail: BadAnswer + ": an answer of status 7"},
		{name: "fault that is none", fake: func(req []byte, w io.Writer) { w.Write(answerFrame(req, 1, "{}")) },
			status: Crash, detail: BadAnswer + ": a fault that does not read as one"},
		{name: "stopped", fake: func(_ []byte, w io.Writer) { w.(io.Closer).Close() },
			status: Crash, detail: BadAnswer + ": it stopped before answering"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := pipePair(t, tc.fake)
			args := tc.args
			if args == "" {
				args = "ab"
			}
			var got []byte
			var track Tracker
			call := func() {
				track.Call(1, func() string { return "F(" + args + ")" })
				got = p.Call(1, []byte(args))
				track.Leave()
			}
			f := Guard(5*time.Second, "", &track, call)
			if f.Status == Timeout && IsStarved(f.Detail) {
				return // the machine's, not the pipe's: no verdict either way
			}
			if f.Status != tc.status || !strings.HasPrefix(f.Detail, tc.detail) {
				t.Fatalf("fault %+v, want status %q, detail starting %q", f, tc.status, tc.detail)
			}
			if tc.status == "" {
				if string(got) != tc.answer {
					t.Fatalf("answer %q, want %q", got, tc.answer)
				}
				return
			}
			// Blamed as a fault in this process would be: the TODO
			// called, and the call in progress for a crash or a hang.
			if tc.status != Unfinished && (f.TODO != 1 || f.Input != "F("+args+")") {
				t.Errorf("fault %+v: want TODO 1 and this side's input", f)
			}
			if tc.fake != nil {
				// A pipe that answered wrongly once answers nothing again.
				if g := Guard(time.Second, "", &track, call); g.Detail != f.Detail {
					t.Errorf("after a bad answer, a call got %+v", g)
				}
				return
			}
			// The serving side goes on after a fault of the learner's.
			if g := Guard(5*time.Second, "", nil, func() { got = p.Call(1, []byte("cd")) }); !g.OK() || string(got) != "cdcd" {
				t.Errorf("after the fault, a call got %q, %+v", got, g)
			}
		})
	}
}

// A call's CPU time counts where it was asked too: a piece bounded at
// 100 ms of CPU that makes twenty calls of 10 ms each across the pipe is
// stopped on its CPU bound, as it would be were the calls its own, though
// its own thread only waits. The same calls within a roomy bound finish.
func TestCallPipeChargesTheCallersCPUBound(t *testing.T) {
	// Each guard gets a pipe of its own: the first leaves its calls going
	// on after it stopped (a guard cannot stop a goroutine), until stop
	// ends them between calls once the verdict is in.
	calls := func(p *CallPipe, stop *atomic.Bool) func() {
		return func() {
			for i := 0; i < 20 && !stop.Load(); i++ {
				p.Call(1, []byte("slow"))
			}
		}
	}
	var stop, never atomic.Bool
	f := GuardCPU(100*time.Millisecond, "", nil, calls(pipePair(t, nil), &stop))
	stop.Store(true)
	if f.Status == Timeout && IsStarved(f.Detail) {
		t.Skip("the machine starved the run: no verdict")
	}
	if f.Status != Timeout || !strings.Contains(f.Detail, "of CPU time, its own code busy") {
		t.Fatalf("20 calls of 10 ms under a 100 ms CPU bound: %+v", f)
	}
	if f := GuardCPU(10*time.Second, "", nil, calls(pipePair(t, nil), &never)); !f.OK() && !IsStarved(f.Detail) {
		t.Fatalf("under a 10 s bound: %+v", f)
	}
}
