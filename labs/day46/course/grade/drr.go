package grade

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/diagnose"
)

type visitCase struct {
	deficit, quantum float64
	queue            []float64
	what             string
}

var visitCases = []visitCase{
	{0, 10, nil, "an empty queue"},
	{0, 10, []float64{10}, "one request that fits exactly"},
	{0, 10, []float64{4}, "one small request that empties the queue"},
	{0, 10, []float64{20}, "a request bigger than the quantum"},
	{10, 10, []float64{20}, "a big request and saved credit"},
	{0, 10, []float64{4, 20}, "a small request, then one that does not fit"},
	{0, 10, []float64{20, 5}, "a big request at the head, a small one behind"},
	{0, 10, []float64{3, 3, 3, 3}, "several small requests"},
	{0, 10, []float64{5, 5, 5}, "the credit used up exactly"},
	{7.5, 2.5, []float64{10, 0.25}, "fractional sizes"},
}

func checkDRRVisit(mixed, ref fair.Funcs, explain explainer) (*labs.Failure, int) {
	check := func(c visitCase) *labs.Failure {
		gs, gd := mixed.DRRVisit(c.deficit, c.quantum, c.queue)
		ws, wd := ref.DRRVisit(c.deficit, c.quantum, c.queue)
		if gs == ws && near(gd, wd, c.deficit+c.quantum) {
			return nil
		}
		plain := visitPlain(c, visitAnswer{gs, gd}, visitAnswer{ws, wd})
		return &labs.Failure{
			What: "wrong on " + c.what,
			Counterexample: labs.Counterexample{Input: fair.FormatDRRVisit(c.deficit, c.quantum, c.queue),
				Got: fmt.Sprintf("served=%d, newDeficit=%g", gs, gd), Want: fmt.Sprintf("served=%d, newDeficit=%g", ws, wd)},
			Hint: plain.Text, HintID: plain.ID,
			Diagnose: explain(func(raw fair.Funcs) diagnose.Hint { return visitNamed(raw.DRRVisit, ref.DRRVisit, c) }),
		}
	}
	random := randomVisitCases(46, 2, randomCases)
	return checkThenExperiments(labs.Cases[visitCase]{Hand: visitCases, Random: randomOf(random), N: len(random), Check: check, Simpler: simplerVisit}, mixed, ref, 2)
}

// randomVisitCases are n random inputs from the PCG seeds a, b: credits
// and sizes in quarters (so every sum is exact), quanta 1–40, up to 8
// requests.
func randomVisitCases(a, b uint64, n int) []visitCase {
	rng := rand.New(rand.NewPCG(a, b))
	quarter := func(hi int) float64 { return float64(rng.IntN(hi*4)) / 4 }
	var out []visitCase
	for range n {
		c := visitCase{deficit: quarter(60), quantum: float64(1 + rng.IntN(40)), what: "a random input"}
		for range rng.IntN(9) {
			c.queue = append(c.queue, 0.25+quarter(60))
		}
		out = append(out, c)
	}
	return out
}

// simplerVisit are smaller versions of a failing random case (fewer
// requests, whole and round numbers, no saved credit).
func simplerVisit(c visitCase) []visitCase {
	candidates := dropOne(c, c.queue, func(c visitCase, q []float64) visitCase { c.queue = q; return c })
	r := c
	r.queue = slices.Clone(c.queue)
	for i := range r.queue {
		r.queue[i] = max(1, math.Round(r.queue[i]))
	}
	r.deficit = math.Round(c.deficit)
	candidates = append(candidates, r)
	z := c
	z.deficit = 0
	tens := c // round numbers: sizes and quantum in tens
	tens.quantum = max(10, math.Round(c.quantum/10)*10)
	tens.deficit = math.Round(c.deficit/10) * 10
	tens.queue = slices.Clone(c.queue)
	for i := range tens.queue {
		tens.queue[i] = max(10, math.Round(tens.queue[i]/10)*10)
	}
	candidates = append(candidates, z, tens)
	return slices.DeleteFunc(candidates, func(d visitCase) bool {
		return slices.Equal(d.queue, c.queue) && d.deficit == c.deficit && d.quantum == c.quantum
	})
}
