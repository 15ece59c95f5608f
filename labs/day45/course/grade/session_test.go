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
	play := func(f limit.Funcs) []labs.PartResult {
		var out []labs.PartResult
		for _, p := range day.Parts {
			out = append(out, parts.Run(p.ID, f, 2*time.Second, heavy))
		}
		return out
	}
	ref45 := labs.Outcome{Day: 45, Impl: labs.Reference, Parts: play(day45.Funcs)}.Metrics()
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
		o := labs.Outcome{Day: 45, Impl: labs.Learner, Parts: play(f)}
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
