package grade

import (
	"termlab/labs/day46/course/fair"
	"termlab/labs/diagnose"
)

// DRRVisit taken apart, as rows of visitTable: how many requests a visit
// serves (a bound on the credit, on one side of it or the other) and what
// credit it keeps, for a queue empty on entry, one the visit empties, and
// one that still waits. Each part is read off the probes on its own, and
// names a mistake only on a counterexample where that part is the one that
// differs (At): a row about the credit kept is never told a learner whose
// count served is wrong there, and a row about one kind of queue holds the
// others right (the engine's rule for a part of an answer).

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
	overServeHint    = visitHints.Name("drr.over-serve", "a request was served that did not fit: a visit serves the head only while its size fits in what is left of deficit + quantum")
	swappedResetHint = visitHints.Name("drr.reset-swapped", "the credit goes back to 0 on the wrong branch: an empty queue keeps it, and a queue whose head still waits loses it; reset only when the queue is (or becomes) empty")
	entryEmptyHint   = visitHints.Name("drr.entry-empty", "an empty queue on entry banked credit: a tenant with nothing waiting gets 0, 0, so an idle tenant cannot save up quantum for later")
	unchargedHint    = visitHints.Name("drr.uncharged", "the sizes served were never taken off the credit: each request served costs its size, so what is left is deficit + quantum − the sizes served")
	cappedCreditHint = visitHints.Name("drr.capped-credit", "the credit kept was capped at one quantum: while requests still wait, a visit keeps all that is left of deficit + quantum")
	quantumLostHint  = visitHints.Name("drr.quantum-lost", "the credit kept lacks this visit's quantum: what is left for the next visit is deficit + quantum − the sizes served")
)

// visitQ are the quantities of a case the rows read: the credit and the
// sums of the first i sizes (positive sizes: the sums grow).
type visitQ struct {
	credit float64
	prefix []float64
}

func quantities(c visitCase) visitQ {
	q := visitQ{credit: c.deficit + c.quantum, prefix: make([]float64, len(c.queue)+1)}
	for i, s := range c.queue {
		q.prefix[i+1] = q.prefix[i] + s
	}
	return q
}

// fitIn is how many requests from the head fit in x (strictly under it
// when strict).
func (q visitQ) fitIn(x float64, strict bool) int {
	n := 0
	for n+1 < len(q.prefix) && (q.prefix[n+1] < x || !strict && q.prefix[n+1] == x) {
		n++
	}
	return n
}

// kept is the credit a visit keeps after serving the first served
// requests: what is left of deficit + quantum.
func (q visitQ) kept(served int) float64 { return q.credit - q.prefix[served] }

// valid bears on an answer that counts requests of the queue.
func valid(c visitCase, a visitAnswer) bool { return a.served >= 0 && a.served <= len(c.queue) }

// waits is whether requests still wait after the learner's visit.
func waits(c visitCase, a visitAnswer) bool { return valid(c, a) && a.served < len(c.queue) }

func countWrong(_ visitCase, got, want visitAnswer) bool { return got.served != want.served }
func countRight(_ visitCase, got, want visitAnswer) bool { return got.served == want.served }

// servedRow names a count served that is always served(c).
func servedRow(h diagnose.Hint, served func(c visitCase, q visitQ) int) diagnose.Row[visitCase, visitAnswer] {
	return diagnose.Row[visitCase, visitAnswer]{ID: h.ID, Words: h.Text, At: countWrong,
		Bears: valid, Prop: func(c visitCase, a, _ visitAnswer) bool { return a.served == served(c, quantities(c)) }}
}

// keptRow names a credit kept, while requests still wait, that is always
// left(c, the learner's count served).
func keptRow(h diagnose.Hint, left func(c visitCase, q visitQ, served int) float64) diagnose.Row[visitCase, visitAnswer] {
	return diagnose.Row[visitCase, visitAnswer]{ID: h.ID, Words: h.Text, At: countRight,
		Bears: waits, Prop: func(c visitCase, a, _ visitAnswer) bool {
			q := quantities(c)
			return near(a.left, left(c, q, a.served), q.credit)
		}}
}

// visitParts are the rows of visitTable that read a part of the answer.
var visitParts = []diagnose.Row[visitCase, visitAnswer]{
	// The count served: exact bounds first, the side of the bound last.
	servedRow(oldCreditHint, func(c visitCase, q visitQ) int { return q.fitIn(c.deficit, false) }),
	servedRow(quantumAloneHint, func(c visitCase, q visitQ) int { return q.fitIn(c.quantum, false) }),
	servedRow(quantumTwiceHint, func(c visitCase, q visitQ) int { return q.fitIn(c.deficit+2*c.quantum, false) }),
	servedRow(strictHint, func(_ visitCase, q visitQ) int { return q.fitIn(q.credit, true) }),
	servedRow(perRequestHint, func(c visitCase, q visitQ) int {
		n := 0
		for n+1 < len(q.prefix) && q.prefix[n+1] <= c.deficit+float64(n+1)*c.quantum {
			n++
		}
		return n
	}),
	servedRow(severalHint, func(_ visitCase, q visitQ) int { return min(q.fitIn(q.credit, false), 1) }),
	servedRow(unchargedHint, func(c visitCase, q visitQ) int {
		n := 0 // every head that fits the whole credit, none charged
		for n < len(c.queue) && c.queue[n] <= q.credit {
			n++
		}
		return n
	}),
	servedRow(inOrderHint, func(c visitCase, q visitQ) int {
		n, credit := 0, q.credit
		for _, s := range c.queue {
			if s <= credit {
				credit -= s
				n++
			}
		}
		return n
	}),
	// Never below what fits, and above it on every probe where the count
	// differs (at least MinBearing of them).
	{ID: overServeHint.ID, Words: overServeHint.Text, At: countWrong,
		Bears: func(c visitCase, a visitAnswer) bool {
			return valid(c, a) && a.served != quantities(c).fitIn(c.deficit+c.quantum, false)
		},
		Prop: func(_ visitCase, a, want visitAnswer) bool { return a.served > want.served }},

	// The credit kept by a queue the visit empties: always what is left.
	{ID: bankHint.ID, Words: bankHint.Text, At: countRight,
		Bears: func(c visitCase, a visitAnswer) bool { return len(c.queue) > 0 && a.served == len(c.queue) },
		Prop: func(c visitCase, a, _ visitAnswer) bool {
			q := quantities(c)
			return near(a.left, q.kept(a.served), q.credit)
		}},
	// A queue empty on entry: some credit on every one, and the other
	// kinds of queue right (then the empty queue's is its own mistake);
	// or the reset on the wrong branch: every empty queue keeps credit and
	// every queue that still waits loses it.
	{ID: entryEmptyHint.ID, Words: entryEmptyHint.Text, At: emptyOnEntry, Bears: valid,
		Prop: func(c visitCase, a, want visitAnswer) bool {
			if len(c.queue) == 0 {
				return !near(a.left, 0, c.deficit+c.quantum)
			}
			return sameVisit(c, a, want)
		}},
	{ID: swappedResetHint.ID, Words: swappedResetHint.Text, At: emptyOnEntry, Bears: valid,
		Prop: func(c visitCase, a, want visitAnswer) bool {
			credit := c.deficit + c.quantum
			switch {
			case len(c.queue) == 0:
				return !near(a.left, 0, credit)
			case a.served < len(c.queue):
				return a.served == want.served && near(a.left, 0, credit)
			}
			return true // an emptied queue: kept or not, the reset is elsewhere
		}},

	// The credit kept while requests still wait, given the count served.
	keptRow(droppedHint, func(visitCase, visitQ, int) float64 { return 0 }),
	keptRow(unchargedHint, func(_ visitCase, q visitQ, _ int) float64 { return q.credit }),
	keptRow(perRequestHint, func(c visitCase, q visitQ, n int) float64 {
		return c.deficit + float64(n)*c.quantum - q.prefix[n]
	}),
	keptRow(quantumLostHint, func(c visitCase, q visitQ, n int) float64 { return c.deficit - q.prefix[n] }),
	keptRow(quantumTwiceHint, func(c visitCase, q visitQ, n int) float64 { return q.kept(n) + c.quantum }),
	keptRow(cappedCreditHint, func(c visitCase, q visitQ, n int) float64 { return min(c.quantum, q.kept(n)) }),
}

// emptyOnEntry: the counterexample is an empty queue.
func emptyOnEntry(c visitCase, _, _ visitAnswer) bool { return len(c.queue) == 0 }

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
