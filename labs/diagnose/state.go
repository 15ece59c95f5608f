package diagnose

import "fmt"

// BetweenCalls is the ID of the hint for a function that answers the same
// call two ways: told first, on every day.
const BetweenCalls = "state.between-calls"

// Stateful is the hint for a function whose answer to the same input was
// a, then b on a later call.
func Stateful(a, b string) Hint {
	return Hint{ID: BetweenCalls, Text: fmt.Sprintf("the same input gave %s, then %s on a later call: the function keeps something between calls (a package variable, say); everything it needs is in its arguments", a, b)}
}

// TwoPasses asks the first case twice in a row, then every case once and
// once more after all of them, and is Stateful for the first answer that
// changed, or no hint. call reports false when the learner panicked.
func TwoPasses[C, A any](cases []C, call func(C) (A, bool), same func(A, A) bool, what func(A) string) Hint {
	if len(cases) == 0 {
		return Hint{}
	}
	a, okA := call(cases[0])
	if b, okB := call(cases[0]); okA && okB && !same(a, b) {
		return Stateful(what(a), what(b))
	}
	first := make([]A, len(cases))
	ok := make([]bool, len(cases))
	for i, c := range cases {
		first[i], ok[i] = call(c)
	}
	for i, c := range cases {
		if b, okB := call(c); okB && ok[i] && !same(b, first[i]) {
			return Stateful(what(first[i]), what(b))
		}
	}
	return Hint{}
}

// ChangedSince is Stateful for the first of right (cases the learner was
// graded right on, before it failed) that it answers otherwise now, or no
// hint: a function whose memory has filled up answers every probe the
// same twice over, and only its answers from before show the change.
func ChangedSince[C, A any](right []C, call func(C) (A, bool), ref func(C) A, same func(A, A) bool, what func(A) string) Hint {
	for _, c := range right {
		if a, ok := call(c); ok && !same(a, ref(c)) {
			return Stateful(what(ref(c)), what(a))
		}
	}
	return Hint{}
}

// Equal is same for comparable answers.
func Equal[A comparable](a, b A) bool { return a == b }
