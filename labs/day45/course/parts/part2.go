package parts

import (
	"fmt"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/words"
)

// Part 2: the same stream straddling a window boundary, through a fixed
// window and through a sliding-window log.

const (
	// WindowLimit is Part 2's limit per window (the day's words: the carry
	// names it).
	WindowLimit = words.WindowLimit
	windowSpan  = 60 * time.Second
	perSide     = 100 // requests on each side of the boundary
)

// boundaryStream is 100 requests spread evenly over [59 s, 60 s) and 100 over
// [60 s, 61 s): a client sitting on the seam between two windows.
func boundaryStream() []time.Duration {
	var out []time.Duration
	for _, start := range []time.Duration{windowSpan - time.Second, windowSpan} {
		for i := range perSide {
			out = append(out, start+time.Duration(i)*time.Second/perSide)
		}
	}
	return out
}

// boundaryResult is one limiter's view of the boundary stream.
type boundaryResult struct {
	Accepted    int
	MaxTrailing int // most accepted requests inside any trailing window
	Arrivals    []time.Duration
	Accepts     []bool
	Count       []int // the limiter's counter after each request
}

// fixedBoundary sends the boundary stream through a fixed window.
func fixedBoundary(id limit.WindowIDFunc) boundaryResult {
	w := limit.NewFixedWindow(id, WindowLimit, windowSpan)
	return boundary(w.Allow, w.Count)
}

// slidingBoundary sends the same stream through a sliding-window log.
func slidingBoundary(expired limit.ExpiredFunc) boundaryResult {
	l := limit.NewSlidingLog(expired, WindowLimit, windowSpan)
	return boundary(l.Allow, l.Count)
}

func boundary(allow func(time.Duration) bool, count func() int) boundaryResult {
	r := boundaryResult{Arrivals: boundaryStream()}
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

func boundaryFigure(title string, b boundaryResult) labs.Figure {
	acc, rej := split(b.Arrivals, b.Accepts, Ints(b.Count))
	return labs.Figure{
		Title: title, Kind: labs.Points, XLabel: "seconds", YLabel: "counter",
		Series: []labs.Series{{Name: "counter", X: seconds(b.Arrivals), Y: Ints(b.Count)}, acc, rej},
		Marks:  []labs.Mark{{X: windowSpan.Seconds(), Label: "window boundary"}},
	}
}

func fixedPiece(f limit.Funcs, r *labs.PartResult) {
	b := fixedBoundary(f.WindowID)
	r.Metrics = append(r.Metrics,
		metric("fixed_boundary_accepted", "fixed window accepted", float64(b.Accepted), "requests", 0),
		metric("fixed_max_trailing", "fixed window: most in any trailing 60 s", float64(b.MaxTrailing), "requests", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Limit %d per %v. %d requests in the second before the boundary, %d in the second after.", WindowLimit, windowSpan, perSide, perSide),
		fmt.Sprintf("Fixed window: %d accepted (%.1f× the limit); %d inside one trailing minute.", b.Accepted, float64(b.Accepted)/WindowLimit, b.MaxTrailing))
	r.Figures = append(r.Figures, boundaryFigure("Fixed window: the counter resets on the clock", b))
}

func slidingPiece(f limit.Funcs, r *labs.PartResult) {
	b := slidingBoundary(f.Expired)
	r.Metrics = append(r.Metrics,
		metric("sliding_boundary_accepted", "sliding window accepted", float64(b.Accepted), "requests", 0),
		metric("sliding_max_trailing", "sliding window: most in any trailing 60 s", float64(b.MaxTrailing), "requests", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Sliding window: %d accepted (%.1f× the limit); %d inside one trailing minute.", b.Accepted, float64(b.Accepted)/WindowLimit, b.MaxTrailing))
	r.Figures = append(r.Figures, boundaryFigure("Sliding window: the trailing minute still remembers", b))
}
