package grade

import (
	"fmt"
	"math"
	"time"

	"termlab/labs/diagnose"
)

// The families of hints read here: their words carry the parameter.
var (
	tokenRefillFactorFamily    = tokenHints.Family("token.refill-factor")
	tokenRefillThresholdFamily = tokenHints.Family("token.refill-threshold")
)

// refillShape reads the refill off the learner's level (left, plus the
// token when it said yes) on the probes below the cap, and names its shape
// when it has one: a constant factor off (a unit), rounded to whole
// tokens, nothing under some wait and right above it, or added only when
// it fills the bucket.
func refillShape(learner func(tokenCase) tokenAnswer, rows []tokenRow) diagnose.Hint {
	var seen []refillRow
	for _, r := range rows {
		c := r.c
		if c.elapsed <= 0 || c.rate <= 0 || c.tokens > c.capacity {
			continue
		}
		want := c.elapsed.Seconds() * c.rate
		seen = append(seen, refillRow{r, r.gotLevel() - c.tokens, want, c.tokens+want >= c.capacity-r.tol, r.gotLevel() >= c.capacity-r.tol})
	}
	law := func(rows []refillRow) diagnose.Hint { return refillLaw(learner, rows) }
	for _, shape := range []func([]refillRow) diagnose.Hint{refillFactor, law, refillRounded, rateRounded, refillThreshold, refillOnlyFull} {
		if h := shape(seen); !h.None() {
			return h
		}
	}
	return diagnose.Hint{}
}

// refillRow is one probe with time passed, as the refill sees it.
type refillRow struct {
	tokenRow
	got, want float64 // the refill, the learner's and the task's
	capped    bool    // the task's level is at the cap
	gotCapped bool
}

// free reports whether neither level is at the cap: the refill shows whole.
func (r refillRow) free() bool { return !r.capped && !r.gotCapped }

// refillFactor names a refill off by the same factor on every probe below
// the cap where the refill is more than noise. The factor is read off the
// largest refill (the most exact), and each probe may be off by the
// level's tolerance, so a factor that makes the refill tiny against a big
// bucket (per hour) still shows.
func refillFactor(rows []refillRow) diagnose.Hint {
	best := -1
	for i, r := range rows {
		if r.free() && r.want >= 1e-3 && (best < 0 || math.Abs(r.got) > math.Abs(rows[best].got)) {
			best = i
		}
	}
	if best < 0 || rows[best].got <= 0 {
		return diagnose.Hint{}
	}
	ratio := rows[best].got / rows[best].want
	n := 0
	for _, r := range rows {
		if !r.free() || r.want < 1e-3 {
			continue
		}
		if math.Abs(r.got-ratio*r.want) > 4*r.tol+1e-6*ratio*r.want {
			return diagnose.Hint{}
		}
		if ratio*r.want > 100*r.tol {
			n++ // the refill shows above the noise
		}
	}
	if n >= diagnose.MinBearing && math.Abs(ratio-1) > 1e-3 {
		if h := unitFactorHint(ratio); !h.None() {
			return h
		}
		return tokenRefillFactorFamily(fmt.Sprintf("%s %.6g × elapsed.Seconds() × ratePerSec on every input below the cap: a unit is off somewhere (ratePerSec is per second; elapsed.Seconds() turns the Duration into seconds)", refillFactorHint, ratio))
	}
	return diagnose.Hint{}
}

// refillRounded names a refill that is always a whole number of tokens
// (rounded down, up or to the nearest) where the task's is not.
func refillRounded(rows []refillRow) diagnose.Hint {
	n := 0
	for _, r := range rows {
		if !r.free() {
			continue
		}
		if math.Abs(r.got-math.Round(r.got)) > 4*r.tol || math.Abs(r.got-r.want) > 1+4*r.tol {
			return diagnose.Hint{}
		}
		if math.Abs(r.want-math.Round(r.want)) > 1e-3 {
			n++
		}
	}
	if n >= diagnose.MinBearing {
		return refillRoundHint
	}
	return diagnose.Hint{}
}

// refillThreshold names a refill that is nothing under some wait and
// right above it.
func refillThreshold(rows []refillRow) diagnose.Hint {
	var below, above time.Duration = 0, math.MaxInt64
	nBelow, nAbove := 0, 0
	for _, r := range rows {
		switch {
		case math.Abs(r.gotLevel()-min(r.c.capacity, r.c.tokens+r.want)) <= r.tol:
			if r.want > r.tol {
				above = min(above, r.c.elapsed)
				nAbove++
			}
		case math.Abs(r.got) <= r.tol:
			below = max(below, r.c.elapsed)
			nBelow++
		default:
			return diagnose.Hint{}
		}
	}
	if nBelow >= 1 && nAbove >= diagnose.MinBearing && below < above {
		return tokenRefillThresholdFamily(fmt.Sprintf("%s %v add nothing here, while longer ones refill right: every nanosecond of elapsed counts, however short the wait", refillThresholdHint, below))
	}
	return diagnose.Hint{}
}

// refillOnlyFull names a refill added only when it fills the bucket.
func refillOnlyFull(rows []refillRow) diagnose.Hint {
	bears := 0
	for _, r := range rows {
		want := r.c.tokens
		if r.capped {
			want = r.c.capacity
		} else if r.want > r.tol {
			bears++
		}
		if math.Abs(r.gotLevel()-want) > r.tol {
			return diagnose.Hint{}
		}
	}
	if bears >= diagnose.MinBearing {
		return refillOnlyFullHint
	}
	return diagnose.Hint{}
}
