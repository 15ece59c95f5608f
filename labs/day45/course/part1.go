package course

import (
	"time"

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

// BurstResult is Part 1a: many requests in the same instant.
type BurstResult struct {
	Accepted, Rejected int
	Tokens             []float64 // the bucket's level after each request
}

// Burst fires burstSize requests at a full bucket, all at t = 0.
func Burst(take TakeTokenFunc) BurstResult {
	b := limit.NewTokenBucket(take, bucketCapacity, bucketRate)
	var r BurstResult
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
func Arrivals(seed uint64, rate float64, span time.Duration) []time.Duration {
	rng := pyrand.New(seed)
	var out []time.Duration
	for t := rng.ExpFloat64(rate); t < span.Seconds(); t += rng.ExpFloat64(rate) {
		out = append(out, clock.Seconds(t))
	}
	return out
}

// Sustained offers the seeded stream to a fresh, full bucket, replaying it on
// the virtual clock.
func Sustained(take TakeTokenFunc) SustainedResult {
	b := limit.NewTokenBucket(take, bucketCapacity, bucketRate)
	r := SustainedResult{Arrivals: Arrivals(arrivalSeed, offeredRate, sustainedSpan)}
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
