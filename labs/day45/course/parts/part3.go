package parts

import (
	"fmt"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
)

// Part 3: the same bursty input through a token bucket (bursts out) and a
// leaky bucket queue (a flat stream out, paid for in waiting).

const (
	bursts       = 5
	burstEvery   = 3 * time.Second
	perBurst     = 40
	leakRate     = 10.0 // requests per second
	leakMaxQueue = 40
	outputBins   = 20 // seconds of output shown
)

// burstyInput is 5 bursts of 40 requests at t = 0, 3, 6, 9 and 12 s.
func burstyInput() []time.Duration {
	var out []time.Duration
	for b := range bursts {
		for range perBurst {
			out = append(out, time.Duration(b)*burstEvery)
		}
	}
	return out
}

// shapeResult is what left a limiter, second by second.
type shapeResult struct {
	Accepted, Rejected int
	PerSecond          []int // requests out in each second [i, i+1)
	Peak               int
	Emits              []time.Duration // when each accepted request left
	WorstWait          time.Duration   // leaky only
	SpacingRate        float64         // leaky only: from the spacing of emissions
}

// tokenShape sends the bursty input through a fresh, full token bucket: an
// accepted request leaves the instant it arrives.
func tokenShape(take limit.TakeTokenFunc) shapeResult {
	b := limit.NewTokenBucket(take, bucketCapacity, bucketRate)
	var r shapeResult
	for _, at := range burstyInput() {
		if b.Allow(at) {
			r.Accepted++
			r.Emits = append(r.Emits, at)
		} else {
			r.Rejected++
		}
	}
	r.bin()
	return r
}

// leakyShape sends the bursty input through the leaky bucket queue.
func leakyShape(next limit.NextEmitFunc) shapeResult {
	q := limit.NewLeakyQueue(next, leakRate, leakMaxQueue)
	var r shapeResult
	for _, at := range burstyInput() {
		emit, ok := q.Offer(at)
		if !ok {
			r.Rejected++
			continue
		}
		r.Accepted++
		r.Emits = append(r.Emits, emit)
		r.WorstWait = max(r.WorstWait, emit-at)
	}
	if n := len(r.Emits); n > 1 {
		// n emissions span n−1 gaps: the rate is read from the spacing, which
		// per-second bins can blur at their edges.
		r.SpacingRate = float64(n-1) / (r.Emits[n-1] - r.Emits[0]).Seconds()
	}
	r.bin()
	return r
}

func (r *shapeResult) bin() {
	r.PerSecond = make([]int, outputBins)
	for _, t := range r.Emits {
		if s := int(t / time.Second); s >= 0 && s < outputBins {
			r.PerSecond[s]++
		}
	}
	for _, n := range r.PerSecond {
		r.Peak = max(r.Peak, n)
	}
}

func tokenShapePiece(f limit.Funcs, r *labs.PartResult) {
	s := tokenShape(f.TakeToken)
	r.Metrics = append(r.Metrics,
		metric("token_bursty_accepted", "token bucket accepted", float64(s.Accepted), "requests", 0),
		metric("token_peak_output", "token bucket: most out in one second", float64(s.Peak), "requests", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Input: %d requests in %d bursts of %d, every %v.", bursts*perBurst, bursts, perBurst, burstEvery),
		"Token bucket out per second: "+perSecondLine(s.PerSecond),
		fmt.Sprintf("Token bucket: %d accepted, %d turned away; the busiest second let %d out.", s.Accepted, s.Rejected, s.Peak))
	r.Figures = append(r.Figures, labs.Figure{
		Title: "Token bucket: requests out per second", Kind: labs.Bars, XLabel: "second", YLabel: "out",
		Series: []labs.Series{{Name: "token bucket", X: Indexes(len(s.PerSecond)), Y: Ints(s.PerSecond)}},
	})
}

func leakyShapePiece(f limit.Funcs, r *labs.PartResult) {
	s := leakyShape(f.NextEmit)
	r.Metrics = append(r.Metrics,
		metric("leaky_emitted", "leaky bucket emitted", float64(s.Accepted), "requests", 0),
		metric("leaky_overflowed", "leaky bucket overflowed", float64(s.Rejected), "requests", 0),
		metric("leaky_worst_wait_s", "leaky bucket worst wait", s.WorstWait.Seconds(), "s", 1),
		metric("leaky_output_rate", "leaky bucket output rate (from the spacing of departures)", s.SpacingRate, "/s", 1))
	r.Lines = append(r.Lines,
		"Leaky bucket out per second: "+perSecondLine(s.PerSecond),
		fmt.Sprintf("Leaky bucket: %d sent on, %d overflowed, the longest wait %.1f s; output %.1f/s from the spacing of departures.", s.Accepted, s.Rejected, s.WorstWait.Seconds(), s.SpacingRate),
		"Durations are whole nanoseconds, so 0.1 s steps add up exactly: the per-second bins do not wobble here, unlike float seconds in the course's Python.")
	r.Figures = append(r.Figures, labs.Figure{
		Title: "Leaky bucket: requests out per second", Kind: labs.Bars, XLabel: "second", YLabel: "out",
		Series: []labs.Series{{Name: "leaky bucket", X: Indexes(len(s.PerSecond)), Y: Ints(s.PerSecond)}},
	})
}
