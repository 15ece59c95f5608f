package grade

import (
	"slices"

	"termlab/labs/diagnose"
)

// Answers that depend on the calls before: a function that keeps the
// latest clock it saw, or the largest answer it gave, can look right (or
// like another mistake) on any one call, and every reading of its parts
// would then be read off its memory. So before any reading each case is
// asked twice in a row, then all of them twice over, in two passes: an
// answer that changes names the state and nothing else.

// twoPasses is the state hint (labs/diagnose) for the first answer that
// changed between two passes over cases, or none.
func twoPasses[C any, A comparable](cases []C, call func(C) (A, bool), what func(A) string) diagnose.Hint {
	return diagnose.TwoPasses(cases, call, diagnose.Equal[A], what)
}

// answeredRight are the hand-picked cases the grader had checked, and
// found right, before it failed on c: those before c when c is one of
// them (they are checked first, in order, and never shrunk), else all.
func answeredRight[C comparable](hand []C, c C) []C {
	if i := slices.Index(hand, c); i >= 0 {
		return hand[:i]
	}
	return hand
}

// changedSince is statefulHint for the first case the learner answered
// like the reference when graded (right) and answers otherwise now, or
// "": a function whose memory has filled up (the latest clock it saw, a
// century in) answers every probe the same in both passes, and only its
// answers from before show the change.
func changedSince[C any, A comparable](right []C, call func(C) (A, bool), ref func(C) A, what func(A) string) diagnose.Hint {
	return diagnose.ChangedSince(right, call, ref, diagnose.Equal[A], what)
}
