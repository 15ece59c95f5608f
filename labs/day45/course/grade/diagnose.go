package grade

import (
	"math/rand/v2"
	"slices"

	"termlab/labs/diagnose"
)

// The hint a failure gets is read off the counterexample: the grader tries
// the known mistakes on the very input that failed, and names one only when
// it gives the learner's answer there (and the reference's does not) AND on
// every probe input besides: then the learner's function and the mistake
// are the same function as far as the grader can tell. Otherwise the hint
// is a plain statement of what differs on this input (which way the answer
// is off, a limit it crosses), never a guess at the cause: a hint that names
// a mistake the learner did not make sends them looking in the wrong place.

// seeded is the random source of case i of TODO n: each case has its own,
// so a case can be drawn again on its own.
func seeded(n, i int) *rand.Rand {
	return rand.New(rand.NewPCG(45, uint64(n)<<32|uint64(i)))
}

// partOf is a part of a TODO's table (a diagnose.Part: one reading of
// the probes that names one of hints): read takes it off the rows of the
// learner's answers on the counterexample, the table's probes and the
// part's own extra ones.
func partOf[C, A, R any](row func(C, A) (R, bool), extra []C, read func(learner func(C) A, rows []R) diagnose.Hint, hints ...diagnose.Hint) []diagnose.Row[C, A] {
	return diagnose.PartRows(&diagnose.Part[C, A]{Read: func(c C, probes []C, learner, _ func(C) A) diagnose.Hint {
		rows := rowsOf(learner, append(append([]C{c}, probes...), extra...), row)
		if rows == nil {
			return diagnose.Hint{}
		}
		return read(learner, rows)
	}}, hints...)
}

// rowsOf is row of each case and the learner's answer there; nil if the
// learner panics on one, or row takes its answer for none: no part is read
// off a function that crashes.
func rowsOf[C, A, R any](learner func(C) A, cases []C, row func(C, A) (R, bool)) []R {
	out := make([]R, 0, len(cases))
	for _, c := range cases {
		a, ok := diagnose.Try(func() A { return learner(c) })
		r, keep := row(c, a)
		if !ok || !keep {
			return nil
		}
		out = append(out, r)
	}
	return out
}

// rowsOnly is a part read off the rows alone.
func rowsOnly[C, A, R any](part func([]R) diagnose.Hint) func(func(C) A, []R) diagnose.Hint {
	return func(_ func(C) A, rows []R) diagnose.Hint { return part(rows) }
}

// probeCount is how many random inputs, besides the hand-picked ones,
// tell apart two mistakes that both explain a counterexample.
const probeCount = 200

func probesOf[C any](hand []C, random func(int) C) []C {
	out := slices.Clone(hand)
	for i := range probeCount {
		out = append(out, random(i))
	}
	return out
}

// --- what the function does -----------------------------------------------
//
// Besides whole mistakes, a hint can name one thing the learner's function
// does, read off its answers on the probes: a property that holds on the
// counterexample and on every probe it bears on (at least diagnose.MinBearing of
// them), and that the reference does not have there. Each is a part of a
// function, not a whole one, so it names mistakes nobody listed: the cap
// on the wrong side whatever the refill, the token taken from the level
// before the refill whatever the decision, an answer that changes between
// two calls with the same input.

// equal is a table's Same for answers compared exactly.
func equal[C any, A comparable](_ C, a, b A) bool { return a == b }

// The named hints of each TODO, declared where they are written: the
// lists below are derived from them, never kept by hand.
var tokenHints, windowHints, expiredHints, emitHints diagnose.Set

// hintSets are the TODOs' sets, by number.
var hintSets = diagnose.Sets{1: &tokenHints, 2: &windowHints, 3: &expiredHints, 4: &emitHints}

// MistakeHints are the fixed words of TODO n's hints that name a mistake
// (a family's words carry figures: HintIDs names it). Every other hint is
// a plain statement of what differs.
func MistakeHints(n int) []string { return hintSets.Words(n) }

// HintIDs are the IDs of TODO n's hints that name a mistake, the state
// between calls among them.
func HintIDs(n int) []string { return hintSets.IDs(n) }
