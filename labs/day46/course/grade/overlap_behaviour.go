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

var maskWidths = []int{8, 16, 32, 64}

type overlapRow struct {
	a, b       []int
	got, truth int
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

// overlapCounts are counts the learner's might be, with their hints.
func overlapCounts() []struct {
	count func(r overlapRow) int
	hint  diagnose.Hint
} {
	type part = struct {
		count func(r overlapRow) int
		hint  diagnose.Hint
	}
	ps := []part{
		{func(r overlapRow) int { return len(r.a) + len(r.b) - r.truth }, unionHint},
		{func(r overlapRow) int { return len(r.a) - r.truth }, notInBHint},
		{func(r overlapRow) int { return len(r.b) - r.truth }, notInAHint},
		{func(r overlapRow) int { return len(r.a) + len(r.b) - 2*r.truth }, symDiffHint},
		{func(r overlapRow) int { return 2 * r.truth }, twiceHint},
		{func(r overlapRow) int { return min(r.truth, 1) }, onlyWhetherHint},
		{func(r overlapRow) int { return common(butLast(r.a), r.b) }, lastAHint},
		{func(r overlapRow) int { return common(butFirst(r.a), r.b) }, firstAHint},
		{func(r overlapRow) int { return common(r.a, butLast(r.b)) }, lastBHint},
		{func(r overlapRow) int { return common(r.a, butFirst(r.b)) }, firstBHint},
		{func(r overlapRow) int { return common(r.a[:min(len(r.a), len(r.b))], r.b) }, prefixAHint},
		{func(r overlapRow) int { return common(r.a, r.b[:min(len(r.a), len(r.b))]) }, prefixBHint},
		{func(r overlapRow) int { return inRange(r.a, len(r.b)) }, indexesBHint},
		{func(r overlapRow) int { return inRange(r.b, len(r.a)) }, indexesAHint},
		{func(r overlapRow) int { return len(r.a) }, wholeAHint},
		{func(r overlapRow) int { return len(r.b) }, wholeBHint},
		{func(r overlapRow) int { return min(len(r.a), len(r.b)) }, shorterHint},
		{func(r overlapRow) int {
			n := 0
			for i := range min(len(r.a), len(r.b)) {
				if r.a[i] == r.b[i] {
					n++
				}
			}
			return n
		}, samePlaceHint},
	}
	for _, w := range maskWidths {
		ps = append(ps, part{func(r overlapRow) int {
			n := 0
			for _, x := range r.a {
				if x < w && slices.Contains(r.b, x) {
					n++
				}
			}
			return n
		}, maskHint(w)})
	}
	return ps
}

func overlapRows(learner, ref fair.OverlapFunc, cases []overlapCase) []overlapRow {
	rows := make([]overlapRow, 0, len(cases))
	for _, c := range cases {
		got, ok := try(func() int { return learner(slices.Clone(c.a), slices.Clone(c.b)) })
		if ok {
			rows = append(rows, overlapRow{c.a, c.b, got, ref(slices.Clone(c.a), slices.Clone(c.b))})
		}
	}
	return rows
}

// overlapBehaviour names what the learner's Overlap does on the probes, or
// "": first a count it is on every probe, then how it depends on order.
func overlapBehaviour(learner, ref fair.OverlapFunc, c overlapCase) diagnose.Hint {
	rows := overlapRows(learner, ref, []overlapCase{c})
	if len(rows) == 0 {
		return diagnose.Hint{}
	}
	rows = append(rows, overlapRows(learner, ref, overlapProbes)...)
	if len(rows) < minBearing {
		return diagnose.Hint{}
	}
	for _, p := range overlapCounts() {
		all, differs := true, false
		for _, r := range rows {
			want := p.count(r)
			if r.got != want {
				all = false
				break
			}
			differs = differs || want != r.truth
		}
		if all && differs {
			return p.hint
		}
	}
	return overlapOrder(learner, rows)
}

// overlapOrder names a count right on every probe once both lists are
// sorted, or once the shared workers come first in the same order in
// both; or one that changes when the lists are reversed.
func overlapOrder(learner fair.OverlapFunc, rows []overlapRow) diagnose.Hint {
	rightOn := func(arrange func(r overlapRow) (a, b []int)) bool {
		for _, r := range rows {
			a, b := arrange(r)
			if got, ok := try(func() int { return learner(a, b) }); !ok || got != r.truth {
				return false
			}
		}
		return true
	}
	sorted := func(r overlapRow) ([]int, []int) {
		return slices.Sorted(slices.Values(r.a)), slices.Sorted(slices.Values(r.b))
	}
	aligned := func(r overlapRow) ([]int, []int) {
		var both, onlyA, onlyB []int
		for _, x := range r.a {
			if slices.Contains(r.b, x) {
				both = append(both, x)
			} else {
				onlyA = append(onlyA, x)
			}
		}
		for _, y := range r.b {
			if !slices.Contains(r.a, y) {
				onlyB = append(onlyB, y)
			}
		}
		return slices.Concat(both, onlyA), slices.Concat(both, onlyB)
	}
	switch {
	case rightOn(sorted):
		return needsSortedHint
	case rightOn(aligned):
		return anywhereHint
	}
	changes := 0
	for _, r := range rows {
		a, b := slices.Clone(r.a), slices.Clone(r.b)
		slices.Reverse(a)
		slices.Reverse(b)
		if got, ok := try(func() int { return learner(a, b) }); ok && got != r.got {
			changes++
		}
	}
	if changes >= minBearing {
		return orderChangesHint
	}
	return diagnose.Hint{}
}

// overlapImpossible names the mistake behind an impossible count (more
// shared workers than the smaller shard holds, or fewer than none).
func overlapImpossible(learner, ref fair.OverlapFunc) diagnose.Hint {
	c, ok := firstDiffering(overlapProbes, func(c overlapCase) int { return learner(slices.Clone(c.a), slices.Clone(c.b)) },
		func(c overlapCase) int { return ref(slices.Clone(c.a), slices.Clone(c.b)) }, func(_ overlapCase, x, y int) bool { return x == y })
	if !ok {
		return diagnose.Hint{}
	}
	return overlapNamed(learner, ref, c)
}
