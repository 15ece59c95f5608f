package grade

import (
	"fmt"
	"slices"
)

// Answers that depend on the calls before: a function that keeps the
// latest clock it saw, or the largest answer it gave, can look right (or
// like another mistake) on any one call, and every reading of its parts
// would then be read off its memory. So before any reading each case is
// asked twice in a row, then all of them twice over, in two passes: an
// answer that changes names the state and nothing else.

// statefulHint is the hint for an input that gave a, then b.
func statefulHint(a, b string) string {
	return fmt.Sprintf("the same input gave %s, then %s on a later call: the function keeps something between calls (a package variable, say); everything it needs is in its arguments", a, b)
}

// twoPasses is statefulHint for the first answer that changed, or "".
func twoPasses[C any, A comparable](cases []C, call func(C) (A, bool), what func(A) string) string {
	if len(cases) == 0 {
		return ""
	}
	a, okA := call(cases[0])
	if b, okB := call(cases[0]); okA && okB && a != b {
		return statefulHint(what(a), what(b))
	}
	first := make([]A, len(cases))
	ok := make([]bool, len(cases))
	for i, c := range cases {
		first[i], ok[i] = call(c)
	}
	for i, c := range cases {
		if b, okB := call(c); okB && ok[i] && b != first[i] {
			return statefulHint(what(first[i]), what(b))
		}
	}
	return ""
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
func changedSince[C any, A comparable](right []C, call func(C) (A, bool), ref func(C) A, what func(A) string) string {
	for _, c := range right {
		if a, ok := call(c); ok && a != ref(c) {
			return statefulHint(what(ref(c)), what(a))
		}
	}
	return ""
}
