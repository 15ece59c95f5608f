package diagnose

// MinBearing is how many probes a property must bear on before it names
// anything: one probe is a coincidence.
const MinBearing = 5

// Try calls f, reporting false when it panics (learner code, or a
// mistake's model on an input it cannot take).
func Try[A any](f func() A) (a A, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return f(), true
}

// Answers calls f once on each probe; a probe it panics on is not ok.
func Answers[C, A any](probes []C, f func(C) A) (out []A, ok []bool) {
	out, ok = make([]A, len(probes)), make([]bool, len(probes))
	for i, p := range probes {
		out[i], ok[i] = Try(func() A { return f(p) })
	}
	return out, ok
}

// Reproduces reports whether model gives the learner's answer on every
// probe (and answers them all): the rule every named mistake meets.
// learner are the learner's answers, ok whether it gave them.
func Reproduces[C, A any](probes []C, learner []A, ok []bool, model func(C) A, same func(C, A, A) bool) bool {
	for i, p := range probes {
		a, mok := Try(func() A { return model(p) })
		if !ok[i] || !mok || !same(p, a, learner[i]) {
			return false
		}
	}
	return true
}

// Holds reports whether prop holds of the learner's answers on every case
// it bears on (at least MinBearing of them), where the reference's answers
// break it on at least one: then the property is the learner's, not the
// task's.
func Holds[C, A any](cases []C, learner, ref func(C) (A, bool), bears func(C) bool, prop func(C, A) bool) bool {
	n, refBreaks := 0, false
	for _, c := range cases {
		if bears != nil && !bears(c) {
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
	return n >= MinBearing && refBreaks
}

// Pick is the index of the first model (in order: precedence) that gives
// got on the counterexample where want differs, and the learner's answers
// on every probe; or -1. learner is asked the probes only once, and only
// when some model explains the counterexample.
func Pick[C, A any](c C, got, want A, probes []C, learner func(C) A, models []func(C) A, same func(C, A, A) bool) int {
	var answers []A
	var ok []bool
	for m, f := range models {
		a, mok := Try(func() A { return f(c) })
		if !mok || !same(c, a, got) || same(c, a, want) {
			continue
		}
		if answers == nil {
			answers, ok = Answers(probes, learner)
		}
		if Reproduces(probes, answers, ok, f, same) {
			return m
		}
	}
	return -1
}
