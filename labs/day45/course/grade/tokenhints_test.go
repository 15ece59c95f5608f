package grade_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/grade"
	"termlab/solutions/day45"
)

// The hints that TakeToken reads off what the function does (issue 33),
// each against learner-style variants written for its property: each
// wrong one fails and its hint names its mistake (want), never a wrong
// one (not); the correct ones, in other styles, pass with no hint.

var wrongTokenHinted = []hinted{
	{variant{name: "capped at capacity − 1", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c-1, t+e.Seconds()*r)
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "capacity − 1", "floor"},
	{variant{name: "rate per hour", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+e.Hours()*r)
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "3600", "large"},
	{variant{name: "rate per minute", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+e.Minutes()*r)
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "60 times", "large"},
	{variant{name: "no hands back the old tokens", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+e.Seconds()*r)
		if l >= 1 {
			return l - 1, true
		}
		return t, false
	}}, "before the refill", "negative"},
	{variant{name: "any credit above zero", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+e.Seconds()*r)
		if l > 0 {
			return l - 1, true
		}
		return l, false
	}}, "less than one whole token", "negative"},
	{variant{name: "any credit, floored at zero", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+e.Seconds()*r)
		if l > 0 {
			return math.Max(0, l-1), true
		}
		return l, false
	}}, "less than one whole token", "negative"},
	{variant{name: "rate truncated", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+e.Seconds()*math.Trunc(r))
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "rate was rounded", "stopped"},
	{variant{name: "seconds truncated as float", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+math.Trunc(e.Seconds())*r)
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "whole seconds", "rate"},
	{variant{name: "zero elapsed refused", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		if e == 0 {
			return t, false
		}
		l := math.Min(c, t+e.Seconds()*r)
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "no time passed", "full"},
	{variant{name: "decided on tokens before refill", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+e.Seconds()*r)
		if t >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "decide on the refilled level", "spend it"},
	{variant{name: "refill squared elapsed", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		s := e.Seconds()
		l := math.Min(c, t+s*s*r)
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "square of the wait", "unit is off"},
	{variant{name: "refill elapsed over rate", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+e.Seconds()/r)
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "shrinks as the rate grows", "unit is off"},
	{variant{name: "refill ignores the rate", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+e.Seconds())
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "does not grow with ratePerSec", "unit is off"},
	{variant{name: "rate added once, whatever the wait", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := t
		if e > 0 {
			l = math.Min(c, t+r)
		}
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "does not grow with the wait", "unit is off"},
	{variant{name: "rate squared", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+e.Seconds()*r*r)
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "square of ratePerSec", "unit is off"},
	{variant{name: "an empty bucket refused outright", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		if t == 0 {
			return 0, false
		}
		l := math.Min(c, t+e.Seconds()*r)
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "starts empty", "no time passed"},
	{variant{name: "no wait lets it in", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		if e == 0 {
			return math.Max(0, t-1), true
		}
		l := math.Min(c, t+e.Seconds()*r)
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "", "starts empty"},
	{variant{name: "seconds over a thousand", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+e.Seconds()/1000*r)
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "thousand times too small", "large"},
	{variant{name: "rate rounded to the nearest", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+e.Seconds()*math.Round(r))
		if l >= 1 {
			return l - 1, true
		}
		return l, false
	}}, "rate was rounded", "unit is off"},
	{variant{name: "cap at capacity − 1 by an if", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := t + e.Seconds()*r
		if l > c-1 {
			l = c - 1
		}
		if l < 1 {
			return l, false
		}
		return l - 1, true
	}}, "capacity − 1", "floor"},
}

var correctTokenHinted = []variant{
	{name: "a switch", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := t + e.Seconds()*r
		switch {
		case l > c:
			l = c
		}
		switch {
		case l >= 1:
			return l - 1, true
		default:
			return l, false
		}
	}},
	{name: "early return, math.Min", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		l := math.Min(c, t+r*e.Seconds())
		if l < 1 {
			return l, false
		}
		return l - 1, true
	}},
	{name: "named results", take: func(t, c, r float64, e time.Duration) (left float64, ok bool) {
		left = t + float64(e)/float64(time.Second)*r
		if left > c {
			left = c
		}
		if ok = left >= 1; ok {
			left--
		}
		return
	}},
	{name: "refill held in a named variable, a cap by if", take: func(t, c, r float64, e time.Duration) (float64, bool) {
		refill := r * (float64(e.Nanoseconds()) / 1e9)
		level := t + refill
		if level >= c {
			level = c
		}
		if level < 1 {
			return level, false
		}
		level--
		return level, true
	}},
}

func TestTokenHintsNameTheMistake(t *testing.T) {
	grade.LiftGradeLimit(t, time.Minute)
	for _, h := range wrongTokenHinted {
		t.Run(h.v.name, func(t *testing.T) {
			g := grade.TODO(1, h.v.funcs(), day45.Funcs)
			if g.Status != labs.Fail {
				t.Fatalf("%s (%s), want a fail", g.Status, g.Detail)
			}
			t.Logf("%s | %s", g.Detail, g.Hint)
			if !strings.Contains(g.Hint, h.want) || (h.not != "" && strings.Contains(g.Hint, h.not)) {
				t.Errorf("hint %q: want it to contain %q and not %q", g.Hint, h.want, h.not)
			}
		})
	}
}

func TestTokenHintsCorrectPassWithoutHint(t *testing.T) {
	grade.LiftGradeLimit(t, time.Minute)
	for _, v := range correctTokenHinted {
		t.Run(v.name, func(t *testing.T) {
			g := grade.TODO(1, v.funcs(), day45.Funcs)
			if g.Status != labs.Pass || g.Hint != "" {
				t.Errorf("%s: %s (hint %q)", g.Status, g.Detail, g.Hint)
			}
		})
	}
}
