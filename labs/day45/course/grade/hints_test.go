package grade_test

import (
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/grade"
	"termlab/solutions/day45"
)

// Four hints that once named a mistake the variant did not make (issue
// 33): each now names the true one, read off what the function does, and
// never the wrong one.
func TestHintsOnceWrongNameTheTrueMistake(t *testing.T) {
	grade.LiftGradeLimit(t, time.Minute)
	tests := []struct {
		name      string
		v         variant
		want, not string
	}{
		{"a cap written with max", variant{take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
			t := max(capacity, tokens+e.Seconds()*rate)
			if t >= 1 {
				return t - 1, true
			}
			return t, false
		}}, "ceiling", "round up"},
		{"a spend from the old level", variant{take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
			level := min(capacity, tokens+e.Seconds()*rate)
			if level >= 1 {
				return tokens - 1, true
			}
			return level, false
		}}, "level before the refill", "only spend"},
		{"WindowID in microseconds", variant{id: func(now, w time.Duration) int64 {
			return now.Microseconds() / w.Microseconds()
		}}, "microseconds", "round down"},
		{"now % window", variant{id: func(now, w time.Duration) int64 {
			return int64(now % w)
		}}, "now % window", "after now"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := tt.v.todo()
			g := grade.TODO(n, tt.v.funcs(), day45.Funcs)
			if g.Status != labs.Fail {
				t.Fatalf("TODO %d: %s (%s), want a fail", n, g.Status, g.Detail)
			}
			t.Logf("%s: %s", g.Detail, g.Hint)
			if !strings.Contains(g.Hint, tt.want) || strings.Contains(g.Hint, tt.not) {
				t.Errorf("hint %q: want it to contain %q and not %q", g.Hint, tt.want, tt.not)
			}
		})
	}
}

// No hint computes with arithmetic that overflows: a window number far too
// large is said to start past the largest Duration, not at a wrapped,
// negative time.
func TestWindowHintNeverWraps(t *testing.T) {
	grade.LiftGradeLimit(t, time.Minute)
	v := variant{id: func(now, w time.Duration) int64 { return int64(now) }} // the clock itself
	g := grade.TODO(2, v.funcs(), day45.Funcs)
	t.Logf("%s: %s", g.Detail, g.Hint)
	if g.Status != labs.Fail || strings.Contains(g.Hint, "starts at -") {
		t.Errorf("%s: hint %q", g.Status, g.Hint)
	}
}
