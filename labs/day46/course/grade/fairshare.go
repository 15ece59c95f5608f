package grade

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
)

type shareCase struct {
	capacity   float64
	demands    []float64
	what, hint string
}

var shareCases = []shareCase{
	{100, nil, "no tenants at all", "no tenants, no shares: return an empty list"},
	{100, []float64{30}, "one tenant asking less than the capacity", "a tenant never gets more than it asks"},
	{100, []float64{250}, "one tenant asking more than the capacity", "one tenant alone gets the whole capacity, no more"},
	{100, []float64{10, 20, 30}, "demands that all fit", "when everything fits, everyone gets exactly what it asks"},
	{90, []float64{50, 50, 50}, "equal demands over the capacity", "equal demands over the capacity: an equal split"},
	{100, []float64{200, 10, 10, 10, 10}, "one big demand and four small ones", "the small demands are met in full; the big one gets what they leave"},
	{90, []float64{60, 10, 40, 20}, "demands not in order", "shares come back in the order of demands: write each share at its tenant's index"},
	{90, []float64{10, 20, 40, 60}, "two rounds of filling", "after the modest ones are met, split what is left again among the others"},
	{100, []float64{0, 80, 80}, "a tenant asking for nothing", "a tenant asking for nothing gets nothing, and its split goes to the others"},
	{0, []float64{5, 5}, "no capacity", "with no capacity everyone gets 0"},
	{10, []float64{2.5, 2.5, 7.25}, "fractional demands", "shares are float64: no rounding to whole requests"},
	{100, []float64{40, 40, 30, 30, 30}, "a level between two demands", "keep filling until nobody left asks for less than the equal split"},
}

func checkFairShare(mixed, ref fair.Funcs) (*failure, int) {
	checks := 0
	try := func(c shareCase) *failure {
		checks++
		got := mixed.FairShare(c.capacity, c.demands)
		want := ref.FairShare(c.capacity, c.demands)
		ok := len(got) == len(want)
		for i := 0; ok && i < len(want); i++ {
			ok = near(got[i], want[i], c.capacity)
		}
		if ok {
			return nil
		}
		return &failure{
			what: "wrong on " + c.what,
			ce:   labs.Counterexample{Input: fair.FormatFairShare(c.capacity, c.demands), Got: fair.FormatFloats(got), Want: fair.FormatFloats(want)},
			hint: shareHint(c, got, want),
		}
	}
	for _, c := range shareCases {
		if f := try(c); f != nil {
			return f, checks
		}
	}
	rng := rand.New(rand.NewPCG(46, 1))
	for range randomCases {
		c := shareCase{capacity: float64(rng.IntN(301)), what: "a random input", hint: "compare with water-filling by hand: meet the small demands, split the rest equally"}
		for range 1 + rng.IntN(8) {
			d := float64(rng.IntN(121))
			if rng.IntN(4) == 0 {
				d += float64(rng.IntN(4)) / 4
			}
			c.demands = append(c.demands, d)
		}
		if f := try(c); f != nil {
			return shrinkShares(f, c, try), checks
		}
	}
	return experimentsAgree(checks, mixed, ref, 1)
}

// shareHint picks the hint from what the answer reveals.
func shareHint(c shareCase, got, want []float64) string {
	if len(got) == len(want) {
		sg, sw := slices.Clone(got), slices.Clone(want)
		slices.Sort(sg)
		slices.Sort(sw)
		same := true
		for i := range sw {
			same = same && near(sg[i], sw[i], c.capacity)
		}
		if same {
			return "the right shares in the wrong order: return them in the order of demands, not sorted"
		}
		var tg, tw float64
		for i := range got {
			tg, tw = tg+got[i], tw+want[i]
		}
		if tg < tw-1e-9*max(1, c.capacity) {
			return fmt.Sprintf("your shares hand out %g of %g: what the modest tenants leave must go to the others", tg, tw)
		}
	}
	return c.hint
}

// shrinkShares tries smaller versions of a failing random case (fewer
// tenants, whole numbers, less capacity) and keeps each that still fails.
func shrinkShares(f *failure, c shareCase, try func(shareCase) *failure) *failure {
	for changed := true; changed; {
		changed = false
		var candidates []shareCase
		for i := range c.demands {
			d := c
			d.demands = slices.Delete(slices.Clone(c.demands), i, i+1)
			candidates = append(candidates, d)
		}
		r := c
		r.demands = slices.Clone(c.demands)
		for i := range r.demands {
			r.demands[i] = math.Round(r.demands[i]/10) * 10
		}
		candidates = append(candidates, r)
		cap10 := c
		cap10.capacity = math.Round(c.capacity/10) * 10
		half := c // the same shape at half the size, in round numbers
		half.capacity = math.Round(c.capacity/20) * 10
		half.demands = slices.Clone(c.demands)
		for i := range half.demands {
			half.demands[i] = math.Round(half.demands[i]/20) * 10
		}
		candidates = append(candidates, cap10, half)
		for _, cand := range candidates {
			if slices.Equal(cand.demands, c.demands) && cand.capacity == c.capacity {
				continue
			}
			if g := try(cand); g != nil {
				f, c, changed = g, cand, true
				break
			}
		}
	}
	return f
}
