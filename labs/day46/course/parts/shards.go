package parts

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
)

// Part 5: eight workers, each tenant confined to a shard of two. Tenant 0
// floods its shard at 2000/s (two workers' worth ten times over); 5000
// quiet tenants send two requests each at random moments, retrying once
// on the other worker of their shard when the first is full.
var Shards = fair.ShardSetup{
	Workers: 8, Service: 10 * time.Millisecond, Bound: 10,
	Quiet: 5000, PerTenant: 2, NoisyRate: 2000,
	Span: 20 * time.Second, Seed: Seed,
}

// ShardK is the shard size of Part 5.
const ShardK = 2

// NoSharding puts every tenant on every worker.
func NoSharding(uint64) []int {
	out := make([]int, Shards.Workers)
	for i := range out {
		out[i] = i
	}
	return out
}

// PlainSharding splits the workers into fixed pairs, tenant t on pair t mod 4.
func PlainSharding(t uint64) []int {
	g := int(t % uint64(Shards.Workers/ShardK))
	return []int{ShardK * g, ShardK*g + 1}
}

// The baselines use no TODO: played once, shared.
var (
	noShardRun = sync.OnceValue(func() fair.ShardRun { return fair.PlayShards(Shards, NoSharding) })
	plainRun   = sync.OnceValue(func() fair.ShardRun { return fair.PlayShards(Shards, PlainSharding) })
)

func hurtPct(run fair.ShardRun) float64 { return pct(run.Hurt(), Shards.Quiet) }

func shardBaselinePiece(_ fair.Funcs, r *labs.PartResult) {
	none, plain := noShardRun(), plainRun()
	r.Metrics = append(r.Metrics,
		metric("noshard_hurt_pct", "quiet tenants hurt, no sharding", hurtPct(none), "%", 1),
		metric("plain_hurt_pct", "quiet tenants hurt, fixed pairs", hurtPct(plain), "%", 1))
	r.Lines = append(r.Lines,
		fmt.Sprintf("%d workers, %v per request, %d may wait at each. Tenant 0 floods at %.0f/s; %d quiet tenants send %d requests each over %v, and retry once on another worker of their shard.",
			Shards.Workers, Shards.Service, Shards.Bound, Shards.NoisyRate, Shards.Quiet, Shards.PerTenant, Shards.Span),
		fmt.Sprintf("No sharding (everyone on all %d): %.1f%% of the quiet tenants lose requests. The flood reaches every worker.", Shards.Workers, hurtPct(none)),
		fmt.Sprintf("Fixed pairs (tenant t on pair t mod %d): %.1f%% hurt: about the quarter whose pair is tenant 0's.", Shards.Workers/ShardK, hurtPct(plain)))
}

// ShardDeals is how many deals of the shards Part 5 averages over: one
// deal's share hurt moves by about 0.3 points from deal to deal (mostly the
// count of tenants dealt the noisy pair), the average of 100 by about 0.03.
const ShardDeals = 100

// hurtShares is the share (%) of quiet tenants hurt in each of ShardDeals
// deals of shards of k out of setup's workers (f's ShardOf), and their
// mean: Part 5's, or the question figure "hurt" at any setting.
func hurtShares(f fair.Funcs, setup fair.ShardSetup, k int) (shares []float64, deals []int, mean float64) {
	deals = fair.HurtOverDraws(setup, ShardDeals, func(t uint64) []int { return f.ShardOf(t, setup.Workers, k) })
	shares = make([]float64, len(deals))
	for d, h := range deals {
		shares[d] = pct(h, setup.Quiet)
	}
	for _, s := range shares {
		mean += s / float64(len(shares))
	}
	return shares, deals, mean
}

// shuffleHurtAt is shuffleHurtPiece's place among the day's pieces, whose
// verdict form is shuffleHurtVerdict (a test holds the two together).
const shuffleHurtAt = 8

// shuffleHurtMetric is the share of quiet tenants hurt in deal 0: tenants
// 0…Quiet, the deal the rest of the part shows.
func shuffleHurtMetric(one float64) labs.Metric {
	return metric("shuffle_hurt_pct", "quiet tenants hurt, shuffle sharding (one deal)", one, "%", 1)
}

// shuffleHurtVerdict is shuffleHurtPiece's first figure, the one a grader
// judges, with every call of f.ShardOf the piece makes (every deal's
// shards, in the same order), the traffic played on deal 0 alone.
func shuffleHurtVerdict(f fair.Funcs) []labs.Metric {
	hurt := fair.HurtInFirstDraw(Shards, ShardDeals, func(t uint64) []int { return f.ShardOf(t, Shards.Workers, ShardK) })
	return []labs.Metric{shuffleHurtMetric(pct(hurt, Shards.Quiet))}
}

func shuffleHurtPiece(f fair.Funcs, r *labs.PartResult) {
	shares, deals, mean := hurtShares(f, Shards, ShardK)
	none, plain := noShardRun(), plainRun()
	combos := fair.Binomial(Shards.Workers, ShardK)
	one := shares[0]
	r.Metrics = append(r.Metrics,
		shuffleHurtMetric(one),
		metric("shuffle_hurt_mean_pct", fmt.Sprintf("quiet tenants hurt, averaged over %d deals of the shards", ShardDeals), mean, "%", 1),
		metric("shard_combinations", "different shards of 2 out of 8", combos, "", 0),
		metric("shard_formula_pct", "1 / C(8, 2)", 100/combos, "%", 2))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Shuffle sharding (your ShardOf, %d of %d per tenant): %.1f%% of the quiet tenants hurt (%d of %d) in this deal of the shards.", ShardK, Shards.Workers, one, deals[0], Shards.Quiet),
		fmt.Sprintf("Over %d deals (the same traffic, the shards of tenants 0…%d, %d…%d and so on): %.2f%% on average, from %.2f%% to %.2f%% in one deal.",
			ShardDeals, Shards.Quiet, Shards.Quiet+1, 2*Shards.Quiet+1, mean, slices.Min(shares), slices.Max(shares)),
		fmt.Sprintf("There are C(%d, %d) = %.0f different shards; a tenant is surely cut off only when it drew tenant 0's: 1/%.0f = %.2f%%. The rest of the hurt lost a retry on a worker loaded by the flood's overflow.", Shards.Workers, ShardK, combos, combos, 100/combos))
	r.Figures = append(r.Figures, labs.Figure{Title: "Quiet tenants hurt by one noisy tenant", Kind: labs.Bars,
		XLabel: "0 = no sharding, 1 = fixed pairs, 2 = shuffle sharding", YLabel: "% of tenants",
		Series: []labs.Series{{Name: "hurt", X: []float64{0, 1, 2}, Y: []float64{hurtPct(none), hurtPct(plain), one}}}})
}

// overlaps deals shards of k of n workers to tenant 0 and tenants 1…quiet
// (f's ShardOf) and counts, by how many workers each quiet tenant shares
// with tenant 0 (f's Overlap), the tenants: a count of shards, no traffic.
func overlaps(f fair.Funcs, n, k, quiet int) (noisy []int, shards [][]int, counts []int) {
	noisy = f.ShardOf(0, n, k)
	counts = make([]int, k+1)
	shards = make([][]int, quiet+1)
	for t := 1; t <= quiet; t++ {
		shards[t] = f.ShardOf(uint64(t), n, k)
		counts[min(max(f.Overlap(shards[t], noisy), 0), k)]++
	}
	return noisy, shards, counts
}

func overlapPiece(f fair.Funcs, r *labs.PartResult) {
	n, k := Shards.Workers, ShardK
	noisy, shards, counts := overlaps(f, n, k, Shards.Quiet)
	run := fair.PlayShards(Shards, func(t uint64) []int {
		if t == 0 {
			return noisy
		}
		return shards[t]
	})
	hurtFull, hurtPartial := 0, 0
	for t := 1; t <= Shards.Quiet; t++ {
		if run.Lost[t] == 0 {
			continue
		}
		if f.Overlap(shards[t], noisy) == k {
			hurtFull++
		} else {
			hurtPartial++
		}
	}
	measured, formula := make([]float64, k+1), make([]float64, k+1)
	for j := range counts {
		measured[j] = pct(counts[j], Shards.Quiet)
		formula[j] = 100 * fair.Hypergeometric(n, k, j)
	}
	r.Metrics = append(r.Metrics,
		metric("shuffle_full_overlap_pct", "quiet tenants sharing both of tenant 0's workers", measured[k], "%", 1),
		metric("shuffle_any_overlap_pct", "quiet tenants sharing at least one worker", 100-measured[0], "%", 1),
		metric("shuffle_hurt_full_overlap", "hurt tenants that share both workers", float64(hurtFull), "tenants", 0),
		metric("shuffle_hurt_partial_overlap", "hurt tenants that share one or none", float64(hurtPartial), "tenants", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Overlap with tenant 0's shard %v (your Overlap), over %d quiet tenants:", noisy, Shards.Quiet),
		fmt.Sprintf("  none %.1f%%, one %.1f%%, both %.1f%%; by the formula C(k,j)·C(n−k,k−j)/C(n,k): %.1f%%, %.1f%%, %.1f%%.",
			measured[0], measured[1], measured[k], formula[0], formula[1], formula[k]),
		fmt.Sprintf("%.1f%% share a worker with the flood, yet of the hurt tenants %d share both workers and %d share one or none: a retry on an unshared worker usually gets through, though that worker also carries the retries pushed off the flooded pair.",
			100-measured[0], hurtFull, hurtPartial))
	r.Figures = append(r.Figures, labs.Figure{Title: "Workers shared with the noisy tenant: measured and the formula", Kind: labs.Bars,
		XLabel: "workers shared with tenant 0", YLabel: "% of tenants",
		Series: []labs.Series{{Name: "formula", X: indexes(k + 1), Y: formula}, {Name: "measured", X: indexes(k + 1), Y: measured}}})
}

// Part 6: Kubernetes API Priority and Fairness deals each flow a hand of
// HandSize queues out of Queues (the API's field defaults: 64 and 8; the
// configuration Kubernetes ships uses 128 and 6 for its workload levels)
// and puts each request on the queue of its hand with the least work
// waiting (queueset's shuffleShardLocked). An elephant flow therefore
// fills every queue of its hand; a mouse is stuck only when every queue of
// its hand is an elephant's.
const (
	APFQueues   = 64
	APFHandSize = 8
	APFMice     = 10000
)

// APFDeals is how many deals of the elephants' hands Part 6 averages over:
// one deal's count of stuck mice runs from a few dozen to over a thousand
// (a deal covering two more queues nearly doubles it), so only an average
// over many deals is a figure to predict; 10,000 put it within about 2.
const APFDeals = 10_000

// APFElephants are the numbers of elephant flows tried.
var APFElephants = []int{1, 4, 8, 16}

func apfPiece(f fair.Funcs, r *labs.PartResult) {
	total := fair.Binomial(APFQueues, APFHandSize)
	mice := make([][]int, APFMice)
	for i := range mice {
		mice[i] = f.ShardOf(uint64(1_000_000+i), APFQueues, APFHandSize)
	}
	r.Lines = append(r.Lines,
		fmt.Sprintf("A priority level with %d queues and a hand size of %d (the API's field defaults): C(%d, %d) = %.0f different hands. Hands are dealt by your ShardOf.",
			APFQueues, APFHandSize, APFQueues, APFHandSize, total))
	var measured, formula []float64
	for _, e := range APFElephants {
		var taken []int
		seen := map[int]bool{}
		for i := range e {
			for _, q := range f.ShardOf(uint64(i+1), APFQueues, APFHandSize) {
				if !seen[q] {
					seen[q] = true
					taken = append(taken, q)
				}
			}
		}
		stuck := 0
		for _, hand := range mice {
			if f.Overlap(hand, taken) == APFHandSize {
				stuck++
			}
		}
		m, want := pct(stuck, APFMice), 100*fair.Binomial(len(taken), APFHandSize)/total
		measured, formula = append(measured, m), append(formula, want)
		r.Metrics = append(r.Metrics,
			metric(fmt.Sprintf("apf_stuck_%d", e), fmt.Sprintf("mice stuck behind %d elephants", e), float64(stuck), "flows", 0),
			metric(fmt.Sprintf("apf_taken_%d", e), fmt.Sprintf("queues %d elephants fill", e), float64(len(taken)), "queues", 0))
		r.Lines = append(r.Lines, fmt.Sprintf("  %2d elephants fill %2d queues: %4d of %d mice stuck (%.3g%%); C(%d, %d)/C(%d, %d) = %.3g%%.",
			e, len(taken), stuck, APFMice, m, len(taken), APFHandSize, APFQueues, APFHandSize, want))
	}
	mean, lo, hi := apfStuckOverDeals(f, APFElephants[2])
	r.Metrics = append(r.Metrics, metric(fmt.Sprintf("apf_stuck_mean_%d", APFElephants[2]), fmt.Sprintf("mice stuck behind %d elephants, expected over %d deals", APFElephants[2], APFDeals), mean, "flows", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Over %d deals of the %d elephants' hands: %.1f of %d mice stuck on average, from %.0f to %.0f in one deal (each deal's expected count, %d × C(c, %d)/C(%d, %d), c counted with your Overlap).",
			APFDeals, APFElephants[2], mean, APFMice, lo, hi, APFMice, APFHandSize, APFQueues, APFHandSize),
		fmt.Sprintf("Each elephant's hand misses a given queue with chance 7/8, so %d elephants cover about %d × (1 − (7/8)^%d) = %.1f queues: the measured counts above.", APFElephants[2], APFQueues, APFElephants[2], float64(APFQueues)*(1-math.Pow(7.0/8, float64(APFElephants[2])))),
		"Behind the queues, APF serves them by virtual-time fair queuing after Demers, Keshav and Shenker (Part 8), not by Part 4's DRR: work is counted in seat-seconds (a request expected to cost more takes several seats), estimated when the request is queued and corrected when it completes; and a level's seats are its nominal concurrency limit, which it may lend in part to other levels, or grow by borrowing theirs.")
	xs := make([]float64, len(APFElephants))
	for i, e := range APFElephants {
		xs[i] = float64(e)
	}
	r.Figures = append(r.Figures, labs.Figure{Title: "Mice stuck behind elephants (64 queues, hands of 8)", Kind: labs.Bars,
		XLabel: "elephant flows", YLabel: "% of mice",
		Series: []labs.Series{{Name: "formula", X: xs, Y: formula}, {Name: "measured", X: xs, Y: measured}}})
}

// apfStuckOverDeals deals e elephants' hands APFDeals times (deal d gives
// tenants d·e+1 … d·e+e; deal 0 is the one counted above) and averages the
// expected number of stuck mice in each deal: with c queues covered, a
// mouse's hand lies inside them with chance C(c, 8)/C(64, 8). Averaging
// the chance rather than counting 10,000 mice per deal gives the same
// expectation for a thousandth of the work. Each hand adds its queues
// minus those it shares with the queues already covered (Overlap).
func apfStuckOverDeals(f fair.Funcs, e int) (mean, lo, hi float64) {
	return apfStuckAt(f, e, APFQueues, APFHandSize, APFMice)
}

// apfStuckAt is apfStuckOverDeals at any number of queues, hand size and
// mice (the question figure "apf").
func apfStuckAt(f fair.Funcs, e, queues, handSize, mice int) (mean, lo, hi float64) {
	total := fair.Binomial(queues, handSize)
	lo = math.Inf(1)
	for d := range APFDeals {
		var taken []int
		covered := 0
		for i := range e {
			hand := f.ShardOf(uint64(d*e+i+1), queues, handSize)
			covered += len(hand) - f.Overlap(hand, taken)
			for _, q := range hand {
				if !slices.Contains(taken, q) {
					taken = append(taken, q)
				}
			}
		}
		stuck := float64(mice) * fair.Binomial(covered, handSize) / total
		mean += stuck / APFDeals
		lo, hi = min(lo, stuck), max(hi, stuck)
	}
	return mean, lo, hi
}
