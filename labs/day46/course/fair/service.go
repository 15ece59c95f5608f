package fair

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"time"

	"termlab/labs"
	"termlab/labs/clock"
	"termlab/labs/pyrand"
)

// Req is one request to the shared service.
type Req struct {
	Tenant int
	Arrive time.Duration
	Size   time.Duration // the service time it costs

	// Filled in by Serve.
	Throttled bool // refused by the tenant's quota
	Overflow  bool // refused because its queue was full
	Start     time.Duration
	Done      time.Duration
}

// Served reports whether the request was answered.
func (r *Req) Served() bool { return !r.Throttled && !r.Overflow }

// Latency is the time from arrival to answer (served requests only).
func (r *Req) Latency() time.Duration { return r.Done - r.Arrive }

// Scheduler decides, for one server, who waits and who goes next.
type Scheduler interface {
	// Offer queues r, or refuses it (marking why) and returns false.
	Offer(r *Req, now time.Duration) bool
	// Next takes the requests to serve next, back to back, or none.
	Next() []*Req
}

// Poisson is a seeded stream of arrivals at rate per second over span:
// exponential gaps from CPython's random.Random(seed), summed in float64 and
// rounded to the nanosecond only at the end, so every run is the same.
func Poisson(seed uint64, rate float64, span time.Duration) []time.Duration {
	if rate <= 0 {
		return nil
	}
	rng := pyrand.New(seed)
	// Room for the mean count and a few deviations more, so the stream
	// is not copied as it grows (it grows past this if it must).
	room := 0
	if mean := rate * span.Seconds(); mean >= 0 && mean < 1<<20 { // not a NaN either
		room = int(mean + 4*math.Sqrt(mean) + 16)
	}
	out := make([]time.Duration, 0, room)
	for t := rng.ExpFloat64(rate); t < span.Seconds(); t += rng.ExpFloat64(rate) {
		out = append(out, clock.Seconds(t))
	}
	if len(out) == 0 {
		return nil // as before the room was made
	}
	return out
}

// Tenant is one tenant's traffic.
type Tenant struct {
	Rate float64       // requests per second, Poisson
	Size time.Duration // each request's cost
}

// Traffic is every tenant's requests, in arrival order (ties by tenant).
// Tenant i's stream is seeded with seed+i, so changing one tenant's rate
// leaves every other tenant's arrivals exactly as they were.
//
// Each tenant's stream is in time order already, so they are merged (the
// earliest head next, the lower tenant first at the same moment: what a
// stable sort of the streams one after another gives), and the requests
// are allocated together.
func Traffic(seed uint64, tenants []Tenant, span time.Duration) []*Req {
	streams := make([][]time.Duration, len(tenants))
	total := 0
	for i, t := range tenants {
		streams[i] = Poisson(seed+uint64(i), t.Rate, span)
		total += len(streams[i])
	}
	slab := make([]Req, total)
	out := make([]*Req, total)
	for j := range out {
		next := -1
		for i, st := range streams {
			if len(st) > 0 && (next < 0 || st[0] < streams[next][0]) {
				next = i
			}
		}
		slab[j] = Req{Tenant: next, Arrive: streams[next][0], Size: tenants[next].Size}
		out[j] = &slab[j]
		streams[next] = streams[next][1:]
	}
	return out
}

// Run is what Serve measured.
type Run struct {
	Reqs []*Req
	Span time.Duration
	Busy time.Duration // work done inside [0, Span]
}

// Serve plays reqs through one server behind s on the virtual clock. The
// server takes the next batch from s whenever it is free, and serves it
// back to back; it only idles when s has nothing.
//
// It is the event loop of a clock.Sim with every arrival scheduled first
// (in the order of reqs) and the end of the batch in service after them,
// run without the heap: the arrivals are already a sorted stream and at
// most one batch is ever in service, so the next event is the earlier of
// the next arrival and the batch's end, an arrival first at the same
// moment (it was scheduled first). The playground plays this on every knob
// turn, and a heap of thousands of closures was most of its frame.
func Serve(reqs []*Req, s Scheduler, span time.Duration) Run {
	run := Run{Reqs: reqs, Span: span}
	var now, free time.Duration // free: when the batch in service ends
	busy := false
	dispatch := func() {
		batch := s.Next()
		if len(batch) == 0 {
			busy = false
			return
		}
		busy = true
		t := now
		for _, r := range batch {
			r.Start = t
			t += r.Size
			r.Done = t
		}
		run.Busy += min(t, span) - min(now, span)
		free = max(t, now) // the clock never goes back
	}
	const until = 1 << 62 // until the last queued request is answered
	order := arrivals(reqs)
	for i := 0; i < len(order) || busy; {
		if i < len(order) && (!busy || arrivesAt(order[i]) <= free) {
			r := order[i]
			if now = arrivesAt(r); now > until {
				break
			}
			i++
			if s.Offer(r, now) && !busy {
				dispatch()
			}
			continue
		}
		if now = free; now > until {
			break
		}
		dispatch()
	}
	return run
}

// arrivesAt is when r's arrival happens on a clock that starts at 0.
func arrivesAt(r *Req) time.Duration { return max(0, r.Arrive) }

// arrivals is reqs in the order their arrivals happen: by time, ties in
// the order of reqs (Traffic's order already, so usually reqs itself).
func arrivals(reqs []*Req) []*Req {
	by := func(a, b *Req) int { return cmp.Compare(arrivesAt(a), arrivesAt(b)) }
	if slices.IsSortedFunc(reqs, by) {
		return reqs
	}
	order := slices.Clone(reqs)
	slices.SortStableFunc(order, by)
	return order
}

// FIFO is one shared queue: first come, first served, at most Bound waiting.
type FIFO struct {
	Bound int
	q     []*Req
}

// Offer queues r unless Bound requests are already waiting.
func (f *FIFO) Offer(r *Req, _ time.Duration) bool {
	if len(f.q) >= f.Bound {
		r.Overflow = true
		return false
	}
	f.q = append(f.q, r)
	return true
}

// Next takes the oldest waiting request.
func (f *FIFO) Next() []*Req {
	if len(f.q) == 0 {
		return nil
	}
	r := f.q[0]
	f.q = f.q[1:]
	return []*Req{r}
}

// Bucket is a plain token bucket (Day 45's TODO 1, here part of the course):
// it starts full, holds Burst, refills at Rate per second.
type Bucket struct {
	Rate, Burst float64
	tokens      float64
	last        time.Duration
	started     bool
}

// Allow spends one token at now if there is one.
func (b *Bucket) Allow(now time.Duration) bool {
	if !b.started {
		b.tokens, b.started = b.Burst, true
	}
	b.tokens = min(b.Burst, b.tokens+(now-b.last).Seconds()*b.Rate)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true
	}
	return false
}

// Quota puts a static per-tenant token bucket in front of another scheduler.
type Quota struct {
	Buckets []*Bucket
	Inner   Scheduler
}

// Offer refuses a request over its tenant's quota, else passes it on.
func (q *Quota) Offer(r *Req, now time.Duration) bool {
	if !q.Buckets[r.Tenant].Allow(now) {
		r.Throttled = true
		return false
	}
	return q.Inner.Offer(r, now)
}

// Next is the inner scheduler's.
func (q *Quota) Next() []*Req { return q.Inner.Next() }

// DRR is deficit round robin (Shreedhar and Varghese, 1995): one queue per
// tenant (at most Bound waiting each), visited in turn; each visit is the
// learner's DRRVisit with sizes in milliseconds.
type DRR struct {
	Bound   int
	Quantum float64 // milliseconds of work per visit
	Visit   DRRVisitFunc

	queues  [][]*Req
	deficit []float64
	next    int // the tenant the next visit starts looking from
	// ms is each queue's sizes in milliseconds, kept beside it, and sizes
	// the visited queue's, one buffer for every visit: filled afresh
	// before each, so what a visit saw (or changed) never reaches the
	// next, and a visit neither allocates nor reads every waiting request
	// (Part 4's backlogs are thousands long, each visited thousands of
	// times).
	ms    [][]float64
	sizes []float64
}

// NewDRR returns an empty DRR scheduler for n tenants.
func NewDRR(n, bound int, quantum float64, visit DRRVisitFunc) *DRR {
	return &DRR{Bound: bound, Quantum: quantum, Visit: visit, queues: make([][]*Req, n), ms: make([][]float64, n), deficit: make([]float64, n)}
}

// Offer queues r in its tenant's queue unless that queue is full: a full
// queue refuses only its own tenant.
func (d *DRR) Offer(r *Req, _ time.Duration) bool {
	if len(d.queues[r.Tenant]) >= d.Bound {
		r.Overflow = true
		return false
	}
	d.queues[r.Tenant] = append(d.queues[r.Tenant], r)
	d.ms[r.Tenant] = append(d.ms[r.Tenant], millis(r.Size))
	return true
}

// millis is a size in milliseconds, as a visit is shown it.
func millis(size time.Duration) float64 { return float64(size) / float64(time.Millisecond) }

// maxIdleVisits bounds visits that serve nothing in a row: a correct
// DRRVisit adds a quantum each time, so the head fits within a few rounds.
const maxIdleVisits = 100_000

// Next visits tenants in turn, skipping empty queues, until a visit serves
// something.
func (d *DRR) Next() []*Req {
	for idle := 0; idle < maxIdleVisits; {
		i, ok := d.nextBacklogged()
		if !ok {
			return nil
		}
		q := d.queues[i]
		// Capped at its length: a visit that appends gets its own copy.
		d.sizes = append(d.sizes[:0], d.ms[i]...)
		served, left := d.Visit(d.deficit[i], d.Quantum, d.sizes[:len(q):len(q)])
		d.deficit[i] = left
		d.next = (i + 1) % len(d.queues)
		if served > 0 {
			d.queues[i], d.ms[i] = q[served:], d.ms[i][served:]
			return q[:served:served]
		}
		idle++
	}
	panic(labs.Invalid{TODO: 2, Reason: fmt.Sprintf("%d visits in a row served nothing", maxIdleVisits),
		Hint: "each visit adds quantum to the credit, so a waiting request fits sooner or later"})
}

func (d *DRR) nextBacklogged() (int, bool) {
	for j := range len(d.queues) {
		i := (d.next + j) % len(d.queues)
		if len(d.queues[i]) > 0 {
			return i, true
		}
	}
	return 0, false
}

// RR is plain round robin: one request per tenant per turn, whatever its
// size. It is here to show what the deficit adds.
type RR struct {
	queues [][]*Req
	next   int
}

// NewRR returns an empty round robin over n tenants (queues unbounded).
func NewRR(n int) *RR { return &RR{queues: make([][]*Req, n)} }

// Offer queues r.
func (q *RR) Offer(r *Req, _ time.Duration) bool {
	q.queues[r.Tenant] = append(q.queues[r.Tenant], r)
	return true
}

// Next takes the head of the next non-empty queue.
func (q *RR) Next() []*Req {
	for j := range len(q.queues) {
		i := (q.next + j) % len(q.queues)
		if len(q.queues[i]) > 0 {
			r := q.queues[i][0]
			q.queues[i] = q.queues[i][1:]
			q.next = (i + 1) % len(q.queues)
			return []*Req{r}
		}
	}
	return nil
}

// Weighted is weighted max-min fair sharing built from the unweighted
// FairShare: a tenant of weight w stands in as w tenants, each asking for
// a w-th of its demand, and gets back what its stand-ins got. The water
// level is then per unit of weight: tenant i gets min(demand, w·level).
func Weighted(fs FairShareFunc, capacity float64, demands []float64, weights []int) []float64 {
	var split []float64
	for i, d := range demands {
		for range weights[i] {
			split = append(split, d/float64(weights[i]))
		}
	}
	got := fs(capacity, split)
	out := make([]float64, len(demands))
	j := 0
	for i := range demands {
		for range weights[i] {
			out[i] += got[j]
			j++
		}
	}
	return out
}
