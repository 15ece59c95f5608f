package course

import (
	"math"
	"math/rand/v2"
	"time"
)

// The hint a failure gets is read off the counterexample: the grader tries
// the known mistakes on the very input that failed, and when one of them
// gives the learner's answer there (and the reference's does not), it names
// that mistake. Otherwise the hint says what the input shows: which way the
// answer is off, and what is special about the input (a refill under a
// millisecond, an hour of idling, a boundary, a clock too big for float64).

// seeded is the random source of case i of TODO n: each case has its own,
// so a case can be drawn again on its own.
func seeded(n, i int) *rand.Rand {
	return rand.New(rand.NewPCG(45, uint64(n)<<32|uint64(i)))
}

// --- TODO 1 -----------------------------------------------------------------

type tokenMistake struct {
	take TakeTokenFunc
	hint string
}

// decide is the second half of TakeToken, shared by the mistakes that get
// only the refill wrong.
func decide(level float64) (float64, bool) {
	if level >= 1 {
		return level - 1, true
	}
	return level, false
}

var tokenMistakes = []tokenMistake{
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens))
	}, "nothing refilled: the refill is elapsed.Seconds() × ratePerSec, and a wait of under a millisecond (or a second) still counts; keep every nanosecond of elapsed"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e/time.Second)*rate))
	}, "units: whole seconds (elapsed / time.Second) drop the fraction of a second; use elapsed.Seconds(), which keeps it"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e.Milliseconds())/1000*rate))
	}, "units: whole milliseconds drop what is under a millisecond; use elapsed.Seconds(), which keeps every nanosecond"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e.Milliseconds())*rate))
	}, "units: the refill is 1000 times too large: ratePerSec is per second, and elapsed.Milliseconds() counts thousandths"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+float64(e)*rate))
	}, "units: a Duration is a count of nanoseconds; multiply ratePerSec by elapsed.Seconds(), not by the raw count"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := tokens + e.Seconds()*rate
		if l >= 1 {
			return min(capacity, l-1), true
		}
		return min(capacity, l), false
	}, "the cap comes after the spend here: cap the refill at capacity first, then spend one token from the capped level"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		ok := tokens >= 1
		if ok {
			tokens--
		}
		return min(capacity, tokens+e.Seconds()*rate), ok
	}, "the token was spent (or refused) before the refill: refill first for the time that passed, then decide on the refilled level"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(capacity, tokens+e.Seconds()*capacity))
	}, "capacity used as the rate: the bucket refills ratePerSec tokens per second; capacity only caps it"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(rate, tokens+e.Seconds()*rate))
	}, "the rate used as the cap: the bucket holds up to capacity tokens, whatever its refill rate"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return decide(min(math.Floor(capacity), tokens+e.Seconds()*rate))
	}, "the capacity was rounded down: a capacity can be fractional (2.5 tokens); cap at capacity itself"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := min(capacity, tokens+e.Seconds()*rate)
		if l > 1 {
			return l - 1, true
		}
		return l, false
	}, "exactly one whole token is enough: a level of 1.0 lets the request in (≥ 1, not > 1)"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := min(capacity, tokens+e.Seconds()*rate)
		return l, l >= 1
	}, "you said yes but did not spend: subtract the one token the request uses"},
	{func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := min(capacity, tokens+e.Seconds()*rate)
		if l >= 1 {
			return l - 1, true
		}
		return 0, false
	}, "a refusal keeps what the bucket holds: the fraction of a token stays for next time"},
}

func diagnoseToken(c tokenCase, gotL float64, gotOK bool, refL float64, refOK bool) string {
	tol := tokenTolerance(c.capacity)
	same := func(l1 float64, ok1 bool, l2 float64, ok2 bool) bool {
		return ok1 == ok2 && math.Abs(l1-l2) <= tol
	}
	for _, m := range tokenMistakes {
		l, ok := m.take(c.tokens, c.capacity, c.rate, c.elapsed)
		if same(l, ok, gotL, gotOK) && !same(l, ok, refL, refOK) {
			return m.hint
		}
	}
	gotLevel, level := gotL+b2f(gotOK), refL+b2f(refOK)
	switch {
	case math.IsNaN(gotL) || math.IsInf(gotL, 0):
		return "look for 0/0, a division by zero or Inf − Inf in your arithmetic"
	case gotL < -tol:
		return "only spend a token that is there: a level under 1 says no and keeps what it has"
	case gotLevel > c.capacity+tol:
		return "the cap was missed: however long the wait, the bucket never holds more than capacity (min with capacity before you spend)"
	case math.Abs(gotLevel-level) <= tol && gotOK:
		return "a request needs one whole token: with less than 1.0 after the refill the answer is no"
	case math.Abs(gotLevel-level) <= tol:
		return "with at least one whole token after the refill the answer is yes: spend it"
	case gotOK && math.Abs(gotL-level) <= tol:
		return "you said yes but did not spend: subtract the one token the request uses"
	case gotLevel < level && c.elapsed < time.Millisecond && c.elapsed > 0:
		return "the refill came out too small: a wait of under a millisecond still refills elapsed.Seconds() × ratePerSec; keep every nanosecond"
	case gotLevel < level && c.elapsed >= time.Minute:
		return "the refill came out too small after a long idle spell: it keeps growing with elapsed, all the way up to capacity, however long the wait"
	case gotLevel < level:
		return "the refill came out too small: it is elapsed.Seconds() × ratePerSec tokens, fractions of a second included, capped only at capacity"
	default:
		return "the refill came out too large: it is elapsed.Seconds() × ratePerSec (per second, not per millisecond), and never past capacity"
	}
}

// --- TODO 2 -----------------------------------------------------------------

type windowMistake struct {
	id   WindowIDFunc
	hint string
}

const floatHint = "float rounding: float64 keeps 53 bits, about 16 digits, and a clock in nanoseconds can have 19; divide the Durations as integers (now / window), which is exact"

var windowMistakes = []windowMistake{
	{func(now, w time.Duration) int64 { return int64(now/w) + 1 }, "windows are numbered from 0: the first window, [0, window), is window 0"},
	{func(now, w time.Duration) int64 { return int64(math.Round(float64(now) / float64(w))) }, "round down, never to the nearest: every instant before the next boundary is still in this window"},
	{func(now, w time.Duration) int64 { return int64(math.Ceil(float64(now) / float64(w))) }, "round down, not up: a window starts at its boundary and lasts until the next"},
	{func(now, w time.Duration) int64 { return int64(now.Seconds() / w.Seconds()) }, floatHint},
	{func(now, w time.Duration) int64 { return int64(float64(now) / float64(w)) }, floatHint},
	{func(now, w time.Duration) int64 { return int64(math.Floor(now.Seconds() / w.Seconds())) }, floatHint},
	{func(now, w time.Duration) int64 {
		if w < time.Millisecond {
			return -1
		}
		return now.Milliseconds() / w.Milliseconds()
	}, "units: whole milliseconds lose a window shorter than a millisecond and the part of now under one; divide the Durations themselves"},
	{func(now, w time.Duration) int64 {
		if w < time.Second {
			return -1
		}
		return int64(now/time.Second) / int64(w/time.Second)
	}, "units: whole seconds lose the fraction of a second; divide the Durations themselves"},
}

func diagnoseWindow(c windowCase, got, want int64) string {
	if got < 0 {
		return "a window number is never negative: windows are numbered 0, 1, 2… from time zero"
	}
	for _, m := range windowMistakes {
		if v := m.id(c.now, c.window); v == got && v != want {
			return m.hint
		}
	}
	switch {
	case c.now%c.window == 0 && got == want-1:
		return "the boundary belongs to the window it starts: now = k × window is the first instant of window k"
	case got == want+1 && c.now%c.window == c.window-1:
		return "one nanosecond before a boundary is still the window before: round down"
	case c.now > 1<<53:
		return floatHint
	case c.window < time.Millisecond:
		return "a window can be shorter than a millisecond (down to 1 µs): divide the Durations themselves"
	}
	return "divide now by window and round down: Durations divide as integers"
}

// --- TODO 3 -----------------------------------------------------------------

type expiredMistake struct {
	expired ExpiredFunc
	hint    string
}

const edgeHint = "the boundary is on the wrong side: the trailing window is (now − window, now], so a stamp exactly one window old is already out (≤, not <)"

var expiredMistakes = []expiredMistake{
	{func(s, now, w time.Duration) bool { return s < now-w }, edgeHint},
	{func(s, now, w time.Duration) bool { return now-s > w }, edgeHint},
	{func(s, now, w time.Duration) bool { return !(s <= now-w) }, "inverted: return true when the stamp no longer counts (it is at or before now − window)"},
	{func(s, now, w time.Duration) bool { return s <= now-w-1 }, edgeHint},
	{func(s, now, w time.Duration) bool { return now.Seconds()-s.Seconds() >= w.Seconds() }, floatHint},
	{func(s, now, w time.Duration) bool { return now.Milliseconds()-s.Milliseconds() >= w.Milliseconds() },
		"units: whole milliseconds lose windows and ages under a millisecond; compare the Durations themselves"},
	{func(s, now, w time.Duration) bool {
		return int64(now/time.Second)-int64(s/time.Second) >= int64(w/time.Second)
	}, "units: whole seconds lose the fraction of a second; compare the Durations themselves"},
	{func(s, now, w time.Duration) bool { return s <= now-2*w }, "one window, not two: a stamp leaves once it is window old"},
	{func(s, now, w time.Duration) bool { return s+w < now }, edgeHint},
}

func diagnoseExpired(c expiredCase, got, want bool) string {
	for _, m := range expiredMistakes {
		if v := m.expired(c.stamp, c.now, c.window); v == got && v != want {
			return m.hint
		}
	}
	switch {
	case c.stamp == c.now-c.window || c.stamp == c.now-c.window+1 || c.stamp == c.now-c.window-1:
		return edgeHint
	case c.now > 1<<53:
		return floatHint
	case got:
		return "this stamp is still inside (now − window, now]: it still counts, so not expired yet"
	}
	return "this stamp is at or before now − window: it no longer counts, so it has expired"
}

// --- TODO 4 -----------------------------------------------------------------

type emitMistake struct {
	next NextEmitFunc
	hint string
}

var emitMistakes = []emitMistake{
	{func(now, next time.Duration) time.Duration { return min(now, next) }, "the later of the two, not the earlier: a request waits for its slot and cannot leave before it arrives"},
	{func(now, next time.Duration) time.Duration { return next }, "an idle queue's slot is in the past, and a request cannot leave before it arrives: never earlier than now"},
	{func(now, next time.Duration) time.Duration { return now }, "the queue holds a request back: it cannot leave before its slot nextEmit"},
	{func(now, next time.Duration) time.Duration { return now + next }, "return a moment in time, not a sum: the later of now and nextEmit"},
	{func(now, next time.Duration) time.Duration { return next - now }, "return when it leaves (a moment on the clock), not how long it waits"},
	{func(now, next time.Duration) time.Duration {
		return time.Duration(math.Max(float64(now), float64(next)))
	}, floatHint},
	{func(now, next time.Duration) time.Duration {
		return time.Duration(math.Max(now.Seconds(), next.Seconds()) * 1e9)
	}, floatHint},
	{func(now, next time.Duration) time.Duration { return max(now, next).Truncate(time.Millisecond) },
		"units: whole milliseconds move the answer; Durations compare and return exactly"},
	{func(now, next time.Duration) time.Duration { return max(now, next).Round(time.Millisecond) },
		"units: whole milliseconds move the answer; Durations compare and return exactly"},
}

func diagnoseEmit(c emitCase, got, want time.Duration) string {
	for _, m := range emitMistakes {
		if v := m.next(c.now, c.nextEmit); v == got && v != want {
			return m.hint
		}
	}
	switch {
	case got < c.now:
		return "a request cannot leave before it arrives: never earlier than now"
	case got < c.nextEmit:
		return "a request cannot leave before its slot in the queue: never earlier than nextEmit"
	case c.now > 1<<53 || c.nextEmit > 1<<53:
		return floatHint
	}
	return "too late: it leaves as soon as both hold, the later of now and nextEmit, no later"
}
