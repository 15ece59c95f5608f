// Package course is Day 45 whole: its words (course/words: the lesson, the
// predictions, the drills, the TODO cards, the number to carry) put together
// with its machinery: the limiters and the TODOs' Funcs (limit/), the
// experiments (parts/; Parts 4 and 6, which need Redis or HTTP, in fleet/
// and door/), the grader (grade/) and the playground (play/). The lab's own
// binary links only the words (labs/registry); the workers, the tests and
// the tools binary link this.
//
// It never imports the learner's package, so the lab opens even while the
// learner's code does not compile. The learner's four functions reach the
// experiments as a Funcs value: from labs/day45 inside the worker program
// (see UseLearner), or from solutions/day45.
package course

import (
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/grade"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/parts"
	"termlab/labs/day45/course/play"
	"termlab/labs/day45/course/words"
)

// partLimit bounds one piece of an experiment; the reference takes
// microseconds, so a learner's piece that needs this long is stuck.
const partLimit = 2 * time.Second

// New returns Day 45, graded against ref (the reference solutions): its
// words, with the functions that play and grade it. heavy are the heavy
// packages' pieces (fleet.Pieces, door.Pieces), which only the full worker
// links and hands over (its generated link file); without them Parts 4 and
// 6 answer that this program does not link them.
func New(ref Funcs, heavy ...[]parts.Piece) labs.Day {
	impl := learner.Bind(ref)
	linked := parts.Heavy(heavy...)
	// The heavy packages' commands (the door's server) run this code.
	parts.Link(impl)
	d := words.Day()
	d.Figures = play.Figures(impl)
	d.Questions = parts.Questions(impl)
	d.RunPart = labs.RunPartOf(impl, func(id string, f Funcs) labs.PartResult { return parts.Run(id, f, partLimit, linked) })
	d.GradeTODO = labs.GradeTODOOf(impl, len(d.TODOs), func(n int, f Funcs) labs.Grade { return grade.TODO(n, f, ref) })
	// The heavy parts call TakeToken alone: a lean worker answers it for
	// the full worker, which links no learner code (limit/remote.go).
	d.LearnerCalls = func() (map[labs.CallKind]labs.CallHandler, bool) {
		f, ok := learner.Get()
		if !ok {
			return nil, false
		}
		return limit.Handlers(f), true
	}
	d.CallAcross = func(p *labs.CallPipe) {
		learner.Use(limit.Remote(p))
		limit.RemoteTimer = limit.Timer(p)
	}
	return d
}
