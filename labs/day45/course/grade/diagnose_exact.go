package grade

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"termlab/labs/day45/course/limit"
)

// TODO 3's and TODO 4's hints, Expired and NextEmit: exact answers on
// Durations.

type expiredMistake struct {
	expired limit.ExpiredFunc
	hint    string
}

const (
	edgeHint       = "the boundary is on the wrong side: the trailing window is (now − window, now], so a stamp exactly one window old is already out (≤, not <)"
	invertedHint   = "inverted: return true when the stamp no longer counts (it is at or before now − window)"
	expiredMsHint  = "units: whole milliseconds lose windows and ages under a millisecond; compare the Durations themselves"
	expiredSecHint = "units: whole seconds lose the fraction of a second; compare the Durations themselves"
	twoWindowsHint = "one window, not two: a stamp leaves once it is window old"
	pastHint       = "a stamp in the past still counts while it is inside the trailing window (now − window, now]: compare it with now − window, not with now"
)

var expiredMistakes = []expiredMistake{
	{func(s, now, w time.Duration) bool { return s < now-w }, edgeHint},
	{func(s, now, w time.Duration) bool { return now-s > w }, edgeHint},
	{func(s, now, w time.Duration) bool { return !(s <= now-w) }, invertedHint},
	{func(s, now, w time.Duration) bool { return s <= now-w-1 }, edgeHint},
	{func(s, now, w time.Duration) bool { return now.Seconds()-s.Seconds() >= w.Seconds() }, floatHint},
	{func(s, now, w time.Duration) bool { return now.Milliseconds()-s.Milliseconds() >= w.Milliseconds() }, expiredMsHint},
	{func(s, now, w time.Duration) bool {
		return int64(now/time.Second)-int64(s/time.Second) >= int64(w/time.Second)
	}, expiredSecHint},
	{func(s, now, w time.Duration) bool { return s <= now-2*w }, twoWindowsHint},
	{func(s, now, w time.Duration) bool { return s < now }, pastHint},
	{func(s, now, w time.Duration) bool { return s+w < now }, edgeHint},
}

func diagnoseExpired(learner limit.ExpiredFunc, c expiredCase, got, want bool) string {
	probes := probesOf(expiredCases, randomExpired)
	// State first: every reading after this one assumes there is none.
	on := func(c expiredCase) (bool, bool) {
		return guarded(func() bool { return learner(c.stamp, c.now, c.window) })
	}
	if h := twoPasses(append([]expiredCase{c}, probes...), on, strconv.FormatBool); h != "" {
		return h
	}
	if h := changedSince(answeredRight(expiredCases, c), on, func(c expiredCase) bool { return c.now-c.stamp >= c.window }, strconv.FormatBool); h != "" {
		return h
	}
	var answered, ok []bool
	if m := pickMistake(len(expiredMistakes), len(probes),
		func(m int) bool {
			v := expiredMistakes[m].expired(c.stamp, c.now, c.window)
			return v == got && v != want
		},
		func(m, p int) bool {
			if answered == nil {
				answered, ok = answers(probes, func(c expiredCase) bool { return learner(c.stamp, c.now, c.window) })
			}
			q := probes[p]
			return ok[p] && expiredMistakes[m].expired(q.stamp, q.now, q.window) == answered[p]
		}); m >= 0 {
		return expiredMistakes[m].hint
	}
	if h := expiredBehaviour(learner, c, probes); h != "" {
		return h
	}
	switch {
	case c.stamp == c.now-c.window || c.stamp == c.now-c.window+1 || c.stamp == c.now-c.window-1:
		return fmt.Sprintf("at the edge: this stamp is %v old and the window is %v; a stamp stops counting once its age is the window or more, and not a nanosecond before", c.now-c.stamp, c.window)
	case got:
		return "this stamp is still inside (now − window, now]: it still counts, so not expired yet"
	}
	return "this stamp is at or before now − window: it no longer counts, so it has expired"
}

// --- TODO 4 -----------------------------------------------------------------

type emitMistake struct {
	next limit.NextEmitFunc
	hint string
}

var emitMistakes = []emitMistake{
	{func(now, next time.Duration) time.Duration { return min(now, next) }, "not the earlier of the two: a request can leave neither before it arrives nor before its slot, and both must hold"},
	{func(now, next time.Duration) time.Duration { return next }, "an idle queue's slot is in the past, and a request cannot leave before it arrives: never earlier than now"},
	{func(now, next time.Duration) time.Duration { return now }, "the queue holds a request back: it cannot leave before its slot nextEmit"},
	{func(now, next time.Duration) time.Duration { return now + next }, "return a moment on the clock, not a sum of two moments: the request leaves at one of the two instants it is given"},
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

func diagnoseEmit(learner limit.NextEmitFunc, c emitCase, got, want time.Duration) string {
	probes := probesOf(emitCases, randomEmit)
	// State first (a function that keeps the latest time it saw answers
	// a later call later): every reading after this one assumes there is none.
	on := func(c emitCase) (time.Duration, bool) {
		return guarded(func() time.Duration { return learner(c.now, c.nextEmit) })
	}
	if h := twoPasses(append(append([]emitCase{c}, probes...), emitProbes()...), on, time.Duration.String); h != "" {
		return h
	}
	if h := changedSince(answeredRight(emitCases, c), on, func(c emitCase) time.Duration { return max(c.now, c.nextEmit) }, time.Duration.String); h != "" {
		return h
	}
	var answered []time.Duration
	var ok []bool
	if m := pickMistake(len(emitMistakes), len(probes),
		func(m int) bool { v := emitMistakes[m].next(c.now, c.nextEmit); return v == got && v != want },
		func(m, p int) bool {
			if answered == nil {
				answered, ok = answers(probes, func(c emitCase) time.Duration { return learner(c.now, c.nextEmit) })
			}
			return ok[p] && emitMistakes[m].next(probes[p].now, probes[p].nextEmit) == answered[p]
		}); m >= 0 {
		return emitMistakes[m].hint
	}
	if h := emitBehaviour(learner, c, probes); h != "" {
		return h
	}
	switch {
	case got < c.now:
		return "a request cannot leave before it arrives: never earlier than now"
	case got < c.nextEmit:
		return "a request cannot leave before its slot in the queue: never earlier than nextEmit"
	}
	return fmt.Sprintf("%v too late: it leaves the first moment both limits allow, not after", got-want)
}

// safeCall is a mistake model's answer, or -1 where the model itself would
