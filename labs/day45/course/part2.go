package course

import (
	"termlab/labs/day45/course/limit"
	"time"
)

// Part 2: the same stream straddling a window boundary, through a fixed
// window and through a sliding-window log.

const (
	windowLimit = 100
	windowSpan  = 60 * time.Second
	perSide     = 100 // requests on each side of the boundary
)

// BoundaryStream is 100 requests spread evenly over [59 s, 60 s) and 100 over
// [60 s, 61 s): a client sitting on the seam between two windows.
func BoundaryStream() []time.Duration {
	var out []time.Duration
	for _, start := range []time.Duration{windowSpan - time.Second, windowSpan} {
		for i := range perSide {
			out = append(out, start+time.Duration(i)*time.Second/perSide)
		}
	}
	return out
}

// BoundaryResult is one limiter's view of the boundary stream.
type BoundaryResult struct {
	Accepted    int
	MaxTrailing int // most accepted requests inside any trailing window
	Arrivals    []time.Duration
	Accepts     []bool
	Count       []int // the limiter's counter after each request
}

// FixedBoundary sends the boundary stream through a fixed window.
func FixedBoundary(id WindowIDFunc) BoundaryResult {
	w := limit.NewFixedWindow(id, windowLimit, windowSpan)
	return boundary(w.Allow, w.Count)
}

// SlidingBoundary sends the same stream through a sliding-window log.
func SlidingBoundary(expired ExpiredFunc) BoundaryResult {
	l := limit.NewSlidingLog(expired, windowLimit, windowSpan)
	return boundary(l.Allow, l.Count)
}

func boundary(allow func(time.Duration) bool, count func() int) BoundaryResult {
	r := BoundaryResult{Arrivals: BoundaryStream()}
	var accepted []time.Duration
	for _, at := range r.Arrivals {
		ok := allow(at)
		r.Accepts = append(r.Accepts, ok)
		r.Count = append(r.Count, count())
		if ok {
			r.Accepted++
			accepted = append(accepted, at)
		}
	}
	r.MaxTrailing = maxInTrailing(accepted, windowSpan)
	return r
}

// maxInTrailing is the most stamps inside any window-long stretch (t−window,
// t], measured with plain arithmetic rather than with any TODO, so that it
// judges the limiters instead of trusting them.
func maxInTrailing(stamps []time.Duration, window time.Duration) int {
	best, lo := 0, 0
	for hi, t := range stamps {
		for stamps[lo] <= t-window {
			lo++
		}
		best = max(best, hi-lo+1)
	}
	return best
}
