package grade

import (
	"fmt"
	"math"
	"slices"
	"time"

	"termlab/labs/diagnose"
)

// The families of hints read here: their words carry the parameter.
var (
	windowOffByKFamily = windowHints.Family("window.off-by-k")
)

// WindowID read off what it does (issue 33): its answers on probes placed
// around boundaries (on one, a nanosecond either side, half a window in),
// on windows from 1.5 µs to a day and on clocks from zero to a century.
// Each reading names a mistake only when it holds on every probe it bears
// on, at least diagnose.MinBearing of them, and the reference breaks it: the start
// of the window returned, a number off by a constant, a quotient rounded
// the wrong way, a divisor other than the window (a unit between them),
// the part of now under a unit lost, and a function right on short clocks
// and wrong on long ones (float rounding, or a product that overflowed).

var (
	windowStartHint    = windowHints.Name("window.start-time", "that is the start of now's window (a time, now − now % window), not its number: the number is how many whole windows fit before now, now / window")
	windowBoundaryHint = windowHints.Name("window.boundary-in-window-before", "the boundary belongs to the window it starts: now = k × window is the first instant of window k")
	windowOverflowHint = windowHints.Name("window.overflow", "right on short clocks, and on long ones some answers are negative: an intermediate value overflowed int64 (a product such as now × 1000 wraps on clocks past a few months); divide the Durations themselves, now / window, which never overflows")
)

// smallClock is the clock under which float64 divides nanoseconds
// exactly enough that floor(now / window) comes out right: a reading of
// the rounding is made there, and long clocks are read apart.
const smallClock = time.Duration(1 << 50)

// windowProbeSizes are the windows probed: odd and round, 1.5 µs to a day.
var windowProbeSizes = []time.Duration{1500, time.Microsecond, 750 * time.Microsecond, time.Millisecond, 2_500_750,
	time.Second, 1500 * time.Millisecond, time.Minute, time.Hour, 24 * time.Hour}

// windowProbes are the probes around boundaries: window k at its start, a
// nanosecond and 300 ns either side (float64 rounds a clock a century in
// to 512 ns), half way and its last nanosecond, for small k
// and for k near a century's clock (and 2^53 ns, where float64 stops
// counting every nanosecond).
func windowProbes() []windowCase {
	var out []windowCase
	for _, w := range windowProbeSizes {
		ks := []int64{0, 1, 2, 3, 7, 1000, int64((1 << 53) / w), int64(century/w) - 3, int64(century / w)}
		for _, k := range ks {
			at := time.Duration(k) * w
			for _, d := range []time.Duration{0, 1, -1, 300, -300, w / 2, w/2 - 1, w/2 + 1, w - 1} {
				if now := at + d; now >= 0 {
					out = append(out, windowCase{now: now, window: w, what: "a probe"})
				}
			}
		}
	}
	return out
}

// windowRow is one probe and the two answers on it.
type windowRow struct {
	c        windowCase
	got, ref int64
}

// windowRowOf is a probe's row; none where the window or the clock is
// out of range.
func windowRowOf(c windowCase, got int64) (windowRow, bool) {
	if c.window <= 0 || c.now < 0 {
		return windowRow{}, false
	}
	return windowRow{c, got, int64(c.now / c.window)}, true
}

// windowParts are windowTable's last rows: what the learner's WindowID
// does, read off its answers on the probes and on windowProbes, in
// precedence order.
func windowParts() []diagnose.Row[windowCase, int64] {
	extra := windowProbes()
	only := rowsOnly[windowCase, int64, windowRow]
	return slices.Concat(
		partOf(windowRowOf, extra, only(windowStart), windowStartHint),
		partOf(windowRowOf, extra, only(windowOffset), windowPlusOneHint, windowOffByKFamily("")),
		partOf(windowRowOf, extra, only(windowRounding), windowUpHint, windowNearestHint, windowBoundaryHint, roundDownHint),
		partOf(windowRowOf, extra, only(windowDivisor), windowDivisorShiftedFamily(""), windowDivisorOtherFamily(""), windowUnitMixedFamily("")),
		partOf(windowRowOf, extra, windowUnitLost, unitsHint(""), cutHint("")),
		partOf(windowRowOf, extra, only(windowLongClocks), windowFloatHint, windowOverflowHint),
	)
}

// windowStart names an answer that is the start of now's window: the
// number times the window (computed only where it fits an int64).
func windowStart(rows []windowRow) diagnose.Hint {
	n, differs := 0, false
	for _, r := range rows {
		w := int64(r.c.window)
		if r.ref > math.MaxInt64/w || r.got != r.ref*w {
			return diagnose.Hint{}
		}
		differs = differs || r.ref*w != r.ref
		n++
	}
	if n >= diagnose.MinBearing && differs {
		return windowStartHint
	}
	return diagnose.Hint{}
}

// windowOffset names a number off by the same constant everywhere.
func windowOffset(rows []windowRow) diagnose.Hint {
	var off int64
	for i, r := range rows {
		if r.got < math.MinInt64+r.ref { // the difference would wrap
			return diagnose.Hint{}
		}
		d := r.got - r.ref
		if i == 0 {
			off = d
		} else if d != off {
			return diagnose.Hint{}
		}
	}
	if len(rows) < diagnose.MinBearing || off == 0 {
		return diagnose.Hint{}
	}
	if off == 1 {
		return windowPlusOneHint
	}
	more := "more"
	if off < 0 {
		more = "less"
	}
	return windowOffByKFamily(fmt.Sprintf("windows are numbered from 0 (the first window, [0, window), is window 0), and every answer here is %d %s than now / window: drop the constant", absInt(off), more))
}

func absInt(v int64) uint64 {
	if v < 0 {
		return uint64(-(v + 1)) + 1
	}
	return uint64(v)
}

// roundingRule is a way of turning now / window into a whole number, by
// the quotient q and the remainder r; half tells whether an exact half may
// go either way (round to the nearest).
type roundingRule struct {
	id   func(q, r, w int64) int64
	half bool
	hint diagnose.Hint
}

var roundingRules = []roundingRule{
	{func(q, r, w int64) int64 { return q + b2i(r > 0) }, false, windowUpHint},                 // up
	{func(q, r, w int64) int64 { return q + b2i(2*r > w) }, true, windowNearestHint},           // to the nearest
	{func(q, r, w int64) int64 { return q - b2i(r == 0 && q > 0) }, false, windowBoundaryHint}, // (now − 1) / window
	{func(q, r, w int64) int64 { return q + b2i(r == w-1) }, false, roundDownHint},             // (now + 1) / window
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// windowRounding names a quotient rounded the wrong way: the rule holds
// on every probe on a short clock, and on long clocks it is off by at most
// one (float rounding besides), and the reference breaks it somewhere.
func windowRounding(rows []windowRow) diagnose.Hint {
	for _, rule := range roundingRules {
		n, differs, all := 0, false, true
		for _, r := range rows {
			q, rem, w := r.ref, int64(r.c.now%r.c.window), int64(r.c.window)
			want := rule.id(q, rem, w)
			ok := r.got == want || (rule.half && 2*rem == w && r.got == q+1)
			if r.c.now >= smallClock {
				ok = r.got >= want-1 && r.got <= want+1
			} else {
				n++
			}
			if !ok {
				all = false
				break
			}
			differs = differs || (want != q && r.c.now < smallClock)
		}
		if all && differs && n >= diagnose.MinBearing {
			return rule.hint
		}
	}
	return diagnose.Hint{}
}
