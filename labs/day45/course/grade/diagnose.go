package grade

import (
	"math/rand/v2"
	"slices"
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

// probeCount is how many random inputs, besides the hand-picked ones,
// tell apart two mistakes that both explain a counterexample.
const probeCount = 200

// pickMistake returns the first of the k known mistakes that explains the
// counterexample (explains) and agrees with the learner's answers on every
// probe input (agree), or -1. A counterexample can fit several mistakes (at
// elapsed = 600 ms, whole seconds and "nothing refilled" both give no
// refill), and a mistake can fit the counterexample and not the learner's
// code (a loop that drops waits over an hour returns now on a two-day wait,
// as "ignores the queue" does, and is right on an hour): the probes decide,
// and anything short of agreement on all of them names nothing.
func pickMistake(k, probes int, explains func(m int) bool, agree func(m, p int) bool) int {
	for m := range k {
		if !explains(m) {
			continue
		}
		all := true
		for p := 0; all && p < probes; p++ {
			all = agree(m, p)
		}
		if all {
			return m
		}
	}
	return -1
}

// answers calls the learner once on each probe; a probe it panics on
// agrees with no mistake.
func answers[C, A any](probes []C, call func(C) A) (out []A, ok []bool) {
	out, ok = make([]A, len(probes)), make([]bool, len(probes))
	for i, p := range probes {
		func() {
			defer func() {
				if recover() != nil {
					ok[i] = false
				}
			}()
			out[i], ok[i] = call(p), true
		}()
	}
	return out, ok
}

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
// counterexample and on every probe it bears on (at least minBearing of
// them), and that the reference does not have there. Each is a part of a
// function, not a whole one, so it names mistakes nobody listed: the cap
// on the wrong side whatever the refill, the token taken from the level
// before the refill whatever the decision, an answer that changes between
// two calls with the same input.

// minBearing is how many probes a property must bear on before it names
// anything: one probe is a coincidence.
const minBearing = 5

// holds reports whether prop holds on every case it bears on (and bears on
// at least minBearing of them), where the reference's answers break it on
// at least one: then the property is the learner's, not the task's.
func holds[C, A any](cases []C, learner, ref func(C) (A, bool), bears func(C) bool, prop func(C, A) bool) bool {
	n, refBreaks := 0, false
	for _, c := range cases {
		if !bears(c) {
			continue
		}
		a, ok := learner(c)
		if !ok || !prop(c, a) {
			return false
		}
		if r, ok := ref(c); ok && !prop(c, r) {
			refBreaks = true
		}
		n++
	}
	return n >= minBearing && refBreaks
}

// guarded calls f, reporting false when it panics.
func guarded[A any](f func() A) (a A, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return f(), true
}

// stateful is the hint for a function whose answer to the same input
// changes from one call to the next, or "": first is its answer before the
// probes (firstOK: it answered), call asks it again after them.
func stateful[A comparable](first A, firstOK bool, call func() A, what func(A) string) string {
	again, ok := guarded(call)
	if firstOK && ok && first != again {
		return statefulHint(what(first), what(again))
	}
	return ""
}

// tokenBehaviour names what the learner's TakeToken does on the probes,
// divide by zero (a window shorter than its unit).
func safeCall(f func() int64) (v int64) {
	defer func() {
		if recover() != nil {
			v = -1
		}
	}()
	return f()
}

// MistakeHints are TODO n's hints that name a mistake, one per known
// mistake (several mistakes may share one). Every other hint is a plain
// statement of what differs. The equivalence suite uses the list to check
// that a hint names only the mistake its variant made.
func MistakeHints(n int) []string {
	hints := map[int][]string{
		1: append(hintsOf(tokenMistakes, func(m tokenMistake) string { return m.hint }), capFloorHint, oldLevelHint, onlyThereHint, roundUpHint, refillOnlyFullHint, handBackHint, spendOtherHint, refusedHint, capOffHint, refillRoundHint, capMinusOneHint, creditHint, rateRoundHint, zeroElapsedHint, fullBucketHint, emptyBucketHint, perHourHint, perMinuteHint, perMilliHint, microFactorHint, shortByMilliHint, rateIgnoredHint, rateSquaredHint, waitIgnoredHint, waitDividedHint, waitSquaredHint),
		2: append(hintsOf(windowMistakes, func(m windowMistake) string { return m.hint }), windowModHint, roundDownHint, windowStartHint, windowBoundaryHint, windowOverflowHint),
		3: append(hintsOf(expiredMistakes, func(m expiredMistake) string { return m.hint }), expiredFixedHint, expiredUsHint, expiredNeverHint, expiredZeroHint),
		4: append(hintsOf(emitMistakes, func(m emitMistake) string { return m.hint }), emitUsHint, emitSecHint),
	}[n]
	slices.Sort(hints)
	return slices.Compact(hints)
}

// hintsOf is the hints of a TODO's known mistakes.
func hintsOf[M any](ms []M, hint func(M) string) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = hint(m)
	}
	return out
}
