package grade

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
)

type visitCase struct {
	deficit, quantum float64
	queue            []float64
	what, hint       string
}

var visitCases = []visitCase{
	{0, 10, nil, "an empty queue", "nothing waits: serve nothing and keep no credit"},
	{0, 10, []float64{10}, "one request that fits exactly", "a request whose size equals the credit fits"},
	{0, 10, []float64{4}, "one small request that empties the queue", "a queue that empties keeps no credit: return 0"},
	{0, 10, []float64{20}, "a request bigger than the quantum", "nothing fits yet: serve nothing and keep the credit for the next visit"},
	{10, 10, []float64{20}, "a big request and saved credit", "add the quantum to the credit you kept, then see what fits"},
	{0, 10, []float64{4, 20}, "a small request, then one that does not fit", "serve what fits, keep the leftover credit while requests still wait"},
	{0, 10, []float64{20, 5}, "a big request at the head, a small one behind", "serve in order: the head blocks what is behind it"},
	{0, 10, []float64{3, 3, 3, 3}, "several small requests", "keep serving while the head fits"},
	{0, 10, []float64{5, 5, 5}, "the credit used up exactly", "the credit is spent, the queue is not empty: keep 0 and stop"},
	{7.5, 2.5, []float64{10, 0.25}, "fractional sizes", "sizes and credit are float64: compare them as they are"},
}

func checkDRRVisit(mixed, ref fair.Funcs) (*failure, int) {
	checks := 0
	try := func(c visitCase) *failure {
		checks++
		gs, gd := mixed.DRRVisit(c.deficit, c.quantum, c.queue)
		ws, wd := ref.DRRVisit(c.deficit, c.quantum, c.queue)
		if gs == ws && near(gd, wd, c.deficit+c.quantum) {
			return nil
		}
		return &failure{
			what: "wrong on " + c.what,
			ce: labs.Counterexample{Input: fair.FormatDRRVisit(c.deficit, c.quantum, c.queue),
				Got: fmt.Sprintf("served=%d, newDeficit=%g", gs, gd), Want: fmt.Sprintf("served=%d, newDeficit=%g", ws, wd)},
			hint: visitHint(c, gs, gd, ws, wd),
		}
	}
	for _, c := range visitCases {
		if f := try(c); f != nil {
			return f, checks
		}
	}
	rng := rand.New(rand.NewPCG(46, 2))
	quarter := func(hi int) float64 { return float64(rng.IntN(hi*4)) / 4 }
	for range randomCases {
		c := visitCase{deficit: quarter(60), quantum: float64(1 + rng.IntN(40)), what: "a random input", hint: "add the quantum, serve from the head while it fits, forget the credit if the queue empties"}
		for range rng.IntN(9) {
			c.queue = append(c.queue, 0.25+quarter(60))
		}
		if f := try(c); f != nil {
			return shrinkVisit(f, c, try), checks
		}
	}
	return experimentsAgree(checks, mixed, ref, 2)
}

// visitHint picks the hint from what the answer reveals.
func visitHint(c visitCase, gs int, gd float64, ws int, wd float64) string {
	credit := c.deficit + c.quantum
	rem := credit // the credit left where the learner stopped, by the rule
	for i := 0; i < gs && i < len(c.queue); i++ {
		rem -= c.queue[i]
	}
	switch {
	case gs < ws && gd == c.deficit && gs == 0:
		return "add the quantum before deciding: the credit for this visit is deficit + quantum"
	case gs < ws && gs < len(c.queue) && c.queue[gs] == rem:
		return "a request whose size equals the credit left fits: compare with <=, not <"
	case gs == ws && ws == len(c.queue) && gd != 0:
		return "every request was served, so the queue is empty: it keeps no credit (return 0)"
	case gs == 0 && ws > 0 && c.queue[0] <= credit && c.queue[0] > c.deficit:
		return "add the quantum before deciding: the credit for this visit is deficit + quantum"
	case gs > ws:
		return "serve in order from the head, and stop at the first request that does not fit"
	case gs < ws && ws > 1 && gs == 1:
		return "keep serving while the head fits: a visit can serve several requests"
	case gs == ws && math.Abs(gd-wd) == c.quantum:
		return "the quantum is added once per visit"
	}
	return c.hint
}

func shrinkVisit(f *failure, c visitCase, try func(visitCase) *failure) *failure {
	for changed := true; changed; {
		changed = false
		var candidates []visitCase
		for i := range c.queue {
			d := c
			d.queue = slices.Delete(slices.Clone(c.queue), i, i+1)
			candidates = append(candidates, d)
		}
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
		for _, cand := range candidates {
			if slices.Equal(cand.queue, c.queue) && cand.deficit == c.deficit && cand.quantum == c.quantum {
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
