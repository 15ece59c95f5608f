package grade_test

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/grade"
	"termlab/runner/testrun"
	"termlab/solutions/day45"
)

// The hints that WindowID, Expired and NextEmit read off what the
// function does (issue 33), each against variants written for its
// property: each wrong one fails and its hint names its mistake (want),
// never a wrong one (not); the correct ones, in other styles, pass with
// no hint.

var (
	hintLastID    int64         // a WindowID that never lets its answer go back
	hintLastNow   time.Duration // an Expired that keeps the latest clock it saw
	hintEmitCalls int           // a NextEmit that counts its calls
)

type hinted struct {
	v         variant
	want, not string
}

var wrongHinted = []hinted{
	// WindowID
	{variant{name: "the start, now − now % window", id: func(now, w time.Duration) int64 { return int64(now - now%w) }}, "start of now's window", "after now"},
	{variant{name: "the start, Truncate", id: func(now, w time.Duration) int64 { return int64(now.Truncate(w)) }}, "start of now's window", "after now"},
	{variant{name: "numbered from 2", id: func(now, w time.Duration) int64 { return int64(now/w) + 2 }}, "2 more", "round"},
	{variant{name: "rounds up with an if", id: func(now, w time.Duration) int64 {
		q := now / w
		if now%w != 0 {
			q++
		}
		return int64(q)
	}}, "not up", "nearest"},
	{variant{name: "nearest by doubling", id: func(now, w time.Duration) int64 { return int64((2*now + w) / (2 * w)) }}, "nearest", "not up"},
	{variant{name: "a boundary kept in the window before", id: func(now, w time.Duration) int64 {
		if now > 0 && now%w == 0 {
			return int64(now/w) - 1
		}
		return int64(now / w)
	}}, "first instant", "round"},
	{variant{name: "now + 1 divided", id: func(now, w time.Duration) int64 { return int64((now + 1) / w) }}, "round down", "nearest"},
	{variant{name: "divides by window + 1 µs", id: func(now, w time.Duration) int64 { return int64(now / (w + time.Microsecond)) }}, "window + 1µs", "round"},
	{variant{name: "divides by window − 1", id: func(now, w time.Duration) int64 { return int64(now / (w - 1)) }}, "window − 1ns", "round"},
	{variant{name: "now in µs over the window in ns", id: func(now, w time.Duration) int64 { return now.Microseconds() / int64(w) }}, "1000 times too small", "round"},
	{variant{name: "whole seconds of both, as floats cut", id: func(now, w time.Duration) int64 {
		return int64(now.Seconds()) / max(1, int64(w.Seconds()))
	}}, "whole seconds", "round down"},
	{variant{name: "float64 quotient floored", id: func(now, w time.Duration) int64 { return int64(math.Floor(float64(now) / float64(w))) }}, "float", "round down"},
	{variant{name: "hours as floats", id: func(now, w time.Duration) int64 { return int64(now.Hours() / w.Hours()) }}, "float", "round down"},
	{variant{name: "scaled by 1000 and back", id: func(now, w time.Duration) int64 { return int64(now*1000/w) / 1000 }}, "overflowed", "float"},
	{variant{name: "never goes back", id: func(now, w time.Duration) int64 {
		hintLastID = max(hintLastID, int64(now/w))
		return hintLastID
	}}, "between calls", "round"},
	// Expired
	{variant{name: "two nanoseconds early", exp: func(s, now, w time.Duration) bool { return now-s >= w-2 }}, "2ns early", "late"},
	{variant{name: "a microsecond late", exp: func(s, now, w time.Duration) bool { return now-s >= w+time.Microsecond }}, "1µs late", "early"},
	{variant{name: "not at most the window", exp: func(s, now, w time.Duration) bool { return !(now-s <= w) }}, "wrong side", "early"},
	{variant{name: "window plus window", exp: func(s, now, w time.Duration) bool { return now-s >= w+w }}, "not two", "half"},
	{variant{name: "a millisecond past the window", exp: func(s, now, w time.Duration) bool { return s <= now-w-time.Millisecond }}, "1ms late", "early"},
	{variant{name: "three windows", exp: func(s, now, w time.Duration) bool { return now-s >= 3*w }}, "3 windows", "half"},
	{variant{name: "twice the age", exp: func(s, now, w time.Duration) bool { return 2*(now-s) >= w }}, "half", "two"},
	{variant{name: "a second, whatever the window", exp: func(s, now, w time.Duration) bool { return now-s >= time.Second }}, "makes no difference", "boundary"},
	{variant{name: "always expired", exp: func(s, now, w time.Duration) bool { return true }}, "of now itself", "boundary"},
	{variant{name: "whole microseconds of the age", exp: func(s, now, w time.Duration) bool { return (now - s).Microseconds() >= w.Microseconds() }}, "microseconds", "boundary"},
	{variant{name: "whole seconds as floats cut", exp: func(s, now, w time.Duration) bool {
		return int64((now - s).Seconds()) >= int64(w.Seconds())
	}}, "whole seconds", "boundary"},
	{variant{name: "before now's fixed window", exp: func(s, now, w time.Duration) bool { return s < now/w*w }}, "fixed-window", "boundary"},
	// Its answer also moves only at window boundaries, but never with now:
	// it is not told it compares window numbers (no hint names "now left out").
	{variant{name: "now left out: the stamp against the window", exp: func(s, now, w time.Duration) bool { return s >= w }}, "", "fixed-window"},
	{variant{name: "float64 clocks", exp: func(s, now, w time.Duration) bool { return float64(now)-float64(s) >= float64(w) }}, "float", "boundary"},
	{variant{name: "inside plus window", exp: func(s, now, w time.Duration) bool { return !(s+w <= now) }}, "inverted", "boundary"},
	{variant{name: "the latest clock kept", exp: func(s, now, w time.Duration) bool {
		hintLastNow = max(hintLastNow, now)
		return hintLastNow-s >= w
	}}, "between calls", "boundary"},
	// NextEmit
	{variant{name: "a microsecond after", emit: func(now, next time.Duration) time.Duration { return max(now, next) + time.Microsecond }}, "1µs too late", "early"},
	{variant{name: "a microsecond before the slot", emit: func(now, next time.Duration) time.Duration {
		if next > now {
			return next - time.Microsecond
		}
		return now
	}}, "1µs before its slot", "too late"},
	{variant{name: "a millisecond after the slot", emit: func(now, next time.Duration) time.Duration {
		if next > now {
			return next + time.Millisecond
		}
		return now
	}}, "1ms after its slot", "early"},
	{variant{name: "the wait three times", emit: func(now, next time.Duration) time.Duration {
		if next > now {
			return now + 3*(next-now)
		}
		return now
	}}, "counted 3 times", "early"},
	{variant{name: "an idle request a millisecond late", emit: func(now, next time.Duration) time.Duration {
		if next < now {
			return now + time.Millisecond
		}
		return next
	}}, "1ms late", "early"},
	{variant{name: "waits capped at ten minutes", emit: func(now, next time.Duration) time.Duration {
		return min(max(now, next), now+10*time.Minute)
	}}, "waits up to 10m0s", "float"},
	{variant{name: "whole seconds", emit: func(now, next time.Duration) time.Duration { return max(now, next).Truncate(time.Second) }}, "whole seconds", "float"},
	{variant{name: "rounded to microseconds", emit: func(now, next time.Duration) time.Duration { return max(now, next).Round(time.Microsecond) }}, "microseconds", "float"},
	{variant{name: "float microseconds", emit: func(now, next time.Duration) time.Duration {
		return time.Duration(math.Max(float64(now)/1e3, float64(next)/1e3) * 1e3)
	}}, "float", "units"},
	{variant{name: "odd calls a nanosecond late", emit: func(now, next time.Duration) time.Duration {
		hintEmitCalls++
		return max(now, next) + time.Duration(hintEmitCalls%2)
	}}, "between calls", "float"},
}

var correctHinted = []variant{
	{name: "split: whole windows plus the floor of the rest", id: func(now, w time.Duration) int64 {
		return int64(now/w) + int64(math.Floor(float64(now%w)/float64(w)))
	}},
	{name: "a loop taking the largest doubling of the window", id: func(now, w time.Duration) int64 {
		rest, k := now, int64(0)
		for rest >= w {
			step, span := int64(1), w
			for span <= rest-span {
				span, step = 2*span, 2*step
			}
			rest, k = rest-span, k+step
		}
		return k
	}},
	{name: "whole windows in the age", exp: func(s, now, w time.Duration) bool { return (now-s)/w >= 1 }},
	{name: "floor of the float ratio of the age", exp: func(s, now, w time.Duration) bool {
		return math.Floor(float64(now-s)/float64(w)) >= 1
	}},
	{name: "a switch on the age", exp: func(s, now, w time.Duration) bool {
		switch age := now - s; {
		case age < w:
			return false
		default:
			return true
		}
	}},
	{name: "wait added when positive", emit: func(now, next time.Duration) time.Duration {
		out := now
		if next-now > 0 {
			out += next - now
		}
		return out
	}},
	{name: "slot unless it is past", emit: func(now, next time.Duration) time.Duration {
		if next > now {
			return next
		}
		return now
	}},
}

func TestPropertyHintsNameTheMistake(t *testing.T) {
	grade.LiftGradeLimit(t, time.Minute)
	for _, h := range wrongHinted {
		t.Run(h.v.name, func(t *testing.T) {
			hintLastID, hintLastNow, hintEmitCalls = 0, 0, 0
			n := h.v.todo()
			g := grade.TODO(n, h.v.funcs(), day45.Funcs)
			if g.Status != labs.Fail {
				t.Fatalf("TODO %d: %s (%s), want a fail", n, g.Status, g.Detail)
			}
			t.Logf("%s | %s", g.Detail, g.Hint)
			if !strings.Contains(g.Hint, h.want) || strings.Contains(g.Hint, h.not) {
				t.Errorf("hint %q: want it to contain %q and not %q", g.Hint, h.want, h.not)
			}
			if strings.Contains(g.Hint, "starts at -") || strings.Contains(g.Hint, "at -") {
				t.Errorf("hint %q prints a negative time", g.Hint)
			}
		})
	}
}

func TestPropertyHintsCorrectPassWithoutHint(t *testing.T) {
	grade.LiftGradeLimit(t, time.Minute)
	per := map[int]int{}
	for _, v := range correctHinted {
		// A correct variant's grade runs every check and experiment of its
		// TODO: the default run grades the first of each TODO, the whole
		// suite every one (testrun.Sampled).
		if per[v.todo()]++; !testrun.Sampled(per[v.todo()], 1) {
			continue
		}
		t.Run(v.name, func(t *testing.T) {
			g := grade.TODO(v.todo(), v.funcs(), day45.Funcs)
			if g.Status != labs.Pass || g.Hint != "" {
				t.Errorf("TODO %d: %s: %s (hint %q)", v.todo(), g.Status, g.Detail, g.Hint)
			}
		})
	}
}

// The constant hints added for these readings are listed among the
// mistake hints, so the equivalence suite holds every variant that gets
// one to its own mistake.
func TestPropertyHintsAreListed(t *testing.T) {
	for n, words := range map[int][]string{2: {"start of now's window", "first instant", "overflowed"}, 3: {"fixed-window", "whole microseconds"}, 4: {"whole microseconds", "whole seconds"}} {
		hints := grade.MistakeHints(n)
		for _, w := range words {
			if !slices.ContainsFunc(hints, func(h string) bool { return strings.Contains(h, w) }) {
				t.Errorf("TODO %d: no mistake hint contains %q", n, w)
			}
		}
	}
}
