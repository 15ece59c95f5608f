package grade

import (
	"fmt"
	"math"
	"time"

	"termlab/labs/day45/course/limit"
)

func refillShape(learner limit.TakeTokenFunc, cases []tokenCase) string {
	type seen struct {
		c          tokenCase
		got, want  float64 // the refill, learner's and the task's
		capped     bool    // the task's level is at the cap
		gotCapped  bool
		tol, level float64
	}
	var rows []seen
	for _, c := range cases {
		if c.elapsed <= 0 || c.rate <= 0 || c.tokens > c.capacity {
			continue
		}
		l, ok, fine := func() (l float64, ok, fine bool) {
			defer func() {
				if recover() != nil {
					fine = false
				}
			}()
			l, ok = learner(c.tokens, c.capacity, c.rate, c.elapsed)
			return l, ok, true
		}()
		if !fine {
			return ""
		}
		tol := limit.TokenTolerance(c.capacity)
		level := l + b2f(ok)
		want := c.elapsed.Seconds() * c.rate
		rows = append(rows, seen{c, level - c.tokens, want, c.tokens+want >= c.capacity-tol, level >= c.capacity-tol, tol, level})
	}
	// A constant factor: the same ratio wherever neither is capped and
	// the refill is more than noise.
	ratio, n, constant := 0.0, 0, true
	for _, r := range rows {
		if r.capped || r.gotCapped || r.want < 1e-3 {
			continue
		}
		k := r.got / r.want
		if n == 0 {
			ratio = k
		} else if math.Abs(k-ratio) > 1e-6*math.Abs(ratio) {
			constant = false
		}
		n++
	}
	if constant && n >= minBearing && math.Abs(ratio-1) > 1e-3 && ratio > 0 {
		return fmt.Sprintf("%s %.6g × elapsed.Seconds() × ratePerSec on every input below the cap: a unit is off somewhere (ratePerSec is per second; elapsed.Seconds() turns the Duration into seconds)", refillFactorHint, ratio)
	}
	// Nothing under some wait, right above it.
	var below, above time.Duration = 0, math.MaxInt64
	nBelow, nAbove := 0, 0
	for _, r := range rows {
		switch {
		case math.Abs(r.level-min(r.c.capacity, r.c.tokens+r.want)) <= r.tol:
			if r.want > r.tol {
				above = min(above, r.c.elapsed)
				nAbove++
			}
		case math.Abs(r.got) <= r.tol:
			below = max(below, r.c.elapsed)
			nBelow++
		default:
			nBelow, nAbove = -1, -1
		}
		if nBelow < 0 {
			break
		}
	}
	if nBelow >= 1 && nAbove >= minBearing && below < above {
		return fmt.Sprintf("%s %v add nothing here, while longer ones refill right: every nanosecond of elapsed counts, however short the wait", refillThresholdHint, below)
	}
	// Added only when it fills the bucket.
	only, bears := true, 0
	for _, r := range rows {
		want := r.c.tokens
		if r.capped {
			want = r.c.capacity
		} else if r.want > r.tol {
			bears++
		}
		if math.Abs(r.level-want) > r.tol {
			only = false
		}
	}
	if only && bears >= minBearing {
		return refillOnlyFullHint
	}
	return ""
}
