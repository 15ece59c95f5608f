package grade_test

import (
	"slices"
	"testing"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/grade"
	"termlab/labs/day46/course/parts"
	"termlab/labs/day46/course/words"
	"termlab/record/session/leakcheck"
	"termlab/runner/testrun"
)

// TestNoAnswerLeavesTheSession runs learner-style programs, wrong and
// right, through the learner's session as `run`, `grade` and the screens
// land them, at each stage of guessing (none, the course day's, all), and
// finds no open prediction's answer in anything it lets out: the printed
// report and grades, the JSON, every file written (session.Leaks). The
// default run takes a few variants, among them the FairShare whose
// counterexample is P4's question; TERMLAB_TEST_ALL=1 takes every one.
func TestNoAnswerLeavesTheSession(t *testing.T) {
	day := words.Day()
	refParts := play(day, ref, 0, nil)
	ref46 := labs.Outcome{Day: 46, Impl: labs.Reference, Parts: refParts}.Metrics()
	// The default run takes the reference's result for a part that does not
	// run the variant's TODO: by the part's Uses (which the parts' own test
	// holds to the TODOs its pieces call) it is the same result, and
	// replaying Parts 5 and 6 for a FairShare or DRRVisit variant was most
	// of the test's CPU. The whole suite plays every part of every variant.
	shared := refParts
	if testrun.All() {
		shared = nil
	}
	vs := append(slices.Clone(wrong), correct...)
	if !testrun.All() {
		few := []string{"capped equal split, no redistribution", "forgets to add the quantum", "repeat: meet everyone under the split, split again"}
		vs = slices.DeleteFunc(vs, func(v variant) bool { return !slices.Contains(few, v.name) })
		if len(vs) != len(few) {
			t.Fatalf("the default run's variants were renamed: found %d of %q", len(vs), few)
		}
	}
	for _, v := range vs {
		o := labs.Outcome{Day: 46, Impl: labs.Learner, Parts: play(day, v.f, v.todo, shared)}
		for _, todo := range day.TODOs {
			g := labs.Grade{TODO: todo.Number, Func: todo.Func, Status: labs.Pass}
			if todo.Number == v.todo {
				g = grade.TODO(v.todo, v.f, ref)
			}
			o.Grades = append(o.Grades, g)
		}
		leakcheck.Stages(t, day, v.name, o, ref46)
	}
}

// play runs every part of day on f, as the worker would; with ref, the
// reference's results of the same parts, a part that does not use todo
// is taken from ref instead.
func play(day labs.Day, f fair.Funcs, todo int, ref []labs.PartResult) []labs.PartResult {
	var out []labs.PartResult
	for i, p := range day.Parts {
		if ref != nil && !slices.Contains(p.Uses, todo) {
			out = append(out, ref[i])
			continue
		}
		out = append(out, parts.Run(p.ID, f, grade.Limit))
	}
	return out
}
