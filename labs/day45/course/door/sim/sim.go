// Package sim is Day 45's Part 6 without the network: the clients, polite
// and rude, on the virtual clock, and the door's decision for one client
// (a bucket of its own, the 429's Retry-After). Part 6 (course/door, which
// the full worker links) puts real HTTP between the two; the question
// figure of P10 (course/parts) asks a door held in process. It needs no
// net/http, so the lean worker links it too, and the part and the figure
// cannot come to differ in how a client behaves or a door decides (door's
// TestDoorFigureIsThePart runs both).
package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"termlab/labs/clock"
	"termlab/labs/day45/course/limit"
)

// Settings are one run's door and clients.
type Settings struct {
	Polite, Rude   int
	Capacity, Rate float64 // each client's bucket at the door: holds, refills per second
	Span           time.Duration
	Pace           time.Duration // after a yes, every client asks again this soon
	RudeGap        time.Duration // after a no, a rude client asks again this soon
	Jitter         time.Duration // a polite client adds up to this much to Retry-After
	// Bound is the most requests a run sends, whatever the code under
	// test does: past it the run stops with an error.
	Bound int
}

// Span is how long Part 6's run lasts.
const Span = 10 * time.Second

// Part6 is the part's own run.
var Part6 = Settings{
	Polite: 2, Rude: 2,
	Capacity: 4, Rate: 2,
	Span:    Span,
	Pace:    100 * time.Millisecond, // 10/s, 5× the allowance
	RudeGap: 25 * time.Millisecond,
	Jitter:  500 * time.Millisecond,
	Bound:   5000, // real HTTP: some 700 are sent
}

const (
	seed = 45 // the polite clients' jitter
	// stagger is how far apart the clients send their first requests.
	stagger = 10 * time.Millisecond
)

// Verdict is one decision of the door and the numbers it sends back.
type Verdict struct {
	OK         bool
	Tokens     float64 // left in the client's bucket
	Remaining  int     // whole requests the client may still send right now
	Reset      int     // seconds until the bucket is full again
	RetryAfter int     // seconds until a whole token is back (refusals only)
}

// Judge is the verdict of a bucket of capacity refilling rate a second
// that has just decided ok.
func Judge(b *limit.TokenBucket, ok bool, capacity, rate float64) Verdict {
	v := Verdict{OK: ok, Tokens: b.Tokens(), Remaining: int(math.Floor(b.Tokens()))}
	v.Reset = int(math.Ceil((capacity - v.Tokens) / rate))
	if !ok {
		v.RetryAfter = max(1, int(math.Ceil((1-v.Tokens)/rate)))
	}
	return v
}

// Door is a door held in process: a bucket per client, each new client's
// full when it first asks, deciding with take.
type Door struct {
	take           limit.TakeTokenFunc
	capacity, rate float64
	buckets        map[string]*limit.TokenBucket
}

// NewDoor is a door whose buckets hold capacity and refill rate a second.
func NewDoor(take limit.TakeTokenFunc, capacity, rate float64) *Door {
	return &Door{take: take, capacity: capacity, rate: rate, buckets: map[string]*limit.TokenBucket{}}
}

// Decide spends one token of client's bucket at now, if it has one.
func (d *Door) Decide(client string, now time.Duration) Verdict {
	b := d.buckets[client]
	if b == nil {
		b = limit.NewTokenBucketAt(d.take, d.capacity, d.rate, now)
		d.buckets[client] = b
	}
	return Judge(b, b.Allow(now), d.capacity, d.rate)
}

// Ask is d as a client meets it: each request answered at once.
func (d *Door) Ask(client string, now time.Duration) (Reply, error) {
	v := d.Decide(client, now)
	return Reply{OK: v.OK, RetryAfter: v.RetryAfter}, nil
}

// Reply is what a client reads of the door's answer.
type Reply struct {
	OK         bool
	RetryAfter int // seconds, on a refusal
}

// Ask sends client's request at virtual time now and returns the door's
// reply; an error stops the run.
type Ask func(client string, now time.Duration) (Reply, error)

// KindStats is what one kind of client did.
type KindStats struct {
	Requests, OK, Refused int
	PerSecond             []int // requests sent in each second
	OKPerSecond           []int
}

// Result is one run: what the polite clients did, and the rude ones.
type Result struct {
	Polite, Rude KindStats
}

type client struct {
	name   string
	polite bool
	rng    *rand.Rand
	stats  *KindStats
}

// Run runs s's clients against the door ask reaches, on the virtual clock:
// the polite ones first, then the rude, each starting stagger after the
// one before. After a yes a client asks again Pace later; after a no a
// polite client waits Retry-After plus jitter, a rude one RudeGap. The run
// stops at the first error, or past its Bound.
func Run(s Settings, ask Ask) (Result, error) {
	bins := int(s.Span / time.Second)
	res := Result{
		Polite: KindStats{PerSecond: make([]int, bins), OKPerSecond: make([]int, bins)},
		Rude:   KindStats{PerSecond: make([]int, bins), OKPerSecond: make([]int, bins)},
	}
	var sim clock.Sim
	var failure error
	sent := 0
	var send func(c *client)
	send = func(c *client) {
		if failure != nil {
			return
		}
		if sent++; sent > s.Bound {
			failure = fmt.Errorf("stopped after %d requests: the run hit its bound", sent-1)
			return
		}
		reply, err := ask(c.name, sim.Now())
		if err != nil {
			failure = err
			return
		}
		sec := int(sim.Now() / time.Second)
		c.stats.Requests++
		c.stats.PerSecond[sec]++
		if reply.OK {
			c.stats.OK++
			c.stats.OKPerSecond[sec]++
			sim.After(s.Pace, func() { send(c) })
			return
		}
		c.stats.Refused++
		wait := s.RudeGap
		if c.polite {
			wait = time.Duration(reply.RetryAfter)*time.Second + time.Duration(c.rng.Int64N(int64(s.Jitter)))
		}
		sim.After(wait, func() { send(c) })
	}
	for i := range s.Polite + s.Rude {
		c := &client{polite: i < s.Polite, rng: rand.New(rand.NewPCG(seed, uint64(i)))}
		c.name, c.stats = fmt.Sprintf("rude-%d", i-s.Polite+1), &res.Rude
		if c.polite {
			c.name, c.stats = fmt.Sprintf("polite-%d", i+1), &res.Polite
		}
		sim.At(time.Duration(i)*stagger, func() { send(c) })
	}
	sim.Run(s.Span - 1)
	return res, failure
}
