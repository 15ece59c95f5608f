package grade

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
)

type overlapCase struct {
	a, b       []int
	what, hint string
}

var overlapCases = []overlapCase{
	{nil, nil, "two empty shards", "nothing in common: 0"},
	{[]int{1}, []int{1}, "the same single worker", "the same worker in both counts once"},
	{[]int{0}, []int{1}, "two different workers", "no worker in common: 0"},
	{[]int{0, 1}, []int{1, 2}, "one worker in common at different places", "a shared worker can sit anywhere in either list, not at the same position"},
	{[]int{1, 3}, []int{3, 1}, "the same shard in another order", "order is not meaning: [1 3] and [3 1] are the same shard"},
	{[]int{2, 5, 7}, []int{7}, "shards of different sizes", "count the workers of one that are in the other, whatever their sizes"},
	{[]int{5, 1, 9}, []int{9, 5, 1}, "three in common, unsorted", "sort copies first, or use a set: the lists come in any order"},
	{[]int{40, 3}, []int{3, 40}, "a worker numbered above 31", "workers can be any int up to n−1, so a 32-bit mask is too small"},
	{[]int{63, 0}, []int{0, 63}, "workers 0 and 63", "a 64-bit mask holds workers 0 to 63 only; a map holds any"},
}

func checkOverlap(mixed, ref fair.Funcs) (*failure, int) {
	checks := 0
	try := func(c overlapCase) *failure {
		checks++
		got, want := mixed.Overlap(c.a, c.b), ref.Overlap(c.a, c.b)
		if got == want {
			return nil
		}
		return &failure{
			what: "wrong on " + c.what,
			ce:   labs.Counterexample{Input: fair.FormatOverlap(c.a, c.b), Got: fmt.Sprint(got), Want: fmt.Sprint(want)},
			hint: overlapHint(c),
		}
	}
	for _, c := range overlapCases {
		if f := try(c); f != nil {
			return f, checks
		}
	}
	rng := rand.New(rand.NewPCG(46, 4))
	for range randomCases {
		n := 1 + rng.IntN(200)
		perm := rng.Perm(n)
		la, lb := rng.IntN(min(n, 10)+1), rng.IntN(min(n, 10)+1)
		c := overlapCase{a: slices.Clone(perm[:la]), what: "a random pair of shards", hint: "count the workers of a that are also in b"}
		// b shares a random number of a's workers, then others, shuffled.
		rest := rng.Perm(n)
		for _, w := range rest {
			if len(c.b) == lb {
				break
			}
			if rng.IntN(2) == 0 || !slices.Contains(c.a, w) {
				if !slices.Contains(c.b, w) {
					c.b = append(c.b, w)
				}
			}
		}
		if f := try(c); f != nil {
			return shrinkOverlap(f, c, try), checks
		}
	}
	return experimentsAgree(checks, mixed, ref, 4)
}

// overlapHint picks the hint from what the input reveals.
func overlapHint(c overlapCase) string {
	big := slices.ContainsFunc(slices.Concat(c.a, c.b), func(w int) bool { return w >= 32 })
	sorted := slices.IsSorted(c.a) && slices.IsSorted(c.b)
	switch {
	case c.hint != "" && c.what != "a random pair of shards":
		return c.hint
	case !sorted:
		return "the lists come in any order: a shared worker can be anywhere in either"
	case big:
		return "workers here go above 31: a fixed-size bit mask may be too small; a map holds any"
	}
	return c.hint
}

func shrinkOverlap(f *failure, c overlapCase, try func(overlapCase) *failure) *failure {
	for changed := true; changed; {
		changed = false
		var candidates []overlapCase
		for i := range c.a {
			d := c
			d.a = slices.Delete(slices.Clone(c.a), i, i+1)
			candidates = append(candidates, d)
		}
		for i := range c.b {
			d := c
			d.b = slices.Delete(slices.Clone(c.b), i, i+1)
			candidates = append(candidates, d)
		}
		for _, cand := range candidates {
			if g := try(cand); g != nil {
				cand.hint = "count the workers of a that are also in b"
				f, c, changed = g, cand, true
				f.hint = overlapHint(cand)
				break
			}
		}
	}
	return f
}
