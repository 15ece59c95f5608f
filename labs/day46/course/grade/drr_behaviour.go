package grade

import (
	"slices"

	"termlab/labs/day46/course/fair"
	"termlab/labs/diagnose"
)

// DRRVisit taken apart: how many requests a visit serves (a bound on the
// credit, on one side of it or the other) and what credit it keeps, for a
// queue empty on entry, one the visit empties, and one that still waits.
// Each part is read off the probes on its own.

// The known mistakes' hints that a part of the answer names too.
const ()

var (
	bankHint         = visitHints.Name("drr.bank", "a queue that is (or becomes) empty keeps no credit: return 0, so an idle tenant cannot bank credit for later")
	inOrderHint      = visitHints.Name("drr.in-order", "serve in order from the head: stop at the first request that does not fit, even if a smaller one waits behind it")
	strictHint       = visitHints.Name("drr.strict", "a request whose size equals the credit fits: compare with <=, not <")
	severalHint      = visitHints.Name("drr.several", "one visit can serve several requests: keep serving while the head fits in the credit")
	droppedHint      = visitHints.Name("drr.dropped", "the credit was dropped: while requests still wait, what is left of deficit + quantum is kept for the next visit; only an emptied queue goes back to 0")
	oldCreditHint    = visitHints.Name("drr.old-credit", "the requests served fit in deficit alone: add quantum to the credit before serving, so this visit may spend deficit + quantum")
	quantumAloneHint = visitHints.Name("drr.quantum-alone", "the requests served fit in quantum alone: the credit saved from earlier visits counts too, so this visit may spend deficit + quantum")
	quantumTwiceHint = visitHints.Name("drr.quantum-twice", "the quantum was added twice: a visit adds one quantum to the credit, then serves from the head while the head fits")
	perRequestHint   = visitHints.Name("drr.per-request", "the quantum was added for every request served: a visit adds quantum once, before serving, however many requests it then serves")
	overServeHint    = visitHints.Name("drr.over-serve", "a request was served that did not fit: serve the head only when its size fits in what is left of the credit (compare before you serve it)")
	swappedResetHint = visitHints.Name("drr.reset-swapped", "the credit goes back to 0 on the wrong branch: an empty queue keeps it, and a queue whose head still waits loses it; reset only when the queue is (or becomes) empty")
	entryEmptyHint   = visitHints.Name("drr.entry-empty", "an empty queue on entry banked credit: a tenant with nothing waiting gets 0, 0, so an idle tenant cannot save up quantum for later")
	unchargedHint    = visitHints.Name("drr.uncharged", "the sizes served were never taken off the credit: each request served costs its size, so what is left is deficit + quantum − the sizes served")
	cappedCreditHint = visitHints.Name("drr.capped-credit", "the credit kept was capped at one quantum: while requests still wait, a visit keeps all that is left of deficit + quantum")
	quantumLostHint  = visitHints.Name("drr.quantum-lost", "the credit kept lacks this visit's quantum: what is left for the next visit is deficit + quantum − the sizes served")
)

// visitRow is one probe: the learner's answer and the task's quantities.
type visitRow struct {
	c      visitCase
	served int
	left   float64
	fit    int       // the reference's served
	prefix []float64 // prefix[i] is the sum of the first i sizes
}

func (r visitRow) credit() float64 { return r.c.deficit + r.c.quantum }

// fitIn is how many requests from the head fit in x (strictly under it
// when strict): the sizes are positive, so the prefix sums grow.
func (r visitRow) fitIn(x float64, strict bool) int {
	n := 0
	for n+1 < len(r.prefix) && (r.prefix[n+1] < x || !strict && r.prefix[n+1] == x) {
		n++
	}
	return n
}

func visitRows(learner, ref fair.DRRVisitFunc, cases []visitCase) []visitRow {
	rows := make([]visitRow, 0, len(cases))
	for _, c := range cases {
		a, ok := try(func() visitAnswer {
			s, l := learner(c.deficit, c.quantum, slices.Clone(c.queue))
			return visitAnswer{s, l}
		})
		if !ok || a.served < 0 || a.served > len(c.queue) {
			continue
		}
		fit, _ := ref(c.deficit, c.quantum, slices.Clone(c.queue))
		prefix := make([]float64, len(c.queue)+1)
		for i, s := range c.queue {
			prefix[i+1] = prefix[i] + s
		}
		rows = append(rows, visitRow{c, a.served, a.left, fit, prefix})
	}
	return rows
}

// servedParts are counts a visit might serve, each with the hint that
// names it, in order: the exact bounds first, the side of the bound last.
var servedParts = []struct {
	served func(visitRow) int
	hint   diagnose.Hint
}{
	{func(r visitRow) int { return r.fitIn(r.c.deficit, false) }, oldCreditHint},
	{func(r visitRow) int { return r.fitIn(r.c.quantum, false) }, quantumAloneHint},
	{func(r visitRow) int { return r.fitIn(r.c.deficit+2*r.c.quantum, false) }, quantumTwiceHint},
	{func(r visitRow) int { return r.fitIn(r.credit(), true) }, strictHint},
	{func(r visitRow) int {
		n := 0
		for n+1 < len(r.prefix) && r.prefix[n+1] <= r.c.deficit+float64(n+1)*r.c.quantum {
			n++
		}
		return n
	}, perRequestHint},
	{func(r visitRow) int { return min(r.fit, 1) }, severalHint},
	{func(r visitRow) int {
		n := 0 // every head that fits the whole credit, none charged
		for n < len(r.c.queue) && r.c.queue[n] <= r.credit() {
			n++
		}
		return n
	}, unchargedHint},
	{func(r visitRow) int {
		n, credit := 0, r.credit()
		for _, s := range r.c.queue {
			if s <= credit {
				credit -= s
				n++
			}
		}
		return n
	}, inOrderHint},
}

// servedBehaviour names the count the learner serves, when it is one of
// servedParts on every probe; or a count never below what fits and above
// it on at least minBearing probes (the bound's wrong side).
func servedBehaviour(rows []visitRow) diagnose.Hint {
	for _, p := range servedParts {
		all, differs := true, false
		for _, r := range rows {
			if p.served(r) != r.served {
				all = false
				break
			}
			differs = differs || r.served != r.fit
		}
		if all && differs && len(rows) >= minBearing {
			return p.hint
		}
	}
	over := 0
	for _, r := range rows {
		if r.served < r.fit {
			return diagnose.Hint{}
		}
		if r.served > r.fit {
			over++
		}
	}
	if over >= minBearing {
		return overServeHint
	}
	return diagnose.Hint{}
}

// leftParts are credits a visit might keep while requests still wait,
// given the learner's own count served, each with its hint.
var leftParts = []struct {
	left func(r visitRow) float64
	hint diagnose.Hint
}{
	{func(r visitRow) float64 { return 0 }, droppedHint},
	{func(r visitRow) float64 { return r.credit() }, unchargedHint},
	{func(r visitRow) float64 {
		return r.c.deficit + float64(r.served)*r.c.quantum - r.prefix[r.served]
	}, perRequestHint},
	{func(r visitRow) float64 { return r.c.deficit - r.prefix[r.served] }, quantumLostHint},
	{func(r visitRow) float64 { return r.credit() + r.c.quantum - r.prefix[r.served] }, quantumTwiceHint},
	{func(r visitRow) float64 { return min(r.c.quantum, r.credit()-r.prefix[r.served]) }, cappedCreditHint},
}

// leftBehaviour names the credit the learner keeps on probes of c's kind
// (a queue empty on entry, emptied by the visit, or still waiting).
func leftBehaviour(rows []visitRow, c visitRow) diagnose.Hint {
	kind := func(r visitRow) int {
		switch {
		case len(r.c.queue) == 0:
			return 0
		case r.served == len(r.c.queue):
			return 1
		}
		return 2
	}
	var same []visitRow
	for _, r := range rows {
		if kind(r) == kind(c) {
			same = append(same, r)
		}
	}
	if len(same) < minBearing {
		return diagnose.Hint{}
	}
	holds := func(left func(visitRow) float64, right func(visitRow) float64) bool {
		differs := false
		for _, r := range same {
			if !near(r.left, left(r), r.credit()) {
				return false
			}
			differs = differs || !near(left(r), right(r), r.credit())
		}
		return differs
	}
	switch kind(c) {
	case 0:
		// Any credit at all, on every empty queue.
		for _, r := range same {
			if near(r.left, 0, r.credit()) {
				return diagnose.Hint{}
			}
		}
		// Only when the other queues keep the right credit is the empty
		// queue's its own mistake: a reset on the wrong branch also drops
		// the credit of a queue that still waits, and "an empty queue
		// banked credit" would send the learner to the wrong line.
		kept := func(r visitRow) float64 { return r.credit() - r.prefix[r.served] }
		dropped, wrong := 0, 0
		for _, r := range rows {
			switch {
			case kind(r) == 1 && !near(r.left, 0, r.credit()):
				wrong++ // an emptied queue kept credit
			case kind(r) == 2 && !near(r.left, kept(r), r.credit()):
				wrong++
				if near(r.left, 0, r.credit()) {
					dropped++ // a queue that waits lost its credit
				}
			}
		}
		switch {
		case wrong == 0:
			return entryEmptyHint
		case dropped == wrong || dropped >= minBearing:
			return swappedResetHint
		}
		return diagnose.Hint{}
	case 1:
		if holds(func(r visitRow) float64 { return r.credit() - r.prefix[r.served] }, func(visitRow) float64 { return 0 }) {
			return bankHint
		}
		return diagnose.Hint{}
	}
	right := func(r visitRow) float64 { return r.credit() - r.prefix[r.served] }
	for _, p := range leftParts {
		if holds(p.left, right) {
			return p.hint
		}
	}
	return diagnose.Hint{}
}

// visitBehaviour names what the learner's DRRVisit does on the probes,
// for the counterexample c: the count served if c's is wrong, else the
// credit kept; or none.
func visitBehaviour(learner, ref fair.DRRVisitFunc, c visitCase) diagnose.Hint {
	rows := visitRows(learner, ref, []visitCase{c})
	if len(rows) == 0 {
		return diagnose.Hint{} // the learner crashed on the counterexample itself
	}
	rows = append(rows, visitRows(learner, ref, visitProbes)...)
	if rows[0].served != rows[0].fit {
		return servedBehaviour(rows)
	}
	return leftBehaviour(rows, rows[0])
}

// visitImpossible names the mistake behind an impossible visit (a credit
// grown by more than one quantum, a request charged but not served), read
// off the first probe it differs on; none keeps the wrapper's own hint.
func visitImpossible(learner, ref fair.DRRVisitFunc) diagnose.Hint {
	c, ok := firstDiffering(visitProbes, onVisit(learner), onVisit(ref), sameVisit)
	if !ok {
		return diagnose.Hint{}
	}
	return visitNamed(learner, ref, c)
}
