package play

import (
	"math"
	"time"

	"termlab/labs"
)

// Figure 2: a token bucket, a leaky meter (a bucket that holds one token)
// and a leaky queue, under steady, bursty or flood traffic.

// loanSpan is how long the figure runs on the virtual clock: 30 s, or
// long enough that the opening burst (b tokens, spent at 2r under a flood
// of 3r) is over well before the second half, where the long run is
// measured, whatever r and b are (r = 1, b = 60 needs 8 minutes).
func loanSpan(r float64, b int) time.Duration {
	return max(30*time.Second, sec(math.Ceil(10*float64(b)/r)))
}

// loanCycle is the bursty traffic's period: a cloudburst every b/r
// seconds, the time the tap takes to refill a bucket of b, so the bucket
// has been quietly refilling between rains and each one largely passes.
func loanCycle(r float64, b int) time.Duration { return sec(float64(b) / r) }

// loanArrivals: steady is 0.8 r evenly; bursty is a cloudburst of 1.2 b
// (in a fifth of a second, or a quarter of the cycle when that is
// shorter) every b/r seconds, 1.2 r on average; flood is 3r evenly.
func loanArrivals(r float64, b int, traffic int, span time.Duration) []time.Duration {
	switch traffic {
	case 0:
		return even(int(0.8*r*span.Seconds()), 0, span)
	case 1:
		var out []time.Duration
		cycle := loanCycle(r, b)
		rain := min(200*time.Millisecond, cycle/4)
		n := int(math.Round(1.2 * float64(b)))
		for at := time.Duration(0); at < span; at += cycle {
			out = append(out, even(n, at, rain)...)
		}
		return out
	}
	return even(int(3*r*span.Seconds()), 0, span)
}

// bucketRun plays a token bucket that holds capacity, full at the start;
// level is the tokens left after each decision, as the learner's
// TakeToken returned them (an overfilled bucket shows as it is).
func bucketRun(take func(float64, float64, float64, time.Duration) (float64, bool), capacity, r float64, arrivals []time.Duration) (out []time.Duration, level []float64, ok []bool) {
	tokens, last := capacity, time.Duration(0)
	for _, t := range arrivals {
		left, yes := take(tokens, capacity, r, t-last)
		tokens, last = left, t
		level, ok = append(level, left), append(ok, yes)
		if yes {
			out = append(out, t)
		}
	}
	return out, level, ok
}

// queueRun plays a leaky queue: accepted requests leave 1/r apart, at most
// b wait; it returns when each accepted one left and the worst wait.
func queueRun(next func(now, nextEmit time.Duration) time.Duration, r float64, b int, arrivals []time.Duration) (emits []time.Duration, worst time.Duration) {
	gap := sec(1 / r)
	free := time.Duration(0)
	for _, t := range arrivals {
		waiting := 0
		for i := len(emits) - 1; i >= 0 && emits[i] > t; i-- {
			waiting++
		}
		if waiting >= b {
			continue
		}
		at := next(t, free)
		free = at + gap
		emits = append(emits, at)
		worst = max(worst, at-t)
	}
	return emits, worst
}

// levelSeries is the bucket's level through the run, one point per bin of
// span/bins (the level after the bin's last decision), with the bins
// where a request was accepted and where one was refused as points on it:
// the chart draws those as strips of ● and ✕ under the line.
func levelSeries(arrivals []time.Duration, level []float64, ok []bool, span time.Duration, bins int) (lvl, acc, ref labs.Series) {
	lvl, acc, ref = labs.Series{Name: "token bucket level"}, labs.Series{Name: "accepted", Events: true}, labs.Series{Name: "refused", Events: true}
	i := 0
	for k := range bins {
		end := span * time.Duration(k+1) / time.Duration(bins)
		x := (span * time.Duration(k) / time.Duration(bins)).Seconds()
		anyAcc, anyRef, y, seen := false, false, 0.0, false
		for ; i < len(arrivals) && arrivals[i] < end; i++ {
			y, seen = level[i], true
			anyAcc, anyRef = anyAcc || ok[i], anyRef || !ok[i]
		}
		if !seen {
			if len(lvl.Y) == 0 {
				continue
			}
			y = lvl.Y[len(lvl.Y)-1]
		}
		lvl.X, lvl.Y = append(lvl.X, x), append(lvl.Y, y)
		if anyAcc {
			acc.X, acc.Y = append(acc.X, x), append(acc.Y, y)
		}
		if anyRef {
			ref.X, ref.Y = append(ref.X, x), append(ref.Y, y)
		}
	}
	return lvl, acc, ref
}

func playLoan(f Funcs, v labs.Values, fr *labs.Frame) {
	r, b, traffic := v.Get("r"), int(v.Get("b")), int(v.Get("traffic"))
	span := loanSpan(r, b)
	arrivals := loanArrivals(r, b, traffic, span)
	// Each limiter on its own: a TODO that panics (a stub) leaves out the
	// limiters that call it, and the others play.
	var queue, bucket, meter []time.Duration
	var worst time.Duration
	var level []float64
	var ok []bool
	played := map[string]bool{
		"queue":  fr.Try("the leaky queue (NextEmit)", func() { queue, worst = queueRun(f.NextEmit, r, b, arrivals) }),
		"bucket": fr.Try("the token bucket (TakeToken)", func() { bucket, level, ok = bucketRun(f.TakeToken, float64(b), r, arrivals) }),
		"meter":  fr.Try("the leaky meter (TakeToken)", func() { meter, _, _ = bucketRun(f.TakeToken, 1, r, arrivals) }),
	}
	// The long run: whole cycles of the traffic within the second half, so
	// that a cloudburst more or less at its edges does not tilt the rate.
	cycle := time.Second
	if traffic == 1 {
		cycle = loanCycle(r, b)
	}
	from := time.Duration(math.Ceil(float64(span/2)/float64(cycle))) * cycle
	to := time.Duration(math.Floor(float64(span)/float64(cycle))) * cycle
	if to <= from {
		from, to = span/2, span
	}

	fr.Chart = labs.Figure{Title: "the token bucket's level, and output per second", Kind: labs.Line, XLabel: "virtual seconds", YLabel: "tokens · per s"}
	if played["bucket"] {
		lvl, acc, refused := levelSeries(arrivals, level, ok, span, 120)
		fr.Chart.Series = append(fr.Chart.Series, lvl)
		for _, m := range []labs.Series{acc, refused} {
			if len(m.X) > 0 { // an empty strip would stand in the legend as a line
				fr.Chart.Series = append(fr.Chart.Series, m)
			}
		}
	}
	fr.Chart.Series = append(fr.Chart.Series, flat("capacity b", float64(b), span))
	bin := max(time.Second, span/60)
	for _, l := range []struct {
		name, key string
		out       []time.Duration
		wait      time.Duration
	}{
		{"token bucket", "bucket", bucket, 0},
		{"leaky meter", "meter", meter, 0},
		{"leaky queue", "queue", queue, worst},
	} {
		if !played[l.key] {
			continue
		}
		if l.key != "meter" {
			s := perSecond(l.name+" out", l.out, bin, span)
			fr.Chart.Series = append(fr.Chart.Series, s)
		}
		_, peak := perBin(l.name, l.out, time.Second, span)
		late := 0
		for _, t := range l.out {
			if t >= from && t < to {
				late++
			}
		}
		fr.Readouts = append(fr.Readouts,
			labs.Readout{Name: l.key + "_rate", Label: l.name + ": long-run rate", Value: float64(late) / (to - from).Seconds(), Unit: "/s", Against: "r = " + fmtF(r)},
			labs.Readout{Name: l.key + "_peak", Label: l.name + ": peak output", Value: float64(peak), Unit: "in 1 s"},
			labs.Readout{Name: l.key + "_burst", Label: l.name + ": most in 0.2 s", Value: float64(maxTrailing(l.out, 200*time.Millisecond)), Unit: "requests", Against: "b = " + itoa(b)},
			labs.Readout{Name: l.key + "_wait", Label: l.name + ": worst wait", Value: l.wait.Seconds(), Unit: "s"},
			labs.Readout{Name: l.key + "_refused", Label: l.name + ": refused", Value: float64(len(arrivals) - len(l.out)), Unit: "requests"},
		)
	}
	if !played["bucket"] {
		return
	}
	most := 0.0
	for _, x := range level {
		most = max(most, x)
	}
	fr.Readouts = append(fr.Readouts, labs.Readout{Name: "bucket_level", Label: "token bucket: fullest", Value: most, Unit: "tokens", Against: "holds b = " + itoa(b)})
}

// perSecond is perBin as a rate: stamps per second in each bin.
func perSecond(name string, stamps []time.Duration, bin, end time.Duration) labs.Series {
	s, _ := perBin(name, stamps, bin, end)
	for i := range s.Y {
		s.Y[i] /= bin.Seconds()
	}
	return s
}
