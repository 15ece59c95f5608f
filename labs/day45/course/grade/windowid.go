package grade

// The grader of TODO 2, WindowID: its hand-picked and random cases, the
// per-call check, how a failing case is made simpler and how the calls an
// experiment makes to it are kept (see grade.go).

import (
	"fmt"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
	"termlab/labs/diagnose"
)

type windowCase struct {
	now, window time.Duration
	what        string
}

// century is a clock a hundred years in, in nanoseconds: int64 holds it
// with room to spare (the limit is about 292 years).
const century = 100 * 365 * 24 * time.Hour

var windowCases = []windowCase{
	{0, time.Minute, "the very start"},
	{30 * time.Second, time.Minute, "the middle of the first window"},
	{time.Minute, time.Minute, "a moment exactly on a boundary"},
	{time.Minute - time.Nanosecond, time.Minute, "a moment one nanosecond before a boundary"},
	{90 * time.Second, time.Minute, "a moment half way through the second window"},
	{1500 * time.Millisecond, time.Second, "a sub-second part of the clock"},
	{2 * time.Second, 500 * time.Millisecond, "a window shorter than a second"},
	{2500 * time.Microsecond, time.Millisecond, "a window of one millisecond"},
	{1500 * time.Nanosecond, time.Microsecond, "a window of one microsecond"},
	{3 * time.Millisecond, 750 * time.Microsecond, "a window of 750 µs"},
	{36 * time.Hour, 24 * time.Hour, "a window of a day"},
	{100 * 24 * time.Hour, time.Second, "a clock a hundred days in"},
	{century - time.Nanosecond, time.Hour, "a clock a century in, a nanosecond before a boundary"},
	{century + 7*time.Microsecond, time.Microsecond, "a clock a century in, microsecond windows"},
}

// checkWindowID grades TODO 2: its cases, then the experiments that call it.
// Its first call is at windowOrigin, not at 0: a WindowID that numbers
// windows from the first now it sees (kept in a package variable) is then
// off on every call after, where a first call at 0 would hide it.
func checkWindowID(g *grading) *labs.Failure {
	o := windowOrigin()
	diagnose.Try(func() int64 { return g.learner.WindowID(o, time.Minute) })
	return checkThenExperiments(g, g.windowChecks(), recordWindow)
}

// windowOrigin is the clock of the grader's first call to WindowID: one
// already running (hours to days in, uneven to the nanosecond), drawn from
// TODO 2's seed, so it is the same on every run and on no boundary.
func windowOrigin() time.Duration {
	rng := seeded(2, 1<<31)
	return time.Hour + time.Duration(rng.Int64N(int64(100*24*time.Hour))) | 1
}

// recordWindow keeps each call an experiment makes to WindowID, as a case.
func recordWindow(f *limit.Funcs, keep func(windowCase)) {
	id := f.WindowID
	f.WindowID = func(now, window time.Duration) int64 {
		keep(windowCase{now: now, window: window, what: madeByExperiment})
		return id(now, window)
	}
}

func (g *grading) windowChecks() labs.Cases[windowCase] {
	check := func(c windowCase) *labs.Failure {
		got := g.learner.WindowID(c.now, c.window)
		want := g.ref.WindowID(c.now, c.window)
		if got == want {
			return nil
		}
		plain := windowPlain(c, got, want)
		return &labs.Failure{What: "wrong on " + c.what,
			Counterexample: labs.Counterexample{
				Input: fmt.Sprintf("WindowID(now=%v, window=%v)", c.now, c.window),
				Got:   fmt.Sprint(got), Want: fmt.Sprint(want),
			},
			Hint: plain.Text, HintID: plain.ID,
			Diagnose: diagnose.Reading(func() diagnose.Hint { return windowNamed(g.learner.WindowID, c, got, want) }),
		}
	}
	return labs.Cases[windowCase]{
		Hand:    windowCases,
		Random:  randomWindow,
		N:       randomCases,
		Check:   check,
		Simpler: simplerWindow,
		Sweep:   func() (*labs.Failure, int) { return windowNeverGoesBack(g.learner.WindowID) },
	}
}

// windowNeverGoesBack walks three minutes of clock: time only moves
// forward, so window numbers can only grow.
func windowNeverGoesBack(id limit.WindowIDFunc) (*labs.Failure, int) {
	checks := 0
	prev, prevAt := int64(0), time.Duration(0)
	for at := time.Duration(0); at <= 3*time.Minute; at += 250 * time.Millisecond {
		checks++
		n := id(at, time.Minute)
		if n < prev {
			return &labs.Failure{What: "the window number went backwards as time moved forward",
				Counterexample: labs.Counterexample{
					Input: fmt.Sprintf("WindowID(%v, 1m0s) then WindowID(%v, 1m0s)", prevAt, at),
					Got:   fmt.Sprintf("%d then %d", prev, n), Want: "a number that never decreases",
				},
				Hint:   "later instants are in the same window or a later one, never an earlier one",
				HintID: "plain.window-went-back",
			}, checks
		}
		prev, prevAt = n, at
	}
	return nil, checks
}

// randomWindow draws a window from 1 µs to a day and a clock up to a
// century; one case in four lands exactly on a boundary, one in eight a
// nanosecond before one.
func randomWindow(i int) windowCase {
	rng := seeded(2, i)
	var w time.Duration
	switch rng.IntN(4) {
	case 0:
		w = time.Microsecond + time.Duration(rng.Int64N(int64(time.Millisecond))) // 1 µs to 1 ms
	case 1:
		w = time.Duration(1+rng.IntN(3600)) * 100 * time.Millisecond
	case 2:
		w = time.Duration(1+rng.Int64N(int64(24*time.Hour/time.Second))) * time.Second // up to a day
	default:
		w = []time.Duration{time.Microsecond, time.Millisecond, time.Second, time.Minute, time.Hour, 24 * time.Hour}[rng.IntN(6)]
	}
	var now time.Duration
	switch rng.IntN(3) {
	case 0:
		now = time.Duration(rng.Int64N(int64(10 * w)))
	case 1:
		now = time.Duration(rng.Int64N(int64(48 * time.Hour)))
	default:
		now = time.Duration(rng.Int64N(int64(century)))
	}
	switch rng.IntN(8) {
	case 0, 1:
		now = now / w * w
	case 2:
		if now/w*w > 0 {
			now = now/w*w - 1
		}
	}
	return windowCase{now: now, window: w, what: "an input found at random"}
}

func simplerWindow(c windowCase) []windowCase {
	var out []windowCase
	for _, unit := range []time.Duration{24 * time.Hour, time.Hour, time.Minute, time.Second, time.Millisecond, time.Microsecond} {
		if c.now >= 100*unit {
			if d := (windowCase{now: c.now % (100 * unit), window: c.window, what: c.what}); d.now != c.now {
				out = append(out, d) // the same place within a shorter clock
			}
		}
	}
	for _, unit := range []time.Duration{time.Hour, time.Minute, time.Second, time.Millisecond, time.Microsecond} {
		if r := c.window.Round(unit); r != c.window && r > 0 {
			out = append(out, windowCase{now: c.now, window: r, what: c.what})
			break
		}
	}
	return out
}
