package grade

import (
	"fmt"
	"math"
	"time"

	"termlab/labs/day45/course/limit"
	"termlab/labs/diagnose"
)

// The families of hints read here: their words carry the parameter.
var (
	windowUnitWholeFamily = windowHints.Family("window.unit-whole")
)

// TODO 2's hints, WindowID.

// windowMistake is a known mistake as a row of windowTable.
func windowMistake(f limit.WindowIDFunc, h diagnose.Hint) diagnose.Row[windowCase, int64] {
	return diagnose.Named(h, func(c windowCase) int64 { return f(c.now, c.window) })
}

const (
	floatHint = "float rounding: float64 keeps 53 bits, about 16 digits, and a clock a century in has 19 digits of nanoseconds; compare and return the Durations themselves, which are exact integers"
)

var (
	windowModHint   = windowHints.Name("window.remainder", "that is where now sits inside its window (now % window), not which window it is: the number is how many whole windows fit before now, now / window")
	roundDownHint   = windowHints.Name("window.rounds-up-before-boundary", "one nanosecond before a boundary is still the window before: round down")
	windowFloatHint = windowHints.Name("window.float", "float rounding: float64 keeps 53 bits, about 16 digits, and a clock in nanoseconds can have 19; divide the Durations as integers (now / window), which is exact")
)

var (
	windowPlusOneHint = windowHints.Name("window.plus-one", "windows are numbered from 0: the first window, [0, window), is window 0")
	windowNearestHint = windowHints.Name("window.round-nearest", "round down, never to the nearest: every instant before the next boundary is still in this window")
	windowUpHint      = windowHints.Name("window.round-up", "round down, not up: a window starts at its boundary and lasts until the next")
	// The grader's first call is at windowOrigin (windowid.go): a WindowID
	// that keeps the first now it saw numbers windows from there.
	windowFirstCallHint = windowHints.Name("window.from-first-call", "the windows are numbered from the first call's now, not from time zero: keep no start in a package variable; the number is now / window, whatever was called before")
)

var windowTable = diagnose.Table[windowCase, int64]{Same: equal[windowCase, int64], Rows: []diagnose.Row[windowCase, int64]{
	{ID: windowModHint.ID, Words: windowModHint.Text, Prop: func(c windowCase, a, _ int64) bool { return a == int64(c.now%c.window) }},
	windowMistake(func(now, w time.Duration) int64 { return int64(now/w) + 1 }, windowPlusOneHint),
	windowMistake(func(now, w time.Duration) int64 { return int64(math.Round(float64(now) / float64(w))) }, windowNearestHint),
	windowMistake(func(now, w time.Duration) int64 { return int64(math.Ceil(float64(now) / float64(w))) }, windowUpHint),
	windowMistake(func(now, w time.Duration) int64 { return int64(now.Seconds() / w.Seconds()) }, windowFloatHint),
	windowMistake(func(now, w time.Duration) int64 { return int64(float64(now) / float64(w)) }, windowFloatHint),
	windowMistake(func(now, w time.Duration) int64 { return int64(math.Floor(now.Seconds() / w.Seconds())) }, windowFloatHint),
	// Added after family 5: the number kept in 32 bits, signed or not.
	windowMistake(func(now, w time.Duration) int64 { return int64(int32(now / w)) }, windowInt32Hint),
	windowMistake(func(now, w time.Duration) int64 { return int64(uint32(now / w)) }, windowInt32Hint),
}}

var windowInt32Hint = windowHints.Name("window.32-bit", "the window number was kept in 32 bits, which wrap once there have been 2³¹ (or 2³²) windows, as a long clock in short windows has: keep it an int64, now / window")

// unitsHint names the unit a WindowID counted in.
func unitsHint(u string) diagnose.Hint {
	return windowUnitWholeFamily("units: whole " + u + " lose a window shorter than one and the part of now under one; divide the Durations themselves (now / window), which count nanoseconds")
}

// windowUnits is the family of WindowIDs that count in a coarser unit
// than the nanosecond (whole units of both, or of now alone).
var windowUnits = func() []diagnose.Row[windowCase, int64] {
	var out []diagnose.Row[windowCase, int64]
	for _, u := range []struct {
		d           time.Duration
		name, short string
	}{{time.Microsecond, "microseconds", "µs"}, {time.Millisecond, "milliseconds", "ms"}, {time.Second, "seconds", "s"}} {
		out = append(out,
			// A window under the unit would divide by zero, in the model
			// as in a learner's code (which then crashes, no hint needed):
			// the model takes it as one unit, as some learners do.
			windowMistake(func(now, w time.Duration) int64 { return int64(now/u.d) / max(1, int64(w/u.d)) }, unitsHint(u.name)),
			windowMistake(func(now, w time.Duration) int64 { return int64(now.Truncate(u.d) / w) }, cutHint(u.short)),
		)
	}
	return out
}()

func init() {
	windowTable.Rows = append(windowTable.Rows, windowUnits...)
	windowTable.Rows = append(windowTable.Rows, windowMistake(func(now, w time.Duration) int64 { return int64((now - windowOrigin()) / w) }, windowFirstCallHint))
	windowTable.Rows = append(windowTable.Rows, windowParts()...)
	// Last, a comparison on the wrong side of the boundary, read where the
	// counterexample is on a boundary, or a nanosecond before one, and the
	// answer a window off (and not negative: that is said plainly).
	windowTable.Rows = append(windowTable.Rows, diagnose.Row[windowCase, int64]{ID: windowBoundaryHint.ID, Words: windowBoundaryHint.Text,
		At: func(c windowCase, got, want int64) bool { return got >= 0 && c.now%c.window == 0 && got == want-1 },
		Reads: func(_ windowCase, _ []windowCase, learner, _ func(windowCase) int64) (string, bool) {
			return "", onlyBoundariesWrong(learner)
		}}, diagnose.Row[windowCase, int64]{ID: roundDownHint.ID, Words: roundDownHint.Text,
		At: func(c windowCase, got, want int64) bool { return got == want+1 && c.now%c.window == c.window-1 },
		Reads: func(_ windowCase, _ []windowCase, learner, _ func(windowCase) int64) (string, bool) {
			return "", roundsUpBeforeBoundaries(learner)
		}})
}

// windowNamed is the hint that names the learner's mistake on c (got: its
// answer, want: the reference's), read off the probes; or none.
func windowNamed(learner limit.WindowIDFunc, c windowCase, got, want int64) diagnose.Hint {
	probes := probesOf(windowCases, randomWindow)
	on := func(f limit.WindowIDFunc) func(windowCase) (int64, bool) {
		return func(c windowCase) (int64, bool) { return diagnose.Try(func() int64 { return f(c.now, c.window) }) }
	}
	// State first: every reading after this one assumes there is none.
	if h := twoPasses(append(append([]windowCase{c}, probes...), windowProbes()...), on(learner), func(v int64) string { return fmt.Sprint(v) }); !h.None() {
		return h
	}
	if h := changedSince(answeredRight(windowCases, c), on(learner), func(c windowCase) int64 { return int64(c.now / c.window) }, func(v int64) string { return fmt.Sprint(v) }); !h.None() {
		return h
	}
	return windowTable.Diagnose(c, got, want, probes, func(c windowCase) int64 { return learner(c.now, c.window) }, func(c windowCase) int64 { return int64(c.now / c.window) })
}

// windowPlain says plainly what differs on c, read off it alone.
func windowPlain(c windowCase, got, want int64) diagnose.Hint {
	if got < 0 {
		return diagnose.Plain("window-negative", "a window number is never negative: windows are numbered 0, 1, 2… from time zero")
	}
	switch {
	case got < want:
		// "The number is n too low", not "n windows too few": a class's
		// summary groups hints with their figures masked, and "1 window"
		// against "2 windows" would split one mistake in two.
		return diagnose.Plain("window-too-low", fmt.Sprintf("the number is %d too low: window %d starts at %v and now (%v) is at or past that", want-got, want, time.Duration(want)*c.window, c.now))
	}
	if got > math.MaxInt64/int64(c.window) {
		// Its start would not fit in a Duration: say so rather than
		// compute it (the product would wrap to a negative time).
		return diagnose.Plain("window-too-high", fmt.Sprintf("the number is %d too high: window %d would start later than the largest Duration, and now is %v", got-want, got, c.now))
	}
	return diagnose.Plain("window-too-high", fmt.Sprintf("the number is %d too high: window %d starts at %v, after now (%v)", got-want, got, time.Duration(got)*c.window, c.now))
}

// onlyBoundariesWrong reports whether the learner's WindowID puts every
// boundary in the window before, on windows of every size, and is right a
// nanosecond after each: a comparison on the wrong side of the boundary,
// not a wrong divisor (which is wrong away from boundaries too).
func onlyBoundariesWrong(learner func(windowCase) int64) bool {
	for _, w := range []time.Duration{10, 1000, time.Millisecond, time.Second, time.Hour} {
		for _, k := range []int64{1, 3, 1000} {
			at, ok1 := diagnose.Try(func() int64 { return learner(windowCase{now: time.Duration(k) * w, window: w}) })
			after, ok2 := diagnose.Try(func() int64 { return learner(windowCase{now: time.Duration(k)*w + 1, window: w}) })
			mid, ok3 := diagnose.Try(func() int64 { return learner(windowCase{now: time.Duration(k)*w + w/2, window: w}) })
			if !ok1 || !ok2 || !ok3 || at != k-1 || after != k || mid != k {
				return false
			}
		}
	}
	return true
}

// roundsUpBeforeBoundaries reports whether the learner's WindowID puts the
// last nanosecond before a boundary in the next window on windows of every
// size, and is right elsewhere on them: a function that rounds the
// quotient up or to the nearest, not one that is off for another reason.
func roundsUpBeforeBoundaries(learner func(windowCase) int64) bool {
	for _, w := range []time.Duration{10, 1000, time.Millisecond, time.Second, time.Hour} {
		for _, k := range []int64{1, 3, 1000} {
			before, ok1 := diagnose.Try(func() int64 { return learner(windowCase{now: time.Duration(k)*w - 1, window: w}) })
			at, ok2 := diagnose.Try(func() int64 { return learner(windowCase{now: time.Duration(k) * w, window: w}) })
			if !ok1 || !ok2 || before != k || at != k {
				return false
			}
		}
	}
	return true
}
