package grade

import (
	"math"

	"termlab/labs/day45/course/limit"
	"termlab/labs/diagnose"
)

// TakeToken taken apart: its answer is a level (left, plus the token when
// it said yes), a decision on that level, and what each branch leaves. Each
// part is read off the probes on its own, so a hint can name the one part
// that is wrong whatever the others do: the branch that leaves the wrong
// quantity, the decision made at the wrong threshold, the cap at the wrong
// height, a level always rounded.

var (
	refusalKeeps    = tokenHints.Name("token.refusal-empties", "a refusal keeps what the bucket holds: the fraction of a token stays for next time")
	handBackHint    = tokenHints.Name("token.no-hands-back", "a no gave back the level before the refill: what the wait added stays in the bucket even when the answer is no; return the refilled, capped level")
	spendOtherHint  = tokenHints.Name("token.spend-other", "a yes takes other than one token: a request uses exactly one, so what is left is the refilled, capped level − 1")
	refusedHint     = tokenHints.Name("token.refused-whole", "a request was refused with one whole token or more after the refill: a level of 1.0 or more lets it in")
	capOffHint      = tokenHints.Name("token.cap-off", "the cap is not capacity: a bucket refilled past the top holds exactly capacity (min(capacity, tokens + refill)), not a token more or less")
	levelRoundHint  = tokenHints.Name("token.level-rounded", "the level was rounded: the bucket keeps the exact fraction of a token for next time (don't round it, to whole tokens or to a few decimals)")
	refillRoundHint = tokenHints.Name("token.refill-rounded", "the refill was rounded to whole tokens: the bucket keeps the fraction of a token a wait adds (elapsed.Seconds() × ratePerSec, not rounded)")
	noSpendHint     = tokenHints.Name("token.yes-spends-nothing", "you said yes but did not spend: subtract the one token the request uses")
)

// tokenRow is one probe: the learner's answer and the task's quantities.
type tokenRow struct {
	c          tokenCase
	a          tokenAnswer
	raw, level float64 // tokens + refill, and that capped at capacity
	tol        float64
}

func (r tokenRow) gotLevel() float64 { return r.a.left + b2f(r.a.ok) }

// tokenRowOf is a probe's row; none where the level is not a number.
func tokenRowOf(c tokenCase, a tokenAnswer) (tokenRow, bool) {
	raw := c.tokens + c.elapsed.Seconds()*c.rate
	return tokenRow{c, a, raw, min(c.capacity, raw), limit.TokenTolerance(c.capacity)}, !math.IsNaN(a.left) && !math.IsInf(a.left, 0)
}

// quantity is a value a branch might leave, with the hint that names it.
type quantity struct {
	of   func(tokenRow) float64
	hint diagnose.Hint
}

// branchLeft names what the learner's yes (ok) or no (!ok) leaves, when it
// is the same wrong quantity on every probe of that branch (at least
// diagnose.MinBearing of them) and the task's quantity somewhere else.
func branchLeft(rows []tokenRow, yes bool) diagnose.Hint {
	var qs []quantity
	right := func(r tokenRow) float64 { return r.level - b2f(yes) }
	if yes {
		qs = []quantity{
			{func(r tokenRow) float64 { return r.c.tokens - 1 }, oldLevelHint},
			{func(r tokenRow) float64 { return r.level }, noSpendHint},
		}
	} else {
		qs = []quantity{
			{func(r tokenRow) float64 { return r.c.tokens }, handBackHint},
			{func(r tokenRow) float64 { return 0 }, refusalKeeps},
			{func(r tokenRow) float64 { return r.level - 1 }, onlyThereHint},
		}
	}
	for _, q := range qs {
		n, differs, all := 0, false, true
		for _, r := range rows {
			if r.a.ok != yes {
				continue
			}
			if math.Abs(r.a.left-q.of(r)) > r.tol {
				all = false
				break
			}
			differs = differs || math.Abs(q.of(r)-right(r)) > r.tol
			n++
		}
		if all && differs && n >= diagnose.MinBearing {
			return q.hint
		}
	}
	if yes {
		return spendOther(rows)
	}
	return diagnose.Hint{}
}

// spendOther names a yes that leaves the level less some constant other
// than one token, on every yes.
func spendOther(rows []tokenRow) diagnose.Hint {
	spent, n := math.NaN(), 0
	for _, r := range rows {
		if !r.a.ok {
			continue
		}
		s := r.level - r.a.left
		if n == 0 {
			spent = s
		} else if math.Abs(s-spent) > 2*r.tol {
			return diagnose.Hint{}
		}
		n++
	}
	if n >= diagnose.MinBearing && math.Abs(spent-1) > 1e-6 {
		return spendOtherHint
	}
	return diagnose.Hint{}
}

// threshold names a decision made on the right level at the wrong
// threshold: every probe's level is the task's, and the yes and the no
// split at a level other than 1.
func threshold(rows []tokenRow) diagnose.Hint {
	maxNo, minYes := math.Inf(-1), math.Inf(1)
	yes, no := 0, 0
	for _, r := range rows {
		if math.Abs(r.gotLevel()-r.level) > r.tol {
			return diagnose.Hint{}
		}
		if !r.c.exact && math.Abs(r.level-1) <= r.tol {
			continue // a knife edge: either answer is allowed
		}
		if r.a.ok {
			minYes, yes = min(minYes, r.level), yes+1
		} else {
			maxNo, no = max(maxNo, r.level), no+1
		}
	}
	switch {
	case yes < diagnose.MinBearing || no < diagnose.MinBearing || maxNo >= minYes:
		return diagnose.Hint{}
	case minYes < 1:
		return roundUpHint
	case maxNo >= 1: // exactly 1 only on an exact case, the rest are off the edge
		return refusedHint
	}
	return diagnose.Hint{}
}

// capValue names a cap at the wrong height: right on every probe below
// the cap, and a level other than capacity on every probe that reaches it.
func capValue(rows []tokenRow) diagnose.Hint {
	capped, below := 0, 0
	for _, r := range rows {
		if r.raw < r.c.capacity-r.tol {
			if math.Abs(r.gotLevel()-r.level) > r.tol {
				return diagnose.Hint{}
			}
			below++
			continue
		}
		if math.Abs(r.gotLevel()-r.c.capacity) <= r.tol || r.gotLevel() > r.c.capacity+r.tol {
			return diagnose.Hint{} // at the cap, or over it (the cap missed: another hint)
		}
		capped++
	}
	if capped >= diagnose.MinBearing && below >= diagnose.MinBearing {
		return capOffHint
	}
	return diagnose.Hint{}
}

// levelRounded names a level that is always a round number (whole, or a
// few decimals) where the task's is not.
func levelRounded(rows []tokenRow) diagnose.Hint {
	for _, scale := range []float64{1, 10, 100, 1000} {
		n, all := 0, true
		for _, r := range rows {
			l := r.gotLevel() * scale
			if math.Abs(l-math.Round(l)) > 1e-9*max(1, math.Abs(l)) {
				all = false
				break
			}
			if w := r.level * scale; math.Abs(w-math.Round(w)) > 1e-6 {
				n++
			}
		}
		if all && n >= diagnose.MinBearing {
			return levelRoundHint
		}
	}
	return diagnose.Hint{}
}
