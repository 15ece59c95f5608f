package parts_test

import (
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/clock"
	"termlab/labs/day45/course"
	"termlab/labs/day45/course/door"
	"termlab/labs/day45/course/fleet"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/parts"
	"termlab/labs/pyrand"
	"termlab/solutions/day45"
)

// benchDay is Day 45 with the reference as both the code run and the grader's
// reference, its heavy parts linked as the full worker links them.
var benchDay = course.New(day45.Funcs, fleet.Pieces, door.Pieces)

// The experiments, in process, on the reference: what the lab costs when
// nothing is waiting on a build or a worker process.
func BenchmarkExperiments(b *testing.B) {
	// Parts 1–3 as the runner plays them: every piece under its guard (a
	// goroutine and a timer each) with the TODO tracker on every call.
	b.Run("run=parts-1-3", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, id := range []string{"1", "2", "3"} {
				if p := benchDay.RunPart(labs.Reference, id); p.Status != labs.OK {
					b.Fatalf("part %s: %s: %s", id, p.Status, p.Detail)
				}
			}
		}
		b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(b.N), "ms/run")
	})
	// Every part the day has, one at a time (Parts 4 and later too, as they
	// are added).
	for _, part := range benchDay.Parts {
		b.Run("run=part-"+part.ID, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if p := benchDay.RunPart(labs.Reference, part.ID); p.Status != labs.OK {
					b.Fatalf("part %s: %s: %s", part.ID, p.Status, p.Detail)
				}
			}
		})
	}
	// Every part and the grader's cases for all four TODOs: what `go run .
	// run 45 --solutions` computes before it prints.
	b.Run("run=execute", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = benchDay.Execute(labs.Reference)
		}
		b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(b.N), "ms/run")
	})
	// Part 1b alone: 1809 seeded arrivals replayed through the virtual clock.
	b.Run("run=sustained-sim", func(b *testing.B) {
		b.ReportAllocs()
		events := 0
		for b.Loop() {
			events += parts.Sustained(day45.TakeToken).Offered
		}
		b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
	})
}

// The scaled run: a day-long quota (a million requests per 24 h) against ten
// million seeded Poisson arrivals over two days (about 58/s, five times the
// quota's pace), through all the day's limiters at once (token bucket, fixed
// window, sliding-window log and counter, leaky queue). One op is the whole
// run.
//
// A sliding-window log keeps one stamp per accepted request still inside the
// window: O(limit) memory per key, whatever the traffic. The log-bytes metric
// is its peak (its ring grows up to the limit and never shrinks), to set
// against the 80 MB a log of every request would take; the counter keeps
// two counts whatever the quota.
const (
	scaledQuota    = 1_000_000
	scaledWindow   = 24 * time.Hour
	scaledRequests = 10_000_000
	scaledSpan     = 2 * scaledWindow
	scaledSeed     = 45
)

type scaledResult struct {
	token, fixed, sliding, counter, leaky int // accepted
	logCap, maxLive                       int
	last                                  time.Duration
}

func (r scaledResult) check(b *testing.B) {
	b.Helper()
	// The arrivals run a little past two days, into a third window.
	windows := int(r.last/scaledWindow) + 1
	switch {
	case r.last < scaledSpan*9/10 || r.last > scaledSpan*11/10:
		b.Fatalf("the last arrival is at %v, want about %v", r.last, scaledSpan)
	case r.fixed < (windows-1)*scaledQuota || r.fixed > windows*scaledQuota:
		b.Fatalf("fixed window accepted %d over %d windows of quota %d", r.fixed, windows, scaledQuota)
	case r.maxLive > scaledQuota:
		b.Fatalf("the log held %d live stamps, more than the quota %d", r.maxLive, scaledQuota)
	case r.sliding < (windows-1)*scaledQuota || r.sliding > windows*scaledQuota:
		b.Fatalf("sliding log accepted %d over %v, want at most the quota per day", r.sliding, r.last)
	case r.logCap > 4*scaledQuota:
		b.Fatalf("the log's array holds %d stamps for a quota of %d: its memory is not bounded by the quota", r.logCap, scaledQuota)
	}
}

func (r scaledResult) report(b *testing.B) {
	b.ReportMetric(float64(scaledRequests)*float64(b.N)/b.Elapsed().Seconds(), "requests/s")
	b.ReportMetric(float64(r.logCap*8), "log-bytes")
	b.ReportMetric(float64(r.sliding), "sliding-accepted")
	b.ReportMetric(float64(r.counter), "counter-accepted")
	b.ReportMetric(float64(r.fixed), "fixed-accepted")
	b.ReportMetric(float64(r.token), "token-accepted")
}

type scaledLimiters struct {
	token   *limit.TokenBucket
	fixed   *limit.FixedWindow
	sliding *limit.SlidingLog
	counter *limit.SlidingCounter
	leaky   *limit.LeakyQueue
	r       scaledResult
}

func newScaled() *scaledLimiters {
	perSec := float64(scaledQuota) / scaledWindow.Seconds()
	return &scaledLimiters{
		token:   limit.NewTokenBucket(day45.TakeToken, scaledQuota, perSec),
		fixed:   limit.NewFixedWindow(day45.WindowID, scaledQuota, scaledWindow),
		sliding: limit.NewSlidingLog(day45.Expired, scaledQuota, scaledWindow),
		counter: limit.NewSlidingCounter(day45.WindowID, scaledQuota, scaledWindow),
		// At most a minute's worth of the quota may wait in line.
		leaky: limit.NewLeakyQueue(day45.NextEmit, perSec, int(perSec*60)),
	}
}

func (s *scaledLimiters) offer(now time.Duration) {
	if s.token.Allow(now) {
		s.r.token++
	}
	if s.fixed.Allow(now) {
		s.r.fixed++
	}
	if s.sliding.Allow(now) {
		s.r.sliding++
		s.r.maxLive = max(s.r.maxLive, s.sliding.Count())
	}
	if s.counter.Allow(now) {
		s.r.counter++
	}
	if _, ok := s.leaky.Offer(now); ok {
		s.r.leaky++
	}
	s.r.last = now
}

func (s *scaledLimiters) result() scaledResult {
	s.r.logCap = s.sliding.Cap()
	return s.r
}

func BenchmarkScaledDay(b *testing.B) {
	rate := scaledRequests / scaledSpan.Seconds()
	// A plain loop over the arrivals as they are drawn: nothing is stored
	// but the limiters' own state.
	b.Run("driver=loop", func(b *testing.B) {
		b.ReportAllocs()
		var r scaledResult
		for b.Loop() {
			s := newScaled()
			rng := pyrand.New(scaledSeed)
			t := 0.0
			for range scaledRequests {
				t += rng.ExpFloat64(rate)
				s.offer(clock.Seconds(t))
			}
			r = s.result()
		}
		r.check(b)
		r.report(b)
	})
	// The same run on the lab's virtual clock, streamed: each arrival
	// schedules the next, so the event queue holds one event, not ten
	// million.
	b.Run("driver=sim-streaming", func(b *testing.B) {
		b.ReportAllocs()
		var r scaledResult
		for b.Loop() {
			s := newScaled()
			rng := pyrand.New(scaledSeed)
			var sim clock.Sim
			t, left := 0.0, scaledRequests
			var arrive func()
			arrive = func() {
				s.offer(sim.Now())
				if left--; left > 0 {
					t += rng.ExpFloat64(rate)
					sim.At(clock.Seconds(t), arrive)
				}
			}
			t += rng.ExpFloat64(rate)
			sim.At(clock.Seconds(t), arrive)
			if n := sim.Run(time.Duration(1<<63 - 1)); n != scaledRequests {
				b.Fatalf("ran %d events, want %d", n, scaledRequests)
			}
			r = s.result()
		}
		r.check(b)
		r.report(b)
	})
}
