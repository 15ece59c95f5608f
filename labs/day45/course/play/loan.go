package play

import (
	"time"

	"termlab/labs"
)

// Figure 2: a token bucket, a leaky meter (a bucket that holds one token)
// and a leaky queue, under steady, bursty or flood traffic.
// loanSpan is how long the figure runs on the virtual clock.
const loanSpan = 30 * time.Second

// loanArrivals: steady is 0.8 r evenly; bursty is a cloudburst of 2b in
// 0.2 s every 5 s (the bucket refills between them when 5r ≥ b); flood is
// 3r evenly.
func loanArrivals(r float64, b int, traffic int) []time.Duration {
	switch traffic {
	case 0:
		return even(int(0.8*r*loanSpan.Seconds()), 0, loanSpan)
	case 1:
		var out []time.Duration
		for at := time.Duration(0); at < loanSpan; at += 5 * time.Second {
			out = append(out, even(2*b, at, 200*time.Millisecond)...)
		}
		return out
	}
	return even(int(3*r*loanSpan.Seconds()), 0, loanSpan)
}

// bucketRun plays a token bucket that holds capacity, full at the start.
func bucketRun(take func(float64, float64, float64, time.Duration) (float64, bool), capacity, r float64, arrivals []time.Duration) []time.Duration {
	var out []time.Duration
	tokens, last := capacity, time.Duration(0)
	for _, t := range arrivals {
		left, ok := take(tokens, capacity, r, t-last)
		tokens, last = left, t
		if ok {
			out = append(out, t)
		}
	}
	return out
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

func playLoan(f Funcs, v labs.Values, fr *labs.Frame) {
	r, b := v.Get("r"), int(v.Get("b"))
	arrivals := loanArrivals(r, b, int(v.Get("traffic")))
	queue, worst := queueRun(f.NextEmit, r, b, arrivals)
	fr.Chart = labs.Figure{Title: "output per second", Kind: labs.Line, XLabel: "virtual seconds", YLabel: "per s"}
	for _, l := range []struct {
		name, key string
		out       []time.Duration
		wait      time.Duration
	}{
		{"token bucket", "bucket", bucketRun(f.TakeToken, float64(b), r, arrivals), 0},
		{"leaky meter", "meter", bucketRun(f.TakeToken, 1, r, arrivals), 0},
		{"leaky queue", "queue", queue, worst},
	} {
		s, peak := perBin(l.name, l.out, time.Second, loanSpan)
		fr.Chart.Series = append(fr.Chart.Series, s)
		// The long run is the second half: the opening burst is spent by then.
		late := 0
		for _, t := range l.out {
			if t >= loanSpan/2 && t < loanSpan {
				late++
			}
		}
		fr.Readouts = append(fr.Readouts,
			labs.Readout{Name: l.key + "_rate", Label: l.name + ": long-run rate", Value: float64(late) / (loanSpan / 2).Seconds(), Unit: "/s", Against: "r = " + fmtF(r)},
			labs.Readout{Name: l.key + "_peak", Label: l.name + ": peak output", Value: float64(peak), Unit: "in 1 s"},
			labs.Readout{Name: l.key + "_burst", Label: l.name + ": most in 0.2 s", Value: float64(maxTrailing(l.out, 200*time.Millisecond)), Unit: "requests", Against: "b = " + itoa(b)},
			labs.Readout{Name: l.key + "_wait", Label: l.name + ": worst wait", Value: l.wait.Seconds(), Unit: "s"},
			labs.Readout{Name: l.key + "_refused", Label: l.name + ": refused", Value: float64(len(arrivals) - len(l.out)), Unit: "requests"},
		)
	}
}
