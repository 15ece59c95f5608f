package grade

// The grader of TODO 3, Expired: its hand-picked and random cases, the
// per-call check, how a failing case is made simpler and how the calls an
// experiment makes to it are kept (see grade.go).

import (
	"fmt"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
	"termlab/labs/diagnose"
)

type expiredCase struct {
	stamp, now, window time.Duration
	what               string
}

var expiredCases = []expiredCase{
	{time.Second, time.Second, time.Minute, "a request stamped right now"},
	{0, 30 * time.Second, time.Minute, "a request half a window old"},
	{0, 2 * time.Minute, time.Minute, "a request two windows old"},
	{0, time.Minute, time.Minute, "a request exactly one window old"},
	{time.Nanosecond, time.Minute, time.Minute, "a request one nanosecond younger than the window"},
	{10 * time.Second, 70 * time.Second, time.Minute, "a stamp that is not at zero"},
	{1500 * time.Millisecond, 2 * time.Second, time.Second, "a sub-second age in a one-second window"},
	{time.Millisecond, 2500 * time.Microsecond, time.Millisecond, "a window of one millisecond"},
	{time.Microsecond, 2*time.Microsecond + 500, time.Microsecond, "a window of one microsecond"},
	{300 * time.Microsecond, 900 * time.Microsecond, 500 * time.Microsecond, "a window of 500 µs"},
	{time.Hour, 25 * time.Hour, 24 * time.Hour, "a window of a day, exactly one day old"},
	{century - time.Hour + time.Nanosecond, century, time.Hour, "a clock a century in, a stamp a nanosecond inside the window"},
}

// checkExpired grades TODO 3: its cases, then the experiments that call it.
func checkExpired(g *grading) *labs.Failure {
	return checkThenExperiments(g, g.expiredChecks(), recordExpired)
}

// recordExpired keeps each call an experiment makes to Expired, as a case.
func recordExpired(f *limit.Funcs, keep func(expiredCase)) {
	expired := f.Expired
	f.Expired = func(stamp, now, window time.Duration) bool {
		keep(expiredCase{stamp: stamp, now: now, window: window, what: madeByExperiment})
		return expired(stamp, now, window)
	}
}

func (g *grading) expiredChecks() labs.Cases[expiredCase] {
	check := func(c expiredCase) *labs.Failure {
		got := g.learner.Expired(c.stamp, c.now, c.window)
		want := g.ref.Expired(c.stamp, c.now, c.window)
		if got == want {
			return nil
		}
		plain := expiredPlain(c, got)
		return &labs.Failure{What: "wrong on " + c.what,
			Counterexample: labs.Counterexample{
				Input: fmt.Sprintf("Expired(stamp=%v, now=%v, window=%v)", c.stamp, c.now, c.window),
				Got:   fmt.Sprint(got), Want: fmt.Sprint(want),
			},
			Hint: plain.Text, HintID: plain.ID,
			Diagnose: diagnose.Reading(func() diagnose.Hint { return expiredNamed(g.learner.Expired, c, got, want) }),
		}
	}
	return labs.Cases[expiredCase]{
		Hand:    expiredCases,
		Random:  randomExpired,
		N:       randomCases,
		Check:   check,
		Simpler: simplerExpired,
	}
}

func randomExpired(i int) expiredCase {
	rng := seeded(3, i)
	w := randomWindow(i).window
	var now time.Duration
	switch rng.IntN(3) {
	case 0:
		now = time.Duration(rng.Int64N(int64(time.Hour)))
	case 1:
		now = time.Duration(rng.Int64N(int64(48 * time.Hour)))
	default:
		now = time.Duration(rng.Int64N(int64(century)))
	}
	stamp := now - time.Duration(rng.Int64N(int64(2*w)+1))
	switch rng.IntN(8) {
	case 0, 1:
		stamp = now - w // exactly one window old
	case 2:
		stamp = now - w + time.Duration(1-2*rng.IntN(2)) // a nanosecond either side
	}
	return expiredCase{stamp: max(stamp, 0), now: now, window: w, what: "an input found at random"}
}

func simplerExpired(c expiredCase) []expiredCase {
	var out []expiredCase
	// Move both times back together: the age is what matters.
	for _, unit := range []time.Duration{24 * time.Hour, time.Hour, time.Minute, time.Second, time.Millisecond} {
		if shift := c.stamp / unit * unit; shift > 0 {
			out = append(out, expiredCase{stamp: c.stamp - shift, now: c.now - shift, window: c.window, what: c.what})
			break
		}
	}
	return out
}
