package course

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
)

// perturbedTake is the reference TakeToken with its refilled level moved
// by delta relative wherever float arithmetic happens: a refill over
// elapsed > 0, before the cap (a capped level is exactly capacity in any
// correct order of arithmetic, and with no time passed a whole number of
// tokens stays whole). That is how far apart correct learners' levels can
// be, with a wide margin: their orderings differ by a few ulps (1e-16).
func perturbedTake(delta float64) TakeTokenFunc {
	return func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
		level := tokens + elapsed.Seconds()*rate
		if elapsed > 0 {
			level += delta * max(1, level)
		}
		level = min(capacity, max(level, 0))
		if level >= 1 {
			return level - 1, true
		}
		return level, false
	}
}

func refFuncs() Funcs {
	return Funcs{
		TakeToken: perturbedTake(0),
		WindowID:  func(now, window time.Duration) int64 { return int64(now / window) },
		Expired:   func(stamp, now, window time.Duration) bool { return stamp <= now-window },
		NextEmit:  func(now, next time.Duration) time.Duration { return max(now, next) },
	}
}

func pieceFigures(p gradedPiece, f Funcs) []labs.Metric {
	var r labs.PartResult
	p.run(f, &r)
	return r.Metrics
}

// TestGradedFiguresSurviveAPerturbedTokenLevel is the proof that grading
// every figure is fair: no figure of any pure experiment changes when the
// token level moves by ±1e-9, ±1e-12 or ±1e-15, so a correct TakeToken in
// any order of arithmetic gives the reference's run figure for figure. A
// figure that flips here sits on a knife edge and its input must be made
// tie-free (as Part 8's were, see tieShift); it may not be left out.
func TestGradedFiguresSurviveAPerturbedTokenLevel(t *testing.T) {
	ref := refFuncs()
	compared := 0
	for _, p := range gradedPieces(1) {
		want := pieceFigures(p, ref)
		for _, delta := range []float64{1e-9, -1e-9, 1e-12, -1e-12, 1e-15, -1e-15} {
			f := ref
			f.TakeToken = perturbedTake(delta)
			got := pieceFigures(p, f)
			if len(got) != len(want) {
				t.Fatalf("Part %s, level %+g: %d figures, unperturbed %d", p.part, delta, len(got), len(want))
			}
			for i, w := range want {
				compared++
				if got[i].Value != w.Value {
					t.Errorf("Part %s: %s flips at level %+g: %v, unperturbed %v", p.part, w.Name, delta, got[i].Value, w.Value)
				}
			}
		}
	}
	if compared == 0 {
		t.Fatal("no figure compared")
	}
}

// TestTheTieShiftsAreNeeded shows that the perturbation test can fail: on
// Part 8's inputs without their shifts (refills of exactly 30 tokens per
// burst, exactly one token per three of the heavy client's requests) the
// figures the shifts protect flip under a 1e-9 level.
func TestTheTieShiftsAreNeeded(t *testing.T) {
	admitted := func(capacity, rate float64, in []time.Duration, delta float64) []time.Duration {
		b := limit.NewTokenBucket(perturbedTake(delta), capacity, rate)
		var out []time.Duration
		for _, at := range in {
			if b.Allow(at) {
				out = append(out, at)
			}
		}
		return out
	}
	tests := []struct {
		what           string
		capacity, rate float64
		in             []time.Duration
	}{
		{"burst=40 nodelay on bursts exactly 3 s apart", nodelayCapacity, meterRate, BurstyInput()},
		{"the heavy client's bucket, three requests exactly per token", shedBudget, shedBudget, evenArrivals(shedHeavyRate, shedSpan)},
	}
	for _, tt := range tests {
		up := admitted(tt.capacity, tt.rate, tt.in, 1e-9)
		down := admitted(tt.capacity, tt.rate, tt.in, -1e-9)
		if slices.Equal(up, down) {
			t.Errorf("%s: the same %d admitted at +1e-9 and -1e-9; the perturbation test would not notice this tie", tt.what, len(up))
			continue
		}
		t.Logf("%s: %d admitted at +1e-9, %d at -1e-9, not the same ones", tt.what, len(up), len(down))
	}
}

// TestTieShiftsAreDistinctAndSmall pins what tieShift promises: every
// shift of Part 8's inputs is different (so no two arrivals are a whole
// number of 100 ms apart, the spacing of whole tokens at 10/s) and far
// smaller than the gap between two of the heavy client's requests.
func TestTieShiftsAreDistinctAndSmall(t *testing.T) {
	n := int(shedHeavyRate * shedSpan.Seconds())
	seen := map[time.Duration]int{}
	gap := time.Second / time.Duration(shedHeavyRate)
	for i := range n {
		s := tieShift(i)
		if j, ok := seen[s]; ok {
			t.Errorf("arrivals %d and %d share the shift %v", j, i, s)
		}
		seen[s] = i
		if s <= 0 || s > gap/50 {
			t.Errorf("shift %d is %v: want (0, %v]", i, s, gap/50)
		}
	}
}

// TestGradingUsesNoNetworkedPart keeps Parts 4 and 6 out of every TODO's
// grading: their figures depend on a store and a network, and another
// package owns them.
func TestGradingUsesNoNetworkedPart(t *testing.T) {
	for n := 1; n <= 4; n++ {
		ps := gradedPieces(n)
		if len(ps) == 0 {
			t.Errorf("TODO %d: no experiment is graded", n)
		}
		for _, p := range ps {
			if slices.Contains([]string{"4", "6"}, p.part) {
				t.Errorf("TODO %d is graded on Part %s", n, p.part)
			}
		}
	}
}

// TestTieZoneAcceptsEitherAnswerOnlyOffTheExactBoundary pins the knife-edge
// rule: a level within the tolerance of one whole token accepts either ok
// when float arithmetic made it, and only yes when it is exact.
func TestTieZoneAcceptsEitherAnswerOnlyOffTheExactBoundary(t *testing.T) {
	ref := perturbedTake(0)
	say := func(left float64, ok bool) TakeTokenFunc {
		return func(float64, float64, float64, time.Duration) (float64, bool) { return left, ok }
	}
	near := tokenCase{tokens: 0, capacity: 10, rate: 3, elapsed: time.Second / 3, what: "a third of a second at 3/s"} // 0.999999999
	exact := tokenCase{tokens: 1, capacity: 10, rate: 3, what: "a whole token", exact: true}
	tests := []struct {
		name string
		c    tokenCase
		take TakeTokenFunc
		pass bool
	}{
		{"near one, yes with the token spent", near, say(0, true), true},
		{"near one, no with the level kept", near, say(1, false), true},
		{"near one, yes without spending", near, say(1, true), false},
		{"near one, no with the level lost", near, say(0, false), false},
		{"exactly one, yes", exact, say(0, true), true},
		{"exactly one, no", exact, say(1, false), false},
		{"a hair below zero is float noise", near, say(-1e-12, true), true},
		{"clearly below zero is impossible", near, say(-0.01, true), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := checkToken(tt.take, ref, tt.c)
			if (f == nil) != tt.pass {
				t.Errorf("pass=%v, want %v (%+v)", f == nil, tt.pass, f)
			}
		})
	}
}

// TestAnExperimentMismatchIsShownAsOneShrunkCall drives the experiment
// stage on its own, as if the per-call checks had missed the mistake: the
// grader must replay the experiment's calls and show the smallest wrong
// one, not a figure.
func TestAnExperimentMismatchIsShownAsOneShrunkCall(t *testing.T) {
	noCap := func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return perturbedTake(0)(tokens, math.Inf(1), rate, e)
	}
	ref := refFuncs()
	g := &grading{n: 1, ref: ref, learner: ref.with(1, Funcs{TakeToken: noCap}), mixed: ref.with(1, Funcs{TakeToken: noCap})}
	f := g.experiments()
	if f == nil {
		t.Fatal("no experiment caught a bucket without a cap")
	}
	if !strings.Contains(f.what, "Part ") || !strings.HasPrefix(f.ce.Input, "TakeToken(") {
		t.Fatalf("want a figure named and one call shown, got %q / %+v", f.what, f.ce)
	}
	if !strings.Contains(f.hint, "cap") {
		t.Errorf("hint %q does not name the cap", f.hint)
	}
	t.Logf("%s\n  %s got %s want %s\n  %s", f.what, f.ce.Input, f.ce.Got, f.ce.Want, f.hint)
}

// TestAStatefulFunctionIsToldAboutState: a TakeToken that is right on every
// call on its own but keeps a hidden count between calls can only be
// caught by an experiment, and then the verdict says so.
func TestAStatefulFunctionIsToldAboutState(t *testing.T) {
	calls := 0
	ref := refFuncs()
	sneaky := func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		calls++
		if calls == 10 { // the 10th call of the experiment (Part 1's burst), and only that one
			return 0, false // drops the bucket: the burst lets fewer through
		}
		return ref.TakeToken(tokens, capacity, rate, e)
	}
	g := &grading{n: 1, ref: ref, learner: ref.with(1, Funcs{TakeToken: sneaky}), mixed: ref.with(1, Funcs{TakeToken: sneaky})}
	f := g.experiments()
	if f == nil || !strings.Contains(f.hint, "state") {
		t.Fatalf("want a failure about state kept between calls, got %+v", f)
	}
}
