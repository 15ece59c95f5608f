package grade

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/diagnose"
)

type overlapCase struct {
	a, b []int
	what string
}

var overlapCases = []overlapCase{
	{nil, nil, "two empty shards"},
	{[]int{1}, []int{1}, "the same single worker"},
	{[]int{0}, []int{1}, "two different workers"},
	{[]int{0, 1}, []int{1, 2}, "one worker in common at different places"},
	{[]int{1, 3}, []int{3, 1}, "the same shard in another order"},
	{[]int{2, 5, 7}, []int{7}, "shards of different sizes"},
	{[]int{5, 1, 9}, []int{9, 5, 1}, "three in common, unsorted"},
	{[]int{40, 3}, []int{3, 40}, "a worker numbered above 31"},
	{[]int{63, 0}, []int{0, 63}, "workers 0 and 63"},
}

func checkOverlap(mixed, ref fair.Funcs, explain explainer) (*labs.Failure, int) {
	check := func(c overlapCase) *labs.Failure {
		got, want := mixed.Overlap(c.a, c.b), ref.Overlap(c.a, c.b)
		if got == want {
			return nil
		}
		plain := overlapPlain(c, got)
		return &labs.Failure{
			What:           "wrong on " + c.what,
			Counterexample: labs.Counterexample{Input: fair.FormatOverlap(c.a, c.b), Got: fmt.Sprint(got), Want: fmt.Sprint(want)},
			Hint:           plain.Text, HintID: plain.ID,
			Diagnose: explain(func(raw fair.Funcs) diagnose.Hint { return overlapNamed(raw.Overlap, ref.Overlap, c) }),
		}
	}
	random := randomOverlapCases(46, 4, randomCases)
	return checkThenExperiments(labs.Cases[overlapCase]{Hand: overlapCases, Random: randomOf(random), N: len(random), Check: check, Simpler: simplerOverlap}, mixed, ref, 4)
}

// randomOverlapCases are n random pairs of shards from the PCG seeds a, b:
// up to 10 workers each out of up to 200, b sharing some of a's.
func randomOverlapCases(a, b uint64, n int) []overlapCase {
	rng := rand.New(rand.NewPCG(a, b))
	var out []overlapCase
	for range n {
		w := 1 + rng.IntN(200)
		perm := rng.Perm(w)
		la, lb := rng.IntN(min(w, 10)+1), rng.IntN(min(w, 10)+1)
		c := overlapCase{a: slices.Clone(perm[:la]), what: "a random pair of shards"}
		// b shares a random number of a's workers, then others, shuffled.
		for _, x := range rng.Perm(w) {
			if len(c.b) == lb {
				break
			}
			if rng.IntN(2) == 0 || !slices.Contains(c.a, x) {
				if !slices.Contains(c.b, x) {
					c.b = append(c.b, x)
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// simplerOverlap are a failing pair with one worker fewer in a or in b.
func simplerOverlap(c overlapCase) []overlapCase {
	return append(dropOne(c, c.a, func(c overlapCase, a []int) overlapCase { c.a = a; return c }),
		dropOne(c, c.b, func(c overlapCase, b []int) overlapCase { c.b = b; return c })...)
}
