package testrun

import (
	"sync/atomic"
	"testing"
)

// SlowCall is a learner's function slow on every call: each call spins
// for about a millisecond of CPU, until t ends; from then on a call
// returns at once, so a guarded run the grader gave up on (left running,
// as a guard leaves it) finishes instead of burning a core for the rest
// of the tests. Still reports whether the spinning is on, for a function
// that spins on one input only.
func SlowCall(t testing.TB) (slow func(), still func() bool) {
	var on atomic.Bool
	on.Store(true)
	t.Cleanup(func() { on.Store(false) })
	return func() {
		x := uint64(1)
		for i := 0; i < 1_000_000 && on.Load(); i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
		spinSink.Add(x)
	}, on.Load
}

// spinSink keeps SlowCall's work from being optimised away.
var spinSink atomic.Uint64
