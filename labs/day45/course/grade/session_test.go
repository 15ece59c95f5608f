package grade_test

import (
	"slices"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/door"
	"termlab/labs/day45/course/fleet"
	"termlab/labs/day45/course/grade"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/parts"
	"termlab/labs/day45/course/words"
	"termlab/record/session/leakcheck"
	"termlab/runner/testrun"
	"termlab/solutions/day45"
)

// TestNoAnswerLeavesTheSession runs learner-style programs, wrong and
// right, the heavy parts included (Part 4's shared counter), through the
// learner's session as `run`, `grade` and the screens land them, at each
// stage of guessing (none, the course day's, all), and finds no open
// prediction's answer in anything it lets out: the printed report and
// grades, the JSON, every file written (session.Leaks). The stub's
// "nothing done yet" is one of them. The default run takes a few variants;
// TERMLAB_TEST_ALL=1 takes every one.
func TestNoAnswerLeavesTheSession(t *testing.T) {
	day := words.Day()
	heavy := parts.Heavy(fleet.Pieces, door.Pieces)
	// play runs every part of the day on f, as the worker would; with ref,
	// the reference's results of the same parts, a part that does not use
	// todo is taken from ref instead. The default run does so: by the
	// part's Uses (which the parts' own test holds to the TODOs its pieces
	// call) it is the same result, and replaying every part for each
	// variant was most of the test's CPU. The whole suite plays every part
	// of every variant.
	play := func(f limit.Funcs, todo int, ref []labs.PartResult) []labs.PartResult {
		var out []labs.PartResult
		for i, p := range day.Parts {
			if ref != nil && !slices.Contains(p.Uses, todo) {
				out = append(out, ref[i])
				continue
			}
			out = append(out, parts.Run(p.ID, f, 2*time.Second, heavy))
		}
		return out
	}
	refParts := play(day45.Funcs, 0, nil)
	ref45 := labs.Outcome{Day: 45, Impl: labs.Reference, Parts: refParts}.Metrics()
	shared := refParts
	if testrun.All() {
		shared = nil
	}
	var vs []variant
	for _, l := range [][]variant{wrongTake, correctTake, wrongID, correctID, wrongExpired, correctExpired, wrongEmit, correctEmit} {
		vs = append(vs, l...)
	}
	if !testrun.All() {
		few := []string{"cap after spending", "reference shape: min then spend", "unsigned division"}
		vs = slices.DeleteFunc(vs, func(v variant) bool { return !slices.Contains(few, v.name) })
		if len(vs) != len(few) {
			t.Fatalf("the default run's variants were renamed: found %d of %q", len(vs), few)
		}
	}
	for _, v := range vs {
		f := v.funcs()
		o := labs.Outcome{Day: 45, Impl: labs.Learner, Parts: play(f, v.todo(), shared)}
		for _, todo := range day.TODOs {
			g := labs.Grade{TODO: todo.Number, Func: todo.Func, Status: labs.Pass}
			if todo.Number == v.todo() {
				g = grade.TODO(todo.Number, f, day45.Funcs)
			}
			o.Grades = append(o.Grades, g)
		}
		leakcheck.Stages(t, day, v.name, o, ref45)
	}
}
