package clock_test

import (
	"testing"
	"time"

	"termlab/labs/clock"
)

// The simulation's throughput: one op is one event scheduled and run. The
// events/s metric is what a virtual minute of traffic costs in real time.

// Part 1b's shape: a batch of arrivals scheduled up front (1809, the size of
// its seeded stream), then replayed in order.
func BenchmarkSim(b *testing.B) {
	b.Run("queue=prefilled-1809", func(b *testing.B) {
		const batch = 1809
		b.ReportAllocs()
		ran := 0
		fn := func() { ran++ }
		for i := 0; i < b.N; i += batch {
			var s clock.Sim
			n := min(batch, b.N-i)
			for j := range n {
				// Out of order on purpose, as random arrivals would be if they
				// were not already sorted: the heap does real work.
				s.At(time.Duration((j*7919)%batch)*time.Millisecond, fn)
			}
			s.Run(time.Hour)
		}
		if ran != b.N {
			b.Fatalf("ran %d events, want %d", ran, b.N)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
	})
	// A stream: each event schedules the next, so the queue holds one event
	// however long the run. This is how a long run keeps its memory flat.
	b.Run("queue=streaming", func(b *testing.B) {
		b.ReportAllocs()
		var s clock.Sim
		left := b.N
		var next func()
		next = func() {
			if left--; left > 0 {
				s.After(time.Millisecond, next)
			}
		}
		s.At(0, next)
		if ran := s.Run(time.Duration(1<<62 - 1)); ran != b.N {
			b.Fatalf("ran %d events, want %d", ran, b.N)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
	})
}
