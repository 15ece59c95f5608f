package grade

import (
	"fmt"
	"math"
	"slices"

	"termlab/labs/day46/course/fair"
	"termlab/labs/diagnose"
)

// A hint names a mistake only when the learner's function is that mistake
// as far as the grader can tell: the mistake gives the learner's answer on
// the counterexample (and the reference's answer differs), and on every
// probe input besides (the hand-picked cases and a few hundred random ones).
// Otherwise the hint says plainly what differs on the counterexample. A
// hint naming a mistake the learner did not make sends them looking in the
// wrong place, which is worse than no diagnosis.

// --- TODO 1 -------------------------------------------------------------------

var shareTable = diagnose.Table[shareCase, []float64]{Same: sameShares, Rows: []diagnose.Row[shareCase, []float64]{
	shareMistake(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		for i := range out {
			out[i] = capacity / float64(len(demands))
		}
		return out
	}, shareHints.Name("share.equal-split", "everyone got capacity ÷ n, whatever it asked: a tenant never gets more than it asks, and what it leaves goes to the others")),
	shareMistake(func(capacity float64, demands []float64) []float64 {
		total := 0.0
		for _, d := range demands {
			total += d
		}
		out := make([]float64, len(demands))
		for i, d := range demands {
			out[i] = d
			if total > capacity {
				out[i] = d * capacity / total
			}
		}
		return out
	}, shareHints.Name("share.proportional", "the shares are proportional to the demands: max-min fairness meets the small demands in full and splits the rest equally, it does not scale everyone down alike")),
	shareMistake(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		for i, d := range demands {
			out[i] = math.Min(d, capacity/float64(len(demands)))
		}
		return out
	}, shareHints.Name("share.never-handed-on", "each share is min(demand, capacity ÷ n), and what the modest tenants leave is never handed on: split it among the tenants still asking")),
	shareMistake(func(capacity float64, demands []float64) []float64 {
		demands = slices.Sorted(slices.Values(demands))
		out := make([]float64, len(demands))
		for j, d := range demands {
			out[j] = math.Min(d, capacity/float64(len(demands)-j))
			capacity -= out[j]
		}
		return out
	}, wrongOrderHint),
	shareMistake(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		split := capacity / float64(len(demands))
		left, open := capacity, 0
		for i, d := range demands {
			if d <= split {
				out[i], left = d, left-d
			} else {
				open++
			}
		}
		for i, d := range demands {
			if d > split {
				out[i] = math.Min(d, left/float64(open))
			}
		}
		return out
	}, shareHints.Name("share.one-round", "one round of handing on is not enough: after the leftover is split, more tenants may be satisfied and leave some in turn; repeat until nobody still asking wants less than the split")),
	shareMistake(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		if len(demands) == 0 {
			return out
		}
		big := 0
		for i, d := range demands {
			out[i] = math.Min(d, capacity/float64(len(demands)))
			if d > demands[big] {
				big = i
			}
		}
		used := 0.0
		for _, s := range out {
			used += s
		}
		out[big] = math.Min(demands[big], out[big]+capacity-used)
		return out
	}, shareHints.Name("share.leftover-to-largest", "what the modest tenants leave went to the largest demand alone: it is split equally among every tenant still asking")),
	shareMistake(func(capacity float64, demands []float64) []float64 {
		idx := make([]int, len(demands))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int { return int(demands[a] - demands[b]) })
		out := make([]float64, len(demands))
		for j, i := range idx {
			out[i] = math.Min(demands[i], math.Floor(capacity/float64(len(idx)-j)))
			capacity -= out[i]
		}
		return out
	}, roundedDownHint),
	shareMistake(func(capacity float64, demands []float64) []float64 {
		return waterFill(capacity, slices.DeleteFunc(slices.Clone(demands), func(d float64) bool { return d == 0 }))
	}, shareHints.Name("share.zeros-dropped", "the tenants asking 0 were left out, so the shares after them moved up a place: every tenant gets a share at its own index, 0 for one that asks nothing")),
	shareMistake(func(capacity float64, demands []float64) []float64 {
		out := waterFill(capacity, demands)
		if len(out) == 0 {
			return out
		}
		last, used := 0, 0.0
		for i, d := range demands {
			if d >= demands[last] {
				last = i
			}
		}
		for i, s := range out {
			if i != last {
				used += s
			}
		}
		out[last] = max(capacity, 0) - used
		return out
	}, shareHints.Name("share.remainder-uncapped", "the largest demand was given all that was left, more than it asked: every share stops at its demand, the last one filled too; capacity nobody asks for stays unused")),
}}

// waterFill is max-min fairness as the lesson states it, for the known
// mistakes above that are the task with one step changed: the smallest
// demand first, each tenant min(its demand, what is left ÷ the tenants
// still asking), answered in the order of demands.
func waterFill(capacity float64, demands []float64) []float64 {
	idx := make([]int, len(demands))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmpFloat(demands[a], demands[b]) })
	out := make([]float64, len(demands))
	left := max(capacity, 0)
	for j, i := range idx {
		out[i] = math.Min(demands[i], left/float64(len(idx)-j))
		left -= out[i]
	}
	return out
}

func sameShares(c shareCase, a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !near(a[i], b[i], c.capacity) {
			return false
		}
	}
	return true
}

var shareProbes = func() []shareCase {
	out := slices.Clone(shareCases)
	return append(out, randomShareCases(46, 6, 200)...)
}()

// onShare is f as a function of a case (on a copy of its demands).
func onShare(f fair.FairShareFunc) func(shareCase) []float64 {
	return func(c shareCase) []float64 { return f(c.capacity, slices.Clone(c.demands)) }
}

// shareMistake is a known FairShare mistake as a row of shareTable.
func shareMistake(f fair.FairShareFunc, h diagnose.Hint) diagnose.Row[shareCase, []float64] {
	return diagnose.Named(h, onShare(f))
}

// shareNamed is the hint that names the learner's mistake on c: a known
// mistake, or what its shares are on the probes; or none.
func shareNamed(learner, ref fair.FairShareFunc, c shareCase) diagnose.Hint {
	// State first: every reading after this one assumes there is none.
	if h := twoPasses(append([]shareCase{c}, shareProbes...), onShare(learner), func(a, b []float64) bool { return sameShares(c, a, b) }, fair.FormatFloats); !h.None() {
		return h
	}
	return diagnose.On(shareTable, c, shareProbes, onShare(learner), onShare(ref))
}

// sharePlain says plainly what differs on c (got: the learner's shares,
// want: the reference's), read off it alone.
func sharePlain(c shareCase, got, want []float64) diagnose.Hint {
	var tg, tw float64
	for i := range got {
		tg += got[i]
	}
	for i := range want {
		tw += want[i]
	}
	for i := range min(len(got), len(want)) {
		if !near(got[i], want[i], c.capacity) {
			s := fmt.Sprintf("tenant %d (asking %g) gets %g where water-filling gives %g", i, c.demands[i], got[i], want[i])
			if !near(tg, tw, c.capacity) {
				s += fmt.Sprintf("; your shares add up to %g, water-filling's to %g", tg, tw)
			}
			return diagnose.Plain("share-differs", s)
		}
	}
	return diagnose.Plain("share-count", fmt.Sprintf("%d shares for %d tenants: one share per tenant, in the order of demands", len(got), len(c.demands)))
}

// --- TODO 2 -------------------------------------------------------------------

var visitTable = diagnose.Table[visitCase, visitAnswer]{Same: sameVisit, Rows: []diagnose.Row[visitCase, visitAnswer]{
	visitMistake(func(deficit, quantum float64, queue []float64) (int, float64) {
		n := 0
		for n < len(queue) && queue[n] <= deficit {
			deficit -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, deficit
	}, visitHints.Name("drr.quantum-never-added", "the quantum was never added: a visit first adds quantum to the credit, and deficit + quantum is what it may spend")),
	visitMistake(func(deficit, quantum float64, queue []float64) (int, float64) {
		n := 0
		for n < len(queue) && queue[n] <= deficit {
			deficit -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, deficit + quantum
	}, visitHints.Name("drr.quantum-after-serving", "the quantum came after the serving: add it first, so this visit may spend deficit + quantum")),
	visitMistake(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		n := 0
		for n < len(queue) && queue[n] <= deficit {
			deficit -= queue[n]
			n++
		}
		return n, deficit
	}, bankHint),
	visitMistake(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		n := 0
		for _, s := range queue {
			if s <= deficit {
				deficit -= s
				n++
			}
		}
		if n == len(queue) {
			return n, 0
		}
		return n, deficit
	}, inOrderHint),
	visitMistake(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		n := 0
		for n < len(queue) && queue[n] < deficit {
			deficit -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, deficit
	}, strictHint),
	visitMistake(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		if len(queue) > 0 && queue[0] <= deficit {
			if len(queue) == 1 {
				return 1, 0
			}
			return 1, deficit - queue[0]
		}
		if len(queue) == 0 {
			return 0, 0
		}
		return 0, deficit
	}, severalHint),
	visitMistake(func(deficit, quantum float64, queue []float64) (int, float64) {
		n := 0
		for n < len(queue) && queue[n] <= quantum {
			quantum -= queue[n]
			n++
		}
		return n, 0
	}, droppedHint),
	visitMistake(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit, n := deficit, 0
		for n < len(queue) {
			credit += quantum
			if queue[n] > credit {
				break
			}
			credit -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, credit
	}, visitHints.Name("drr.quantum-per-head", "the quantum was added once for every head looked at: a visit adds quantum once, before it serves, however many requests it then looks at")),
}}

// creditRounded are DRRVisit's mistakes of one family: the credit made a
// whole number (down, to the nearest or up) before serving, one row per
// way of rounding under the family's one ID (the rounding is read off
// which row reproduces the probes: half-way credits round alike by two).
var creditRounded = func() []diagnose.Row[visitCase, visitAnswer] {
	id := visitHints.Family("drr.credit-rounded")
	var rows []diagnose.Row[visitCase, visitAnswer]
	for _, r := range []struct {
		how   string
		round func(float64) float64
	}{{"down", math.Floor}, {"to the nearest whole number", math.Round}, {"up", math.Ceil}} {
		rows = append(rows, visitMistake(func(deficit, quantum float64, queue []float64) (int, float64) {
			credit, n := r.round(deficit+quantum), 0
			for n < len(queue) && queue[n] <= credit {
				credit -= queue[n]
				n++
			}
			if n == len(queue) {
				return n, 0
			}
			return n, credit
		}, id("the credit was rounded "+r.how+" before serving: sizes and credits can be fractions of a unit; serve from deficit + quantum as it is")))
	}
	return rows
}()

func init() {
	visitTable.Rows = slices.Concat(visitTable.Rows, visitAfter5, creditRounded, visitParts)
	overlapTable.Rows = slices.Concat(overlapTable.Rows, overlapAfter5, overlapCounts)
	shareTable.Rows = slices.Concat(shareTable.Rows, shareAfter5, shareReadings)
}

type visitAnswer struct {
	served int
	left   float64
}

var visitProbes = func() []visitCase {
	out := slices.Clone(visitCases)
	return append(out, randomVisitCases(46, 7, 200)...)
}()

// onVisit is f as a function of a case (on a copy of its queue).
func onVisit(f fair.DRRVisitFunc) func(visitCase) visitAnswer {
	return func(c visitCase) visitAnswer {
		s, l := f(c.deficit, c.quantum, slices.Clone(c.queue))
		return visitAnswer{s, l}
	}
}

// visitMistake is a known DRRVisit mistake as a row of visitTable.
func visitMistake(f fair.DRRVisitFunc, h diagnose.Hint) diagnose.Row[visitCase, visitAnswer] {
	return diagnose.Named(h, onVisit(f))
}

func sameVisit(c visitCase, a, b visitAnswer) bool {
	return a.served == b.served && near(a.left, b.left, c.deficit+c.quantum)
}

// visitNamed is the hint that names the learner's mistake on c: a known
// mistake (or one of a family), or what its visits do on the probes; or
// none.
func visitNamed(learner, ref fair.DRRVisitFunc, c visitCase) diagnose.Hint {
	if h := twoPasses(append([]visitCase{c}, visitProbes...), onVisit(learner), func(a, b visitAnswer) bool { return sameVisit(c, a, b) }, func(a visitAnswer) string { return fmt.Sprintf("(%d, %g)", a.served, a.left) }); !h.None() {
		return h
	}
	return diagnose.On(visitTable, c, visitProbes, onVisit(learner), onVisit(ref))
}

// visitPlain says plainly what differs on c (g: the learner's answer, w:
// the reference's), read off it alone.
func visitPlain(c visitCase, g, w visitAnswer) diagnose.Hint {
	credit := c.deficit + c.quantum
	switch {
	case g.served != w.served:
		return diagnose.Plain("drr-served", fmt.Sprintf("served %d where %d fit: the credit for this visit is %g + %g = %g, and requests are served from the head while the head's size fits in what is left", g.served, w.served, c.deficit, c.quantum, credit))
	case w.served == len(c.queue):
		return diagnose.Plain("drr-emptied-keeps", fmt.Sprintf("the right requests, but a credit of %g is left: this visit emptied the queue, and an empty queue keeps 0", g.left))
	}
	return diagnose.Plain("drr-left", fmt.Sprintf("the right requests, but a credit of %g is left where %g − %g served = %g remains", g.left, credit, credit-w.left, w.left))
}

// --- TODO 4 -------------------------------------------------------------------

var overlapTable = diagnose.Table[overlapCase, int]{Same: sameCount, Rows: []diagnose.Row[overlapCase, int]{
	overlapMistake(func(a, b []int) int {
		n := 0
		for i := range min(len(a), len(b)) {
			if a[i] == b[i] {
				n++
			}
		}
		return n
	}, samePlaceHint),
	overlapMistake(func(a, b []int) int {
		i, j, n := 0, 0, 0
		for i < len(a) && j < len(b) {
			switch {
			case a[i] == b[j]:
				n, i, j = n+1, i+1, j+1
			case a[i] < b[j]:
				i++
			default:
				j++
			}
		}
		return n
	}, overlapHints.Name("overlap.merge-unsorted", "a merge walk needs sorted lists, and shards come in any order: sort copies first, or use a set")),
	overlapMistake(func(a, b []int) int {
		var x, y uint32
		for _, w := range a {
			x |= 1 << uint(w)
		}
		for _, w := range b {
			y |= 1 << uint(w)
		}
		n := 0
		for z := x & y; z != 0; z &= z - 1 {
			n++
		}
		return n
	}, maskHint(32)),
	overlapMistake(func(a, b []int) int {
		var x, y uint64
		for _, w := range a {
			x |= 1 << uint(w)
		}
		for _, w := range b {
			y |= 1 << uint(w)
		}
		n := 0
		for z := x & y; z != 0; z &= z - 1 {
			n++
		}
		return n
	}, maskHint(64)),
	overlapMistake(func(a, b []int) int {
		n := 0
		for _, x := range a {
			if !slices.Contains(b, x) {
				n++
			}
		}
		return n
	}, notInBHint),
	overlapMistake(func(a, b []int) int {
		for _, x := range a {
			if slices.Contains(b, x) {
				return 1
			}
		}
		return 0
	}, onlyWhetherHint),
	overlapMistake(func(a, b []int) int {
		n := 0
		for i := 1; i < len(a); i++ {
			if slices.Contains(b, a[i]) {
				n++
			}
		}
		return n
	}, firstAHint),
}}

var overlapProbes = func() []overlapCase {
	out := slices.Clone(overlapCases)
	return append(out, randomOverlapCases(46, 8, 200)...)
}()

// onOverlap is f as a function of a case (on copies of its lists).
func onOverlap(f fair.OverlapFunc) func(overlapCase) int {
	return func(c overlapCase) int { return f(slices.Clone(c.a), slices.Clone(c.b)) }
}

// overlapMistake is a known Overlap mistake as a row of overlapTable.
func overlapMistake(f fair.OverlapFunc, h diagnose.Hint) diagnose.Row[overlapCase, int] {
	return diagnose.Named(h, onOverlap(f))
}

func sameCount(_ overlapCase, a, b int) bool { return a == b }

// overlapNamed is the hint that names the learner's mistake on c: a known
// mistake, or what its counts are on the probes; or none.
func overlapNamed(learner, ref fair.OverlapFunc, c overlapCase) diagnose.Hint {
	if h := twoPasses(append([]overlapCase{c}, overlapProbes...), onOverlap(learner), diagnose.Equal[int], func(a int) string { return fmt.Sprint(a) }); !h.None() {
		return h
	}
	return diagnose.On(overlapTable, c, overlapProbes, onOverlap(learner), onOverlap(ref))
}

// overlapPlain says plainly what differs on c (got: the learner's count),
// read off it alone.
func overlapPlain(c overlapCase, got int) diagnose.Hint {
	var common []int
	for _, w := range c.a {
		if slices.Contains(c.b, w) {
			common = append(common, w)
		}
	}
	return diagnose.Plain("overlap-count", fmt.Sprintf("you count %d where the shards share %d: %v are in both", got, len(common), common))
}

// twoPasses is the state hint (labs/diagnose) for a learner that answers
// one of cases two ways, or none; a call that panics is no answer.
func twoPasses[C, A any](cases []C, learner func(C) A, same func(A, A) bool, what func(A) string) diagnose.Hint {
	return diagnose.TwoPasses(cases, func(c C) (A, bool) { return diagnose.Try(func() A { return learner(c) }) }, same, what)
}

// The named hints of each TODO, declared where they are written (known
// mistakes and readings of the probes alike): the lists below are derived
// from them, never kept by hand.
var shareHints, visitHints, shardSet, overlapHints diagnose.Set

// hintSets are the TODOs' sets, by number.
var hintSets = diagnose.Sets{1: &shareHints, 2: &visitHints, 3: &shardSet, 4: &overlapHints}

// MistakeHints are the fixed words of TODO n's hints that name a mistake
// (a family's words carry figures: HintIDs names it). Every other hint is
// a plain statement of what differs.
func MistakeHints(n int) []string { return hintSets.Words(n) }

// HintIDs are the IDs of TODO n's hints that name a mistake, the state
// between calls among them.
func HintIDs(n int) []string { return hintSets.IDs(n) }
