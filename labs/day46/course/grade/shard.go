package grade

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/parts"
)

// ShardOf leaves the learner a free choice (which generator, which draw),
// so it is checked by properties, never against the reference's shards:
// valid (k distinct workers in range, which the checked wrapper enforces),
// the same every time, and spread evenly over many tenants.

type shardCase struct {
	tenant     uint64
	n, k       int
	what, hint string
}

var shardCases = []shardCase{
	{0, 1, 1, "one worker, a shard of one", "with one worker the shard is [0]"},
	{7, 5, 5, "a shard of every worker", "k = n: the shard is every worker, each once"},
	{1, 10, 1, "a shard of one out of ten", "return exactly k workers"},
	{math.MaxUint64, 8, 2, "the largest tenant id", "any uint64 is a tenant id: mind conversions that overflow"},
	{42, 64, 8, "APF's 8 out of 64", "draw without replacement"},
	{3, 1000, 3, "3 out of 1000 workers", "numbers are 0 to n−1"},
}

// sameCalls is how often each input is asked in the "same every time"
// check. A ShardOf drawing from a global generator is random, not wrong on
// every pair of calls: on the 1-of-10 case two calls agree one time in ten,
// so a check of two calls would let it slip to a later, bigger case now and
// then (and the grader's verdict, its counterexample, would vary from run
// to run). With 12 calls it slips one time in 10¹¹.
const sameCalls = 12

func checkShardOf(mixed, _ fair.Funcs) (*failure, int) {
	checks := 0
	// Validity is the checked wrapper's job; this adds "the same every time".
	try := func(c shardCase) *failure {
		checks++
		first := mixed.ShardOf(c.tenant, c.n, c.k)
		for call := 2; call <= sameCalls; call++ {
			again := mixed.ShardOf(c.tenant, c.n, c.k)
			if sameSet(first, again) {
				continue
			}
			return &failure{
				what: "the same tenant got two different shards (" + c.what + ")",
				ce: labs.Counterexample{Input: fmt.Sprintf("%s, called %d times", fair.FormatShardOf(c.tenant, c.n, c.k), call),
					Got: fair.FormatInts(first) + " the first time, " + fair.FormatInts(again) + " the last", Want: "the same workers every time"},
				hint: "seed your own generator with the tenant id; a global generator gives a different shard each call",
			}
		}
		return nil
	}
	for _, c := range shardCases {
		if f := try(c); f != nil {
			return f, checks
		}
	}
	rng := rand.New(rand.NewPCG(46, 3))
	for range randomCases / 4 {
		n := 1 + rng.IntN(100)
		if f := try(shardCase{tenant: rng.Uint64(), n: n, k: 1 + rng.IntN(n), what: "a random tenant"}); f != nil {
			return f, checks
		}
	}
	// Spread: every shard about equally likely, for consecutive ids and for
	// ids that differ only in their high bits.
	for _, ids := range []struct {
		name string
		id   func(int) uint64
	}{
		{"tenants 1, 2, 3, …", func(i int) uint64 { return uint64(i + 1) }},
		{"tenants 2²⁰, 2·2²⁰, 3·2²⁰, …", func(i int) uint64 { return uint64(i+1) << 20 }},
	} {
		checks++
		if f := spread(mixed, ids.name, ids.id); f != nil {
			return f, checks
		}
	}
	return shardExperiment(checks, mixed)
}

// spreadPer is the expected number of tenants per shard in spread: with
// 28 shards of 2 out of 8, a count outside half to twice that is more than
// seven standard deviations from even.
const spreadPer = 200

// shardFormulaSlack is how far (in points of %) Part 5's shares may sit
// from 1/C(8, 2): six standard deviations of a uniform draw.
const shardFormulaSlack = 1.6

func spread(f fair.Funcs, name string, id func(int) uint64) *failure {
	const n, k = 8, 2
	combos := int(fair.Binomial(n, k))
	counts := map[[2]int]int{}
	for i := range combos * spreadPer {
		s := slices.Clone(f.ShardOf(id(i), n, k))
		slices.Sort(s)
		counts[[2]int{s[0], s[1]}]++
	}
	lo, hi, worst := spreadPer/2, spreadPer*2, [2]int{}
	for a := range n {
		for b := a + 1; b < n; b++ {
			c := counts[[2]int{a, b}]
			if c < lo || c > hi {
				worst = [2]int{a, b}
				return &failure{
					what: fmt.Sprintf("shards are not spread evenly over %s", name),
					ce: labs.Counterexample{Input: fmt.Sprintf("ShardOf(tenant, 8, 2) for %d tenants: %s", combos*spreadPer, name),
						Got: fmt.Sprintf("%d tenants on workers %v, %d different shards in all", c, worst, len(counts)), Want: fmt.Sprintf("about %d on each of the %d shards", spreadPer, combos)},
					hint: spreadHint(len(counts), combos),
				}
			}
		}
	}
	return nil
}

func spreadHint(seen, combos int) string {
	if seen < combos {
		return fmt.Sprintf("only %d of the %d possible shards ever come up: every set of k workers must be possible, so draw each worker at random (seeded by the tenant), not as neighbours of one", seen, combos)
	}
	return "some shards come up far more often than others: mix the tenant id well (a seeded generator, not tenant % n)"
}

// shardExperiment checks Part 5 with the learner's shards: the share of
// quiet tenants cut off must be near 1/C(8, 2), the formula, within six
// standard deviations of a uniform draw.
func shardExperiment(checks int, mixed fair.Funcs) (*failure, int) {
	for _, p := range parts.Using(3) {
		checks++
		for _, m := range p.Metrics(mixed) {
			if m.Name != "shuffle_hurt_pct" && m.Name != "shuffle_full_overlap_pct" {
				continue
			}
			want := 100 / fair.Binomial(parts.Shards.Workers, parts.ShardK)
			if math.Abs(m.Value-want) > shardFormulaSlack {
				return &failure{
					what: fmt.Sprintf("Part %s: the blast radius is far from the formula", p.Part),
					ce:   labs.Counterexample{Input: fmt.Sprintf("Part %s (%s)", p.Part, m.Label), Got: parts.FormatMetric(m), Want: fmt.Sprintf("about %.2f %% (1/C(8, 2)), give or take %g", want, shardFormulaSlack)},
					hint: "shards that overlap the noisy tenant's too often (or too rarely) are not uniform: draw without replacement from a generator seeded by the tenant",
				}, checks
			}
		}
	}
	return nil, checks
}

func sameSet(a, b []int) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
