package parts

import (
	"slices"
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
func perturbedTake(delta float64) limit.TakeTokenFunc {
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

func refFuncs() limit.Funcs {
	return limit.Funcs{
		TakeToken: perturbedTake(0),
		WindowID:  func(now, window time.Duration) int64 { return int64(now / window) },
		Expired:   func(stamp, now, window time.Duration) bool { return stamp <= now-window },
		NextEmit:  func(now, next time.Duration) time.Duration { return max(now, next) },
	}
}

func pieceFigures(p PieceRun, f limit.Funcs) []labs.Metric {
	var r labs.PartResult
	p.Run(f, &r)
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
	for _, p := range Using(1) {
		want := pieceFigures(p, ref)
		for _, delta := range []float64{1e-9, -1e-9, 1e-12, -1e-12, 1e-15, -1e-15} {
			f := ref
			f.TakeToken = perturbedTake(delta)
			got := pieceFigures(p, f)
			if len(got) != len(want) {
				t.Fatalf("Part %s, level %+g: %d figures, unperturbed %d", p.Part, delta, len(got), len(want))
			}
			for i, w := range want {
				compared++
				if got[i].Value != w.Value {
					t.Errorf("Part %s: %s flips at level %+g: %v, unperturbed %v", p.Part, w.Name, delta, got[i].Value, w.Value)
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
		{"burst=40 nodelay on bursts exactly 3 s apart", nodelayCapacity, meterRate, burstyInput()},
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
