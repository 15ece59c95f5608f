// Package day46 is your lab for Day 46: the noisy neighbour.
//
// Four small functions, one idea each. Replace each panic(labs.NotDone) with
// your code and save: the lab (go run .) rebuilds, grades and re-runs the
// experiments on every save. None of them keeps state or looks at a clock:
// the experiments around them do that, on a virtual clock.
package day46

import "termlab/labs"

// FairShare is max-min fair sharing, by water-filling. capacity is what the
// service can do; demands[i] is what tenant i asks for. Return each tenant's
// share, in the same order as demands: no tenant gets more than it asks, and
// what the modest tenants leave is split equally among the rest, until either
// everyone has what it asked or the capacity is used up. Do not change demands.
func FairShare(capacity float64, demands []float64) []float64 {
	panic(labs.NotDone) // TODO 1
}

// DRRVisit is one visit of deficit round robin to one tenant's queue. queue
// holds the sizes of its waiting requests, head first; deficit is the credit
// it kept from earlier visits. Add quantum to the credit, then serve requests
// from the head while the head's size fits in the credit, taking each size
// off it. Return how many were served and the credit left; a tenant whose
// queue is now empty keeps no credit (0).
func DRRVisit(deficit, quantum float64, queue []float64) (served int, newDeficit float64) {
	panic(labs.NotDone) // TODO 2
}

// ShardOf is shuffle sharding: tenant's shard, k distinct workers out of
// workers 0 … n−1 (1 ≤ k ≤ n). The same tenant must always get the same
// shard, and across many tenants every set of k workers should be about
// equally likely: seed a generator with the tenant id and draw without
// replacement, for example. Any order.
func ShardOf(tenant uint64, n, k int) []int {
	panic(labs.NotDone) // TODO 3
}

// Overlap is the blast radius between two shards: how many workers a and b
// have in common. Each lists distinct workers, in any order.
func Overlap(a, b []int) int {
	panic(labs.NotDone) // TODO 4
}
