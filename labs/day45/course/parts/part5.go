package parts

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
)

// Part 5: the sliding-window log (exact, one stamp per request it still
// counts) against the sliding-window counter (two counts per key; the
// previous window's count is weighted by how much of that window still lies
// inside the trailing one). The log runs on the learner's Expired (TODO 3),
// the counter's windows on the learner's WindowID (TODO 2).

const (
	counterLimit   = 1000
	counterWindow  = 60 * time.Second
	counterProbe   = 250 * time.Millisecond // how often the guess is compared with the truth
	counterOffered = 40.0                   // per second: the client that keeps asking in the next window
	counterSeed    = 45
)

// memoryLimits are the limits at which memory per key is measured.
var memoryLimits = []int{10, 100, 1_000, 10_000, 100_000}

// pattern is one way the previous window's requests may have arrived.
type pattern struct {
	Name   string
	Stamps func() []time.Duration // the limit's worth of stamps inside [0, window)
}

// spread puts n stamps evenly over [from, from+span).
func spread(n int, from, span time.Duration) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = from + time.Duration(i)*span/time.Duration(n)
	}
	return out
}

// counterSetup is the limit, the window and how long the harshest
// pattern's burst lasts: Part 5's (asCounterPart), or a question figure's
// at any setting (playCounter, questions.go).
type counterSetup struct {
	limit         int
	window, burst time.Duration
}

var asCounterPart = counterSetup{limit: counterLimit, window: counterWindow, burst: time.Second}

// patternsAt are the arrival patterns tried, mildest first.
func patternsAt(s counterSetup) []pattern {
	n, w := s.limit, s.window
	return []pattern{
		{"even", func() []time.Duration { return spread(n, 0, w) }},
		{"random", func() []time.Duration {
			rng := rand.New(rand.NewPCG(counterSeed, 5))
			out := make([]time.Duration, n)
			for i := range out {
				out[i] = time.Duration(rng.Int64N(int64(w)))
			}
			slices.Sort(out)
			return out
		}},
		{"front-loaded", func() []time.Duration { return spread(n, 0, w/10) }},
		{"back-loaded", func() []time.Duration { return spread(n, w-w/10, w/10) }},
		{"boundary burst", func() []time.Duration { return spread(n, w-s.burst, s.burst) }},
	}
}

// patterns are Part 5's.
var patterns = patternsAt(asCounterPart)

// patternResult is the counter against the log after one pattern.
type patternResult struct {
	Name string
	// WorstErrorPct is the largest gap between the counter's guess and the
	// true count, in % of the limit, over the next window. Positive: the
	// counter counted requests that were gone (it refuses good ones);
	// negative: it missed requests still there (it lets extra through).
	WorstErrorPct float64
	Probes        []time.Duration // when the guess was compared
	Exact, Guess  []float64       // the log's count and the counter's guess at each probe
	// MaxTrailing is the most requests let through in any trailing window
	// when the client keeps asking through the next window, per limiter.
	LogMaxTrailing, CounterMaxTrailing int
}

// counterAgainstLog runs one pattern: the previous window's requests through
// both limiters, then the counter's guess against the log's count through
// the next window, then (on fresh limiters) the same start with the client
// asking counterOffered per second through the next window.
func counterAgainstLog(id limit.WindowIDFunc, expired limit.ExpiredFunc, p pattern) patternResult {
	r, stamps := counterError(id, expired, p, asCounterPart)
	later := spread(int(counterOffered*counterWindow.Seconds()), counterWindow, counterWindow)
	stream := append(slices.Clip(stamps), later...)
	r.LogMaxTrailing = acceptedMaxTrailing(limit.NewSlidingLog(expired, counterLimit, counterWindow).Allow, stream)
	r.CounterMaxTrailing = acceptedMaxTrailing(limit.NewSlidingCounter(id, counterLimit, counterWindow).Allow, stream)
	return r
}

// counterError is the first half of counterAgainstLog at any setting: the
// previous window's requests through both limiters, then the counter's
// guess against the log's count every counterProbe through the next window.
func counterError(id limit.WindowIDFunc, expired limit.ExpiredFunc, p pattern, s counterSetup) (patternResult, []time.Duration) {
	r := patternResult{Name: p.Name}
	stamps := p.Stamps()
	lg := limit.NewSlidingLog(expired, s.limit, s.window)
	ctr := limit.NewSlidingCounter(id, s.limit, s.window)
	for _, t := range stamps {
		lg.Allow(t)
		ctr.Allow(t)
	}
	for t := s.window; t < 2*s.window; t += counterProbe {
		exact, guess := float64(lg.CountAt(t)), ctr.Estimate(t)
		r.Probes = append(r.Probes, t)
		r.Exact, r.Guess = append(r.Exact, exact), append(r.Guess, guess)
		if e := 100 * (guess - exact) / float64(s.limit); math.Abs(e) > math.Abs(r.WorstErrorPct) {
			r.WorstErrorPct = e
		}
	}
	return r, stamps
}

func acceptedMaxTrailing(allow func(time.Duration) bool, stream []time.Duration) int {
	var accepted []time.Duration
	for _, t := range stream {
		if allow(t) {
			accepted = append(accepted, t)
		}
	}
	return maxInTrailing(accepted, counterWindow)
}

// memoryPerKey is what one key costs each limiter, in bytes, at limit: the
// log filled to its limit (measured from the buffer it really holds), the
// counter at any limit.
func memoryPerKey(expired limit.ExpiredFunc, n int) (logBytes, counterBytes int) {
	l := limit.NewSlidingLog(expired, n, counterWindow)
	for i := range n {
		l.Allow(time.Duration(i) * counterWindow / time.Duration(2*n)) // all inside one window
	}
	return l.Bytes(), limit.StateBytes()
}

// --- the pieces ------------------------------------------------------------

func counterMemoryPiece(f limit.Funcs, r *labs.PartResult) {
	var logB, ctrB []float64
	for _, limit := range memoryLimits {
		l, c := memoryPerKey(f.Expired, limit)
		logB, ctrB = append(logB, float64(l)), append(ctrB, float64(c))
	}
	at := slices.Index(memoryLimits, counterLimit)
	last := len(memoryLimits) - 1
	r.Metrics = append(r.Metrics,
		metric("log_bytes_per_key", fmt.Sprintf("sliding log: bytes per key at a limit of %d", counterLimit), logB[at], "B", 0),
		metric("counter_bytes_per_key", "sliding counter: bytes per key", ctrB[at], "B", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Memory per key, measured on the structures themselves: the log keeps an 8-byte stamp for every request it may still count: %s B at a limit of %s, %s B at %s.", Thousands(logB[at]), Thousands(counterLimit), Thousands(logB[last]), Thousands(float64(memoryLimits[last]))),
		fmt.Sprintf("The counter keeps a window number and two counts: %.0f B, whatever the limit. Multiply by every key (user, token, address) the service tracks.", ctrB[at]))
	xs := Ints(memoryLimits)
	r.Figures = append(r.Figures, labs.Figure{
		Title: "Memory per key as the limit grows", Kind: labs.Bars, XLabel: "limit", YLabel: "bytes",
		Series: []labs.Series{{Name: "sliding log", X: xs, Y: logB}, {Name: "sliding counter", X: xs, Y: ctrB}},
	})
}

func counterErrorPiece(f limit.Funcs, r *labs.PartResult) {
	var results []patternResult
	worst := 0
	for i, p := range patterns {
		results = append(results, counterAgainstLog(f.WindowID, f.Expired, p))
		if math.Abs(results[i].WorstErrorPct) > math.Abs(results[worst].WorstErrorPct) {
			worst = i
		}
	}
	w := results[worst]
	mostLog, mostCtr := 0, 0
	for _, res := range results {
		mostLog, mostCtr = max(mostLog, res.LogMaxTrailing), max(mostCtr, res.CounterMaxTrailing)
	}
	r.Metrics = append(r.Metrics,
		metric("counter_even_error_pct", "counter's worst error, even traffic", math.Abs(results[0].WorstErrorPct), "%", 1),
		metric("counter_random_error_pct", "counter's worst error, random traffic", math.Abs(results[1].WorstErrorPct), "%", 1),
		metric("counter_worst_error_pct", "counter's worst error, any pattern tried", math.Abs(w.WorstErrorPct), "%", 1),
		metric("counter_max_trailing", "counter: most let through in a trailing window", float64(mostCtr), "requests", 0),
		metric("log_max_trailing", "log: most let through in a trailing window", float64(mostLog), "requests", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Limit %d per %g s. The previous window's %d requests arrive in %d ways; through the next window, every %g s, the counter's guess is compared with the log's exact count.", counterLimit, counterWindow.Seconds(), counterLimit, len(patterns), counterProbe.Seconds()))
	for _, res := range results {
		r.Lines = append(r.Lines, fmt.Sprintf("  %-15s worst error %+6.1f%% of the limit%s", res.Name+":", res.WorstErrorPct, errorMeaning(res.WorstErrorPct)))
	}
	r.Lines = append(r.Lines,
		fmt.Sprintf("Worst: %.1f%% (%s). The guess assumes the previous window was spread evenly; it is off by however far the traffic is from even, up to nearly the whole limit.", math.Abs(w.WorstErrorPct), w.Name),
		"Small error figures quoted for this method were measured on some service's real traffic, where most keys' requests are spread out. They describe that traffic, not the method: a client that bunches its requests (by habit, by cron, or on purpose) gets the large error.",
		fmt.Sprintf("Then the client keeps asking at %g/s through the next window. Most let through in any trailing %g s: the log %d, the counter %d (%.1f× the limit).", counterOffered, counterWindow.Seconds(), mostLog, mostCtr, float64(mostCtr)/counterLimit))
	labels := IndexesFrom(1, len(results))
	var over, under, logMost, ctrMost []float64
	for _, res := range results {
		over, under = append(over, max(0, res.WorstErrorPct)), append(under, max(0, -res.WorstErrorPct))
		logMost, ctrMost = append(logMost, float64(res.LogMaxTrailing)), append(ctrMost, float64(res.CounterMaxTrailing))
	}
	r.Figures = append(r.Figures,
		labs.Figure{Title: "The counter's worst error by arrival pattern (1 even … 5 boundary burst), % of the limit", Kind: labs.Bars,
			XLabel: "pattern", YLabel: "% of limit", Series: []labs.Series{{Name: "counts too many", X: labels, Y: over}, {Name: "counts too few", X: labels, Y: under}}},
		labs.Figure{Title: fmt.Sprintf("After a %s: the true count and the counter's guess", w.Name), Kind: labs.Line,
			XLabel: "seconds", YLabel: "requests in the trailing window",
			Series: []labs.Series{{Name: "exact (log)", X: seconds(w.Probes), Y: w.Exact}, {Name: "guess (counter)", X: seconds(w.Probes), Y: w.Guess}},
			Marks:  []labs.Mark{{X: counterWindow.Seconds(), Label: "window boundary"}}},
		labs.Figure{Title: "Most let through in any trailing window, by arrival pattern", Kind: labs.Bars,
			XLabel: "pattern", YLabel: "requests",
			Series: []labs.Series{{Name: "sliding log", X: labels, Y: logMost}, {Name: "sliding counter", X: labels, Y: ctrMost}}})
}

func errorMeaning(pct float64) string {
	switch {
	case pct > 0.5:
		return " (counts requests already gone: refuses good ones)"
	case pct < -0.5:
		return " (misses requests still inside: lets extra through)"
	}
	return ""
}
