package registry_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	day45 "termlab/labs/day45/course"
	"termlab/labs/day45/course/limit"
	day46 "termlab/labs/day46/course"
	"termlab/labs/day46/course/fair"
	"termlab/labs/registry/full"
	"termlab/record/predictions"
	"termlab/runner/testrun"
	solutions45 "termlab/solutions/day45"
	solutions46 "termlab/solutions/day46"
)

// statefulGrade grades TODO n of a day with a learner's function that is
// the reference on every call but the calls numbered from..to-1 of those
// an experiment made (the count goes on through the grader's replays of
// them), where it answers wrongly: state kept between calls, which only an
// experiment can catch.
type statefulGrade func(n, from, to int) labs.Grade

// inExperiment reports whether the caller's caller was called, some way
// up, by a day's experiments (its parts package) rather than by the
// grader's per-call checks.
func inExperiment() bool {
	pc := make([]uintptr, 64)
	frames := runtime.CallersFrames(pc[:runtime.Callers(3, pc)])
	for {
		f, more := frames.Next()
		if strings.Contains(f.Function, "/course/parts.") {
			return true
		}
		if !more {
			return false
		}
	}
}

// counter is the state: calls counts the experiments' calls, and from the
// first one counted on, every call (a replay too).
func counter(from, to int) func() bool {
	calls := 0
	return func() bool {
		if calls > 0 || inExperiment() {
			calls++
		}
		return calls >= from && calls < to
	}
}

// stateful is every day's; a day without one fails TestNoHindsightInGrades,
// so a new day must say how its TODOs keep state.
var stateful = map[int]statefulGrade{45: stateful45, 46: stateful46} // a day new-day wrote adds its own (statefulNN_test.go)

func stateful45(n, from, to int) labs.Grade {
	ref, wrong := solutions45.Funcs, counter(from, to)
	var f limit.Funcs
	switch n {
	case 1:
		f.TakeToken = func(t, c, r float64, e time.Duration) (float64, bool) {
			left, ok := ref.TakeToken(t, c, r, e)
			if wrong() {
				return 0, false // drops the bucket
			}
			return left, ok
		}
	case 2:
		f.WindowID = func(now, w time.Duration) int64 {
			id := ref.WindowID(now, w)
			if wrong() {
				return id + 1
			}
			return id
		}
	case 3:
		f.Expired = func(stamp, now, w time.Duration) bool {
			return ref.Expired(stamp, now, w) != wrong()
		}
	case 4:
		f.NextEmit = func(now, next time.Duration) time.Duration {
			at := ref.NextEmit(now, next)
			if wrong() {
				return at + time.Millisecond
			}
			return at
		}
	}
	return day45.GradeWith(n, f, ref)
}

func stateful46(n, from, to int) labs.Grade {
	ref, wrong := solutions46.Funcs, counter(from, to)
	var f fair.Funcs
	switch n {
	case 1:
		f.FairShare = func(c float64, d []float64) []float64 {
			s := ref.FairShare(c, d)
			if wrong() {
				return make([]float64, len(s)) // serves nobody
			}
			return s
		}
	case 2:
		f.DRRVisit = func(deficit, q float64, queue []float64) (int, float64) {
			served, left := ref.DRRVisit(deficit, q, queue)
			if wrong() && served > 0 {
				return served - 1, left + queue[served-1]
			}
			return served, left
		}
	case 3:
		f.ShardOf = func(t uint64, n, k int) []int {
			s := ref.ShardOf(t, n, k)
			if wrong() {
				return ref.ShardOf(0, n, k) // the noisy tenant's shard, for all
			}
			return s
		}
	case 4:
		f.Overlap = func(a, b []int) int {
			o := ref.Overlap(a, b)
			if wrong() && o > 0 {
				return o - 1
			}
			return o
		}
	}
	return day46.GradeWith(n, f, ref)
}

// TestNoHindsightInGrades: a TODO that passes every single-call check but
// keeps state between calls fails on an experiment, and its verdict may
// come before any guess: it must name no prediction's answer (the
// experiment's figure, the reference's). For every TODO of every day two
// such functions are graded: one wrong on a single call of an experiment's
// (every call replayed on its own is right), one wrong on 300 calls from
// one of an experiment's on (the replay finds a wrong call).
func TestNoHindsightInGrades(t *testing.T) {
	for _, day := range full.Days {
		if d, ok := heavy[day.Number]; ok {
			day = d
		}
		grade, ok := stateful[day.Number]
		if !ok {
			t.Errorf("day %d: no state-keeping TODOs to grade (add it to stateful)", day.Number)
			continue
		}
		_, m := referenceOf(day)
		for i, todo := range day.TODOs {
			if !testrun.Sampled(i+1, 1) {
				continue // a sample: the first TODO of each day; every one in the whole suite
			}
			t.Run(fmt.Sprintf("day%d/TODO%d", day.Number, todo.Number), func(t *testing.T) {
				// Each TODO is graded on its own: independent, in parallel.
				t.Parallel()
				n := todo.Number
				g := grade(n, 0, 0)
				if g.Status != labs.Pass {
					t.Fatalf("day %d TODO %d: the reference itself fails: %+v", day.Number, n, g)
				}
				// A pass's detail counts checks: no count may be an answer either.
				for _, l := range predictions.InGrades(day, m, g) {
					t.Errorf("day %d TODO %d passing: %s", day.Number, n, l)
				}
				experiment := func(g labs.Grade) bool {
					return g.Status == labs.Fail && (strings.Contains(g.Detail, "comes out differently") ||
						g.Counterexample != nil && strings.HasPrefix(g.Counterexample.Input, "Part "))
				}
				tried := 0
				for _, span := range []int{1, 300} {
					var found *labs.Grade
					var last labs.Grade
					for _, k := range []int{1, 2, 3, 5, 8, 13, 21, 34, 55} {
						if last = grade(n, k, k+span); experiment(last) {
							found = &last
							break
						}
					}
					if found == nil {
						// Some TODOs' figures shrug off one wrong call
						// (a window id once off by one); the other kind must do.
						t.Logf("day %d TODO %d: no wrong call among the first 55 an experiment made (span %d) made it come out differently; the last said %+v", day.Number, n, span, last)
						continue
					}
					tried++
					t.Logf("day %d TODO %d: %s | %+v | %s", day.Number, n, found.Detail, found.Counterexample, found.Hint)
					for _, l := range predictions.InGrades(day, m, *found) {
						t.Errorf("day %d TODO %d: %s", day.Number, n, l)
					}
				}
				if tried == 0 {
					t.Errorf("day %d TODO %d: no state-keeping function failed an experiment, so its verdicts went unchecked", day.Number, n)
				}
			})
		}
	}
}
