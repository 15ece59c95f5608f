package grade_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/grade"
	"termlab/labs/diagnose"
	"termlab/solutions/day45"
)

// The rows added after family 5 (issue 42), each tried on its mistake
// written in another shape than family 5's (mentions: words its hint must
// hold, and it must be a named hint) and on a near miss that must not be
// told it ("-words": the hint must not hold them).
var rowsAfterFamily5 = []variant{
	// The old level times the rate.
	{name: "rate times each term", mentions: "old level is multiplied", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(math.Min(capacity, tokens*rate+e.Seconds()*rate))
	}},
	{name: "near: the rate squared", mentions: "-old level is multiplied", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(math.Min(capacity, tokens+e.Seconds()*rate*rate))
	}},
	// The interval between tokens truncated to whole nanoseconds.
	{name: "interval as a Duration, counted in seconds", mentions: "drops the part of a nanosecond", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		step := time.Duration(1e9 / rate)
		return spend(math.Min(capacity, tokens+e.Seconds()/step.Seconds()))
	}},
	{name: "near: the interval rounded to the nearest nanosecond", mentions: "-drops the part of a nanosecond", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		step := time.Duration(math.Round(1e9 / rate))
		return spend(math.Min(capacity, tokens+float64(e)/float64(step)))
	}},
	// The cap on the paying branch only.
	{name: "refused first, capped when paid", mentions: "only on the branch that spends", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		if l := tokens + e.Seconds()*rate; l < 1 {
			return l, false
		} else {
			return math.Min(l, capacity) - 1, true
		}
	}},
	{name: "near: the cap on the refusing branch only", mentions: "-only on the branch that spends", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		l := tokens + e.Seconds()*rate
		if l >= 1 {
			return l - 1, true
		}
		return math.Min(l, capacity), false
	}},
	// The window number in 32 bits.
	{name: "int64 division cut to int32", mentions: "32 bits", id: func(now, w time.Duration) int64 {
		return int64(int32(int64(now) / int64(w)))
	}},
	{name: "near: the number held at the int32 limit", mentions: "-32 bits", id: func(now, w time.Duration) int64 {
		return min(int64(now/w), math.MaxInt32)
	}},
	// A stamp at zero out before a window has passed.
	{name: "an early clock expires the zero stamp", mentions: "stamp at zero is out", exp: func(stamp, now, w time.Duration) bool {
		if now < w && stamp == 0 {
			return true
		}
		return now-stamp >= w
	}},
	{name: "near: a stamp at zero never expires", mentions: "-stamp at zero is out", exp: func(stamp, now, w time.Duration) bool {
		if stamp == 0 {
			return false
		}
		return now-stamp >= w
	}},
	// A bound within a nanosecond or two of the window.
	{name: "the age in float seconds with a slack", mentions: "1ns", exp: func(stamp, now, w time.Duration) bool {
		return (now - stamp).Seconds() >= w.Seconds()-1e-9
	}},
	{name: "near: whole microseconds of the age", mentions: "-slack", exp: func(stamp, now, w time.Duration) bool {
		return (now-stamp)/time.Microsecond*time.Microsecond >= w
	}},
	// Only a zero slot taken as idle.
	{name: "a switch on the zero slot", mentions: "only 0 is taken", emit: func(now, next time.Duration) time.Duration {
		switch next {
		case 0:
			return now
		default:
			return next
		}
	}},
	{name: "near: a slot a second stale taken as idle too", mentions: "-only 0 is taken", emit: func(now, next time.Duration) time.Duration {
		if next == 0 || now-next > time.Second {
			return now
		}
		return next
	}},
	// The two moments compared as floats.
	{name: "the slot first, compared in float seconds", mentions: "float rounding", emit: func(now, next time.Duration) time.Duration {
		if next.Seconds() > now.Seconds() {
			return next
		}
		return now
	}},
	{name: "near: a slot a nanosecond ahead taken as now, exactly", mentions: "-float", emit: func(now, next time.Duration) time.Duration {
		if now >= next-1 {
			return now
		}
		return next
	}},
}

func TestRowsAfterFamily5(t *testing.T) {
	grade.LiftGradeLimit(t, time.Minute)
	for _, v := range rowsAfterFamily5 {
		t.Run(v.name, func(t *testing.T) {
			n := v.todo()
			g := grade.TODO(n, v.funcs(), day45.Funcs)
			t.Logf("%s | %s", g.Detail, g.Hint)
			switch not, near := strings.CutPrefix(v.mentions, "-"); {
			case g.Status != labs.Fail:
				t.Fatalf("TODO %d: %s (%s), want a fail", n, g.Status, g.Detail)
			case near && strings.Contains(g.Hint, not):
				t.Errorf("a near miss told %q: %s", not, g.Hint)
			case !near && (!strings.Contains(g.Hint, v.mentions) || !diagnose.IsNamedID(g.HintID)):
				t.Errorf("the hint does not name its mistake (%q): %s", v.mentions, g.Hint)
			}
		})
	}
}
