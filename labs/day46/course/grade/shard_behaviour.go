package grade

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"termlab/labs/day46/course/fair"
	"termlab/labs/diagnose"
)

// ShardOf read off the probes: the range its workers come from (1 … n
// instead of 0 … n−1; negative ones, a signed remainder), how many it
// returns, which bits of the tenant id change the shard, and, over the
// spread check's tenants, which shards and workers ever come up.

var (
	fromOneHint     = shardSet.Name("shard.from-one", "your workers run from 1 to n: number them from 0 to n−1 (there is no worker n, and worker 0 never comes up)")
	negativeHint    = shardSet.Name("shard.negative", "a worker came out negative: Go's % keeps the sign of a negative number, and an id or hash of 2⁶³ or more converted to int is negative; take the remainder as uint64 (h % uint64(n)), then convert")
	repeatHint      = shardSet.Name("shard.repeat", "a worker came up twice in one shard: draw without replacement (skip a worker already drawn, or take the first k of a shuffle)")
	allNHint        = shardSet.Name("shard.all-n", "every shard holds all n workers: a shard is k of them (the first k of a shuffle, say), not the whole shuffle")
	idModNHint      = shardSet.Name("shard.id-mod-n", "the shard follows from the id mod n alone: ids that differ by a multiple of n get the same one, so at most n different shards can come up; the whole id must go into the draw (seed the generator with it)")
	consecutiveHint = shardSet.Name("shard.consecutive", "every shard is a run of consecutive workers (w, w+1, …): only n of the C(n, k) possible shards can come up; draw every worker, not only the first")
)

// The families of ShardOf's hints: their words carry the parameter.
var (
	shardLengthFamily = shardSet.Family("shard.length-off-by-one")
	shardBitsFamily   = shardSet.Family("shard.id-bits-ignored")
	shardNeverFamily  = shardSet.Family("shard.worker-never-drawn")
)

// lengthHint names a shard always one worker longer than k (δ = 1) or
// shorter (δ = −1).
func lengthHint(delta int) diagnose.Hint {
	if delta > 0 {
		return shardLengthFamily("every shard has one worker too many (k + 1): return exactly k (mind the loop's bound)")
	}
	return shardLengthFamily("every shard has one worker too few (k − 1): return exactly k (mind the loop's bound)")
}

// bitsHint names an id whose bits from bit b up (high) or below bit b
// (!high) never change the shard.
func bitsHint(b int, high bool) diagnose.Hint {
	if high {
		return shardBitsFamily(fmt.Sprintf("only the low %d bits of the tenant id change the shard: ids that differ only from bit %d up get the same one (cut to a smaller type, or a seed from part of the id?); use all 64 bits", b, b))
	}
	return shardBitsFamily(fmt.Sprintf("the lowest %d bits of the tenant id never change the shard: ids that differ only there get the same one; use all 64 bits", b))
}

// neverHint names a worker that is in no shard over the spread's tenants.
func neverHint(w int) diagnose.Hint {
	return shardNeverFamily(fmt.Sprintf("worker %d is in no shard over these tenants: the draw never reaches it; every worker of 0 … n−1 must be possible", w))
}

var shardProbes = func() []shardCase {
	return append(slices.Clone(shardCases), randomShardCases(46, 9, 200)...)
}()

// onShard is f as a function of a case.
func onShard(f fair.ShardOfFunc) func(shardCase) []int {
	return func(c shardCase) []int { return f(c.tenant, c.n, c.k) }
}

// shardShape is what ShardOf's answers on the probes look like: how long
// (delta: length − k, the same on every probe?), which workers (the lowest,
// the highest above n − 1, how many shards hold a negative one or a worker
// twice), whether every shard holds all n workers.
type shardShape struct {
	answered, low, high, neg, repeats, short int
	delta                                    int
	sameDelta, allN, outside                 bool // outside: a worker of none of these shapes
}

func shapeOf(probes []shardCase, learner func(shardCase) []int) shardShape {
	sh := shardShape{low: math.MaxInt, high: -1, sameDelta: true, allN: true}
	for _, c := range probes {
		s, ok := diagnose.Try(func() []int { return learner(c) })
		if !ok {
			continue
		}
		if sh.answered == 0 {
			sh.delta = len(s) - c.k
		}
		sh.sameDelta = sh.sameDelta && len(s)-c.k == sh.delta
		sh.allN = sh.allN && len(s) == c.n
		if c.k < c.n {
			sh.short++
		}
		sh.answered++
		hasNeg := false
		for _, w := range s {
			sh.outside = sh.outside || w <= -c.n || w > c.n
			hasNeg = hasNeg || w < 0
			sh.low, sh.high = min(sh.low, w), max(sh.high, w-c.n)
		}
		if hasNeg {
			sh.neg++
		}
		if sorted := slices.Sorted(slices.Values(s)); len(slices.Compact(sorted)) < len(s) {
			sh.repeats++
		}
	}
	return sh
}

// shapeRow is the row of a shape every probe shows.
func shapeRow(h diagnose.Hint, is func(shardShape) bool) diagnose.Row[shardCase, []int] {
	return diagnose.Row[shardCase, []int]{ID: h.ID, Words: h.Text, Reads: func(_ shardCase, probes []shardCase, learner, _ func(shardCase) []int) (string, bool) {
		sh := shapeOf(probes, learner)
		return "", sh.answered >= diagnose.MinBearing && !sh.outside && is(sh)
	}}
}

// shardShapes name the mistake behind an impossible shard (a worker out
// of range, the wrong length), when every probe shows it.
var shardShapes = diagnose.Table[shardCase, []int]{Rows: []diagnose.Row[shardCase, []int]{
	shapeRow(lengthHint(1), func(sh shardShape) bool { return sh.sameDelta && sh.delta == 1 }),
	shapeRow(lengthHint(-1), func(sh shardShape) bool { return sh.sameDelta && sh.delta == -1 }),
	shapeRow(allNHint, func(sh shardShape) bool { return sh.allN && sh.short >= diagnose.MinBearing }),
	shapeRow(fromOneHint, func(sh shardShape) bool { return sh.low >= 1 && sh.high == 0 }), // never 0, n on some probe
	shapeRow(negativeHint, func(sh shardShape) bool { return sh.neg >= diagnose.MinBearing && sh.high < 0 }),
	// In range and k long, but not distinct.
	shapeRow(repeatHint, func(sh shardShape) bool {
		return sh.repeats >= diagnose.MinBearing && sh.low >= 0 && sh.high < 0 && sh.sameDelta && sh.delta == 0
	}),
}}

// shardImpossible names the mistake behind an impossible shard, or none.
func shardImpossible(learner fair.ShardOfFunc) diagnose.Hint {
	return shardShapes.Read(shardProbes, onShard(learner), nil)
}

// spreadTable reads shards spread unevenly over the tenants id(0), id(1),
// …: the bits of the id the shard ignores, shards that are runs of
// consecutive workers, a shard that follows from id mod n, a worker never
// drawn. (One shard for everyone is the spread check's own hint.)
func spreadTable(id func(int) uint64) diagnose.Table[shardCase, []int] {
	const n = 8
	// spreadOf is how the shards of id(0), id(1), … fall: how many
	// different ones, whether all are runs of consecutive workers, and
	// how many hold each worker.
	spreadOf := func(learner func(shardCase) []int) (seen int, consecutive bool, perWorker []int) {
		counts, seen := shardCounts(fair.Funcs{ShardOf: func(t uint64, n, k int) []int { return learner(shardCase{tenant: t, n: n, k: k}) }}, id)
		perWorker = make([]int, n)
		consecutive, i := true, 0
		for a := range n {
			for b := a + 1; b < n; b++ {
				if counts[i] > 0 {
					perWorker[a] += counts[i]
					perWorker[b] += counts[i]
					consecutive = consecutive && (b == a+1 || a == 0 && b == n-1)
				}
				i++
			}
		}
		return seen, consecutive, perWorker
	}
	return diagnose.Table[shardCase, []int]{Rows: []diagnose.Row[shardCase, []int]{
		{ID: bitsHint(0, true).ID, Reads: func(_ shardCase, _ []shardCase, learner, _ func(shardCase) []int) (string, bool) {
			h := ignoredBits(learner)
			return h.Text, !h.None()
		}},
		{ID: consecutiveHint.ID, Words: consecutiveHint.Text, Reads: func(_ shardCase, _ []shardCase, learner, _ func(shardCase) []int) (string, bool) {
			seen, consecutive, _ := spreadOf(learner)
			return "", consecutive && seen == n
		}},
		// After the runs of workers: a run that starts at id mod n
		// follows from id mod n too, and the run is the nearer cause.
		{ID: idModNHint.ID, Words: idModNHint.Text, Reads: func(_ shardCase, _ []shardCase, learner, _ func(shardCase) []int) (string, bool) {
			seen, _, _ := spreadOf(learner)
			return "", seen > 1 && idModN(learner)
		}},
		// A worker in none of few shards says nothing of the draw's
		// range: n seeds (an id taken mod n, say) give n shards, which
		// may all miss a worker the draw does reach. Only over more
		// shards than workers is a worker never drawn the draw's doing.
		{ID: neverHint(0).ID, Reads: func(_ shardCase, _ []shardCase, learner, _ func(shardCase) []int) (string, bool) {
			seen, _, perWorker := spreadOf(learner)
			w := slices.Index(perWorker, 0)
			return neverHint(w).Text, w >= 0 && slices.Max(perWorker) > 0 && seen > n
		}},
		{ID: sameShardHint.ID, Words: sameShardHint.Text, Reads: func(_ shardCase, _ []shardCase, learner, _ func(shardCase) []int) (string, bool) {
			seen, _, _ := spreadOf(learner)
			return "", seen == 1
		}},
	}}
}

// ignoredBits names the top (or bottom) bits of the tenant id when
// flipping any one of them leaves the shard (8 of 61 and 8 of 64 workers)
// unchanged on every probe tenant, while other bits do change it. Two fair
// shards of 8 out of 61 are the same one time in C(61, 8) ≈ 3e9.
func ignoredBits(learner func(shardCase) []int) diagnose.Hint {
	rng := rand.New(rand.NewPCG(46, 10))
	tenants := make([]uint64, 8)
	for i := range tenants {
		tenants[i] = rng.Uint64()
	}
	// Two sizes of pool, so that a remainder by a power of two (which
	// drops the high bits for any id) does not pass for an id cut short.
	ignored := func(bit int) bool {
		for _, n := range []int{61, 64} {
			for _, t := range tenants {
				a, ok1 := diagnose.Try(func() []int { return learner(shardCase{tenant: t, n: n, k: 8}) })
				b, ok2 := diagnose.Try(func() []int { return learner(shardCase{tenant: t ^ 1<<bit, n: n, k: 8}) })
				if !ok1 || !ok2 || !sameSet(a, b) {
					return false
				}
			}
		}
		return true
	}
	top := 64
	for top > 0 && ignored(top-1) {
		top--
	}
	if top == 0 {
		return diagnose.Hint{} // no bit changes the shard: another hint says so
	}
	if top <= 56 {
		return bitsHint(top, true)
	}
	bottom := 0
	for bottom < top && ignored(bottom) {
		bottom++
	}
	if bottom >= 1 {
		return bitsHint(bottom, false)
	}
	return diagnose.Hint{}
}

// idModN reports whether the shard follows from the id mod n alone: ids
// t, t mod n and t + j·n get the same shard (8 of 61, 64 and 37 workers)
// for every probe tenant. Two fair shards of 8 of 37 are the same one time
// in C(37, 8) ≈ 3.9e7, so a draw seeded with the whole id never shows it.
func idModN(learner func(shardCase) []int) bool {
	rng := rand.New(rand.NewPCG(46, 11))
	bearing := 0
	for _, n := range []int{61, 64, 37} {
		for j := range uint64(4) {
			t := rng.Uint64() >> 2
			a, ok1 := diagnose.Try(func() []int { return learner(shardCase{tenant: t, n: n, k: 8}) })
			b, ok2 := diagnose.Try(func() []int { return learner(shardCase{tenant: t % uint64(n), n: n, k: 8}) })
			c, ok3 := diagnose.Try(func() []int { return learner(shardCase{tenant: t + (j+1)*uint64(n), n: n, k: 8}) })
			if !ok1 || !ok2 || !ok3 || !sameSet(a, b) || !sameSet(a, c) {
				return false
			}
			bearing++
		}
	}
	return bearing >= diagnose.MinBearing
}
