package words

import (
	"fmt"
	"strings"

	"termlab/labs"
)

// The graders' settings the TODO cards state, so the card and the check
// (course/grade) read one number.
const (
	// Tol is the relative tolerance for float answers and experiment
	// figures: a share or a credit may be off by Tol × max(1, scale).
	// Correct orders of arithmetic differ by a few ulps (about 1e-16), far
	// inside it.
	Tol = 1e-9
	// RandomCases is how many seeded random inputs each TODO faces.
	RandomCases = 2000
	// SameCalls is how often ShardOf is asked each input in the "same every
	// time" check (course/grade/shard.go says why 12).
	SameCalls = 12
	// SpreadPer is the expected number of tenants per shard in the spread
	// check: 28 shards of 2 out of 8, 5,600 tenants per pattern.
	SpreadPer = 200
	// ChiSquareLimit is the chi-square statistic (27 degrees of freedom:
	// 28 shards) above which the shard counts are called uneven; a uniform
	// draw exceeds it with probability about 1e-6 (course/grade's test
	// integrates the distribution).
	ChiSquareLimit = 77.2
	// ShardFormulaSlack is how far (in points of %) Part 5's shares may sit
	// from 1/C(8, 2) (course/grade/shard.go says why 1.6).
	ShardFormulaSlack = 1.6
)

// pairsOf8 is C(8, 2), the number of different shards of 2 out of 8.
const pairsOf8 = 8 * 7 / 2

// tolText is Tol as the TODO screen shows it (1e-9, not Go's 1e-09).
var tolText = strings.Replace(fmt.Sprint(Tol), "e-0", "e-", 1)

// TODOs are the day's four functions, with a nudge first and more after.
var TODOs = []labs.TODO{
	{Number: 1, Func: "FairShare", Title: "max-min fair share by water-filling",
		Goal: "each tenant's share: never more than it asks, what the modest leave shared equally by the rest",
		Hints: []string{
			"Start with the smallest demand: if it is below an equal split of the capacity, that tenant is simply satisfied.",
			"Take satisfied tenants out and split what is left equally among the others; repeat until nobody left asks for less than the split.",
			"Sort a copy of the indexes by demand; walking up, each tenant gets min(its demand, what is left ÷ how many are left). Write each share back at the tenant's own index.",
		},
		Checked: fmt.Sprintf("each share within %s × max(1, capacity) of the reference, in the order of demands: hand-picked cases (no tenants, no capacity, a tenant asking nothing, fractional and unsorted demands), then %d random ones; a share above its demand, shares adding up to more than the capacity, or a changed demands list (compared after every call), fail at once. Parts 3 and 7 must give the reference's figures to %s. Any order of arithmetic passes.", tolText, RandomCases, tolText)},
	{Number: 2, Func: "DRRVisit", Title: "one visit of deficit round robin",
		Goal: "add the quantum, serve from the head while the head fits, keep the rest of the credit unless the queue emptied",
		Hints: []string{
			"Credit first: deficit + quantum is what this visit may spend.",
			"Serve in order from the head; stop at the first request that does not fit, even if a smaller one waits behind it.",
			"When every request was served, return a credit of 0: an empty queue banks nothing for later.",
		},
		Checked: fmt.Sprintf("served exactly as the reference, the credit left within %s × max(1, deficit + quantum): hand-picked cases (an empty queue gives 0, 0; a head whose size equals the credit is served), then %d random ones. Sizes and credits are whole or quarter numbers, so the sums are exact in any order. Part 4 must give the reference's figures to %s.", tolText, RandomCases, tolText)},
	{Number: 3, Func: "ShardOf", Title: "a tenant's shuffle shard",
		Goal: "k distinct workers of 0…n−1, always the same for the same tenant, spread evenly over tenants",
		Hints: []string{
			"Same tenant, same shard: every random choice must come from a generator seeded with the tenant id, never from a global one.",
			"Without replacement: shuffle the list 0…n−1 (or its first k places) and take the first k.",
			"math/rand/v2 has generators you seed yourself (rand.NewPCG) and a Perm that shuffles 0…n−1 for you.",
		},
		Checked: fmt.Sprintf("no fixed answer: any generator and any order pass if every shard is k distinct workers of 0…n−1, the same on %d calls in a row for the same tenant, the %d shards of 2 out of 8 come up about equally often over %d tenants (ids 1, 2, 3…, ids i·2²⁰ and random ids: a chi-square statistic of at most %g, which a fair draw exceeds about once in a million), and Part 5's shares (quiet tenants hurt, shards the same as the noisy tenant's) are within %g points of 1/C(8, 2) = %.2f %%.", SameCalls, pairsOf8, pairsOf8*SpreadPer, ChiSquareLimit, ShardFormulaSlack, 100.0/pairsOf8)},
	{Number: 4, Func: "Overlap", Title: "the blast radius between two shards",
		Goal: "how many workers a and b have in common",
		Hints: []string{
			"Order is not meaning: [1 3] and [3 1] are the same shard.",
			"Put the workers of one shard in a set (a map), then count the other's workers that are in it.",
			"Workers can be any int up to n−1, so a fixed-size bit mask may be too small.",
		},
		Checked: fmt.Sprintf("exact: the same count as the reference, on hand-picked cases (empty shards, the same workers in another order, shards of different sizes, workers above 31 and 63), then %d random pairs of up to 10 workers out of up to 200. Parts 5 and 6 must give the reference's figures to %s.", RandomCases, tolText)},
}
