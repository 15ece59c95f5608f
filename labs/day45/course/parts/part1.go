package parts

import (
	"fmt"
	"time"

	"termlab/labs"
	"termlab/labs/clock"
	"termlab/labs/day45/course/limit"
	"termlab/labs/pyrand"
)

// Part 1: the token bucket caps a burst at its capacity, then meters a
// sustained overload down to its refill rate.

// The bucket of Parts 1 and 3.
const (
	bucketRate     = 10.0 // tokens per second
	bucketCapacity = 20.0
)

// Part 1's traffic.
const (
	burstSize     = 50
	offeredRate   = 30.0 // requests per second, three times the refill rate
	sustainedSpan = 60 * time.Second
	warmUp        = 10 * time.Second // the steady rate is counted after this
	arrivalSeed   = 45
)

// burstResult is Part 1a: many requests in the same instant.
type burstResult struct {
	Accepted, Rejected int
	Tokens             []float64 // the bucket's level after each request
}

// burst fires burstSize requests at a full bucket, all at t = 0.
func burst(take limit.TakeTokenFunc) burstResult {
	b := limit.NewTokenBucket(take, bucketCapacity, bucketRate)
	var r burstResult
	for range burstSize {
		if b.Allow(0) {
			r.Accepted++
		} else {
			r.Rejected++
		}
		r.Tokens = append(r.Tokens, b.Tokens())
	}
	return r
}

// SustainedResult is Part 1b: a minute of Poisson traffic at three times the
// refill rate.
type SustainedResult struct {
	Offered, Accepted int
	AcceptedAfterWarm int // accepted at t ≥ warmUp
	Rate, SteadyRate  float64
	Arrivals          []time.Duration
	Accepts           []bool
	Tokens            []float64 // level after each arrival
}

// Arrivals is the course's own seeded stream: exponential gaps at rate per
// second from CPython's random.Random(seed), summed in float64 exactly as the
// Python original sums them, and rounded to the nanosecond only at the end.
func arrivals(seed uint64, rate float64, span time.Duration) []time.Duration {
	rng := pyrand.New(seed)
	var out []time.Duration
	for t := rng.ExpFloat64(rate); t < span.Seconds(); t += rng.ExpFloat64(rate) {
		out = append(out, clock.Seconds(t))
	}
	return out
}

// Sustained offers the seeded stream to a fresh, full bucket, replaying it on
// the virtual clock.
func Sustained(take limit.TakeTokenFunc) SustainedResult {
	return sustainedAt(take, bucketCapacity, bucketRate, offeredRate)
}

// sustainedAt is Sustained for a bucket that holds capacity and refills
// rate a second, offered requests a second (the bursts question figure
// deals these).
func sustainedAt(take limit.TakeTokenFunc, capacity, rate, offered float64) SustainedResult {
	b := limit.NewTokenBucket(take, capacity, rate)
	r := SustainedResult{Arrivals: arrivals(arrivalSeed, offered, sustainedSpan)}
	var sim clock.Sim
	for _, at := range r.Arrivals {
		sim.At(at, func() {
			ok := b.Allow(sim.Now())
			r.Accepts = append(r.Accepts, ok)
			r.Tokens = append(r.Tokens, b.Tokens())
			if ok {
				r.Accepted++
				if sim.Now() >= warmUp {
					r.AcceptedAfterWarm++
				}
			}
		})
	}
	sim.Run(sustainedSpan)
	r.Offered = len(r.Arrivals)
	r.Rate = float64(r.Accepted) / sustainedSpan.Seconds()
	r.SteadyRate = float64(r.AcceptedAfterWarm) / (sustainedSpan - warmUp).Seconds()
	return r
}

func burstPiece(f limit.Funcs, r *labs.PartResult) {
	b := burst(f.TakeToken)
	r.Metrics = append(r.Metrics,
		metric("token_burst_accepted", "burst accepted", float64(b.Accepted), "requests", 0),
		metric("token_burst_rejected", "burst rejected", float64(b.Rejected), "requests", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Bucket: refills %g tokens/s, holds %g, starts full.", bucketRate, bucketCapacity),
		fmt.Sprintf("%d requests in the same instant: %d in, %d turned away.", burstSize, b.Accepted, b.Rejected),
		fmt.Sprintf("No time passed, so nothing refilled: the %d that got in are what a full bucket holds.", b.Accepted))
	r.Figures = append(r.Figures, labs.Figure{
		Title: "Instant burst: tokens left after each request", Kind: labs.Line,
		XLabel: "request", YLabel: "tokens",
		Series: []labs.Series{{Name: "tokens", X: Indexes(len(b.Tokens)), Y: b.Tokens}},
	})
}

func sustainedPiece(f limit.Funcs, r *labs.PartResult) {
	s := Sustained(f.TakeToken)
	r.Metrics = append(r.Metrics,
		metric("token_sustained_offered", "sustained offered", float64(s.Offered), "requests", 0),
		metric("token_sustained_accepted", "sustained accepted", float64(s.Accepted), "requests", 0),
		metric("token_sustained_rate", fmt.Sprintf("accept rate over the whole run (t = 0–%g s)", sustainedSpan.Seconds()), s.Rate, "/s", 1),
		metric("token_steady_rate", fmt.Sprintf("accept rate after warm-up (t ≥ %g s only)", warmUp.Seconds()), s.SteadyRate, "/s", 1))
	offered := float64(s.Offered) / sustainedSpan.Seconds()
	r.Lines = append(r.Lines,
		fmt.Sprintf("A minute of random arrivals: %d offered (%.1f/s, %.1f× the refill rate).", s.Offered, offered, offered/bucketRate),
		fmt.Sprintf("Accepted %d: %.1f/s over the minute; %.1f/s once the opening burst is spent (t ≥ %v).", s.Accepted, s.Rate, s.SteadyRate, warmUp),
		fmt.Sprintf("The ceiling is (capacity + rate × 60 s) / 60 s = %.1f/s: the full bucket once, then the tap.", (bucketCapacity+bucketRate*sustainedSpan.Seconds())/sustainedSpan.Seconds()))

	perSec := func(want bool) []int {
		out := make([]int, int(sustainedSpan/time.Second))
		for i, t := range s.Arrivals {
			if !want || s.Accepts[i] {
				out[int(t/time.Second)]++
			}
		}
		return out
	}
	acc, rej := split(s.Arrivals, s.Accepts, s.Tokens)
	r.Figures = append(r.Figures,
		labs.Figure{
			Title: "Sustained overload: the bucket's level, with accepts and rejects", Kind: labs.Line,
			XLabel: "seconds", YLabel: "tokens",
			Series: []labs.Series{{Name: "tokens", X: seconds(s.Arrivals), Y: s.Tokens}, acc, rej},
		},
		labs.Figure{
			Title: "Offered and accepted, per second", Kind: labs.Bars,
			XLabel: "second", YLabel: "requests",
			Series: []labs.Series{
				{Name: "offered", X: Indexes(len(perSec(false))), Y: Ints(perSec(false))},
				{Name: "accepted", X: Indexes(len(perSec(true))), Y: Ints(perSec(true))},
			},
			Marks: []labs.Mark{{X: warmUp.Seconds(), Label: "warm-up ends"}},
		})
}
