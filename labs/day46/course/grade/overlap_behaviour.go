package grade

import (
	"fmt"
	"slices"

	"termlab/labs/day46/course/fair"
	"termlab/labs/diagnose"
)

// Overlap read off the probes: the learner's count as a function of the
// two lists (the union, the workers of one list only, all but the first or
// last worker, the workers a mask of some width holds), and how it moves
// when the same shards come in another order (sorted, or with the shared
// workers at the same places in both).

// The known mistakes' hints that a count on the probes names too.
const ()

var (
	samePlaceHint    = overlapHints.Name("overlap.same-place", "only workers at the same position were counted: a shared worker can sit anywhere in either list")
	notInBHint       = overlapHints.Name("overlap.not-in-b", "that counts the workers of a that are not in b: count the ones in both")
	onlyWhetherHint  = overlapHints.Name("overlap.only-whether", "every shared worker counts, not only whether there is one")
	firstAHint       = overlapHints.Name("overlap.first-a", "the first worker of a was never looked at: check every one")
	unionHint        = overlapHints.Name("overlap.union", "that counts the workers in either shard (the union): count only the ones in both")
	notInAHint       = overlapHints.Name("overlap.not-in-a", "that counts the workers of b that are not in a: count the ones in both")
	symDiffHint      = overlapHints.Name("overlap.sym-diff", "that counts the workers in one shard but not the other: count the ones in both")
	twiceHint        = overlapHints.Name("overlap.twice", "each shared worker was counted twice (once from each list): count it once")
	lastAHint        = overlapHints.Name("overlap.last-a", "the last worker of a was never looked at: the loop stops one short; check every one")
	lastBHint        = overlapHints.Name("overlap.last-b", "the last worker of b was never looked at: the loop stops one short; check every one")
	firstBHint       = overlapHints.Name("overlap.first-b", "the first worker of b was never looked at: check every one")
	wholeAHint       = overlapHints.Name("overlap.whole-a", "every worker of a was counted: check each one against b (is it in b too?), not against a")
	wholeBHint       = overlapHints.Name("overlap.whole-b", "every worker of b was counted: check each one against a (is it in a too?)")
	shorterHint      = overlapHints.Name("overlap.shorter", "that is the size of the shorter shard, not how many workers the two share: check each worker of one against the other")
	needsSortedHint  = overlapHints.Name("overlap.needs-sorted", "right only when both lists are sorted: shards come in any order, so sort copies first (or use a set)")
	anywhereHint     = overlapHints.Name("overlap.anywhere", "right only when the shared workers come first, at the same places in both lists: a shared worker can sit anywhere in either list")
	prefixAHint      = overlapHints.Name("overlap.prefix-a", "only the first len(b) workers of a were looked at: the loop over a runs to len(a), whichever list is shorter")
	prefixBHint      = overlapHints.Name("overlap.prefix-b", "only the first len(a) workers of b were looked at: the loop over b runs to len(b), whichever list is shorter")
	indexesBHint     = overlapHints.Name("overlap.indexes-of-b", "b's positions were counted, not its workers: a range over a slice gives the index first (for i := range b); take the worker, for _, w := range b")
	indexesAHint     = overlapHints.Name("overlap.indexes-of-a", "a's positions were counted, not its workers: a range over a slice gives the index first (for i := range a); take the worker, for _, w := range a")
	orderChangesHint = overlapHints.Name("overlap.order-changes", "the count changes when the same two shards come in another order: it must depend only on which workers are in each, not where they sit")
)

// overlapMaskFamily is the family of a mask too small for the workers.
var overlapMaskFamily = overlapHints.Family("overlap.mask-too-small")

// maskHint names a bit mask of w bits (the 32- and 64-bit ones are the
// known mistakes' own words).
func maskHint(w int) diagnose.Hint {
	return overlapMaskFamily(fmt.Sprintf("a %d-bit mask holds workers 0 to %d only, and workers go up to n−1: use a map (or a mask as big as n)", w, w-1))
}

// common is how many workers of a are in b.
func common(a, b []int) int {
	n := 0
	for _, x := range a {
		if slices.Contains(b, x) {
			n++
		}
	}
	return n
}

// inRange is how many of x are positions of a list of length n: what a
// set filled with the other list's indexes holds of them.
func inRange(x []int, n int) int {
	k := 0
	for _, w := range x {
		if w >= 0 && w < n {
			k++
		}
	}
	return k
}

func butLast(x []int) []int  { return x[:max(0, len(x)-1)] }
func butFirst(x []int) []int { return x[min(1, len(x)):] }

// countRow names a count that is always count(a, b, the task's count).
func countRow(h diagnose.Hint, count func(a, b []int, truth int) int) diagnose.Row[overlapCase, int] {
	return diagnose.Named(h, func(c overlapCase) int { return count(c.a, c.b, common(c.a, c.b)) })
}

// overlapCounts are the rows of overlapTable that read the count off the
// probes as a function of the two lists (after the known mistakes).
var overlapCounts = func() []diagnose.Row[overlapCase, int] {
	rows := []diagnose.Row[overlapCase, int]{
		countRow(unionHint, func(a, b []int, t int) int { return len(a) + len(b) - t }),
		countRow(notInAHint, func(_, b []int, t int) int { return len(b) - t }),
		countRow(symDiffHint, func(a, b []int, t int) int { return len(a) + len(b) - 2*t }),
		countRow(twiceHint, func(_, _ []int, t int) int { return 2 * t }),
		countRow(lastAHint, func(a, b []int, _ int) int { return common(butLast(a), b) }),
		countRow(lastBHint, func(a, b []int, _ int) int { return common(a, butLast(b)) }),
		countRow(firstBHint, func(a, b []int, _ int) int { return common(a, butFirst(b)) }),
		countRow(prefixAHint, func(a, b []int, _ int) int { return common(a[:min(len(a), len(b))], b) }),
		countRow(prefixBHint, func(a, b []int, _ int) int { return common(a, b[:min(len(a), len(b))]) }),
		countRow(indexesBHint, func(a, b []int, _ int) int { return inRange(a, len(b)) }),
		countRow(indexesAHint, func(a, b []int, _ int) int { return inRange(b, len(a)) }),
		countRow(wholeAHint, func(a, _ []int, _ int) int { return len(a) }),
		countRow(wholeBHint, func(_, b []int, _ int) int { return len(b) }),
		countRow(shorterHint, func(a, b []int, _ int) int { return min(len(a), len(b)) }),
	}
	for _, w := range []int{8, 16} { // 32 and 64 are known mistakes'
		rows = append(rows, countRow(maskHint(w), func(a, b []int, _ int) int {
			n := 0
			for _, x := range a {
				if x < w && slices.Contains(b, x) {
					n++
				}
			}
			return n
		}))
	}
	// Then how the count depends on order: right once both lists are
	// sorted, or once the shared workers come first in the same order in
	// both; or changed when both lists are reversed.
	return append(rows,
		diagnose.Row[overlapCase, int]{ID: needsSortedHint.ID, Words: needsSortedHint.Text, Reads: rightOn(func(c overlapCase) ([]int, []int) {
			return slices.Sorted(slices.Values(c.a)), slices.Sorted(slices.Values(c.b))
		})},
		diagnose.Row[overlapCase, int]{ID: anywhereHint.ID, Words: anywhereHint.Text, Reads: rightOn(aligned)},
		diagnose.Row[overlapCase, int]{ID: orderChangesHint.ID, Words: orderChangesHint.Text, Reads: orderChanges},
	)
}()

// rightOn is the reading "right on the counterexample and every probe
// once arrange has rearranged its lists".
func rightOn(arrange func(c overlapCase) (a, b []int)) func(overlapCase, []overlapCase, func(overlapCase) int, func(overlapCase) int) (string, bool) {
	return func(c overlapCase, probes []overlapCase, learner, _ func(overlapCase) int) (string, bool) {
		for _, p := range append([]overlapCase{c}, probes...) {
			a, b := arrange(p)
			if got, ok := diagnose.Try(func() int { return learner(overlapCase{a: a, b: b}) }); !ok || got != common(p.a, p.b) {
				return "", false
			}
		}
		return "", true
	}
}

// aligned is c's lists with the shared workers first, in the same order
// in both.
func aligned(c overlapCase) ([]int, []int) {
	var both, onlyA, onlyB []int
	for _, x := range c.a {
		if slices.Contains(c.b, x) {
			both = append(both, x)
		} else {
			onlyA = append(onlyA, x)
		}
	}
	for _, y := range c.b {
		if !slices.Contains(c.a, y) {
			onlyB = append(onlyB, y)
		}
	}
	return slices.Concat(both, onlyA), slices.Concat(both, onlyB)
}

// orderChanges is the reading "the count changes when both lists are
// reversed, on at least MinBearing probes".
func orderChanges(c overlapCase, probes []overlapCase, learner, _ func(overlapCase) int) (string, bool) {
	changes := 0
	for _, p := range append([]overlapCase{c}, probes...) {
		r := overlapCase{a: slices.Clone(p.a), b: slices.Clone(p.b)}
		slices.Reverse(r.a)
		slices.Reverse(r.b)
		got, ok1 := diagnose.Try(func() int { return learner(p) })
		again, ok2 := diagnose.Try(func() int { return learner(r) })
		if ok1 && ok2 && got != again {
			changes++
		}
	}
	return "", changes >= diagnose.MinBearing
}

// overlapImpossible names the mistake behind an impossible count (more
// shared workers than the smaller shard holds, or fewer than none).
func overlapImpossible(learner, ref fair.OverlapFunc) diagnose.Hint {
	c, ok := firstDiffering(overlapProbes, onOverlap(learner), onOverlap(ref), sameCount)
	if !ok {
		return diagnose.Hint{}
	}
	return overlapNamed(learner, ref, c)
}
