package grade_test

import (
	"math"
	"slices"
	"sort"
	"testing"
)

// The rows added after family 5 (issue 42, diagnose_after5.go), each tried
// on its mistake in another shape than family 5's and on a near miss that
// must not be told it ("-words").
var rowsAfterFamily5 = []newVariant{
	{variant{"one pass over sorted indexes, the rest split unchecked", 1, withShare(func(capacity float64, demands []float64) []float64 {
		n := len(demands)
		out := make([]float64, n)
		if n == 0 {
			return out
		}
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(x, y int) bool { return demands[idx[x]] < demands[idx[y]] })
		even, j, left := capacity/float64(n), 0, capacity
		for ; j < n && demands[idx[j]] <= even; j++ {
			out[idx[j]] = demands[idx[j]]
			left -= demands[idx[j]]
		}
		for _, i := range idx[j:] {
			out[i] = left / float64(n-j)
		}
		return out
	})}, "a single pass, unchecked"},
	{variant{"near: one pass, the rest capped at their demand", 1, withShare(func(capacity float64, demands []float64) []float64 {
		n := len(demands)
		out := make([]float64, n)
		if n == 0 {
			return out
		}
		even, left, rest := capacity/float64(n), capacity, 0
		for i, d := range demands {
			if d <= even {
				out[i], left = d, left-d
			} else {
				rest++
			}
		}
		for i, d := range demands {
			if d > even {
				out[i] = math.Min(d, left/float64(rest))
			}
		}
		return out
	})}, "-a single pass, unchecked"},
	{variant{"shares found by value, tenant by a search for its demand", 1, withShare(func(capacity float64, demands []float64) []float64 {
		s := slices.Sorted(slices.Values(demands))
		out := make([]float64, len(demands))
		left := math.Max(capacity, 0)
		for j, d := range s {
			share := math.Min(d, left/float64(len(s)-j))
			left -= share
			out[slices.Index(demands, d)] = share
		}
		return out
	})}, "written back by demand value"},
	{variant{"near: the last tenant in sorted order left out", 1, withShare(func(capacity float64, demands []float64) []float64 {
		idx := make([]int, len(demands))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(x, y int) bool { return demands[idx[x]] < demands[idx[y]] })
		out := make([]float64, len(demands))
		left := math.Max(capacity, 0)
		for j := 0; j+1 < len(idx); j++ {
			share := math.Min(demands[idx[j]], left/float64(len(idx)-j))
			out[idx[j]] = share
			left -= share
		}
		return out
	})}, "-demand value"},
	{variant{"what is still queued, counted off a slice", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit, q := deficit+quantum, queue
		for len(q) > 0 && q[0] <= credit {
			credit -= q[0]
			q = q[1:]
		}
		if len(q) == 0 {
			return 0, 0
		}
		return len(q), credit
	})}, "how many requests still wait"},
	{variant{"near: one more served than fit", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		n, left := ref.DRRVisit(deficit, quantum, queue)
		if n < len(queue) {
			return n + 1, left
		}
		return n, left
	})}, "-still wait"},
	{variant{"the deficit cut to a quantum first", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		if deficit > quantum {
			deficit = quantum
		}
		if len(queue) == 0 {
			return 0, 0
		}
		return ref.DRRVisit(deficit, quantum, queue)
	})}, "carried in was capped"},
	{variant{"near: the credit kept cut to a quantum", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		n, left := ref.DRRVisit(deficit, quantum, queue)
		return n, math.Min(left, quantum)
	})}, "-carried in"},
	{variant{"reset when one is left, counted from the end", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit, served := deficit+quantum, 0
		for served < len(queue) && queue[served] <= credit {
			credit -= queue[served]
			served++
		}
		if len(queue) == 0 || len(queue)-served == 1 {
			credit = 0
		}
		return served, credit
	})}, "one request early"},
	{variant{"near: reset when one is left and when emptied", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		n, left := ref.DRRVisit(deficit, quantum, queue)
		if len(queue)-n <= 1 {
			return n, 0
		}
		return n, left
	})}, "-one request early"},
	{variant{"credit raised to the head in quantum steps", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		if len(queue) == 0 {
			return 0, 0
		}
		credit := deficit + quantum
		for quantum > 0 && credit < queue[0] {
			credit += quantum
		}
		n := 0
		for n < len(queue) && queue[n] <= credit {
			credit -= queue[n]
			n++
		}
		if n == len(queue) {
			credit = 0
		}
		return n, credit
	})}, "added until the head fits"},
	{variant{"near: one extra quantum when the head does not fit", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		if len(queue) > 0 && queue[0] > deficit+quantum {
			deficit += quantum
		}
		return ref.DRRVisit(deficit, quantum, queue)
	})}, "-added until the head fits"},
	{variant{"a merge whose branches step the larger side", 4, withOverlap(func(a, b []int) int {
		x, y := slices.Clone(a), slices.Clone(b)
		sort.Ints(x)
		sort.Ints(y)
		n := 0
		for i, j := 0, 0; i < len(x) && j < len(y); {
			if x[i] > y[j] {
				i++
			} else if x[i] < y[j] {
				j++
			} else {
				n++
				i++
				j++
			}
		}
		return n
	})}, "steps past the larger worker"},
	{variant{"near: a merge that steps both sides on a mismatch", 4, withOverlap(func(a, b []int) int {
		x, y := slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
		n := 0
		for i, j := 0, 0; i < len(x) && j < len(y); i, j = i+1, j+1 {
			if x[i] == y[j] {
				n++
			}
		}
		return n
	})}, "-larger worker"},
}

func TestRowsAfterFamily5(t *testing.T) { rowsName(t, rowsAfterFamily5) }
