package limit

import (
	"encoding/binary"
	"math"
	"time"

	"termlab/labs"
)

// The learner's TakeToken across the call pipe (labs.ServeCalls,
// labs.CallPipe): the heavy parts (Part 4's fleet, Part 6's door) run in a
// full worker that never links the learner's code, and ask a lean worker,
// which does, for each call. Only TakeToken crosses: it is the one TODO
// the heavy parts call. A call is four numbers out and two back, sent bit
// for bit (float64 bits, the duration's nanoseconds), so every figure is
// the one the call in the same process gives.

const (
	// CallTakeToken is one call of TakeToken.
	CallTakeToken labs.CallKind = 1
	// CallTimeChecks times n decisions of a bucket on the learner's
	// TakeToken where it runs: a time measured across the pipe would be
	// the pipe's round trip, not the learner's code.
	CallTimeChecks labs.CallKind = 2
)

// TimedChecks is the bucket Part 4's cost piece times: its capacity and
// rate (the fleet's promise), a request a millisecond.
const TimedChecks = 10.0

// CallLimit bounds one call of TakeToken, as the day bounds a piece
// (course's partLimit); TimeLimit the timing of many, as a live piece.
const (
	CallLimit = 2 * time.Second
	TimeLimit = 8 * time.Second
)

// Handlers answer the calls with f, the learner's functions as linked.
// TakeToken runs as linked (the check of its answer runs on the part's
// side, where the piece's checked Funcs are); the timing runs on a
// checked bucket, as the cost piece's would in its own process.
func Handlers(f Funcs) map[labs.CallKind]labs.CallHandler {
	return map[labs.CallKind]labs.CallHandler{
		CallTakeToken: {Limit: CallLimit, Run: func(args []byte, track *labs.Tracker) []byte {
			tokens, capacity, rate, elapsed, ok := decodeTake(args)
			if !ok {
				panic("a TakeToken call of the wrong size")
			}
			track.Call(1, func() string { return FormatTakeToken(tokens, capacity, rate, elapsed) })
			left, got := f.TakeToken(tokens, capacity, rate, elapsed)
			track.Leave()
			out := binary.BigEndian.AppendUint64(nil, math.Float64bits(left))
			if got {
				return append(out, 1)
			}
			return append(out, 0)
		}},
		CallTimeChecks: {Limit: TimeLimit, Run: func(args []byte, track *labs.Tracker) []byte {
			if len(args) != 4 {
				panic("a timing call of the wrong size")
			}
			n := int(binary.BigEndian.Uint32(args))
			d := TimeChecks(f.Checked(track).TakeToken, n)
			return binary.BigEndian.AppendUint64(nil, uint64(d))
		}},
	}
}

// TimeChecks is how long one decision of a bucket deciding with take
// takes, over n decisions a millisecond apart.
func TimeChecks(take TakeTokenFunc, n int) time.Duration {
	b := NewTokenBucket(take, TimedChecks, TimedChecks)
	start := time.Now()
	for i := range n {
		b.Allow(time.Duration(i) * time.Millisecond)
	}
	return time.Since(start) / time.Duration(max(1, n))
}

// Remote is the learner's TakeToken answered over p. Its other functions
// are never called by a heavy part: each panics as an unfinished TODO
// would, so a heavy part that grew a call of one says so rather than
// playing a wrong figure. The timing is Timer's.
func Remote(p *labs.CallPipe) Funcs {
	return Funcs{
		TakeToken: func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
			a := p.Call(CallTakeToken, encodeTake(tokens, capacity, rate, elapsed))
			if len(a) != 9 || a[8] > 1 {
				panic(labs.RemoteFault{Fault: labs.Fault{Status: labs.Crash, Detail: labs.BadAnswer + ": a TakeToken answer of the wrong shape"}})
			}
			return math.Float64frombits(binary.BigEndian.Uint64(a)), a[8] == 1
		},
		WindowID: func(time.Duration, time.Duration) int64 { panic(notAcross) },
		Expired:  func(time.Duration, time.Duration, time.Duration) bool { panic(notAcross) },
		NextEmit: func(time.Duration, time.Duration) time.Duration { panic(notAcross) },
	}
}

// notAcross: only TakeToken crosses the pipe.
const notAcross = "limit.Remote: only TakeToken is answered across the call pipe"

// Timer times n checks where the learner's code runs (CallTimeChecks).
func Timer(p *labs.CallPipe) func(n int) time.Duration {
	return func(n int) time.Duration {
		a := p.Call(CallTimeChecks, binary.BigEndian.AppendUint32(nil, uint32(n)))
		if len(a) != 8 {
			panic(labs.RemoteFault{Fault: labs.Fault{Status: labs.Crash, Detail: labs.BadAnswer + ": a timing of the wrong shape"}})
		}
		return time.Duration(binary.BigEndian.Uint64(a))
	}
}

// RemoteTimer, when set, times the learner's checks in the process that
// runs them: set only in a full worker whose learner is across the pipe,
// which plays only the learner's parts (the reference's run in a program
// of their own).
var RemoteTimer func(n int) time.Duration

func encodeTake(tokens, capacity, rate float64, elapsed time.Duration) []byte {
	b := make([]byte, 0, 32)
	b = binary.BigEndian.AppendUint64(b, math.Float64bits(tokens))
	b = binary.BigEndian.AppendUint64(b, math.Float64bits(capacity))
	b = binary.BigEndian.AppendUint64(b, math.Float64bits(rate))
	return binary.BigEndian.AppendUint64(b, uint64(elapsed))
}

func decodeTake(b []byte) (tokens, capacity, rate float64, elapsed time.Duration, ok bool) {
	if len(b) != 32 {
		return 0, 0, 0, 0, false
	}
	f := func(i int) float64 { return math.Float64frombits(binary.BigEndian.Uint64(b[8*i:])) }
	return f(0), f(1), f(2), time.Duration(binary.BigEndian.Uint64(b[24:])), true
}
