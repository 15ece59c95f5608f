package grade

import (
	"math"
	"slices"

	"termlab/labs/day46/course/fair"
	"termlab/labs/diagnose"
)

// FairShare read off the probes: the right shares in another order, a
// level always rounded, the demand used as a floor instead of a ceiling,
// one tenant (the largest) left out, capacity left over while a tenant
// still asks for more.

var (
	wrongOrderHint   = shareHints.Name("share.wrong-order", "the right shares in the wrong order: you return them sorted by demand; return each at its tenant's index, in the order of demands")
	roundedDownHint  = shareHints.Name("share.rounded-down", "the level was rounded down to a whole number: a share is a float64 and can be a fraction of a request")
	roundedHint      = shareHints.Name("share.rounded", "the level was rounded to a whole number: a share is a float64 and can be a fraction of a request")
	demandFloorHint  = shareHints.Name("share.demand-floor", "a share was more than its demand: the demand is a ceiling, min(demand, level), and max makes it a floor")
	lastOutHint      = shareHints.Name("share.last-out", "the last tenant in sorted order (the largest demand) got nothing: the loop over the sorted tenants stops one short; every tenant gets a share")
	sortedOnlyHint   = shareHints.Name("share.sorted-only", "right only when the demands come smallest first: fill the smallest demands first whatever their order (sort a copy, or a list of indexes), and answer in the order of demands")
	splitAllHint     = shareHints.Name("share.split-all", "what is left was split among every tenant, not only the ones still asking: divide it by the number of tenants not yet given their share")
	splitOneLessHint = shareHints.Name("share.split-one-less", "what is left was split among one tenant too few: divide it by the number of tenants not yet given their share, this one included")
	neverTakenHint   = shareHints.Name("share.never-taken", "what the satisfied tenants took was never taken off the capacity: each split is what is left ÷ the tenants still asking")
	leftOverHint     = shareHints.Name("share.left-over", "on some of the inputs tried, capacity is left over while a tenant still asks for more: water-filling gives out the whole capacity until every tenant has what it asked or none is left")
)

type shareRow struct {
	c          shareCase
	got, want  []float64
	sum, total float64 // the learner's shares added up, and the demands
}

func (r shareRow) near(a, b float64) bool { return near(a, b, r.c.capacity) }

func shareRows(learner, ref func(shareCase) []float64, cases []shareCase) []shareRow {
	rows := make([]shareRow, 0, len(cases))
	for _, c := range cases {
		got, ok := diagnose.Try(func() []float64 { return learner(c) })
		if !ok || len(got) != len(c.demands) || slices.ContainsFunc(got, func(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }) {
			continue
		}
		r := shareRow{c: c, got: got, want: ref(c)}
		for i, s := range got {
			r.sum += s
			r.total += c.demands[i]
		}
		rows = append(rows, r)
	}
	return rows
}

// shareReadings are the rows of shareTable that read the shares off the
// probes (after the known mistakes), each a named predicate on the rows
// of the counterexample and the probes the learner answered validly.
var shareReadings = []diagnose.Row[shareCase, []float64]{
	reading(wrongOrderHint, sharesPermuted),
	reading(roundedDownHint, func(rows []shareRow) bool { return levelRounded(rows) == roundedDownHint }),
	reading(roundedHint, func(rows []shareRow) bool { return levelRounded(rows) == roundedHint }),
	reading(demandFloorHint, demandFloor),
	reading(lastOutHint, lastLeftOut),
	diagnose.Named(splitAllHint, splitAmong(func(j, n int) int { return n }, false)),
	diagnose.Named(splitOneLessHint, splitAmong(func(j, n int) int { return max(1, n-j-1) }, false)),
	diagnose.Named(neverTakenHint, splitAmong(func(j, n int) int { return n - j }, true)),
	{ID: sortedOnlyHint.ID, Words: sortedOnlyHint.Text, Reads: sortedOnly},
	reading(leftOverHint, leftOver),
}

// reading is the row of a predicate on the rows of the counterexample
// (first) and the probes; a counterexample the learner answered with no
// valid list of shares bears on none.
func reading(h diagnose.Hint, pred func([]shareRow) bool) diagnose.Row[shareCase, []float64] {
	return diagnose.Row[shareCase, []float64]{ID: h.ID, Words: h.Text, Reads: func(c shareCase, probes []shareCase, learner, ref func(shareCase) []float64) (string, bool) {
		rows := shareRows(learner, ref, []shareCase{c})
		return "", len(rows) > 0 && pred(append(rows, shareRows(learner, ref, probes)...))
	}}
}

// sortedOnly reports whether the learner's shares are the task's on every
// probe once its demands come smallest first.
func sortedOnly(c shareCase, probes []shareCase, learner, ref func(shareCase) []float64) (string, bool) {
	n := 0
	for _, p := range append([]shareCase{c}, probes...) {
		p.demands = slices.Sorted(slices.Values(p.demands))
		got, ok := diagnose.Try(func() []float64 { return learner(p) })
		if !ok || !sameShares(p, got, ref(p)) {
			return "", false
		}
		n++
	}
	return "", n >= diagnose.MinBearing
}

// splitAmong is water-filling whose split divides what is left by the
// wrong number of tenants (or never takes the shares given off it, keep):
// filling the smallest demand first, the j-th of n (from 0) gets
// min(demand, left ÷ divisor(j, n)); the task's divisor is n − j.
func splitAmong(divisor func(j, n int) int, keep bool) func(shareCase) []float64 {
	return func(c shareCase) []float64 {
		idx := make([]int, len(c.demands))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int { return cmpFloat(c.demands[a], c.demands[b]) })
		out := make([]float64, len(c.demands))
		left := c.capacity
		for j, i := range idx {
			out[i] = math.Min(c.demands[i], left/float64(divisor(j, len(idx))))
			if !keep {
				left -= out[i]
			}
		}
		return out
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// sharesPermuted names the right shares sorted: on every probe the
// learner's shares sorted are the task's sorted, and where they are not
// the task's, in the order of demands, they are in ascending order.
func sharesPermuted(rows []shareRow) bool {
	for _, r := range rows {
		g, w := slices.Sorted(slices.Values(r.got)), slices.Sorted(slices.Values(r.want))
		inOrder := true
		for i := range g {
			if !r.near(g[i], w[i]) {
				return false
			}
			inOrder = inOrder && r.near(r.got[i], r.want[i])
		}
		if !inOrder && !slices.IsSorted(r.got) {
			return false
		}
	}
	return len(rows) >= diagnose.MinBearing // the counterexample is out of order
}

// levelRounded names a level always a whole number: every share below its
// demand (cut by the level) is whole, on at least diagnose.MinBearing probes where
// the task's level is not.
func levelRounded(rows []shareRow) diagnose.Hint {
	whole := func(x float64) bool { return x == math.Trunc(x) }
	n, down := 0, true
	for _, r := range rows {
		cut, fractional := false, false
		for i, s := range r.got {
			if s < r.c.demands[i] && !r.near(s, r.c.demands[i]) {
				if !whole(s) || math.Abs(s-r.want[i]) >= 2 {
					return diagnose.Hint{} // not the task's level rounded
				}
				cut = true
				down = down && s <= r.want[i]+tol*max(1, r.c.capacity)
			}
			fractional = fractional || r.want[i] < r.c.demands[i] && !whole(r.want[i])
		}
		if cut && fractional {
			n++
		}
	}
	switch {
	case n < diagnose.MinBearing:
		return diagnose.Hint{}
	case down:
		return roundedDownHint
	}
	return roundedHint
}

// demandFloor names shares never below their demands and above them on
// at least diagnose.MinBearing probes.
func demandFloor(rows []shareRow) bool {
	over := 0
	for _, r := range rows {
		above := false
		for i, s := range r.got {
			d := r.c.demands[i]
			if s < d && !r.near(s, d) {
				return false
			}
			above = above || !r.near(s, d)
		}
		if above {
			over++
		}
	}
	return over >= diagnose.MinBearing
}

// lastLeftOut names one tenant of the largest demand getting nothing and
// every other the task's share, on every probe where that tenant's task
// share is above 0 (at least diagnose.MinBearing), and the task's elsewhere.
func lastLeftOut(rows []shareRow) bool {
	n := 0
	for _, r := range rows {
		off := -1
		for i := range r.got {
			if !r.near(r.got[i], r.want[i]) {
				if off >= 0 {
					return false
				}
				off = i
			}
		}
		if off < 0 {
			// Right everywhere: then no largest demand had a share to lose.
			for i, d := range r.c.demands {
				if d == slices.Max(r.c.demands) && r.want[i] > 0 {
					return false
				}
			}
			continue
		}
		if r.got[off] != 0 || r.c.demands[off] < slices.Max(r.c.demands) {
			return false
		}
		n++
	}
	return n >= diagnose.MinBearing
}

// leftOver names shares that never pass their demands or the capacity,
// and add up to less than both the capacity and the demands on at least
// diagnose.MinBearing probes.
func leftOver(rows []shareRow) bool {
	n := 0
	for _, r := range rows {
		for i, s := range r.got {
			if s > r.c.demands[i] && !r.near(s, r.c.demands[i]) {
				return false
			}
		}
		if r.sum > r.c.capacity && !r.near(r.sum, r.c.capacity) {
			return false
		}
		if want := math.Min(r.c.capacity, r.total); r.sum < want && !r.near(r.sum, want) {
			n++
		}
	}
	return n >= diagnose.MinBearing
}

// shareImpossible names the mistake behind an impossible list of shares
// (more than a demand, more than the capacity, the wrong length), read
// off the first probe it differs on.
func shareImpossible(learner, ref fair.FairShareFunc) diagnose.Hint {
	// A FairShare that changes demands was stopped for that (the lab
	// compares demands with a copy after every call): its hint says so.
	for _, c := range shareProbes {
		d := slices.Clone(c.demands)
		if _, ok := diagnose.Try(func() []float64 { return learner(c.capacity, d) }); !ok || !slices.Equal(d, c.demands) {
			return diagnose.Hint{}
		}
	}
	c, ok := firstDiffering(shareProbes, onShare(learner), onShare(ref), sameShares)
	if !ok {
		return diagnose.Hint{}
	}
	return shareNamed(learner, ref, c)
}
