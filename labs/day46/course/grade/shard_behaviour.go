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

// shardImpossible names the mistake behind an impossible shard (a worker
// out of range, the wrong length), when every probe shows it.
func shardImpossible(learner fair.ShardOfFunc) diagnose.Hint {
	answered, low, high, neg, repeats := 0, math.MaxInt, -1, 0, 0
	delta, sameDelta := 0, true
	allN, short := true, 0 // every shard all n workers; probes with k < n
	for _, c := range shardProbes {
		s, ok := diagnose.Try(func() []int { return learner(c.tenant, c.n, c.k) })
		if !ok {
			continue
		}
		if answered == 0 {
			delta = len(s) - c.k
		}
		sameDelta = sameDelta && len(s)-c.k == delta
		allN = allN && len(s) == c.n
		if c.k < c.n {
			short++
		}
		answered++
		hasNeg := false
		for _, w := range s {
			if w <= -c.n || w > c.n {
				return diagnose.Hint{} // nothing of one of these shapes
			}
			hasNeg = hasNeg || w < 0
			low, high = min(low, w), max(high, w-c.n)
		}
		if hasNeg {
			neg++
		}
		if sorted := slices.Sorted(slices.Values(s)); len(slices.Compact(sorted)) < len(s) {
			repeats++
		}
	}
	switch {
	case answered < diagnose.MinBearing:
		return diagnose.Hint{}
	case sameDelta && (delta == 1 || delta == -1):
		return lengthHint(delta)
	case allN && short >= diagnose.MinBearing:
		return allNHint
	case low >= 1 && high == 0:
		return fromOneHint // never 0, n on some probe
	case neg >= diagnose.MinBearing && high < 0:
		return negativeHint
	case repeats >= diagnose.MinBearing && low >= 0 && high < 0 && sameDelta && delta == 0:
		return repeatHint // in range and k long, but not distinct
	}
	return diagnose.Hint{}
}

// shardSpreadHint is the hint for shards spread unevenly over the tenants
// id(0), id(1), …: the bits of the id the shard ignores, shards that are
// runs of consecutive workers, a worker never drawn; else fallback.
func shardSpreadHint(raw fair.Funcs, id func(int) uint64, fallback diagnose.Hint) diagnose.Hint {
	if h := ignoredBits(raw.ShardOf); !h.None() {
		return h
	}
	counts, seen := shardCounts(raw, id)
	const n = 8
	if seen == 1 {
		return fallback // one shard for everyone: the fallback says so
	}
	perWorker := make([]int, n)
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
	if consecutive && seen == n {
		return consecutiveHint
	}
	// After the runs of workers: a run that starts at id mod n follows
	// from id mod n too, and the run is the nearer cause.
	if idModN(raw.ShardOf) {
		return idModNHint
	}
	// A worker in none of few shards says nothing of the draw's range: n
	// seeds (an id taken mod n, say) give n shards, which may all miss a
	// worker the draw does reach. Only over more shards than workers is a
	// worker never drawn the draw's own doing.
	if w := slices.Index(perWorker, 0); w >= 0 && slices.Max(perWorker) > 0 && seen > n {
		return neverHint(w)
	}
	return fallback
}

// ignoredBits names the top (or bottom) bits of the tenant id when
// flipping any one of them leaves the shard (8 of 61 and 8 of 64 workers)
// unchanged on every probe tenant, while other bits do change it. Two fair
// shards of 8 out of 61 are the same one time in C(61, 8) ≈ 3e9.
func ignoredBits(learner fair.ShardOfFunc) diagnose.Hint {
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
				a, ok1 := diagnose.Try(func() []int { return learner(t, n, 8) })
				b, ok2 := diagnose.Try(func() []int { return learner(t^1<<bit, n, 8) })
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
func idModN(learner fair.ShardOfFunc) bool {
	rng := rand.New(rand.NewPCG(46, 11))
	bearing := 0
	for _, n := range []int{61, 64, 37} {
		for j := range uint64(4) {
			t := rng.Uint64() >> 2
			a, ok1 := diagnose.Try(func() []int { return learner(t, n, 8) })
			b, ok2 := diagnose.Try(func() []int { return learner(t%uint64(n), n, 8) })
			c, ok3 := diagnose.Try(func() []int { return learner(t+(j+1)*uint64(n), n, 8) })
			if !ok1 || !ok2 || !ok3 || !sameSet(a, b) || !sameSet(a, c) {
				return false
			}
			bearing++
		}
	}
	return bearing >= diagnose.MinBearing
}
