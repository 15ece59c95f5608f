package grade

import "termlab/labs/day46/course/fair"

// Hints read off what the learner's function does on the probes (the
// hand-picked cases and a few hundred seeded random ones), beside the known
// mistakes of diagnose.go: a property of the answers (a bound on the wrong
// side, a credit kept where it should go, a count that changes with the
// order of the lists, workers numbered from 1) names a mistake only when it
// holds on every probe it bears on, at least minBearing of them, and the
// reference's answers break it somewhere. One probe is a coincidence; a
// property the reference shares is the task, not a mistake. Otherwise the
// hint stays the plain statement of what differs.

// minBearing is how many probes a property must bear on before it names
// anything.
const minBearing = 5

// try calls f, reporting false when it panics (the learner's function is
// called raw here, unchecked: a probe it crashes on bears on no property).
func try[A any](f func() A) (a A, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return f(), true
}

// impossibleHint is a hint for an impossible answer of TODO n (the checked
// wrapper stopped the grading on it), read off the probes: a known mistake
// that agrees with the learner everywhere, or a property of its answers;
// "" keeps the wrapper's own hint, which says what cannot be right.
func impossibleHint(n int, raw, ref fair.Funcs) string {
	switch n {
	case 1:
		return shareImpossible(raw.FairShare, ref.FairShare)
	case 3:
		return shardImpossible(raw.ShardOf)
	case 4:
		return overlapImpossible(raw.Overlap, ref.Overlap)
	}
	// TODO 2's wrapper hints already tell a charge for a request left in
	// the queue from serving one that does not fit.
	return ""
}

// firstDiffering is the first probe on which learner and ref answer
// differently (or learner panics), and whether there is one.
func firstDiffering[C, A any](probes []C, learner, ref func(C) A, same func(C, A, A) bool) (C, bool) {
	for _, p := range probes {
		got, ok := try(func() A { return learner(p) })
		if !ok || !same(p, got, ref(p)) {
			return p, true
		}
	}
	var zero C
	return zero, false
}

// behaviourHints are TODO n's hints read off the probes that name a
// mistake (some are a known mistake's own words), for MistakeHints.
func behaviourHints(n int) []string {
	switch n {
	case 1:
		return []string{wrongOrderHint, roundedDownHint, roundedHint, demandFloorHint, lastOutHint, sortedOnlyHint, splitAllHint, splitOneLessHint, neverTakenHint, leftOverHint}
	case 2:
		out := []string{oldCreditHint, quantumAloneHint, quantumTwiceHint, perRequestHint, overServeHint, entryEmptyHint, unchargedHint, quantumLostHint, bankHint}
		for _, p := range servedParts {
			out = append(out, p.hint)
		}
		for _, p := range leftParts {
			out = append(out, p.hint)
		}
		return out
	case 3:
		return shardHints()
	case 4:
		out := []string{needsSortedHint, anywhereHint, orderChangesHint}
		for _, p := range overlapCounts() {
			out = append(out, p.hint)
		}
		return out
	}
	return nil
}
