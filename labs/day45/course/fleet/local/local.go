// Package local is Day 45's Part 4 fleet with local limits alone: servers
// behind an even balancer, each with a token bucket of its own (the
// learner's TakeToken). It needs no store, so the lean worker links it
// too: the question figure of P7 (course/parts) plays it at any setting,
// and Part 4 (course/fleet, which the full worker links) plays it at the
// part's.
package local

import (
	"math/rand/v2"
	"time"

	"termlab/labs/day45/course/limit"
)

const (
	// Warm is when the opening bursts are spent: SteadyRate counts from
	// then on.
	Warm = 3 * time.Second
	// Span is how long each of Part 4's runs lasts.
	Span = 10 * time.Second
	seed = 45 // the balancer's choices
)

// Result is one run of the fleet.
type Result struct {
	Servers             int
	Offered, Accepted   int
	Rate                float64 // accepted per second over the whole run
	SteadyRate          float64 // accepted per second once the opening bursts are spent
	PerSecond           []int   // accepted in each second, all servers
	PerServerSecond     [][]int // accepted in each second, by server
	ServerOffered       []int   // requests each server saw
	ServerAccepted      []int   // requests each server let through
	OutageOpen          []int   // per second: what fail-open lets through (outage runs only)
	OutageClosed        []int   // per second: what fail-closed lets through (outage runs only)
	OutageOffered       int     // requests that arrived while the store was down
	OutageRateOpen      float64 // per second during the outage, failing open
	OutageRateClosed    float64 // per second during the outage, failing closed
	PromiseRefusedShare float64 // share of requests refused though the client kept its promise (split runs)
}

// EvenArrivals is n requests per second spread evenly over span, each
// moved a little later by a few microseconds that differ from one request
// to the next (tieShift). Exactly even arrivals land exactly on whole tokens
// (at 60/s and 10/s, request 102 arrives at t = 1.7 s, when the bucket holds
// exactly 1.0 token), so the figures would hang on the last bit of float
// arithmetic: one correct TakeToken computing the refill in another order
// would get 40.1/s where the reference gets 40.0/s. Shifted, no arrival
// sits within a microsecond of a whole token, so the figures are the same
// for every correct TakeToken (a test nudges the level by ±1e-9 to check).
func EvenArrivals(perSecond float64, span time.Duration) []time.Duration {
	n := int(perSecond * span.Seconds())
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = time.Duration(float64(i)*float64(time.Second)/perSecond) + tieShift(i)
	}
	return out
}

// tieShift is request i's shift: 1 to 97 µs, in an order that never lines
// up with a bucket's rhythm (37 and 97 share no factor), and always far
// less than the gap between two requests (1/60 s).
func tieShift(i int) time.Duration { return time.Duration(1+(i*37)%97) * time.Microsecond }

// Balancer is an even load balancer: each request goes to a server picked
// at random (seeded, so every run deals the same hand). Strict turns would
// line up with the bucket's rhythm and hand every accept to the same few
// servers; a real balancer does not march in step with its clients.
func Balancer(servers int) func(int) int {
	rng := rand.New(rand.NewPCG(seed, uint64(servers)))
	return func(int) int { return rng.IntN(servers) }
}

func (r *Result) Record(server int, at time.Duration, ok bool) {
	r.Offered++
	r.ServerOffered[server]++
	if !ok {
		return
	}
	r.Accepted++
	r.ServerAccepted[server]++
	if s := int(at / time.Second); s >= 0 && s < len(r.PerSecond) {
		r.PerSecond[s]++
		r.PerServerSecond[server][s]++
	}
}

func NewResult(servers int, span time.Duration) Result {
	r := Result{Servers: servers, PerSecond: make([]int, int(span/time.Second)),
		ServerOffered: make([]int, servers), ServerAccepted: make([]int, servers)}
	r.PerServerSecond = make([][]int, servers)
	for i := range r.PerServerSecond {
		r.PerServerSecond[i] = make([]int, len(r.PerSecond))
	}
	return r
}

func (r *Result) Finish(span time.Duration, acceptedAfterWarm int) {
	r.Rate = float64(r.Accepted) / span.Seconds()
	r.SteadyRate = float64(acceptedAfterWarm) / (span - Warm).Seconds()
}

// Run runs a fleet of servers, each with its own bucket of perServer
// tokens per second (holding one second's worth), on the client's traffic:
// offered requests per second for span, handed out by assign.
func Run(take limit.TakeTokenFunc, servers int, perServer, offered float64, span time.Duration, assign func(int) int) Result {
	buckets := make([]*limit.TokenBucket, servers)
	for i := range buckets {
		buckets[i] = limit.NewTokenBucket(take, max(1, perServer), perServer)
	}
	r := NewResult(servers, span)
	warm := 0
	for i, at := range EvenArrivals(offered, span) {
		s := assign(i)
		ok := buckets[s].Allow(at)
		r.Record(s, at, ok)
		if ok && at >= Warm {
			warm++
		}
	}
	r.Finish(span, warm)
	return r
}
