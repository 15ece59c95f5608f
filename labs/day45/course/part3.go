package course

import (
	"termlab/labs/day45/course/limit"
	"time"
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

// BurstyInput is 5 bursts of 40 requests at t = 0, 3, 6, 9 and 12 s.
func BurstyInput() []time.Duration {
	var out []time.Duration
	for b := range bursts {
		for range perBurst {
			out = append(out, time.Duration(b)*burstEvery)
		}
	}
	return out
}

// ShapeResult is what left a limiter, second by second.
type ShapeResult struct {
	Accepted, Rejected int
	PerSecond          []int // requests out in each second [i, i+1)
	Peak               int
	Emits              []time.Duration // when each accepted request left
	WorstWait          time.Duration   // leaky only
	SpacingRate        float64         // leaky only: from the spacing of emissions
}

// TokenShape sends the bursty input through a fresh, full token bucket: an
// accepted request leaves the instant it arrives.
func TokenShape(take TakeTokenFunc) ShapeResult {
	b := limit.NewTokenBucket(take, bucketCapacity, bucketRate)
	var r ShapeResult
	for _, at := range BurstyInput() {
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

// LeakyShape sends the bursty input through the leaky bucket queue.
func LeakyShape(next NextEmitFunc) ShapeResult {
	q := limit.NewLeakyQueue(next, leakRate, leakMaxQueue)
	var r ShapeResult
	for _, at := range BurstyInput() {
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

func (r *ShapeResult) bin() {
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
