// Package day46 holds the reference answers to Day 46's four TODOs.
//
// Open it after you have tried: the lab only shows these on request.
package day46

import (
	"slices"

	"termlab/labs/day46/course/fair"
)

// FairShare fills from the smallest demand up: while the smallest unmet
// demand is below an equal split of what is left, it is met in full and
// leaves the rest to share; from the first demand above the split, every
// remaining tenant gets the split (the water level).
func FairShare(capacity float64, demands []float64) []float64 {
	order := make([]int, len(demands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case demands[a] < demands[b]:
			return -1
		case demands[a] > demands[b]:
			return 1
		}
		return 0
	})
	shares := make([]float64, len(demands))
	left := max(capacity, 0)
	for j, i := range order {
		level := left / float64(len(order)-j)
		shares[i] = min(demands[i], level)
		left -= shares[i]
	}
	return shares
}

// DRRVisit adds the quantum, serves from the head while the head fits, and
// forgets the credit of a tenant with nothing left waiting.
func DRRVisit(deficit, quantum float64, queue []float64) (served int, newDeficit float64) {
	deficit += quantum
	for served < len(queue) && queue[served] <= deficit {
		deficit -= queue[served]
		served++
	}
	if served == len(queue) {
		return served, 0
	}
	return served, deficit
}

// ShardOf draws k of n without replacement (a partial Fisher–Yates shuffle)
// from a small generator seeded by the tenant id (splitmix64), so a tenant's
// shard depends on its id alone.
func ShardOf(tenant uint64, n, k int) []int {
	state := tenant
	next := func() uint64 {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	workers := make([]int, n)
	for i := range workers {
		workers[i] = i
	}
	for i := range k {
		j := i + int(next()%uint64(n-i))
		workers[i], workers[j] = workers[j], workers[i]
	}
	return workers[:k:k]
}

// Overlap counts the workers of a that are also in b. Shards are a few
// workers each, so looking each one up in b is quicker than building a
// set of b (the lab calls this hundreds of thousands of times).
func Overlap(a, b []int) int {
	n := 0
	for _, w := range a {
		if slices.Contains(b, w) {
			n++
		}
	}
	return n
}

// Funcs bundles the four for the runner.
var Funcs = fair.Funcs{
	FairShare: FairShare,
	DRRVisit:  DRRVisit,
	ShardOf:   ShardOf,
	Overlap:   Overlap,
}
