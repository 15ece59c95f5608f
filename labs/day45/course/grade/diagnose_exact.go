package grade

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"termlab/labs/day45/course/limit"
	"termlab/labs/diagnose"
)

// TODO 3's and TODO 4's hints, Expired and NextEmit: exact answers on
// Durations.

// expiredMistake is a known mistake as a row of expiredTable.
func expiredMistake(f limit.ExpiredFunc, h diagnose.Hint) diagnose.Row[expiredCase, bool] {
	return diagnose.Named(h, func(c expiredCase) bool { return f(c.stamp, c.now, c.window) })
}

var (
	edgeHint       = expiredHints.Name("expired.edge", "the boundary is on the wrong side: the trailing window is (now − window, now], so a stamp exactly one window old is already out (≤, not <)")
	invertedHint   = expiredHints.Name("expired.inverted", "inverted: return true when the stamp no longer counts (it is at or before now − window)")
	expiredMsHint  = expiredHints.Name("expired.unit-ms", "units: whole milliseconds lose windows and ages under a millisecond; compare the Durations themselves")
	expiredSecHint = expiredHints.Name("expired.unit-s", "units: whole seconds lose the fraction of a second; compare the Durations themselves")
	twoWindowsHint = expiredHints.Name("expired.two-windows", "one window, not two: a stamp leaves once it is window old")
	pastHint       = expiredHints.Name("expired.against-now", "a stamp in the past still counts while it is inside the trailing window (now − window, now]: compare it with now − window, not with now")
)

var expiredFloatHint = expiredHints.Name("expired.float", floatHint)

var expiredTable = diagnose.Table[expiredCase, bool]{Same: equal[expiredCase, bool], Rows: []diagnose.Row[expiredCase, bool]{
	expiredMistake(func(s, now, w time.Duration) bool { return s < now-w }, edgeHint),
	expiredMistake(func(s, now, w time.Duration) bool { return now-s > w }, edgeHint),
	expiredMistake(func(s, now, w time.Duration) bool { return !(s <= now-w) }, invertedHint),
	expiredMistake(func(s, now, w time.Duration) bool { return s <= now-w-1 }, edgeHint),
	expiredMistake(func(s, now, w time.Duration) bool { return now.Seconds()-s.Seconds() >= w.Seconds() }, expiredFloatHint),
	expiredMistake(func(s, now, w time.Duration) bool { return now.Milliseconds()-s.Milliseconds() >= w.Milliseconds() }, expiredMsHint),
	expiredMistake(func(s, now, w time.Duration) bool {
		return int64(now/time.Second)-int64(s/time.Second) >= int64(w/time.Second)
	}, expiredSecHint),
	expiredMistake(func(s, now, w time.Duration) bool { return s <= now-2*w }, twoWindowsHint),
	expiredMistake(func(s, now, w time.Duration) bool { return s < now }, pastHint),
	expiredMistake(func(s, now, w time.Duration) bool { return s+w < now }, edgeHint),
	// Added after family 5: a stamp at 0 out before a window has passed
	// (the window's start clamped at 0, or 0 read as no stamp: one function).
	expiredMistake(func(s, now, w time.Duration) bool { return s <= max(now-w, 0) }, expiredHints.Name("expired.zero-stamp-out", "a stamp at zero is out at once here, before a full window has gone by: zero is a moment like any other, not \"no stamp\", and the trailing window is not cut off at zero; a stamp is out once now − stamp ≥ window")),
}}

// expiredNamed is the hint that names the learner's mistake on c (got: its
// answer, want: the reference's), read off the probes; or none.
func expiredNamed(learner limit.ExpiredFunc, c expiredCase, got, want bool) diagnose.Hint {
	probes := probesOf(expiredCases, randomExpired)
	// State first: every reading after this one assumes there is none.
	on := func(c expiredCase) (bool, bool) {
		return diagnose.Try(func() bool { return learner(c.stamp, c.now, c.window) })
	}
	if h := twoPasses(append([]expiredCase{c}, probes...), on, strconv.FormatBool); !h.None() {
		return h
	}
	if h := changedSince(answeredRight(expiredCases, c), on, func(c expiredCase) bool { return c.now-c.stamp >= c.window }, strconv.FormatBool); !h.None() {
		return h
	}
	return expiredTable.Diagnose(c, got, want, probes, func(c expiredCase) bool { return learner(c.stamp, c.now, c.window) }, func(c expiredCase) bool { return c.now-c.stamp >= c.window })
}

// expiredPlain says plainly what differs on c (got: the learner's answer),
// read off it alone.
func expiredPlain(c expiredCase, got bool) diagnose.Hint {
	switch {
	case c.stamp == c.now-c.window || c.stamp == c.now-c.window+1 || c.stamp == c.now-c.window-1:
		return diagnose.Plain("expired-edge", fmt.Sprintf("at the edge: this stamp is %v old and the window is %v; a stamp stops counting once its age is the window or more, and not a nanosecond before", c.now-c.stamp, c.window))
	case got:
		return diagnose.Plain("expired-still-in", "this stamp is still inside (now − window, now]: it still counts, so not expired yet")
	}
	return diagnose.Plain("expired-out", "this stamp is at or before now − window: it no longer counts, so it has expired")
}

// --- TODO 4 -----------------------------------------------------------------

// emitMistake is a known mistake as a row of emitTable.
func emitMistake(f limit.NextEmitFunc, h diagnose.Hint) diagnose.Row[emitCase, time.Duration] {
	return diagnose.Named(h, func(c emitCase) time.Duration { return f(c.now, c.nextEmit) })
}

var (
	emitSlotOnlyHint = emitHints.Name("emit.slot-only", "an idle queue's slot is in the past, and a request cannot leave before it arrives: never earlier than now")
	emitNowOnlyHint  = emitHints.Name("emit.now-only", "the queue holds a request back: it cannot leave before its slot nextEmit")
	emitWaitHint     = emitHints.Name("emit.wait", "return when it leaves (a moment on the clock), not how long it waits")
	emitMsHint       = emitHints.Name("emit.unit-ms", "units: whole milliseconds move the answer; Durations compare and return exactly")
	emitFloatHint    = emitHints.Name("emit.float", floatHint)
)

var emitTable = diagnose.Table[emitCase, time.Duration]{Same: equal[emitCase, time.Duration], Rows: []diagnose.Row[emitCase, time.Duration]{
	emitMistake(func(now, next time.Duration) time.Duration { return min(now, next) }, emitHints.Name("emit.min", "not the earlier of the two: a request can leave neither before it arrives nor before its slot, and both must hold")),
	emitMistake(func(now, next time.Duration) time.Duration { return next }, emitSlotOnlyHint),
	emitMistake(func(now, next time.Duration) time.Duration { return now }, emitNowOnlyHint),
	emitMistake(func(now, next time.Duration) time.Duration { return now + next }, emitHints.Name("emit.sum", "return a moment on the clock, not a sum of two moments: the request leaves at one of the two instants it is given")),
	emitMistake(func(now, next time.Duration) time.Duration { return next - now }, emitWaitHint),
	emitMistake(func(now, next time.Duration) time.Duration {
		return time.Duration(math.Max(float64(now), float64(next)))
	}, emitFloatHint),
	emitMistake(func(now, next time.Duration) time.Duration {
		return time.Duration(math.Max(now.Seconds(), next.Seconds()) * 1e9)
	}, emitFloatHint),
	emitMistake(func(now, next time.Duration) time.Duration { return max(now, next).Truncate(time.Millisecond) }, emitMsHint),
	emitMistake(func(now, next time.Duration) time.Duration { return max(now, next).Round(time.Millisecond) }, emitMsHint),
	// Added after family 5: the two moments compared as floats (the
	// answer one of them, exact), and only a slot of 0 taken as idle.
	emitMistake(func(now, next time.Duration) time.Duration {
		if now.Seconds() >= next.Seconds() {
			return now
		}
		return next
	}, emitFloatHint),
	emitMistake(func(now, next time.Duration) time.Duration {
		if float64(now) >= float64(next) {
			return now
		}
		return next
	}, emitFloatHint),
	emitMistake(func(now, next time.Duration) time.Duration {
		if next == 0 {
			return now
		}
		return next
	}, emitHints.Name("emit.zero-idle", "only 0 is taken to mean nothing is queued here: a queue with nothing in it can hold any moment before now, and then the request leaves as it arrives: never earlier than now")),
}}

// emitNamed is the hint that names the learner's mistake on c (got: its
// answer, want: the reference's), read off the probes; or none.
func emitNamed(learner limit.NextEmitFunc, c emitCase, got, want time.Duration) diagnose.Hint {
	// The table's probes hold the long-clock ones (emitProbes) too: a row
	// is told only where it reproduces the learner on them (a float
	// comparison ties only a few nanoseconds apart a century in).
	probes := append(probesOf(emitCases, randomEmit), emitProbes()...)
	// State first (a function that keeps the latest time it saw answers
	// a later call later): every reading after this one assumes there is none.
	on := func(c emitCase) (time.Duration, bool) {
		return diagnose.Try(func() time.Duration { return learner(c.now, c.nextEmit) })
	}
	if h := twoPasses(append([]emitCase{c}, probes...), on, time.Duration.String); !h.None() {
		return h
	}
	if h := changedSince(answeredRight(emitCases, c), on, func(c emitCase) time.Duration { return max(c.now, c.nextEmit) }, time.Duration.String); !h.None() {
		return h
	}
	return emitTable.Diagnose(c, got, want, probes, func(c emitCase) time.Duration { return learner(c.now, c.nextEmit) }, func(c emitCase) time.Duration { return max(c.now, c.nextEmit) })
}

// emitPlain says plainly what differs on c, read off it alone.
func emitPlain(c emitCase, got, want time.Duration) diagnose.Hint {
	switch {
	case got < c.now:
		return diagnose.Plain("emit-before-now", "a request cannot leave before it arrives: never earlier than now")
	case got < c.nextEmit:
		return diagnose.Plain("emit-before-slot", "a request cannot leave before its slot in the queue: never earlier than nextEmit")
	}
	return diagnose.Plain("emit-late", fmt.Sprintf("%v too late: it leaves the first moment both limits allow, not after", got-want))
}
