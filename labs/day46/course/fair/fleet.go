package fair

import (
	"cmp"
	"slices"
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
func (p *Pool) Try(w int, now time.Duration) bool {
	inSystem := 0
	if p.free[w] > now {
		inSystem = int((p.free[w] - now + p.Service - 1) / p.Service)
	}
	if inSystem > p.Bound {
		return false
	}
	p.free[w] = max(p.free[w], now) + p.Service
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
	traffic := shardTraffic(s)
	return playShards(s, traffic, shardPicks(s, traffic), 0, shard)
}

// HurtOverDraws plays the setup's traffic again for draws deals of the
// shards and returns how many quiet tenants were hurt in each. Deal d gives
// the shards of tenants d·(Quiet+1) … d·(Quiet+1)+Quiet, so deal 0 is
// PlayShards' own, and consecutive ids keep every deal fresh for any
// generator that spreads 1, 2, 3… evenly. Only the shards change from one
// deal to the next: the arrivals and the workers' picks are the same, so
// the spread between deals is the spread of the shards.
func HurtOverDraws(s ShardSetup, draws int, shard func(tenant uint64) []int) []int {
	traffic := shardTraffic(s)
	picks := shardPicks(s, traffic) // the same in every deal: drawn once
	out := make([]int, draws)
	for d := range draws {
		out[d] = playShards(s, traffic, picks, uint64(d)*uint64(s.Quiet+1), shard).Hurt()
	}
	return out
}

type arrival struct {
	at     time.Duration
	tenant int
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
// within the span picking its worker by picks (shardPicks). Arrivals are
// the only events and they are sorted, so the run is a loop over them,
// with no event queue: a part plays many deals.
func playShards(s ShardSetup, traffic []arrival, picks []float64, base uint64, shard func(tenant uint64) []int) ShardRun {
	n := s.Quiet + 1
	run := ShardRun{Shards: make([][]int, n), Sent: make([]int, n), Lost: make([]int, n)}
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
		if len(sh) > 1 && pool.Try(sh[(i+1)%len(sh)], a.at) {
			continue
		}
		run.Lost[a.tenant]++
	}
	return run
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
