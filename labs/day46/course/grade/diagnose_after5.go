package grade

import (
	"math"
	"slices"

	"termlab/labs/diagnose"
)

// Rows added after the fifth family of blind variants (issue 42): whole
// mistakes, each a mutant the engine names only where it gives the
// learner's answers on the counterexample and on every probe. They sit
// after each table's first known mistakes and before the readings of a
// part of the answer (diagnose.go's init).

var (
	oneRoundHint = shareHints.Name("share.one-round-uncapped", "a single pass, unchecked: the tenants under the even split capacity ÷ n get their demand, and all the others split what is left equally with no cap at their demand; repeat the split over the tenants still asking (smallest demand first, each min(demand, what is left ÷ those left))")
	byValueHint  = shareHints.Name("share.by-value", "the shares were written back by demand value: tenants that ask the same land on one index, so one of them keeps 0; write each share back to its own tenant (sort a list of indexes)")
)

// shareAfter5: one round of the even split, unchecked; shares written
// back through a map from demand to index (the last index or the first
// one kept for a value: one function each).
var shareAfter5 = []diagnose.Row[shareCase, []float64]{
	shareMistake(func(capacity float64, demands []float64) []float64 {
		n := len(demands)
		shares := make([]float64, n)
		if n == 0 {
			return shares
		}
		each, left, rest := capacity/float64(n), capacity, 0
		for i, d := range demands {
			if d <= each {
				shares[i], left = d, left-d
			} else {
				rest++
			}
		}
		for i, d := range demands {
			if d > each {
				shares[i] = left / float64(rest)
			}
		}
		return shares
	}, oneRoundHint),
	shareMistake(byValue(false), byValueHint),
	shareMistake(byValue(true), byValueHint),
}

// byValue is water-filling over a sorted copy, each share written to the
// index a map from demand value gives (the first index with that value
// when first, else the last).
func byValue(first bool) func(capacity float64, demands []float64) []float64 {
	return func(capacity float64, demands []float64) []float64 {
		where := map[float64]int{}
		for i, d := range demands {
			if _, seen := where[d]; !seen || !first {
				where[d] = i
			}
		}
		s := slices.Clone(demands)
		slices.Sort(s)
		shares := make([]float64, len(demands))
		left := max(capacity, 0)
		for j, d := range s {
			share := math.Min(d, left/float64(len(s)-j))
			shares[where[d]] = share
			left -= share
		}
		return shares
	}
}

// visitAfter5: the count of those still waiting returned; the credit
// carried in capped at a quantum; the emptied test one request early;
// quanta added until the head fits.
var visitAfter5 = []diagnose.Row[visitCase, visitAnswer]{
	visitMistake(func(deficit, quantum float64, queue []float64) (int, float64) {
		served, credit := serveFrom(deficit+quantum, queue)
		if served == len(queue) {
			return 0, 0
		}
		return len(queue) - served, credit
	}, visitHints.Name("drr.count-waiting", "the count returned is how many requests still wait (len(queue) − served), not how many this visit served")),
	visitMistake(func(deficit, quantum float64, queue []float64) (int, float64) {
		if len(queue) == 0 {
			return 0, 0
		}
		return emptied(serveFrom(math.Min(deficit, quantum)+quantum, queue))(len(queue))
	}, visitHints.Name("drr.carried-capped", "the credit carried in was capped at one quantum: the whole deficit carries over, so this visit may spend deficit + quantum")),
	visitMistake(func(deficit, quantum float64, queue []float64) (int, float64) {
		served, credit := serveFrom(deficit+quantum, queue)
		if len(queue) == 0 || served == len(queue)-1 {
			return served, 0
		}
		return served, credit
	}, visitHints.Name("drr.emptied-one-early", "the emptied-queue test is one request early: the credit goes to 0 when one request still waits (served = len(queue) − 1) and is kept when all were served; reset only when served = len(queue)")),
	visitMistake(func(deficit, quantum float64, queue []float64) (int, float64) {
		if len(queue) == 0 {
			return 0, 0
		}
		credit := deficit + quantum
		for quantum > 0 && queue[0] > credit {
			credit += quantum
		}
		return emptied(serveFrom(credit, queue))(len(queue))
	}, visitHints.Name("drr.quanta-until-fits", "quanta were added until the head fits, so the visit served a head bigger than deficit + quantum: a visit adds one quantum, and a head that does not fit waits for later visits")),
}

// serveFrom serves from the head while the head fits in credit: how many,
// and the credit left.
func serveFrom(credit float64, queue []float64) (int, float64) {
	served := 0
	for served < len(queue) && queue[served] <= credit {
		credit -= queue[served]
		served++
	}
	return served, credit
}

// emptied is a visit's answer with the credit reset when it served all n.
func emptied(served int, credit float64) func(n int) (int, float64) {
	return func(n int) (int, float64) {
		if served == n {
			return served, 0
		}
		return served, credit
	}
}

// overlapAfter5: a sorted merge that steps past the larger worker on a
// mismatch.
var overlapAfter5 = []diagnose.Row[overlapCase, int]{
	overlapMistake(func(a, b []int) int {
		x, y := slices.Clone(a), slices.Clone(b)
		slices.Sort(x)
		slices.Sort(y)
		i, j, n := 0, 0, 0
		for i < len(x) && j < len(y) {
			switch {
			case x[i] == y[j]:
				n, i, j = n+1, i+1, j+1
			case x[i] < y[j]:
				j++
			default:
				i++
			}
		}
		return n
	}, overlapHints.Name("overlap.merge-wrong-side", "the merge steps past the larger worker on a mismatch: step past the smaller one, which can match nothing later in the other sorted list")),
}
