package parts

import (
	"fmt"
	"math/rand/v2"
	"time"

	"termlab/labs"
	"termlab/labs/clock"
	"termlab/labs/day45/course/limit"
)

// Part 7: the reset stampede. Many clients, each with its own fixed-window
// limit, use up their allowance and are told to come back when the window
// flips. With clock-aligned windows every client flips at the same instant,
// so all of them return together: a spike at every boundary, however evenly
// they started. Jittered window edges (each key's windows shifted by its own
// offset), or a sliding window, keep them spread.

const (
	stampedeClients = 100
	stampedeLimit   = 10 // per client per window
	stampedeWindow  = 10 * time.Second
	stampedePace    = 100 * time.Millisecond // a client's gap between requests while allowed
	stampedeSpan    = 60 * time.Second
	stampedeSeed    = 45
)

// stampedeResult is one run: requests arriving at the door per second.
type stampedeResult struct {
	PerSecond []int
	Accepted  int
	Peak      int     // most requests in any one second after the first window
	Mean      float64 // requests per second, averaged after the first window
}

// stampedeLimiter is one client's limit: whether a request at now gets in,
// and if not, when the limiter says to come back.
type stampedeLimiter interface {
	allow(now time.Duration) (ok bool, retry time.Duration)
}

type fixedLimiter struct {
	w      *limit.FixedWindow
	offset time.Duration // this key's windows start offset after the clock's
}

func (l *fixedLimiter) allow(now time.Duration) (bool, time.Duration) {
	// Shifting the clock by window − offset keeps it positive while moving
	// this key's window edges to offset, offset + window, …
	shifted := now + l.w.Window - l.offset
	if l.w.Allow(shifted) {
		return true, 0
	}
	next := time.Duration(l.w.ID(shifted)+1) * l.w.Window // the next flip, shifted
	return false, next - l.w.Window + l.offset
}

type slidingLimiter struct{ l *limit.SlidingLog }

func (s *slidingLimiter) allow(now time.Duration) (bool, time.Duration) {
	if s.l.Allow(now) {
		return true, 0
	}
	return false, s.l.Oldest() + s.l.Window // when the oldest stops counting
}

// stampedeSetup is who knocks and how: Part 7's (asPart), or a question
// figure's at any setting (playStampede, questions.go).
type stampedeSetup struct {
	clients, limit int           // each client's allowance per window
	window, pace   time.Duration // a client's gap between requests while allowed
}

var asPart = stampedeSetup{clients: stampedeClients, limit: stampedeLimit, window: stampedeWindow, pace: stampedePace}

// startTimes are the clients' first requests, spread at random over the
// first window, and the jitter offsets of their window edges.
func startTimes(s stampedeSetup) (starts, offsets []time.Duration) {
	rng := rand.New(rand.NewPCG(stampedeSeed, 7))
	for range s.clients {
		starts = append(starts, time.Duration(rng.Int64N(int64(s.window))))
		offsets = append(offsets, time.Duration(rng.Int64N(int64(s.window))))
	}
	return starts, offsets
}

// stampede runs every client against its own limiter from newLimiter(i).
// A client sends every stampedePace while it is let in; refused, it comes
// back exactly when its limiter says (a well-behaved client, and that is
// the trouble).
func stampede(s stampedeSetup, newLimiter func(i int) stampedeLimiter) stampedeResult {
	starts, _ := startTimes(s)
	r := stampedeResult{PerSecond: make([]int, int(stampedeSpan/time.Second))}
	var sim clock.Sim
	for i, start := range starts {
		lim := newLimiter(i)
		var ask func()
		ask = func() {
			now := sim.Now()
			r.PerSecond[int(now/time.Second)]++
			ok, retry := lim.allow(now)
			if ok {
				r.Accepted++
				sim.After(s.pace, ask)
				return
			}
			sim.At(max(retry, now+time.Millisecond), ask) // never the same instant again
		}
		sim.At(start, ask)
	}
	sim.Run(stampedeSpan - 1)
	// The first window is the clients' own random start; from its end on,
	// every client has met its limit and the limiter sets the rhythm.
	settled := r.PerSecond[min(int(s.window/time.Second), len(r.PerSecond)-1):]
	for _, n := range settled {
		r.Peak = max(r.Peak, n)
	}
	r.Mean = float64(sum(settled)) / float64(len(settled))
	return r
}

// stampedeFixed is the clock-aligned fixed window (every key flips at once).
func stampedeFixed(id limit.WindowIDFunc, s stampedeSetup) stampedeResult {
	return stampede(s, func(int) stampedeLimiter {
		return &fixedLimiter{w: limit.NewFixedWindow(id, s.limit, s.window)}
	})
}

// stampedeJittered shifts each key's window edges by its own random offset.
func stampedeJittered(id limit.WindowIDFunc) stampedeResult {
	_, offsets := startTimes(asPart)
	return stampede(asPart, func(i int) stampedeLimiter {
		return &fixedLimiter{w: limit.NewFixedWindow(id, stampedeLimit, stampedeWindow), offset: offsets[i]}
	})
}

// stampedeSliding gives each key a sliding-window log instead.
func stampedeSliding(expired limit.ExpiredFunc) stampedeResult {
	return stampede(asPart, func(int) stampedeLimiter {
		return &slidingLimiter{limit.NewSlidingLog(expired, stampedeLimit, stampedeWindow)}
	})
}

func flipMarks() []labs.Mark {
	var m []labs.Mark
	for t := stampedeWindow; t < stampedeSpan; t += stampedeWindow {
		m = append(m, labs.Mark{X: t.Seconds(), Label: "flip"})
	}
	return m
}

func stampedeFixedPiece(f limit.Funcs, r *labs.PartResult) {
	fixed, jit := stampedeFixed(f.WindowID, asPart), stampedeJittered(f.WindowID)
	r.Metrics = append(r.Metrics,
		metric("stampede_peak", "clock-aligned windows: most requests in one second "+settledSpan(), float64(fixed.Peak), "requests", 0),
		metric("stampede_smoothed_peak", "jittered edges: most requests in one second "+settledSpan(), float64(jit.Peak), "requests", 0),
		metric("stampede_mean_rate", "requests per second on average "+settledSpan(), fixed.Mean, "/s", 1))
	r.Lines = append(r.Lines,
		fmt.Sprintf("%d clients, each allowed %d per %g s window, each asking every %g s while let in; refused, each comes back exactly when its window flips.", stampedeClients, stampedeLimit, stampedeWindow.Seconds(), stampedePace.Seconds()),
		fmt.Sprintf("They start spread at random over the first %g s; from then on the door sees %.0f requests a second on average.", stampedeWindow.Seconds(), fixed.Mean),
		fmt.Sprintf("Clock-aligned windows: every client's window flips at the same instant, so all of them return together: %d requests in the busiest second, %.0f× the average, at every flip.", fixed.Peak, float64(fixed.Peak)/fixed.Mean),
		fmt.Sprintf("Jittered edges (each key's windows shifted by its own random offset): the returns spread out; the busiest second after the first window has %d.", jit.Peak))
	xs := Indexes(len(fixed.PerSecond))
	r.Figures = append(r.Figures, labs.Figure{
		Title: "Reset stampede: requests per second, clock-aligned windows against jittered edges", Kind: labs.Bars, XLabel: "second", YLabel: "requests",
		Series: []labs.Series{{Name: "aligned", X: xs, Y: Ints(fixed.PerSecond)}, {Name: "jittered", X: xs, Y: Ints(jit.PerSecond)}},
		Marks:  flipMarks(),
	})
}

func stampedeSlidingPiece(f limit.Funcs, r *labs.PartResult) {
	s := stampedeSliding(f.Expired)
	r.Metrics = append(r.Metrics,
		metric("stampede_sliding_peak", "sliding window: most requests in one second "+settledSpan(), float64(s.Peak), "requests", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Sliding window: a refused client comes back when its own oldest request ages out, which is when that client started, not when the clock says: the busiest second after the first window has %d.", s.Peak))
	r.Figures = append(r.Figures, labs.Figure{
		Title: "The same clients under a sliding window: requests per second", Kind: labs.Bars, XLabel: "second", YLabel: "requests",
		Series: []labs.Series{{Name: "sliding", X: Indexes(len(s.PerSecond)), Y: Ints(s.PerSecond)}},
	})
}

// settledSpan names the span the stampede's figures cover: after the first
// window, when every client has met its limit.
func settledSpan() string { return fmt.Sprintf("(t ≥ %g s)", stampedeWindow.Seconds()) }
