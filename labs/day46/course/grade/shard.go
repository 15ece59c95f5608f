package grade

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/parts"
	"termlab/labs/day46/course/words"
	"termlab/labs/diagnose"
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
const sameCalls = words.SameCalls

func checkShardOf(mixed, _ fair.Funcs, explain explainer) (*labs.Failure, int) {
	// Validity is the checked wrapper's job; this adds "the same every time".
	check := func(c shardCase) *labs.Failure {
		first := mixed.ShardOf(c.tenant, c.n, c.k)
		for call := 2; call <= sameCalls; call++ {
			again := mixed.ShardOf(c.tenant, c.n, c.k)
			if sameSet(first, again) {
				continue
			}
			return &labs.Failure{
				What: "the same tenant got two different shards (" + c.what + ")",
				Counterexample: labs.Counterexample{Input: fmt.Sprintf("%s, called %d times", fair.FormatShardOf(c.tenant, c.n, c.k), call),
					Got: fair.FormatInts(first) + " the first time, " + fair.FormatInts(again) + " the last", Want: "the same workers every time"},
				Hint: statefulHint.Text, HintID: statefulHint.ID,
			}
		}
		return nil
	}
	random := randomShardCases(46, 3, randomCases/4)
	// Not shrunk: a shard that changes between calls is as simple as the
	// input it came on.
	cases := labs.Cases[shardCase]{Hand: shardCases, Random: randomOf(random), N: len(random), Check: check}
	f, checks := cases.First()
	if f != nil {
		return f, checks
	}
	// Spread: every shard about equally likely, for consecutive ids, ids
	// that differ only in their high bits, and ids drawn at random.
	for _, ids := range spreadPatterns {
		checks++
		if f := spread(mixed, ids.name, ids.id); f != nil {
			// The spread's own hint stands unless a reading of the
			// probes names the mistake.
			f.Diagnose = explain(func(raw fair.Funcs) diagnose.Hint { return spreadTable(ids.id).Read(nil, onShard(raw.ShardOf), nil) })
			return f, checks
		}
	}
	f, checks = shardExperiment(checks, mixed)
	// Right on every call, and still a wrong run (or none): an answer
	// overwritten by a later call would explain it.
	if k := shardsKept(mixed); k != nil || f == nil {
		return k, checks + len(shardCases)
	}
	return f, checks
}

// randomShardCases are n random tenants from the PCG seeds a, b, each with
// up to 100 workers and a shard of 1 to all of them.
func randomShardCases(a, b uint64, n int) []shardCase {
	rng := rand.New(rand.NewPCG(a, b))
	out := make([]shardCase, 0, n)
	for range n {
		w := 1 + rng.IntN(100)
		out = append(out, shardCase{tenant: rng.Uint64(), n: w, k: 1 + rng.IntN(w), what: "a random tenant"})
	}
	return out
}

// spreadPer is the expected number of tenants per shard in spread: 28
// shards of 2 out of 8, 5,600 tenants per pattern.
const spreadPer = words.SpreadPer

// ChiSquareLimit is the chi-square statistic (27 degrees of freedom: 28
// shards) above which the shard counts are called uneven. A uniform draw
// exceeds it with probability about 1e-6 (a test in this package integrates
// the distribution), so no correct generator reaches it, not even over
// three patterns and every variant in the suite; a partial Fisher–Yates
// that swaps with any position, not only the ones after it, scores over 300.
const ChiSquareLimit = words.ChiSquareLimit

// shardFormulaSlack is how far (in points of %) Part 5's shares may sit
// from 1/C(8, 2). The hurt share of a fair draw averages a little above it
// (about 3.7 % over 100 deals: retries pushed off the flooded pair fill a worker now and
// then) with a spread of about 0.3 points, so 1.6 points is more than four
// spreads either way.
const shardFormulaSlack = words.ShardFormulaSlack

// spreadPatterns are the tenant ids the spread check draws shards for.
var spreadPatterns = []struct {
	name string
	id   func(int) uint64
}{
	{"tenants 1, 2, 3, …", func(i int) uint64 { return uint64(i + 1) }},
	{"tenants 2²⁰, 2·2²⁰, 3·2²⁰, …", func(i int) uint64 { return uint64(i+1) << 20 }},
	{"random 64-bit tenant ids", randomIDs()},
}

// randomIDs is a fixed list of seeded random ids, so the check (and its
// verdict) is the same on every run.
func randomIDs() func(int) uint64 {
	rng := rand.New(rand.NewPCG(46, 5))
	ids := make([]uint64, 28*spreadPer)
	for i := range ids {
		ids[i] = rng.Uint64()
	}
	return func(i int) uint64 { return ids[i] }
}

// ChiSquare is Pearson's statistic for counts against an equal expectation.
func ChiSquare(counts []int) float64 {
	total := 0
	for _, c := range counts {
		total += c
	}
	want := float64(total) / float64(len(counts))
	x := 0.0
	for _, c := range counts {
		x += (float64(c) - want) * (float64(c) - want) / want
	}
	return x
}

// WorstChiSquare is the largest chi-square statistic f's shards reach over
// the spread patterns (for the suite's report).
func WorstChiSquare(f fair.Funcs) float64 {
	worst := 0.0
	for _, p := range spreadPatterns {
		counts, _ := shardCounts(f, p.id)
		worst = max(worst, ChiSquare(counts))
	}
	return worst
}

// shardCounts counts the 2-of-8 shards of 5,600 tenants, in the order of
// the pairs (0,1), (0,2), … (6,7), and how many different shards came up.
func shardCounts(f fair.Funcs, id func(int) uint64) ([]int, int) {
	const n, k = 8, 2
	counts := map[[2]int]int{}
	for i := range int(fair.Binomial(n, k)) * spreadPer {
		s := slices.Clone(f.ShardOf(id(i), n, k))
		slices.Sort(s)
		counts[[2]int{s[0], s[1]}]++
	}
	var all []int
	for a := range n {
		for b := a + 1; b < n; b++ {
			all = append(all, counts[[2]int{a, b}])
		}
	}
	return all, len(counts)
}

func spread(f fair.Funcs, name string, id func(int) uint64) *labs.Failure {
	const n = 8
	all, seen := shardCounts(f, id)
	x := ChiSquare(all)
	if x <= ChiSquareLimit {
		return nil
	}
	// all's shards, in shardCounts' order: (0, 1), (0, 2), …, (6, 7).
	var pairs [][2]int
	for a := range n {
		for b := a + 1; b < n; b++ {
			pairs = append(pairs, [2]int{a, b})
		}
	}
	lo, hi := 0, 0
	for i, c := range all {
		if c < all[lo] {
			lo = i
		}
		if c > all[hi] {
			hi = i
		}
	}
	combos := len(all)
	spread := spreadHint(seen, combos)
	return &labs.Failure{
		What: fmt.Sprintf("shards are not spread evenly over %s", name),
		Counterexample: labs.Counterexample{Input: fmt.Sprintf("ShardOf(tenant, 8, 2) for %d tenants: %s", combos*spreadPer, name),
			Got:  fmt.Sprintf("from %d tenants (workers %v) to %d (workers %v) per shard, %d different shards; chi-square %.0f", all[lo], pairs[lo], all[hi], pairs[hi], seen, x),
			Want: fmt.Sprintf("about %d on each of the %d shards; chi-square at most %g (a fair draw goes past it about once in a million)", spreadPer, combos, ChiSquareLimit)},
		Hint: spread.Text, HintID: spread.ID,
	}
}

// The hints above that name what a ShardOf does (MistakeHints lists them):
// the same shard for every tenant is spreadTable's last row.
var (
	statefulHint  = shardSet.Name("state.between-calls", "the same tenant got different shards on two calls: the shard must follow from the tenant id alone (a generator seeded with it), not from anything left by earlier calls")
	sameShardHint = shardSet.Name("shard.same-shard", "every one of these tenants got the same shard: the shard has to depend on the tenant id")
)

// spreadHint says plainly how the shards of an uneven spread fall (seen of
// combos come up), read off its counts alone: its failure's hint unless a
// row of spreadTable names the mistake.
func spreadHint(seen, combos int) diagnose.Hint {
	switch {
	case seen < combos:
		return diagnose.Plain("shard-few-shards", fmt.Sprintf("only %d of the %d possible shards ever come up over these tenants: every set of k workers must be possible, and about as likely as any other", seen, combos))
	}
	return diagnose.Plain("shard-uneven", "every shard comes up, but some far more often than others: every set of k workers must be about as likely as any other, for any pattern of tenant ids")
}

// shardExperiment checks Part 5 with the learner's shards: the share of
// quiet tenants cut off must be near 1/C(8, 2), the formula, within six
// standard deviations of a uniform draw.
//
// Only Part 5's pieces are played: they give the figures judged here. Part
// 6 (the API's hands, 290,000 calls of ShardOf over its deals) gives
// figures that depend on the learner's free choice of shards, so none is
// compared; playing it was 85% of this TODO's grade, on every save, ahead
// of its verdict, for the per-call checks its calls made. Those checks are
// the random cases' (any number of workers up to 100, any shard size), and
// the part itself still plays every call, checked, on every run.
//
// Of Part 5's 100 deals of the shards only the first is judged: the others
// are dealt (every call of ShardOf, as the part makes them) and not
// played (PieceRun.Verdict).
func shardExperiment(checks int, mixed fair.Funcs) (*labs.Failure, int) {
	for _, p := range parts.Using(3) {
		if p.Part != shardPart {
			continue
		}
		checks++
		for _, m := range p.Verdict(mixed) {
			if m.Name != "shuffle_hurt_pct" && m.Name != "shuffle_full_overlap_pct" {
				continue
			}
			want := 100 / fair.Binomial(parts.Shards.Workers, parts.ShardK)
			if math.Abs(m.Value-want) > shardFormulaSlack {
				return &labs.Failure{
					What:           fmt.Sprintf("Part %s: the blast radius is far from the formula", p.Part),
					Counterexample: labs.Counterexample{Input: fmt.Sprintf("Part %s (%s)", p.Part, m.Label), Got: labs.FormatMetric(m), Want: fmt.Sprintf("about %.2f %% (1/C(8, 2)), give or take %g", want, shardFormulaSlack)},
					Hint:           "shards that overlap the noisy tenant's too often (or too rarely) are not uniform: draw without replacement from a generator seeded by the tenant",
					HintID:         "plain.shard-blast-radius",
				}, checks
			}
		}
	}
	return nil, checks
}

// shardPart is the part whose figures shardExperiment judges.
const shardPart = "5"

func sameSet(a, b []int) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
