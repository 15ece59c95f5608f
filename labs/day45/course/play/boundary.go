package play

import (
	"math"
	"strconv"
	"time"

	"termlab/labs"
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
	end := 3 * w

	// Each limiter on its own: a TODO that panics (a stub) leaves out the
	// limiters that call it, and the others play.
	var fixed, log, counter []time.Duration
	okFixed := fr.Try("the fixed window (WindowID)", func() {
		// Fixed window: one counter, reset when the window number changes.
		cur, n := int64(-1), 0
		for _, t := range arrivals {
			if id := f.WindowID(t, w); id != cur {
				cur, n = id, 0
			}
			if n < limit {
				n++
				fixed = append(fixed, t)
			}
		}
	})
	okLog := fr.Try("the sliding log (Expired)", func() {
		// Sliding log: a stamp per accepted request, forgotten once expired.
		var kept []time.Duration
		for _, t := range arrivals {
			i := 0
			for i < len(kept) && f.Expired(kept[i], t, w) {
				i++
			}
			kept = kept[i:]
			if len(kept) < limit {
				kept = append(kept, t)
				log = append(log, t)
			}
		}
	})
	okCounter := fr.Try("the sliding counter (WindowID)", func() {
		// Sliding-window counter: the previous window's count weighted by
		// the share of it still inside the trailing window, plus this one's.
		cid, curN, prev := int64(0), 0, 0
		for _, t := range arrivals {
			id := f.WindowID(t, w)
			switch {
			case id == cid:
			case id == cid+1:
				prev, curN = curN, 0
			default:
				prev, curN = 0, 0
			}
			cid = id
			still := 1 - float64(t-time.Duration(id)*w)/float64(w)
			if float64(prev)*still+float64(curN) < float64(limit) {
				curN++
				counter = append(counter, t)
			}
		}
	})

	fr.Chart = labs.Figure{Title: "in the trailing window", Kind: labs.Line, XLabel: "virtual seconds", YLabel: "requests"}
	promise := flat("promise", float64(limit), end)
	for i := 1; i < 3; i++ {
		fr.Chart.Marks = append(fr.Chart.Marks, labs.Mark{X: (time.Duration(i) * w).Seconds(), Label: "flip"})
	}
	for _, l := range []struct {
		name, key string
		got       []time.Duration
		ok        bool
	}{{"fixed window", "fixed", fixed, okFixed}, {"sliding log", "log", log, okLog}, {"sliding counter", "counter", counter, okCounter}} {
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
	if okFixed && len(fr.Chart.Series) > 0 && fr.Chart.Series[0].Name == "fixed window" {
		// The fixed window's accepted and refused requests, as marks on
		// its line: strips under the chart show where the 429s begin.
		var refused []time.Duration
		j := 0
		for _, t := range arrivals {
			if j < len(fixed) && fixed[j] == t {
				j++
				continue
			}
			refused = append(refused, t)
		}
		for _, m := range []labs.Series{marksOn(fr.Chart.Series[0], "accepted", fixed), marksOn(fr.Chart.Series[0], "refused", refused)} {
			if len(m.X) > 0 {
				fr.Chart.Series = append(fr.Chart.Series, m)
			}
		}
	}
	fr.Chart.Series = append(fr.Chart.Series, promise)
	if okFixed {
		fr.Chart.Series = append(fr.Chart.Series, windowCount("fixed window's count", fixed, w, end, 60))
	}
}

// marksOn is stamps as points on line (sampled as trailingSeries samples
// it): the sample at or after each stamp, once, so the chart draws them as
// events along the line.
func marksOn(line labs.Series, name string, stamps []time.Duration) labs.Series {
	s := labs.Series{Name: name}
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
