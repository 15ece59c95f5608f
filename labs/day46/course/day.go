// Package course is Day 46 whole: its words (course/words: the lesson, the
// predictions, the drills, the TODO cards, the number to carry) put together
// with its machinery, the experiments (parts/), the grader (grade/) and the
// playground (play/) on the pure model (fair/). The lab's own binary links
// only the words (labs/registry); the workers, the tests and the tools
// binary link this.
//
// It never imports the learner's package, so the lab opens even while the
// learner's code does not compile. The learner's four functions reach the
// experiments as a Funcs value: from labs/day46 inside the worker program
// (see UseLearner), or from solutions/day46.
package course

import (
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/grade"
	"termlab/labs/day46/course/parts"
	"termlab/labs/day46/course/play"
	"termlab/labs/day46/course/words"
)

// PartLimit bounds one piece of an experiment, in CPU time; the reference
// takes well under a second, so a learner's piece that needs this long is
// stuck. Part 5's 100 deals give a correct but slow ShardOf several seconds
// (see grade.Limit), hence 12 s. Tests under -race raise it.
var PartLimit = 12 * time.Second

// New returns Day 46, graded against ref (the reference solutions): its
// words, with the functions that play and grade it.
func New(ref Funcs) labs.Day {
	impl := learner.Bind(ref)
	d := words.Day()
	d.Figures = play.Figures(impl)
	d.Questions = parts.Questions(impl)
	d.RunPart = labs.RunPartOf(impl, func(id string, f fair.Funcs) labs.PartResult { return parts.Run(id, f, PartLimit) })
	d.PlayPieces = labs.PlayPiecesOf(impl, func(id string, f fair.Funcs, only []int) labs.PlayedPieces {
		return parts.RunOnly(id, f, PartLimit, only)
	})
	d.GradeTODO = labs.GradeTODOOf(impl, len(d.TODOs), func(n int, f fair.Funcs) labs.Grade { return grade.TODO(n, f, ref) })
	return d
}
