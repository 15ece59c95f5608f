package grade_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/day46/course/grade"
	"termlab/labs/diagnose"
)

// A family of variants written after the behaviour-based diagnosis
// (issue 33), from mistakes learners plausibly make, not from the probes:
// its figure (hints naming the true mistake / caught) is the one
// labs/BENCHMARKS.md reports. mentions is a phrase a hint naming the true
// mistake would contain, chosen when the variant was written; two were
// re-read after the first run, where the hint named the true mistake in
// other words ("changes" became "copy" for the aliasing, "spread" became
// "possible shards"): the first run counted 4 of 11, BENCHMARKS.md says so.

type newVariant struct {
	variant
	mentions string
}

var newCorrect46 = []variant{
	{"new: fill the smallest first, by index", 1, withShare(func(capacity float64, demands []float64) []float64 {
		idx := make([]int, len(demands))
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(a, b int) bool { return demands[idx[a]] < demands[idx[b]] })
		out := make([]float64, len(demands))
		for j, i := range idx {
			out[i] = math.Min(demands[i], capacity/float64(len(idx)-j))
			capacity -= out[i]
		}
		return out
	})},
	{"new: range with a break", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		served := 0
		for _, size := range queue {
			if size > deficit {
				break
			}
			deficit -= size
			served++
		}
		if served == len(queue) {
			deficit = 0
		}
		return served, deficit
	})},
	{"new: nested loops", 4, withOverlap(func(a, b []int) int {
		n := 0
		for _, x := range a {
			for _, y := range b {
				if x == y {
					n++
				}
			}
		}
		return n
	})},
	{"new: a set of b", 4, withOverlap(func(a, b []int) int {
		in := map[int]bool{}
		for _, y := range b {
			in[y] = true
		}
		n := 0
		for _, x := range a {
			if in[x] {
				n++
			}
		}
		return n
	})},
	// Sorting a in place is correct by the contract: it does not forbid
	// changing a and b, and nothing in the lab depends on their order
	// afterwards (written as a wrong variant first, and never caught).
	{"new: a sorted in place, then a merge walk", 4, withOverlap(func(a, b []int) int {
		slices.Sort(a)
		s := slices.Sorted(slices.Values(b))
		i, j, n := 0, 0, 0
		for i < len(a) && j < len(s) {
			switch {
			case a[i] == s[j]:
				n, i, j = n+1, i+1, j+1
			case a[i] < s[j]:
				i++
			default:
				j++
			}
		}
		return n
	})},
}

var newWrong46 = []newVariant{
	{variant{"new: shares rounded to whole numbers", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		open := len(demands)
		done := make([]bool, len(demands))
		for open > 0 {
			split := float64(int(capacity) / open)
			moved := false
			for i, d := range demands {
				if !done[i] && d <= split {
					out[i], done[i], capacity, open, moved = d, true, capacity-d, open-1, true
				}
			}
			if !moved {
				for i := range demands {
					if !done[i] {
						out[i] = split
					}
				}
				break
			}
		}
		return out
	})}, "rounded"},
	{variant{"new: the last tenant is left out of the split", 1, withShare(func(capacity float64, demands []float64) []float64 {
		idx := make([]int, len(demands))
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(a, b int) bool { return demands[idx[a]] < demands[idx[b]] })
		out := make([]float64, len(demands))
		for j := 0; j < len(idx)-1; j++ {
			i := idx[j]
			out[i] = math.Min(demands[i], capacity/float64(len(idx)-j))
			capacity -= out[i]
		}
		return out
	})}, "last"},
	{variant{"new: demands used as what is still wanted", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		for range len(demands) {
			open := 0
			for _, d := range demands {
				if d > 0 {
					open++
				}
			}
			if open == 0 || capacity <= 0 {
				break
			}
			split := capacity / float64(open)
			for i, d := range demands {
				if d > 0 {
					g := math.Min(d, split)
					out[i] += g
					demands[i] -= g // the caller's slice
					capacity -= g
				}
			}
		}
		return out
	})}, "copy"},
	{variant{"new: the quantum for every request served", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		n := 0
		for n < len(queue) && queue[n] <= deficit+quantum {
			deficit += quantum - queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, deficit
	})}, "quantum"},
	{variant{"new: serve while there is credit", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		n := 0
		for n < len(queue) && deficit > 0 {
			deficit -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, deficit
	})}, "fits"},
	{variant{"new: the credit starts from the quantum each visit", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit := quantum
		n := 0
		for n < len(queue) && queue[n] <= credit {
			credit -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, credit
	})}, "deficit + quantum"},
	{variant{"new: an empty queue banks the quantum", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		n := 0
		for n < len(queue) && queue[n] <= deficit {
			deficit -= queue[n]
			n++
		}
		if n == len(queue) && n > 0 {
			return n, 0
		}
		return n, deficit
	})}, "empty"},
	{variant{"new: the first k workers for everyone", 3, withShard(func(tenant uint64, n, k int) []int {
		out := make([]int, k)
		for i := range out {
			out[i] = i
		}
		return out
	})}, "tenant"},
	{variant{"new: a fresh random shard each call", 3, withShard(func(tenant uint64, n, k int) []int {
		return rand.Perm(n)[:k]
	})}, "same"},
	{variant{"new: consecutive workers from the id", 3, withShard(func(tenant uint64, n, k int) []int {
		out := make([]int, k)
		for i := range out {
			out[i] = int((tenant + uint64(i)) % uint64(n))
		}
		return out
	})}, "possible shards"},
	{variant{"new: a[i] against b[i] and b[i+1]", 4, withOverlap(func(a, b []int) int {
		n := 0
		for i, x := range a {
			if i < len(b) && b[i] == x || i+1 < len(b) && b[i+1] == x {
				n++
			}
		}
		return n
	})}, "anywhere"},
}

func TestNewFamilyCorrectPass(t *testing.T) {
	per := map[int]int{}
	for _, v := range newCorrect46 {
		if per[v.todo]++; !onTurn(v.todo, turnNewFamily, per[v.todo]) {
			continue // a sample; all of them in the whole suite (onTurn)
		}
		t.Run(v.name, func(t *testing.T) {
			if g := grade.TODO(v.todo, v.f, ref); g.Status != labs.Pass {
				t.Errorf("TODO %d: %s: %s (hint %q)", v.todo, g.Status, g.Detail, g.Hint)
			}
		})
	}
}

// Every wrong one of the family that is caught is caught in its own TODO;
// a hint that names a mistake names its own; the figure is printed for
// .ci/after.d/equivalence.sh.
func TestNewFamilyWrongHints(t *testing.T) {
	caught, named := 0, 0
	for _, v := range newWrong46 {
		g := grade.TODO(v.todo, v.f, ref)
		if g.Status == labs.Pass {
			t.Logf("%s: not caught", v.name)
			continue
		}
		if g.Status != labs.Fail {
			t.Errorf("%s: TODO %d: %s (%s), want a fail", v.name, v.todo, g.Status, g.Detail)
			continue
		}
		caught++
		isNamed := diagnose.IsNamedID(g.HintID)
		truly := strings.Contains(g.Hint, v.mentions)
		switch {
		case isNamed && !truly:
			t.Errorf("%s: the hint names a mistake it did not make (its mistake: %q): %s", v.name, v.mentions, g.Hint)
		case truly:
			named++
		}
		t.Logf("%s: named=%v: %s | %s", v.name, truly, g.Detail, g.Hint)
	}
	fmt.Printf("day 46 new family: hints naming the true mistake / all caught: %d/%d\n", named, caught)
}
