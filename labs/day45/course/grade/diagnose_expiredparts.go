package grade

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"termlab/labs/day45/course/limit"
	"termlab/labs/diagnose"
)

// The families of hints read here: their words carry the parameter.
var (
	expiredBoundaryMovedFamily = expiredHints.Family("expired.boundary-moved")
	expiredWindowIgnoredFamily = expiredHints.Family("expired.window-ignored")
	expiredHalfWindowFamily    = expiredHints.Family("expired.half-window")
	expiredWindowFactorFamily  = expiredHints.Family("expired.window-factor")
	expiredBoundarySlackFamily = expiredHints.Family("expired.boundary-slack")
)

// Expired read off what it does (issue 33). Its answer should be a
// threshold on the age, now − stamp ≥ window; the grader finds the age at
// which the learner's function turns true, for each of a set of windows
// (from 1.5 µs to a day) and on clocks short and long, checks that it is a
// threshold there (false below, true at and above), and names the shape of
// the bound: a nanosecond off (< for ≤), a constant off, a multiple of the
// window, no window at all, whole units, float rounding on long clocks.
// Beside it: an answer that is the reference's opposite everywhere, one
// that changes only at fixed-window boundaries (the wrong pair compared),
// and one that changes between two identical calls.

var (
	expiredFixedHint = expiredHints.Name("expired.fixed-windows", "the answer moves only at fixed-window boundaries (stamp / window against now / window): the trailing window slides with now, so a stamp is out once now − stamp ≥ window, wherever stamp and now fall")
	expiredUsHint    = expiredHints.Name("expired.unit-us", "units: whole microseconds lose windows and ages under a microsecond; compare the Durations themselves")
	expiredNeverHint = expiredHints.Name("expired.never", "a stamp several windows old is never out here: a stamp is out once now − stamp ≥ window")
	expiredZeroHint  = expiredHints.Name("expired.now-expired", "a stamp of now itself comes out expired: it counts while its age is under the window, out once now − stamp ≥ window")
)

// expiredBases are the clocks the thresholds are read at: one short
// (whole seconds, so whole units of the stamp and of now agree), and
// three about a century in.
var expiredBases = []time.Duration{time.Hour, century - 48*time.Hour, century - 48*time.Hour + 123_456_789, century - 5*time.Hour + 777}

// ageThreshold is the age at which learner turns true on window w with the
// stamp at base: never is true when it does not by 4 windows (or two
// days); ok is false
// when the function is not a threshold in age there (or panics).
func ageThreshold(learner limit.ExpiredFunc, base, w time.Duration) (t time.Duration, never, ok bool) {
	at := func(age time.Duration) (bool, bool) {
		return diagnose.Try(func() bool { return learner(base, base+age, w) })
	}
	hi := max(4*w+4, 48*time.Hour) // a bound that ignores the window shows on short ones
	if v, ok := at(hi); !ok {
		return 0, false, false
	} else if !v {
		return 0, true, true
	}
	lo := time.Duration(-1) // learner false at lo (or lo is before 0), true at hi
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		v, ok := at(mid)
		if !ok {
			return 0, false, false
		}
		if v {
			hi = mid
		} else {
			lo = mid
		}
	}
	for _, a := range []time.Duration{0, 1, w / 2, w - 1, w, w + 1, 2*w - 1, 2 * w, 2*w + 1, 3 * w, hi - 1, hi, hi + 1, 4 * w} {
		if v, ok := at(max(a, 0)); !ok || v != (max(a, 0) >= hi) {
			return 0, false, false
		}
	}
	return hi, false, true
}

// expiredTable's last rows: what the learner's Expired does, read off
// its answers on the probes and on thresholds of its own, in precedence
// order: the opposite everywhere, the shape of the bound, fixed windows.
func init() {
	expiredTable.Rows = slices.Concat(expiredTable.Rows,
		[]diagnose.Row[expiredCase, bool]{{ID: invertedHint.ID, Words: invertedHint.Text,
			Prop: func(_ expiredCase, a, want bool) bool { return a != want }}},
		diagnose.PartRows(&diagnose.Part[expiredCase, bool]{Read: func(_ expiredCase, _ []expiredCase, learner, _ func(expiredCase) bool) diagnose.Hint {
			return expiredBound(func(s, now, w time.Duration) bool { return learner(expiredCase{stamp: s, now: now, window: w}) })
		}}, expiredNeverHint, expiredZeroHint, edgeHint, expiredBoundaryMovedFamily(""), pastHint, expiredWindowIgnoredFamily(""),
			twoWindowsHint, expiredHalfWindowFamily(""), expiredBoundarySlackFamily(""), expiredWindowFactorFamily(""), expiredSecHint, expiredMsHint, expiredUsHint, expiredFloatHint),
		[]diagnose.Row[expiredCase, bool]{{ID: expiredFixedHint.ID, Words: expiredFixedHint.Text, Reads: fixedWindows}},
	)
}

// fixedWindows reports whether the learner's answer moves only where
// stamp or now crosses a fixed-window boundary: the same as with both cut
// to whole windows, on every probe where that moves one of them, and
// moving with each of now and stamp somewhere. (One that never moves with
// now, or with stamp, ignores it, which this does not name.)
func fixedWindows(c expiredCase, probes []expiredCase, learner, _ func(expiredCase) bool) (string, bool) {
	cases := append([]expiredCase{c}, probes...)
	on := func(c expiredCase) (bool, bool) { return diagnose.Try(func() bool { return learner(c) }) }
	ref := func(c expiredCase) (bool, bool) { return c.now-c.stamp >= c.window, true }
	fixed := func(c expiredCase) bool { return c.stamp%c.window != 0 || c.now%c.window != 0 }
	return "", diagnose.Holds(cases, on, ref, fixed, func(c expiredCase, v bool) bool {
		w := c.window
		at, ok := on(expiredCase{stamp: c.stamp / w * w, now: c.now / w * w, window: w})
		return ok && at == v
	}) && movedBy(cases, on, func(c expiredCase) (expiredCase, bool) {
		c.now += c.window
		return c, c.now > c.window // no wrap past the largest Duration
	}) && movedBy(cases, on, func(c expiredCase) (expiredCase, bool) {
		c.stamp -= c.window
		return c, c.stamp >= 0
	})
}

// movedBy reports whether the learner's answer changes on some case when
// shift moves it (where the moved case is one to ask).
func movedBy(cases []expiredCase, on func(expiredCase) (bool, bool), shift func(expiredCase) (expiredCase, bool)) bool {
	for _, c := range cases {
		d, valid := shift(c)
		if !valid {
			continue
		}
		a, okA := on(c)
		b, okB := on(d)
		if okA && okB && a != b {
			return true
		}
	}
	return false
}

// expiredBound reads the bound off the thresholds at the short clock,
// then at the long ones.
func expiredBound(learner limit.ExpiredFunc) diagnose.Hint {
	ts := make([]time.Duration, len(windowProbeSizes))
	for i, w := range windowProbeSizes {
		t, never, ok := ageThreshold(learner, expiredBases[0], w)
		switch {
		case !ok:
			return diagnose.Hint{}
		case never:
			ts[i] = -1
		default:
			ts[i] = t
		}
	}
	if h := boundShape(ts); !h.None() {
		return h
	}
	return boundOnLongClocks(learner, ts)
}

// boundShape names the bound when every window's threshold (ts, -1 for
// never) has one shape other than the window itself.
func boundShape(ts []time.Duration) diagnose.Hint {
	all := func(f func(t, w time.Duration) bool) bool {
		for i, w := range windowProbeSizes {
			if !f(ts[i], w) {
				return false
			}
		}
		return true
	}
	right := all(func(t, w time.Duration) bool { return t == w })
	if right {
		return diagnose.Hint{}
	}
	if all(func(t, w time.Duration) bool { return t < 0 }) {
		return expiredNeverHint
	}
	if slices0(ts) {
		return expiredZeroHint
	}
	if d := ts[0] - windowProbeSizes[0]; all(func(t, w time.Duration) bool { return t >= 0 && t-w == d }) {
		if d == 1 {
			return edgeHint
		}
		return expiredBoundaryMovedFamily(fmt.Sprintf("the boundary is %v %s: a stamp leaves once its age is exactly the window (now − stamp ≥ window), and here it leaves at window %s %v", time.Duration(absInt(int64(d))), map[bool]string{true: "late", false: "early, at the edge"}[d > 0], sign(int64(d)), time.Duration(absInt(int64(d)))))
	}
	if all(func(t, w time.Duration) bool { return t == ts[0] }) {
		if ts[0] == 1 {
			return pastHint // expired once it is in the past at all
		}
		return expiredWindowIgnoredFamily(fmt.Sprintf("the window makes no difference: every stamp leaves at age %v, whatever the window; a stamp is out once now − stamp ≥ window", ts[0]))
	}
	if h := boundNearWindow(ts); !h.None() {
		return h
	}
	last := len(ts) - 1
	if r := float64(ts[last]) / float64(windowProbeSizes[last]); all(func(t, w time.Duration) bool {
		return t >= 0 && math.Abs(float64(t)-r*float64(w)) <= 1
	}) {
		switch {
		case math.Abs(r-2) < 1e-9:
			return twoWindowsHint
		case math.Abs(r-0.5) < 1e-9:
			return expiredHalfWindowFamily("one whole window, not half of one: a stamp is out once now − stamp ≥ window")
		}
		return expiredWindowFactorFamily(fmt.Sprintf("the bound is %s windows: a stamp is out once now − stamp ≥ one window", factorText(r)))
	}
	for _, u := range windowUnitNames {
		if all(func(t, w time.Duration) bool { return t >= 0 && t%u.d == 0 && t-w < u.d && w-t < u.d }) {
			return map[time.Duration]diagnose.Hint{time.Second: expiredSecHint, time.Millisecond: expiredMsHint, time.Microsecond: expiredUsHint}[u.d]
		}
	}
	return diagnose.Hint{}
}

// factorText prints a factor of the window with the digits it needs to
// differ from 1 (a factor is never printed as "1 windows").
func factorText(r float64) string {
	for p := 4; p < 17; p++ {
		if s := strconv.FormatFloat(r, 'g', p, 64); s != "1" {
			return s
		}
	}
	return strconv.FormatFloat(r, 'g', -1, 64)
}

// boundNearWindow names a bound within slackMost of the window on every
// window, off it on some, one way, and not by one constant (a constant is
// named before): a slack (an ε) or float seconds at the comparison, read
// as the largest amount early (or late) it is. Coarser units, off by up to
// a whole unit, are wider than slackMost and named after.
const slackMost = 2 * time.Nanosecond

func boundNearWindow(ts []time.Duration) diagnose.Hint {
	var early, late time.Duration
	for i, w := range windowProbeSizes {
		t := ts[i]
		if t < 0 || t-w > slackMost || w-t > slackMost {
			return diagnose.Hint{}
		}
		early, late = max(early, w-t), max(late, t-w)
	}
	switch {
	case early > 0 && late == 0:
		return expiredBoundarySlackFamily(fmt.Sprintf("the bound is up to %v short of the window on some windows: a stamp that much short of one window old is already out, as a slack (an ε) or float seconds at the comparison make it; compare the Durations exactly, now − stamp ≥ window", early))
	case late > 0 && early == 0:
		return expiredBoundarySlackFamily(fmt.Sprintf("the bound is up to %v past the window on some windows: a stamp one window old is kept there, as a slack (an ε) or float seconds at the comparison make it; compare the Durations exactly, now − stamp ≥ window", late))
	}
	return diagnose.Hint{}
}

func slices0(ts []time.Duration) bool {
	for _, t := range ts {
		if t != 0 {
			return false
		}
	}
	return true
}

// boundOnLongClocks names float rounding: the bound is the window on the
// short clock (ts) and off by less than a microsecond on some windows on
// a long one, where float64 no longer counts every nanosecond.
func boundOnLongClocks(learner limit.ExpiredFunc, ts []time.Duration) diagnose.Hint {
	for i, w := range windowProbeSizes {
		if ts[i] != w {
			return diagnose.Hint{}
		}
	}
	off := 0
	for _, base := range expiredBases[1:] {
		for _, w := range windowProbeSizes {
			t, never, ok := ageThreshold(learner, base, w)
			if !ok || never || t-w > time.Microsecond || w-t > time.Microsecond {
				return diagnose.Hint{}
			}
			if t != w {
				off++
			}
		}
	}
	if off >= diagnose.MinBearing {
		return expiredFloatHint
	}
	return diagnose.Hint{}
}
