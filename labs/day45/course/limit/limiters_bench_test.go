package limit_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"go.uber.org/ratelimit"
	"golang.org/x/time/rate"

	lim "termlab/labs/day45/course/limit"
	"termlab/solutions/day45"
)

// Per-decision cost of the day's stateful limiters, side by side in one run
// with golang.org/x/time/rate and go.uber.org/ratelimit. Every limiter here
// runs the reference TODOs and is driven on a virtual clock (a Duration that
// steps forward each op), so the figures are the cost of deciding, not of
// waiting. Compare with:
//
//	go test -run '^$' -bench 'Decide' -count 10 ./labs/day45/course | tee new.txt
//	benchstat -col /impl new.txt
//
// or .ci/bench, which prints the table of ratios.

// The token bucket of Parts 1 and 3 (holds 20, refills 10/s), offered a
// request every 25 ms: four times the refill rate, so after the opening
// burst one request in four gets in. 25 ms is 0.25 token, exact in binary
// floating point, so the day's bucket and x/time/rate make the same decision
// at every step (checked below before timing).
const (
	tbCapacity = 20
	tbRate     = 10.0
	tbStep     = 25 * time.Millisecond
)

var sinkBool bool

// epoch anchors x/time/rate's time.Time on the virtual clock. It has no
// monotonic reading, as AllowN's callers with explicit times would pass.
var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// sameDecisions replays n steps through both token buckets and fails the
// benchmark if they ever disagree: a comparison of speed is only fair
// between limiters that decide alike.
func sameDecisions(b *testing.B, capacity, n int) {
	b.Helper()
	day := lim.NewTokenBucket(day45.TakeToken, float64(capacity), tbRate)
	x := rate.NewLimiter(tbRate, capacity)
	accepted := 0
	for i := range n {
		now := time.Duration(i) * tbStep
		a, c := day.Allow(now), x.AllowN(epoch.Add(now), 1)
		if a != c {
			b.Fatalf("step %d (t=%v): the day's bucket says %v, x/time/rate says %v", i, now, a, c)
		}
		if a {
			accepted++
		}
	}
	if want := capacity + int(float64(n)*tbStep.Seconds()*tbRate); accepted < want-1 || accepted > want+1 {
		b.Fatalf("accepted %d of %d, want about %d", accepted, n, want)
	}
}

func BenchmarkDecide(b *testing.B) {
	b.Run("limiter=token-bucket/impl=day", func(b *testing.B) {
		sameDecisions(b, tbCapacity, 10_000)
		tb := lim.NewTokenBucket(day45.TakeToken, tbCapacity, tbRate)
		b.ReportAllocs()
		var now time.Duration
		for b.Loop() {
			sinkBool = tb.Allow(now)
			now += tbStep
		}
	})
	b.Run("limiter=token-bucket/impl=x-time-rate-AllowN", func(b *testing.B) {
		lim := rate.NewLimiter(tbRate, tbCapacity)
		b.ReportAllocs()
		now := epoch
		for b.Loop() {
			sinkBool = lim.AllowN(now, 1)
			now = now.Add(tbStep)
		}
	})
	// Allow reads the wall clock itself: at a billion asks a second against
	// 10/s nearly every answer is no, which is the case a limiter under attack
	// spends its time in.
	b.Run("limiter=token-bucket/impl=x-time-rate-Allow", func(b *testing.B) {
		lim := rate.NewLimiter(tbRate, tbCapacity)
		b.ReportAllocs()
		for b.Loop() {
			sinkBool = lim.Allow()
		}
	})

	// go.uber.org/ratelimit has no "no": Take blocks the caller until its slot
	// (a leaky bucket as a queue with no bound, on the real clock). Its
	// per-op cost is the pacing interval by design, so the honest per-op
	// comparison is of its bookkeeping: at a rate no caller can reach (10⁹/s,
	// a 1 ns slot, WithoutSlack) every slot is already due when Take asks, so
	// it never sleeps and the time is time.Now plus a compare-and-swap. Its
	// nearest relative in the day is the leaky queue's Offer, which returns
	// the emit time instead of sleeping until it.
	b.Run("limiter=leaky-queue/impl=uber-Take-unreachable-rate", func(b *testing.B) {
		rl := ratelimit.New(1_000_000_000, ratelimit.WithoutSlack)
		b.ReportAllocs()
		for b.Loop() {
			_ = rl.Take()
		}
	})
	// The same Take at a reachable rate (1000/s): ns/op is the 1 ms slot,
	// which shows that what Take costs is the pace it enforces, not a
	// decision. (Much above that, sleep granularity shows: at 100 000/s
	// WithoutSlack delivered about 3 000/s on the machine in BENCHMARKS.md,
	// since every sub-millisecond sleep overshoots.)
	b.Run("limiter=leaky-queue/impl=uber-Take-paced-1k", func(b *testing.B) {
		rl := ratelimit.New(1000, ratelimit.WithoutSlack)
		b.ReportAllocs()
		for b.Loop() {
			_ = rl.Take()
		}
	})
	// Part 3's leaky queue (drains 10/s, at most 40 waiting), offered a
	// request every 25 ms: the queue stays full, so three offers in four
	// overflow and every fourth is queued behind 39 others.
	b.Run("limiter=leaky-queue/impl=day", func(b *testing.B) {
		q := lim.NewLeakyQueue(day45.NextEmit, 10, 40)
		b.ReportAllocs()
		var now time.Duration
		for b.Loop() {
			_, sinkBool = q.Offer(now)
			now += tbStep
		}
	})

	// Part 2's limit (100 per 60 s) offered a request every 25 ms: 2400 per
	// window, so the fixed window says yes 100 times then no until the clock
	// flips, and the log keeps 100 stamps, dropping them as they age out.
	b.Run("limiter=fixed-window/impl=day", func(b *testing.B) {
		w := lim.NewFixedWindow(day45.WindowID, 100, time.Minute)
		b.ReportAllocs()
		var now time.Duration
		for b.Loop() {
			sinkBool = w.Allow(now)
			now += tbStep
		}
	})
	b.Run("limiter=sliding-log/impl=day", func(b *testing.B) {
		l := lim.NewSlidingLog(day45.Expired, 100, time.Minute)
		b.ReportAllocs()
		var now time.Duration
		for b.Loop() {
			sinkBool = l.Allow(now)
			now += tbStep
		}
		b.ReportMetric(float64(l.Cap()*8), "log-bytes")
	})
	// Part 8's leaky bucket as a meter: a token bucket that holds one (at
	// 10/s), so it forgives no burst; x/time/rate with a burst of 1 is the
	// same machine.
	b.Run("limiter=leaky-meter/impl=day", func(b *testing.B) {
		sameDecisions(b, 1, 10_000)
		m := lim.NewTokenBucket(day45.TakeToken, 1, tbRate)
		b.ReportAllocs()
		var now time.Duration
		for b.Loop() {
			sinkBool = m.Allow(now)
			now += tbStep
		}
	})
	b.Run("limiter=leaky-meter/impl=x-time-rate-AllowN", func(b *testing.B) {
		lim := rate.NewLimiter(tbRate, 1)
		b.ReportAllocs()
		now := epoch
		for b.Loop() {
			sinkBool = lim.AllowN(now, 1)
			now = now.Add(tbStep)
		}
	})
	// Part 5's counter at the same limit and pace: two counts instead of a
	// log, whatever the limit.
	b.Run("limiter=sliding-counter/impl=day", func(b *testing.B) {
		c := lim.NewSlidingCounter(day45.WindowID, 100, time.Minute)
		b.ReportAllocs()
		var now time.Duration
		for b.Loop() {
			sinkBool = c.Allow(now)
			now += tbStep
		}
	})
}

// The log and the queue keep their stamps in a ring that grows up to the
// limit; this replays seeded random traffic through them and through the
// plainest possible version (a slice that drops its front) and wants the
// same decisions and counts at every step, across limits small enough to
// wrap the ring and grow it while wrapped.
func TestLogAndQueueAgainstPlainSlices(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 2026))
	for _, limit := range []int{1, 2, 3, 7, 8, 9, 17, 100} {
		log := lim.NewSlidingLog(day45.Expired, limit, time.Second)
		q := lim.NewLeakyQueue(day45.NextEmit, 10, limit)
		var plainLog, plainQ []time.Duration
		var nextEmit, now time.Duration
		for step := range 20_000 {
			// Bursts and lulls: mostly short gaps, now and then a long one.
			now += time.Duration(rng.ExpFloat64() * float64(20*time.Millisecond))
			if rng.IntN(50) == 0 {
				now += time.Duration(rng.IntN(3)) * time.Second
			}

			for len(plainLog) > 0 && plainLog[0] <= now-time.Second {
				plainLog = plainLog[1:]
			}
			want := len(plainLog) < limit
			if want {
				plainLog = append(plainLog, now)
			}
			if got := log.Allow(now); got != want || log.Count() != len(plainLog) {
				t.Fatalf("limit %d, step %d: log says %v holding %d, want %v holding %d", limit, step, got, log.Count(), want, len(plainLog))
			}
			if log.Cap() > limit {
				t.Fatalf("limit %d: the log holds room for %d stamps", limit, log.Cap())
			}

			for len(plainQ) > 0 && plainQ[0] <= now {
				plainQ = plainQ[1:]
			}
			var wantEmit time.Duration
			wantOK := len(plainQ) < limit
			if wantOK {
				wantEmit = max(now, nextEmit)
				nextEmit = wantEmit + 100*time.Millisecond
				plainQ = append(plainQ, wantEmit)
			}
			if emit, ok := q.Offer(now); ok != wantOK || emit != wantEmit || q.Waiting() != len(plainQ) {
				t.Fatalf("limit %d, step %d: queue says (%v, %v) with %d waiting, want (%v, %v) with %d", limit, step, emit, ok, q.Waiting(), wantEmit, wantOK, len(plainQ))
			}
		}
	}
}
