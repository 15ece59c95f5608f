package grade

// The grader of TODO 4, NextEmit: its hand-picked and random cases, the
// per-call check, how a failing case is made simpler and how the calls an
// experiment makes to it are kept (see grade.go).

import (
	"fmt"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
	"termlab/labs/diagnose"
)

type emitCase struct {
	now, nextEmit time.Duration
	what          string
}

var emitCases = []emitCase{
	{0, 0, "the very first request"},
	{time.Second, 3 * time.Second, "a request behind a queue"},
	{3 * time.Second, 3 * time.Second, "a request arriving exactly at its slot"},
	{5 * time.Second, 2 * time.Second, "an idle bucket (the slot is in the past)"},
	{time.Hour, 0, "a bucket idle for an hour"},
	{time.Second, time.Second + time.Hour, "a request behind an hour of backlog"},
	{time.Minute, time.Minute + 50*time.Hour + 1, "a request behind two days of backlog"},
	{1500 * time.Microsecond, 1200 * time.Microsecond, "a slot less than a millisecond ago"},
	{1200 * time.Microsecond, 1700 * time.Microsecond, "a slot less than a millisecond ahead"},
	{century + 1, century, "a clock a century in, a nanosecond after the slot"},
	{century, century + 1, "a clock a century in, a nanosecond before the slot"},
	// Gaps past 2⁵³ ns (104 days), uneven to the nanosecond: float64 holds
	// every whole number only up to 2⁵³, so a max, a gap or a half-sum
	// taken through float64 is off here, where round figures hide it.
	{1<<53 + 4001, 1000, "a bucket idle for 2⁵³ ns and more, uneven figures"},
	{1000, 1<<53 + 4001, "a backlog of 2⁵³ ns and more, uneven figures"},
	{century - 987_654_321, 12_345, "a bucket idle for a century, uneven figures"},
	{7_777_777, century + 7_777_791, "a backlog of a century, uneven figures"},
}

// checkNextEmit grades TODO 4: its cases, then the experiments that call it.
func checkNextEmit(g *grading) *labs.Failure {
	return checkThenExperiments(g, g.emitChecks(), recordEmit)
}

// recordEmit keeps each call an experiment makes to NextEmit, as a case.
func recordEmit(f *limit.Funcs, keep func(emitCase)) {
	next := f.NextEmit
	f.NextEmit = func(now, nextEmit time.Duration) time.Duration {
		keep(emitCase{now: now, nextEmit: nextEmit, what: madeByExperiment})
		return next(now, nextEmit)
	}
}

func (g *grading) emitChecks() labs.Cases[emitCase] {
	check := func(c emitCase) *labs.Failure {
		got := g.learner.NextEmit(c.now, c.nextEmit)
		want := g.ref.NextEmit(c.now, c.nextEmit)
		if got == want {
			return nil
		}
		what := "wrong on " + c.what
		switch {
		case got < c.now:
			what = "an impossible answer on " + c.what + ": the emit time is in the past, before the request even arrived"
		case got < c.nextEmit:
			what = "the request jumped the queue: it leaves before the slot nextEmit (" + c.what + ")"
		}
		plain := emitPlain(c, got, want)
		return &labs.Failure{What: what,
			Counterexample: labs.Counterexample{
				Input: fmt.Sprintf("NextEmit(now=%v, nextEmit=%v)", c.now, c.nextEmit),
				Got:   got.String(), Want: want.String(),
			},
			Hint: plain.Text, HintID: plain.ID,
			Diagnose: diagnose.Reading(func() diagnose.Hint { return emitNamed(g.learner.NextEmit, c, got, want) }),
		}
	}
	return labs.Cases[emitCase]{
		Hand:    emitCases,
		Random:  randomEmit,
		N:       randomCases,
		Check:   check,
		Simpler: simplerEmit,
	}
}

func randomEmit(i int) emitCase {
	rng := seeded(4, i)
	var now time.Duration
	switch rng.IntN(3) {
	case 0:
		now = time.Duration(rng.Int64N(int64(time.Minute)))
	case 1:
		now = time.Duration(rng.Int64N(int64(48 * time.Hour)))
	default:
		now = time.Duration(rng.Int64N(int64(century)))
	}
	var next time.Duration
	switch rng.IntN(7) {
	case 0:
		next = now
	case 1:
		next = max(0, now-time.Duration(rng.Int64N(int64(time.Millisecond))))
	case 2:
		next = now + time.Duration(rng.Int64N(int64(time.Millisecond)))
	case 3: // hours to days of backlog: a queue can be that long
		next = now + time.Duration(rng.Int64N(int64(7*24*time.Hour)))
	case 4: // a slot hours to days in the past: a bucket idle that long
		next = max(0, now-time.Duration(rng.Int64N(int64(7*24*time.Hour))))
	default:
		next = max(0, now+time.Duration(rng.Int64N(int64(2*time.Minute)))-time.Minute)
	}
	return emitCase{now: now, nextEmit: next, what: "an input found at random"}
}

func simplerEmit(c emitCase) []emitCase {
	var out []emitCase
	lo := min(c.now, c.nextEmit)
	for _, unit := range []time.Duration{24 * time.Hour, time.Hour, time.Minute, time.Second, time.Millisecond} {
		if shift := lo / unit * unit; shift > 0 {
			out = append(out, emitCase{now: c.now - shift, nextEmit: c.nextEmit - shift, what: c.what})
			break
		}
	}
	return out
}
