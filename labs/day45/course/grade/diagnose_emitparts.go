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
	emitOffsetFamily       = emitHints.Family("emit.offset")
	emitQueuedOffsetFamily = emitHints.Family("emit.queued-offset")
	emitWaitTimesFamily    = emitHints.Family("emit.wait-times")
	emitIdleOffsetFamily   = emitHints.Family("emit.idle-offset")
	emitWaitCapFamily      = emitHints.Family("emit.wait-cap")
)

// NextEmit read off what it does (issue 33), on probes behind a queue
// (nextEmit after now, waits from a nanosecond to a week) and idle ones
// (nextEmit before now), on short clocks and a century in: every answer
// off by one constant, the queued or the idle branch leaving at the wrong
// moment (a constant off the slot, the wait counted k times, the wait
// itself, now), waits right up to some length and wrong beyond it, an
// answer always a whole number of some unit, float rounding on long
// clocks. State between calls is caught before (emitNamed).

var (
	emitUsHint  = emitHints.Name("emit.unit-us", "units: whole microseconds move the answer; Durations compare and return exactly")
	emitSecHint = emitHints.Name("emit.unit-s", "units: whole seconds move the answer; Durations compare and return exactly")
)

// emitProbes are queued and idle probes at four clocks.
func emitProbes() []emitCase {
	var out []emitCase
	gaps := []time.Duration{1, 2, 300, time.Microsecond, time.Millisecond + 1, time.Second, time.Minute, time.Hour - 1, time.Hour, time.Hour + 1,
		2 * time.Hour, 23 * time.Hour, 24 * time.Hour, 25 * time.Hour, 72 * time.Hour, 7 * 24 * time.Hour}
	for _, base := range []time.Duration{0, 1500 * time.Millisecond, time.Hour + 7, century - 8*24*time.Hour + 123} {
		out = append(out, emitCase{now: base, nextEmit: base, what: "a probe"})
		for _, g := range gaps {
			out = append(out, emitCase{now: base, nextEmit: base + g, what: "a probe"})
			if base-g >= 0 {
				out = append(out, emitCase{now: base, nextEmit: base - g, what: "a probe"})
			}
		}
	}
	return out
}

type emitRow struct {
	c        emitCase
	got, ref time.Duration
}

// emitRowOf is a probe's row.
func emitRowOf(c emitCase, got time.Duration) (emitRow, bool) {
	return emitRow{c, got, max(c.now, c.nextEmit)}, true
}

// emitTable's last rows: what the learner's NextEmit does, read off its
// answers on the probes and on emitProbes, in precedence order.
func init() {
	var extra []emitCase // emitProbes are among the table's probes (emitNamed)
	only := rowsOnly[emitCase, time.Duration, emitRow]
	emitTable.Rows = slices.Concat(emitTable.Rows,
		partOf(emitRowOf, extra, only(emitOffset), emitOffsetFamily("")),
		partOf(emitRowOf, extra, only(emitQueued), emitQueuedOffsetFamily(""), emitNowOnlyHint, emitWaitHint, emitWaitTimesFamily("")),
		partOf(emitRowOf, extra, only(emitIdle), emitIdleOffsetFamily(""), emitSlotOnlyHint),
		partOf(emitRowOf, extra, emitWaitCap, emitWaitCapFamily("")),
		partOf(emitRowOf, extra, only(emitUnits), emitSecHint, emitMsHint, emitUsHint),
		partOf(emitRowOf, extra, only(emitFloat), emitFloatHint),
	)
}

// diff is a − b, and false where it would wrap.
func diff(a, b time.Duration) (time.Duration, bool) {
	d := a - b
	return d, (b >= 0 && d <= a) || (b < 0 && d > a)
}

// constantOff is the one d with got − of(row) = d on every row keep
// selects (at least diagnose.MinBearing of them), and whether there is one.
func constantOff(rows []emitRow, keep func(emitRow) bool, of func(emitRow) time.Duration) (time.Duration, bool) {
	var d time.Duration
	n := 0
	for _, r := range rows {
		if !keep(r) {
			continue
		}
		v, ok := diff(r.got, of(r))
		if !ok || (n > 0 && v != d) {
			return 0, false
		}
		d, n = v, n+1
	}
	return d, n >= diagnose.MinBearing
}

func lateEarly(d time.Duration) (time.Duration, string) {
	if d > 0 {
		return d, "late"
	}
	return time.Duration(absInt(int64(d))), "early"
}

// emitOffset names every answer off by one constant.
func emitOffset(rows []emitRow) diagnose.Hint {
	all := func(emitRow) bool { return true }
	if d, ok := constantOff(rows, all, func(r emitRow) time.Duration { return r.ref }); ok && d != 0 {
		by, way := lateEarly(d)
		return emitOffsetFamily(fmt.Sprintf("every answer is %v too %s: a request leaves the first moment both limits allow, max(now, nextEmit), neither before nor after", by, way))
	}
	return diagnose.Hint{}
}

func queued(r emitRow) bool { return r.c.nextEmit > r.c.now }
func idle(r emitRow) bool   { return r.c.nextEmit < r.c.now }

// emitQueued names what a request behind a queue leaves at, when it is
// one wrong moment on every queued probe.
func emitQueued(rows []emitRow) diagnose.Hint {
	if d, ok := constantOff(rows, queued, func(r emitRow) time.Duration { return r.c.nextEmit }); ok && d != 0 {
		by, way := lateEarly(d)
		return emitQueuedOffsetFamily(fmt.Sprintf("behind a queue the request leaves %v %s: it leaves exactly at its slot nextEmit, never before and no later", by, map[string]string{"late": "after its slot, too late", "early": "before its slot"}[way]))
	}
	for _, q := range []struct {
		of   func(emitRow) time.Duration
		hint diagnose.Hint
	}{
		{func(r emitRow) time.Duration { return r.c.now }, emitNowOnlyHint},
		{func(r emitRow) time.Duration { return r.c.nextEmit - r.c.now }, emitWaitHint},
	} {
		if d, ok := constantOff(rows, queued, q.of); ok && d == 0 {
			return q.hint
		}
	}
	return waitTimes(rows)
}

// waitTimes names a wait counted k times (k ≥ 2) on every queued probe.
func waitTimes(rows []emitRow) diagnose.Hint {
	var k time.Duration
	n := 0
	for _, r := range rows {
		if !queued(r) {
			continue
		}
		wait := r.c.nextEmit - r.c.now
		if n > 0 && wait > math.MaxInt64/k {
			continue // k waits pass the largest Duration: no bearing
		}
		took, ok := diff(r.got, r.c.now)
		if !ok {
			return diagnose.Hint{}
		}
		if n == 0 {
			if took%wait != 0 || took/wait < 2 || took/wait > 1000 {
				return diagnose.Hint{}
			}
			k = took / wait
		}
		if took != k*wait {
			return diagnose.Hint{}
		}
		n++
	}
	if n < diagnose.MinBearing {
		return diagnose.Hint{}
	}
	return emitWaitTimesFamily(fmt.Sprintf("the wait is counted %d times, so the request leaves too late: it waits nextEmit − now once, which brings it exactly to its slot, nextEmit", k))
}

// emitIdle names what a request leaves at when nothing is queued (the
// slot in the past), when it is one wrong moment on every idle probe.
func emitIdle(rows []emitRow) diagnose.Hint {
	if d, ok := constantOff(rows, idle, func(r emitRow) time.Duration { return r.c.now }); ok && d != 0 {
		by, way := lateEarly(d)
		return emitIdleOffsetFamily(fmt.Sprintf("with the slot in the past the request leaves %v %s: with nothing queued it leaves the moment it arrives, now", by, way))
	}
	if d, ok := constantOff(rows, idle, func(r emitRow) time.Duration { return r.c.nextEmit }); ok && d == 0 {
		return emitSlotOnlyHint
	}
	return diagnose.Hint{}
}

// emitWaitCap names a function right on every wait up to some length and
// wrong on every longer one (at least diagnose.MinBearing of each): the probes give
// the split, and a bisection of the learner between them (at one clock,
// checked either side) finds where it lies.
func emitWaitCap(learner func(emitCase) time.Duration, rows []emitRow) diagnose.Hint {
	longestRight, shortestWrong := time.Duration(-1), time.Duration(math.MaxInt64)
	right, wrong := 0, 0
	for _, r := range rows {
		if !queued(r) {
			continue
		}
		wait := r.c.nextEmit - r.c.now
		if r.got == r.ref {
			longestRight, right = max(longestRight, wait), right+1
		} else {
			shortestWrong, wrong = min(shortestWrong, wait), wrong+1
		}
	}
	if right < diagnose.MinBearing || wrong < diagnose.MinBearing || longestRight >= shortestWrong || !rightWhenIdle(rows) {
		return diagnose.Hint{}
	}
	const at = time.Hour + 7
	isRight := func(wait time.Duration) (bool, bool) {
		v, ok := diagnose.Try(func() time.Duration { return learner(emitCase{now: at, nextEmit: at + wait}) })
		return v == at+wait, ok
	}
	lo, hi := longestRight, shortestWrong // right at lo, wrong at hi
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		r, ok := isRight(mid)
		if !ok {
			return diagnose.Hint{}
		}
		if r {
			lo = mid
		} else {
			hi = mid
		}
	}
	for _, w := range []time.Duration{lo / 2, lo, hi, hi + 1, hi + hi/2, shortestWrong} {
		if r, ok := isRight(w); !ok || r != (w <= lo) {
			return diagnose.Hint{}
		}
	}
	return emitWaitCapFamily(fmt.Sprintf("waits up to %v come out right and longer ones wrong: a queue can hold any backlog (hours, days), and a request behind it leaves at its slot nextEmit however far off", lo))
}

func rightWhenIdle(rows []emitRow) bool {
	for _, r := range rows {
		if !queued(r) && r.got != r.ref {
			return false
		}
	}
	return true
}

// emitUnits names an answer that is always a whole number of some unit,
// within one unit of the right one, where the right one is not on at
// least diagnose.MinBearing probes.
func emitUnits(rows []emitRow) diagnose.Hint {
	for _, u := range windowUnitNames {
		n, all := 0, true
		for _, r := range rows {
			off, ok := diff(r.got, r.ref)
			if !ok || r.got%u.d != 0 || off >= u.d || off <= -u.d {
				all = false
				break
			}
			if r.ref%u.d != 0 {
				n++
			}
		}
		if all && n >= diagnose.MinBearing {
			return map[time.Duration]diagnose.Hint{time.Second: emitSecHint, time.Millisecond: emitMsHint, time.Microsecond: emitUsHint}[u.d]
		}
	}
	return diagnose.Hint{}
}

// emitFloat names float rounding: right on every short clock, and on at
// least diagnose.MinBearing long ones off by no more than float64's grain there
// (2^-44 of the clock).
func emitFloat(rows []emitRow) diagnose.Hint {
	wrong := 0
	for _, r := range rows {
		if r.got == r.ref {
			continue
		}
		off, ok := diff(r.got, r.ref)
		if hair := r.ref >> 44; !ok || r.ref < smallClock || off > hair || off < -hair {
			return diagnose.Hint{}
		}
		wrong++
	}
	if wrong >= diagnose.MinBearing {
		return emitFloatHint
	}
	return diagnose.Hint{}
}
