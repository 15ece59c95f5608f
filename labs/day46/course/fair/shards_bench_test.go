package fair_test

import (
	"testing"

	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/parts"
	"termlab/solutions/day46"
)

// BenchmarkHurtOverDraws is Part 5's 100 deals with the reference's
// ShardOf, unchecked: the simulation's own share of the part.
func BenchmarkHurtOverDraws(b *testing.B) {
	s := parts.Shards
	shard := func(t uint64) []int { return day46.ShardOf(t, s.Workers, parts.ShardK) }
	b.ReportAllocs()
	for b.Loop() {
		fair.HurtOverDraws(s, parts.ShardDeals, shard)
	}
}
