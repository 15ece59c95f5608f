package parts

import (
	"math"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/fleet/local"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/words"
)

// Questions gives the words' question figures their bodies: each answers
// predictions at any setting of its knobs (labs.Variant), on the same
// limiters and input the parts use, so at a question's own setting it reads
// exactly the part's figure.
func Questions(impl func(labs.Impl) (limit.Funcs, bool)) []labs.PlayFigure {
	return labs.PlayFigures(words.Questions(), impl, map[string]func(limit.Funcs, labs.Values, *labs.Frame){
		"bursts":     playBursts,
		"sustained":  playSustained,
		"stampede":   playStampede,
		"counter":    playCounter,
		"fleetlocal": playFleetLocal,
	})
}

// burstsInput is count bursts of size requests, gap apart, each arriving
// in one instant or spread evenly over spread seconds. shifted moves each
// burst by tieShift, as Part 8's are, so no refill of a token bucket lands
// exactly on a whole token and a variant's answer never hangs on the last
// bit of a float.
func burstsInput(size, count int, gap, spread time.Duration, shifted bool) []time.Duration {
	var out []time.Duration
	for i := range count {
		start := time.Duration(i) * gap
		if shifted {
			start += tieShift(i)
		}
		for j := range size {
			out = append(out, start+spread*time.Duration(j)/time.Duration(size))
		}
	}
	return out
}

// playBursts sends bursts into a fresh, full token bucket: what the first
// burst gets in (Part 1's P1), what all of them get in (Part 8's meter,
// P12), and the most let out in one calendar second (Part 3's P6); and
// into a leaky bucket queue (Part 3's P5).
func playBursts(f limit.Funcs, v labs.Values, fr *labs.Frame) {
	size, count := int(v["size"]), int(v["count"])
	gap := time.Duration(v["gap"]) * time.Second
	spread := time.Duration(v["spread"]) * time.Second // the choices are 0, 1 and 2 s
	b := limit.NewTokenBucket(f.TakeToken, v["b"], v["r"])
	var emits []time.Duration
	first, accepted := 0, 0
	for i, at := range burstsInput(size, count, gap, spread, true) {
		if b.Allow(at) {
			accepted++
			emits = append(emits, at)
			if i < size {
				first++
			}
		}
	}
	// The same bursts into a leaky bucket queue that holds b and drains r
	// a second (P5), unshifted: its decisions are whole nanoseconds, with
	// no knife edge to step round. Its rate is read from the spacing of
	// departures, as Part 3 reads it.
	q := limit.NewLeakyQueue(f.NextEmit, v["r"], int(v["b"]))
	var left []time.Duration
	fr.Try("the leaky bucket queue (NextEmit)", func() {
		for _, at := range burstsInput(size, count, gap, spread, false) {
			if emit, ok := q.Offer(at); ok {
				left = append(left, emit)
			}
		}
	})
	leakRate := 0.0
	if n := len(left); n > 1 {
		leakRate = float64(n-1) / (left[n-1] - left[0]).Seconds()
	}
	bins := int((time.Duration(count-1)*gap+spread)/time.Second) + 2
	per, peak := binEmits(emits, bins)
	fr.Chart = labs.Figure{Title: "Requests let out per second", Kind: labs.Bars, XLabel: "second", YLabel: "out",
		Series: []labs.Series{{Name: "token bucket", X: Indexes(len(per)), Y: Ints(per)}}}
	fr.Readouts = append(fr.Readouts,
		labs.Readout{Name: "first", Label: "the first burst: got in", Value: float64(first), Unit: "requests"},
		labs.Readout{Name: "accepted", Label: "every burst: got in", Value: float64(accepted), Unit: "requests"},
		labs.Readout{Name: "peak", Label: "most out in one second", Value: float64(peak), Unit: "requests"},
		labs.Readout{Name: "leak_rate", Label: "leaky queue: rate out, from the spacing", Value: leakRate, Unit: "/s"})
}

// playSustained is Part 1's minute of seeded traffic into a fresh, full
// bucket, at any capacity, refill and offered rate: the rate accepted over
// the whole minute (P2).
func playSustained(f limit.Funcs, v labs.Values, fr *labs.Frame) {
	r := sustainedAt(f.TakeToken, v["b"], v["r"], v["offered"])
	fr.Chart = labs.Figure{Title: "The bucket's level after each request", Kind: labs.Line, XLabel: "request", YLabel: "tokens",
		Series: []labs.Series{{Name: "level", X: Indexes(len(r.Tokens)), Y: r.Tokens}}}
	fr.Readouts = append(fr.Readouts,
		labs.Readout{Name: "rate", Label: "accepted per second, the whole minute", Value: r.Rate, Unit: "/s"},
		labs.Readout{Name: "offered", Label: "offered", Value: float64(r.Offered), Unit: "requests"})
}

// playStampede is Part 7's clients at any count, allowance, window and
// pace, on clock-aligned fixed windows: the most requests the door sees in
// one second once every client has met its limit (P11).
func playStampede(f limit.Funcs, v labs.Values, fr *labs.Frame) {
	s := stampedeSetup{clients: int(v["clients"]), limit: int(v["limit"]),
		window: time.Duration(v["window"]) * time.Second, pace: time.Duration(v["pace"]) * time.Millisecond}
	r := stampedeFixed(f.WindowID, s)
	fr.Chart = labs.Figure{Title: "Requests at the door per second", Kind: labs.Bars, XLabel: "second", YLabel: "requests",
		Series: []labs.Series{{Name: "clock-aligned", X: Indexes(len(r.PerSecond)), Y: Ints(r.PerSecond)}}}
	fr.Readouts = append(fr.Readouts,
		labs.Readout{Name: "peak", Label: "most in one second, after the first window", Value: float64(r.Peak), Unit: "requests"},
		labs.Readout{Name: "mean", Label: "per second on average, after the first window", Value: r.Mean, Unit: "/s"})
}

// playCounter is Part 5's patterns at any limit, window and length of the
// boundary burst: the counter's worst error over them, in % of the limit
// (P9).
func playCounter(f limit.Funcs, v labs.Values, fr *labs.Frame) {
	s := counterSetup{limit: int(v["limit"]), window: time.Duration(v["window"]) * time.Second, burst: time.Duration(v["burst"]) * time.Second}
	s.burst = min(s.burst, s.window)
	var worst float64
	var errs []float64
	for _, p := range patternsAt(s) {
		r, _ := counterError(f.WindowID, f.Expired, p, s)
		errs = append(errs, math.Abs(r.WorstErrorPct))
		worst = max(worst, math.Abs(r.WorstErrorPct))
	}
	fr.Chart = labs.Figure{Title: "The counter's worst error by pattern (1 even … 5 boundary burst), % of the limit", Kind: labs.Bars,
		XLabel: "pattern", YLabel: "% of limit", Series: []labs.Series{{Name: "worst error", X: IndexesFrom(1, len(errs)), Y: errs}}}
	fr.Readouts = append(fr.Readouts,
		labs.Readout{Name: "worst_error", Label: "the counter's worst error, any pattern", Value: worst, Unit: "%"})
}

// playFleetLocal is Part 4's first fleet at any number of servers, limit
// and offered rate: each server's own bucket (holding a second's worth),
// the client's requests dealt by the part's even balancer, and the rate
// delivered once the opening bursts are spent (P7). It is the part's own
// code (fleet/local), which needs no store.
func playFleetLocal(f limit.Funcs, v labs.Values, fr *labs.Frame) {
	n := int(v["servers"])
	r := local.Run(f.TakeToken, n, v["limit"], v["offered"], local.Span, local.Balancer(n))
	fr.Chart = labs.Figure{Title: "Delivered per second, all servers", Kind: labs.Bars, XLabel: "second", YLabel: "requests",
		Series: []labs.Series{{Name: "delivered", X: Indexes(len(r.PerSecond)), Y: Ints(r.PerSecond)}}}
	fr.Readouts = append(fr.Readouts,
		labs.Readout{Name: "delivered", Label: "delivered from t = 3 s on", Value: r.SteadyRate, Unit: "/s"},
		labs.Readout{Name: "accepted", Label: "accepted over the whole run", Value: float64(r.Accepted), Unit: "requests"})
}
