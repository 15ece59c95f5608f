package play

import (
	"math"
	"strconv"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
)

// Figure 1: a fixed window, a sliding log and a sliding-window counter under
// the same arrivals. The burst choice stages both windows empty first, then
// spends the limit just before the flip and again just after it.
func boundaryArrivals(limit int, w time.Duration, burst bool, spread float64) []time.Duration {
	if !burst {
		// One and a half times the limit, evenly, for three windows.
		return even(limit*3*3/2, 0, 3*w)
	}
	// Nothing until the first flip, then the limit in the last spread% of
	// window 0 and the limit again in the first spread% of window 1: the
	// wider the spread, the more of the first half the sliding counter's
	// share still counts, and the more it lets through.
	edge := sec(w.Seconds() * spread / 100)
	return append(even(limit, w-edge, edge), even(limit, w, edge)...)
}

func playBoundary(f Funcs, v labs.Values, fr *labs.Frame) {
	limit, w := int(v.Get("limit")), sec(v.Get("window"))
	spread := v.Get("spread")
	if spread == 0 {
		spread = 2
	}
	arrivals := boundaryArrivals(limit, w, v.Get("traffic") == 1, spread)

	// Each limiter on its own: a TODO that panics (a stub) leaves out the
	// limiters that call it, and the others play.
	runs := []boundaryRun{
		{name: "fixed window", key: "fixed", try: "the fixed window (WindowID)", run: func() []time.Duration { return fixedWindow(f.WindowID, arrivals, limit, w) }},
		{name: "sliding log", key: "log", try: "the sliding log (Expired)", run: func() []time.Duration { return slidingLog(f.Expired, arrivals, limit, w) }},
		{name: "sliding counter", key: "counter", try: "the sliding counter (WindowID)", run: func() []time.Duration { return slidingCounter(f.WindowID, arrivals, limit, w) }},
	}
	for i := range runs {
		r := &runs[i]
		r.ok = fr.Try(r.try, func() { r.got = r.run() })
	}
	boundaryChart(fr, arrivals, limit, w, runs)
}

// boundaryRun is one limiter of Figure 1 and what it let through.
type boundaryRun struct {
	name, key string // the series' name, the readouts' prefix
	try       string // what a panic inside it is reported as
	run       func() []time.Duration
	got       []time.Duration // the accepted requests' stamps
	ok        bool            // it played to the end
}

// fixedWindow is the fixed window: one counter, reset when the window
// number changes. It returns the accepted requests' stamps.
func fixedWindow(windowID limit.WindowIDFunc, arrivals []time.Duration, quota int, w time.Duration) []time.Duration {
	var out []time.Duration
	cur, n := int64(-1), 0
	for _, t := range arrivals {
		if id := windowID(t, w); id != cur {
			cur, n = id, 0
		}
		if n < quota {
			n++
			out = append(out, t)
		}
	}
	return out
}

// slidingLog is the sliding log: a stamp per accepted request, forgotten
// once expired.
func slidingLog(expired limit.ExpiredFunc, arrivals []time.Duration, quota int, w time.Duration) []time.Duration {
	var out, kept []time.Duration
	for _, t := range arrivals {
		i := 0
		for i < len(kept) && expired(kept[i], t, w) {
			i++
		}
		kept = kept[i:]
		if len(kept) < quota {
			kept = append(kept, t)
			out = append(out, t)
		}
	}
	return out
}

// slidingCounter is the sliding-window counter: the previous window's
// count weighted by the share of it still inside the trailing window, plus
// this one's.
func slidingCounter(windowID limit.WindowIDFunc, arrivals []time.Duration, quota int, w time.Duration) []time.Duration {
	var out []time.Duration
	cid, curN, prev := int64(0), 0, 0
	for _, t := range arrivals {
		id := windowID(t, w)
		switch {
		case id == cid:
		case id == cid+1:
			prev, curN = curN, 0
		default:
			prev, curN = 0, 0
		}
		cid = id
		still := 1 - float64(t-time.Duration(id)*w)/float64(w)
		if float64(prev)*still+float64(curN) < float64(quota) {
			curN++
			out = append(out, t)
		}
	}
	return out
}

// boundaryChart draws Figure 1 from the limiters that played, over three
// windows: each one's trailing count and readouts, the fixed window's
// accepted and refused requests as marks, the promise, and the fixed
// window's own counter.
func boundaryChart(fr *labs.Frame, arrivals []time.Duration, limit int, w time.Duration, runs []boundaryRun) {
	end := 3 * w
	fr.Chart = labs.Figure{Title: "in the trailing window", Kind: labs.Line, XLabel: "virtual seconds", YLabel: "requests"}
	promise := flat("promise", float64(limit), end)
	for i := 1; i < 3; i++ {
		fr.Chart.Marks = append(fr.Chart.Marks, labs.Mark{X: (time.Duration(i) * w).Seconds(), Label: "flip"})
	}
	for _, l := range runs {
		if !l.ok {
			continue
		}
		fr.Chart.Series = append(fr.Chart.Series, trailingSeries(l.name, l.got, w, end, 60))
		most := maxTrailing(l.got, w)
		fr.Readouts = append(fr.Readouts,
			labs.Readout{Name: l.key + "_accepted", Label: l.name + ": accepted", Value: float64(len(l.got)), Unit: "requests"},
			labs.Readout{Name: l.key + "_refused", Label: l.name + ": refused", Value: float64(len(arrivals) - len(l.got)), Unit: "requests"},
			labs.Readout{Name: l.key + "_most", Label: l.name + ": most in a window", Value: float64(most), Unit: "requests",
				// Two decimals at most: 113 of 110 reads 1.03×, not 1.0272727272727273×.
				Against: strconv.FormatFloat(math.Round(100*float64(most)/float64(limit))/100, 'f', -1, 64) + "× promise"},
		)
	}
	fixed := runs[0]
	if fixed.ok && len(fr.Chart.Series) > 0 && fr.Chart.Series[0].Name == fixed.name {
		// The fixed window's accepted and refused requests, as marks on
		// its line: strips under the chart show where the 429s begin.
		refused := refusedOf(arrivals, fixed.got)
		for _, m := range []labs.Series{marksOn(fr.Chart.Series[0], "accepted", fixed.got), marksOn(fr.Chart.Series[0], "refused", refused)} {
			if len(m.X) > 0 {
				fr.Chart.Series = append(fr.Chart.Series, m)
			}
		}
	}
	fr.Chart.Series = append(fr.Chart.Series, promise)
	if fixed.ok {
		fr.Chart.Series = append(fr.Chart.Series, windowCount("fixed window's count", fixed.got, w, end, 60))
	}
}

// refusedOf is the arrivals not in accepted (a subsequence of them, in
// the same order).
func refusedOf(arrivals, accepted []time.Duration) []time.Duration {
	var refused []time.Duration
	j := 0
	for _, t := range arrivals {
		if j < len(accepted) && accepted[j] == t {
			j++
			continue
		}
		refused = append(refused, t)
	}
	return refused
}

// marksOn is stamps as points on line (sampled as trailingSeries samples
// it): the sample at or after each stamp, once, so the chart draws them as
// events along the line.
func marksOn(line labs.Series, name string, stamps []time.Duration) labs.Series {
	s := labs.Series{Name: name, Events: true}
	k := 0
	for i, x := range line.X {
		hit := false
		for k < len(stamps) && stamps[k].Seconds() <= x {
			hit = true
			k++
		}
		if hit {
			s.X, s.Y = append(s.X, x), append(s.Y, line.Y[i])
		}
	}
	return s
}

// windowCount samples, at n points across [0, end], what the fixed
// window's counter holds: its accepted requests since the window began,
// back to zero at every flip (the reset the whole trick rides on).
func windowCount(name string, stamps []time.Duration, w, end time.Duration, n int) labs.Series {
	s := labs.Series{Name: name}
	for i := 0; i <= n; i++ {
		at := end * time.Duration(i) / time.Duration(n)
		start := at / w * w
		c := 0
		for _, t := range stamps {
			if t >= start && t <= at {
				c++
			}
		}
		s.X, s.Y = append(s.X, at.Seconds()), append(s.Y, float64(c))
	}
	return s
}
