package labs

import (
	"fmt"
	"math"
)

// A Failure is one counterexample a grader's check found: what is wrong,
// the input with what the learner's function gave and what it should, and
// a hint that names the mistake the input shows (or says plainly what
// differs when it shows none).
type Failure struct {
	What           string
	Counterexample Counterexample
	// Hint is what the check says on its own, read off the failure alone
	// (no further call of the learner's code): a plain statement of what
	// differs, unless the failure is the mistake itself (one input
	// answered two ways). It stands unless Diagnose names the mistake.
	Hint   string
	HintID string // Hint's ID (labs/diagnose): what a class is grouped by
	// Diagnose, when set, reads the probes for a better hint (one that
	// names the mistake), or gives none. The grader asks it once, of the
	// failure shown, after its checks (Explain): never on a case that
	// passes nor on the steps of a shrink, since it reads hundreds of
	// probes, and never inside the checks' bound.
	Diagnose func() (hint, id string)
}

func (f *Failure) Error() string { return f.What }

// Fail records f as g's verdict.
func (g *Grade) Fail(f *Failure) {
	ce := f.Counterexample
	g.Status, g.Detail, g.Hint, g.HintID, g.Counterexample = Fail, f.What, f.Hint, f.HintID, &ce
}

// Cases are one TODO's per-call checks over its case type C: hand-picked
// cases first, simplest first, so that the first failure is the smallest
// one a learner can act on, then seeded random ones, a failing one shrunk
// before it is shown.
type Cases[C any] struct {
	// Hand are the hand-picked cases, simplest first: never shrunk.
	Hand []C
	// Random is the i-th seeded random case, for i in [0, N).
	Random func(i int) C
	N      int
	// Check is nil when the learner agrees with the reference on c.
	Check func(c C) *Failure
	// Simpler are simpler versions of c (fewer items, rounder numbers),
	// tried in order when c fails: none when nil.
	Simpler func(c C) []C
	// Sweep, when set, is a check across many calls, run after the
	// hand-picked cases and before the random ones: a property no single
	// call shows (a window number that never goes back as time moves on).
	// It returns its failure, nil when none, and how many calls it made.
	Sweep func() (*Failure, int)
}

// First checks the hand-picked cases, then the sweep, then the random
// ones, and returns the first failure (a random one shrunk) and how many
// checks it made (the sweep's calls included).
func (s Cases[C]) First() (*Failure, int) {
	checked := 0
	for _, c := range s.Hand {
		checked++
		if f := s.Check(c); f != nil {
			FailFound() // the verdict before anything else
			return f, checked
		}
	}
	if s.Sweep != nil {
		f, n := s.Sweep()
		if checked += n; f != nil {
			FailFound()
			return f, checked
		}
	}
	for i := range s.N {
		checked++
		c := s.Random(i)
		if f := s.Check(c); f != nil {
			FailFound() // the verdict before the shrinking
			return s.Shrink(c, f), checked
		}
	}
	return nil, checked
}

// maxShrink bounds the steps of a shrink: each step should move one value
// towards a rounder one, so a shrink ends on its own, but a Simpler that
// cycles must not hang the grader.
const maxShrink = 200

// Shrink replaces the failing case c (its failure f) by a simpler one that
// still fails, as long as there is one, and returns the last failure.
func (s Cases[C]) Shrink(c C, f *Failure) *Failure {
	if s.Simpler == nil {
		return f
	}
	for range maxShrink {
		progressed := false
		for _, d := range s.Simpler(c) {
			if g := s.Check(d); g != nil {
				c, f, progressed = d, g, true
				break
			}
		}
		if !progressed {
			break
		}
	}
	return f
}

// Search checks, in order, calls an experiment made, and returns the first
// that fails, shrunk: the smallest wrong call behind a wrong figure.
func (s Cases[C]) Search(calls []C) *Failure {
	for _, c := range calls {
		if f := s.Check(c); f != nil {
			FailFound()
			return s.Shrink(c, f)
		}
	}
	return nil
}

// Near reports whether a is within tol × max(1, |scale|) of b: the
// tolerance graders allow float answers, since correct orders of
// arithmetic differ in the last bits.
func Near(a, b, scale, tol float64) bool {
	return math.Abs(a-b) <= tol*max(1, math.Abs(scale))
}

// FigureDiffers is how a verdict says that an experiment's figure came out
// differently with the learner's function: which figure, and which way,
// but neither number. A grade can come before any guess, and the
// reference's figure is a prediction's answer; so, often, is the learner's
// own (a figure a rounding away from the reference's prints the same), and
// next to "higher" it would bound the answer. got is nil when the
// learner's run gave no such figure. The counterexample's input is
// "Part 1 (burst accepted)"; the figures are the run's to show, once the
// part is revealed (the scoreboard shows the learner's beside the
// reference's).
func FigureDiffers(part string, got *Metric, want Metric) (how string, ce Counterexample) {
	way := "higher than"
	switch {
	case got == nil:
		way = "missing from"
	case got.Value < want.Value:
		way = "lower than"
	case !(got.Value > want.Value): // NaN: neither higher nor lower
		way = "not a number, unlike"
	}
	return fmt.Sprintf("%s: %s the reference's", want.Label, way),
		Counterexample{Input: fmt.Sprintf("Part %s (%s)", part, want.Label),
			Got:  way + " the reference's",
			Want: "the reference's figure (not shown: it can be a guess's answer)"}
}
