// Package fair is the pure core of Day 46: the four TODOs' signatures, the
// checks that stop an experiment on an impossible answer, and the machines
// the experiments drive (a service with a queue in front of it, per-tenant
// quotas, deficit round robin, a fleet of sharded workers). Everything here
// runs on the virtual clock and needs nothing but the standard library.
package fair

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"termlab/labs"
	"termlab/labs/day46/course/words"
)

// The four TODOs' signatures: the learner-facing contract (CONTRACT.md).
type (
	FairShareFunc func(capacity float64, demands []float64) []float64
	DRRVisitFunc  func(deficit, quantum float64, queue []float64) (served int, newDeficit float64)
	ShardOfFunc   func(tenant uint64, n, k int) []int
	OverlapFunc   func(a, b []int) int
)

// Funcs is one implementation of the four TODOs.
type Funcs struct {
	FairShare FairShareFunc
	DRRVisit  DRRVisitFunc
	ShardOf   ShardOfFunc
	Overlap   OverlapFunc
}

// LearnerDir is where the learner's package lives, for pointing at lines.
const LearnerDir = words.LearnerDir

// With returns f with slot n taken from other.
func (f Funcs) With(n int, other Funcs) Funcs {
	switch n {
	case 1:
		f.FairShare = other.FairShare
	case 2:
		f.DRRVisit = other.DRRVisit
	case 3:
		f.ShardOf = other.ShardOf
	case 4:
		f.Overlap = other.Overlap
	}
	return f
}

// Checked wraps each function so the tracker knows which TODO is executing
// and on what input (the caller's slices: the learner's copies may be
// changing while a hang is reported),
// the learner's code only ever sees copies of the caller's slices (and
// FairShare's copy is compared with the original after every call), and an impossible answer stops the
// experiment with a reason instead of quietly producing nonsense figures.
func (f Funcs) Checked(t *labs.Tracker) Funcs {
	return Funcs{
		FairShare: func(capacity float64, demands []float64) []float64 {
			t.Call(1, func() string { return FormatFairShare(capacity, demands) })
			given := slices.Clone(demands)
			got := f.FairShare(capacity, given)
			t.Leave()
			// The learner's function gets its own copy, so a change to it
			// cannot corrupt the caller; it is still a broken promise
			// ("Do not change demands"), caught on every call.
			if !slices.EqualFunc(given, demands, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
				hint := "work on a copy (slices.Clone) of demands: the caller still needs its own list"
				if sortedCopy := slices.Sorted(slices.Values(demands)); slices.Equal(given, sortedCopy) {
					hint = "you sorted demands in place: sort a copy (or a list of indexes) instead"
				}
				panic(labs.Invalid{TODO: 1, Reason: "FairShare changed its input: demands went from " + FormatFloats(demands) + " to " + FormatFloats(given), Hint: hint, Counterexample: &labs.Counterexample{
					Input: FormatFairShare(capacity, demands), Got: "demands changed to " + FormatFloats(given), Want: "demands left as they were",
				}})
			}
			if reason, hint := ImpossibleShares(capacity, demands, got); reason != "" {
				panic(labs.Invalid{TODO: 1, Reason: reason, Hint: hint, Counterexample: &labs.Counterexample{
					Input: FormatFairShare(capacity, demands), Got: FormatFloats(got), Want: "one share per tenant, each from 0 to its demand, adding up to at most capacity",
				}})
			}
			return got
		},
		DRRVisit: func(deficit, quantum float64, queue []float64) (int, float64) {
			t.Call(2, func() string { return FormatDRRVisit(deficit, quantum, queue) })
			served, left := f.DRRVisit(deficit, quantum, slices.Clone(queue))
			t.Leave()
			if reason, hint := ImpossibleVisit(deficit, quantum, queue, served, left); reason != "" {
				panic(labs.Invalid{TODO: 2, Reason: reason, Hint: hint, Counterexample: &labs.Counterexample{
					Input: FormatDRRVisit(deficit, quantum, queue), Got: fmt.Sprintf("served=%d, newDeficit=%g", served, left), Want: "0 to len(queue) served and a credit of 0 or more",
				}})
			}
			return served, left
		},
		ShardOf: func(tenant uint64, n, k int) []int {
			t.Call(3, func() string { return FormatShardOf(tenant, n, k) })
			got := f.ShardOf(tenant, n, k)
			t.Leave()
			if reason, hint := ImpossibleShard(n, k, got); reason != "" {
				panic(labs.Invalid{TODO: 3, Reason: reason, Hint: hint, Counterexample: &labs.Counterexample{
					Input: FormatShardOf(tenant, n, k), Got: FormatInts(got), Want: fmt.Sprintf("%d distinct workers from 0 to %d", k, n-1),
				}})
			}
			return got
		},
		Overlap: func(a, b []int) int {
			t.Call(4, func() string { return FormatOverlap(a, b) })
			got := f.Overlap(slices.Clone(a), slices.Clone(b))
			t.Leave()
			if got < 0 || got > min(len(a), len(b)) {
				panic(labs.Invalid{TODO: 4, Reason: fmt.Sprintf("%d workers in common between shards of %d and %d workers", got, len(a), len(b)),
					Hint: "two shards share at least none and at most all of the smaller one", Counterexample: &labs.Counterexample{
						Input: FormatOverlap(a, b), Got: fmt.Sprint(got), Want: fmt.Sprintf("0 to %d", min(len(a), len(b))),
					}})
			}
			return got
		},
	}
}

// slack is the rounding the checks forgive: a share may overshoot a demand
// or the capacity by a few ulps when it is computed in another order.
func slack(x float64) float64 { return 1e-9 * max(1, math.Abs(x)) }

// count is n and the noun that goes with it: "1 share", "0 shares".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// ImpossibleShares says what cannot be right about a list of fair shares,
// and what to look at, or "".
func ImpossibleShares(capacity float64, demands, shares []float64) (reason, hint string) {
	if len(shares) != len(demands) {
		return count(len(shares), "share", "shares") + " for " + count(len(demands), "tenant", "tenants"), "return one share per tenant, in the order of demands"
	}
	sum := 0.0
	for i, s := range shares {
		switch {
		case math.IsNaN(s) || math.IsInf(s, 0):
			return fmt.Sprintf("tenant %d's share is %v", i, s), "look for a division by zero when no tenant is left to share among"
		case s < -slack(demands[i]):
			return fmt.Sprintf("tenant %d's share is negative (%g)", i, s), "a share is never below zero"
		case s > demands[i]+slack(demands[i]):
			hint := "no tenant gets more than it asks"
			if sortedFits(demands, shares) {
				hint = "these shares would fit the demands sorted: return each share at its tenant's place, in the order of demands"
			}
			return fmt.Sprintf("tenant %d gets %g but asked for only %g", i, s, demands[i]), hint
		}
		sum += s
	}
	if sum > capacity+slack(capacity)*float64(len(shares)+1) {
		return fmt.Sprintf("the shares add up to %g, more than the capacity %g", sum, capacity), "the shares together can never exceed the capacity"
	}
	return "", ""
}

// sortedFits reports whether shares, sorted, sit under demands, sorted: the
// mark of right shares returned in the wrong order.
func sortedFits(demands, shares []float64) bool {
	d, s := slices.Clone(demands), slices.Clone(shares)
	slices.Sort(d)
	slices.Sort(s)
	for i := range d {
		if s[i] > d[i]+slack(d[i]) {
			return false
		}
	}
	return true
}

// ImpossibleVisit says what cannot be right about one DRR visit, or "".
func ImpossibleVisit(deficit, quantum float64, queue []float64, served int, left float64) (reason, hint string) {
	switch {
	case served < 0 || served > len(queue):
		return fmt.Sprintf("served %d from a queue of %d", served, len(queue)), "served counts requests taken from the head of queue: 0 to len(queue)"
	case math.IsNaN(left) || math.IsInf(left, 0):
		return fmt.Sprintf("the credit left is %v", left), "the credit only ever gains quantum and loses the sizes served"
	case left < -slack(deficit+quantum):
		// Which mistake a negative credit shows depends on what was
		// served: requests that did not fit, or a charge for one that
		// was not served (the served ones fit).
		spent := 0.0
		for _, s := range queue[:served] {
			spent += s
		}
		if spent <= deficit+quantum+slack(deficit+quantum) {
			return fmt.Sprintf("the credit left is negative (%g)", left), fmt.Sprintf("the %d requests served cost %g, within the credit of %g: take off only the sizes of the requests served, never the size of one that stays in the queue", served, spent, deficit+quantum)
		}
		return fmt.Sprintf("the credit left is negative (%g)", left), "serve a request only when its size fits in the credit"
	case left > deficit+quantum+slack(deficit+quantum):
		return fmt.Sprintf("the credit grew to %g from %g with a quantum of %g", left, deficit, quantum), "a visit adds exactly one quantum"
	}
	return "", ""
}

// ImpossibleShard says what cannot be right about a shard, or "".
func ImpossibleShard(n, k int, shard []int) (reason, hint string) {
	if len(shard) != k {
		return fmt.Sprintf("a shard of %d workers where %d were asked for", len(shard), k), "return exactly k workers"
	}
	// A shard of a few workers is checked against the workers before each
	// one (the parts check hundreds of thousands of shards); a big one
	// against a set of them.
	var seen map[int]bool
	if len(shard) > smallShard {
		seen = make(map[int]bool, len(shard))
	}
	for i, w := range shard {
		if w < 0 || w >= n {
			return fmt.Sprintf("worker %d does not exist (workers are 0 to %d)", w, n-1), "workers are numbered from 0 to n−1"
		}
		twice := seen[w]
		if seen == nil {
			twice = slices.Contains(shard[:i], w)
		}
		if twice {
			return fmt.Sprintf("worker %d is in the shard twice", w), "draw without replacement: a worker picked once cannot be picked again"
		}
		if seen != nil {
			seen[w] = true
		}
	}
	return "", ""
}

// smallShard is the longest shard ImpossibleShard checks without a set.
const smallShard = 32

// The calls, written as a learner would type them.

func FormatFairShare(capacity float64, demands []float64) string {
	return fmt.Sprintf("FairShare(capacity=%g, demands=%s)", capacity, FormatFloats(demands))
}

func FormatDRRVisit(deficit, quantum float64, queue []float64) string {
	return fmt.Sprintf("DRRVisit(deficit=%g, quantum=%g, queue=%s)", deficit, quantum, FormatFloats(queue))
}

func FormatShardOf(tenant uint64, n, k int) string {
	return fmt.Sprintf("ShardOf(tenant=%d, n=%d, k=%d)", tenant, n, k)
}

func FormatOverlap(a, b []int) string {
	return fmt.Sprintf("Overlap(a=%s, b=%s)", FormatInts(a), FormatInts(b))
}

// FormatFloats writes a list the way Go's %v would, with %g numbers, the
// first ListShown of them: a learner's answer can be a million long, and a
// verdict quoting all of it would bury the want and the hint (and cost
// more time than the run).
func FormatFloats(xs []float64) string {
	return formatList(len(xs), func(b []byte, i int) []byte { return strconv.AppendFloat(b, xs[i], 'g', -1, 64) })
}

// FormatInts writes a list of ints as Go's %v does, bounded as FormatFloats.
func FormatInts(xs []int) string {
	return formatList(len(xs), func(b []byte, i int) []byte { return strconv.AppendInt(b, int64(xs[i]), 10) })
}

// ListShown is how many elements FormatFloats and FormatInts write.
const ListShown = 24

// formatList writes "[a b c]" from n elements, the first ListShown of them
// and then "… and N more", in one buffer: linear in what it writes.
func formatList(n int, elem func(b []byte, i int) []byte) string {
	b := []byte{'['}
	for i := range min(n, ListShown) {
		if i > 0 {
			b = append(b, ' ')
		}
		b = elem(b, i)
	}
	if n > ListShown {
		b = fmt.Appendf(b, " … and %d more", n-ListShown)
	}
	return string(append(b, ']'))
}
