package grade

import (
	"termlab/labs/day46/course/fair"
	"termlab/labs/diagnose"
)

// Hints read off what the learner's function does on the probes (the
// hand-picked cases and a few hundred seeded random ones), beside the known
// mistakes of diagnose.go: a property of the answers (a bound on the wrong
// side, a credit kept where it should go, a count that changes with the
// order of the lists, workers numbered from 1) names a mistake only when it
// holds on every probe it bears on, at least diagnose.MinBearing of them, and the
// reference's answers break it somewhere. One probe is a coincidence; a
// property the reference shares is the task, not a mistake. Otherwise the
// hint stays the plain statement of what differs.

// impossibleHint is a hint for an impossible answer of TODO n (the checked
// wrapper stopped the grading on it), read off the probes: a known mistake
// that agrees with the learner everywhere, or a property of its answers;
// "" keeps the wrapper's own hint, which says what cannot be right.
func impossibleHint(n int, raw, ref fair.Funcs) diagnose.Hint {
	switch n {
	case 1:
		return shareImpossible(raw.FairShare, ref.FairShare)
	case 3:
		return shardImpossible(raw.ShardOf)
	case 2:
		return visitImpossible(raw.DRRVisit, ref.DRRVisit)
	case 4:
		return overlapImpossible(raw.Overlap, ref.Overlap)
	}
	return diagnose.Hint{}
}

// firstDiffering is the first probe on which learner and ref answer
// differently (or learner panics), and whether there is one.
func firstDiffering[C, A any](probes []C, learner, ref func(C) A, same func(C, A, A) bool) (C, bool) {
	for _, p := range probes {
		got, ok := diagnose.Try(func() A { return learner(p) })
		if !ok || !same(p, got, ref(p)) {
			return p, true
		}
	}
	var zero C
	return zero, false
}
