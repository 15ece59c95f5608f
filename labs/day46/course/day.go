// Package course is Day 46 as the runner teaches it: the lesson, the
// predictions, the drills and the number to carry. The pure machinery is in
// fair/, the experiments in parts/, the grader in grade/.
//
// It never imports the learner's package, so the lab opens even while the
// learner's code does not compile. The learner's four functions reach the
// experiments as a Funcs value: from labs/day46 inside the worker program
// (see UseLearner), or from solutions/day46.
package course

import (
	_ "embed"
	"fmt"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/grade"
	"termlab/labs/day46/course/parts"
	"termlab/labs/day46/course/play"
)

//go:embed shipped/todo.go.txt
var shippedTODO string

// shippedNotDone is labs/day46/notdone.go, the lab's file beside the
// learner's: the marker the stubs panic with (see labs/day45/notdone.go).
//
//go:embed shipped/notdone.go.txt
var shippedNotDone string

// ShippedTODO is the learner's file as the course ships it.
func ShippedTODO() string { return shippedTODO }

// PartLimit bounds one piece of an experiment; the reference takes well
// under a second, so a learner's piece that needs this long is stuck.
// Tests under -race raise it (see grade.Limit).
var PartLimit = 5 * time.Second

// allowed is the reviewed exceptions to the hindsight check: P3's answer
// (the idle share, 40.2%) rounds to 40, a number that appears before its
// guess only as something else.
var allowed = []labs.Allowed{
	{Prediction: "P3", Figure: "40", In: "P8 question", Reason: "the big tenant's request size (40 ms), a setting of Part 4, not an idle share"},
	{Prediction: "P3", Figure: "40", In: "drill D1", Reason: "one tenant's demand in the water-filling drill, not an idle share"},
}

// New returns Day 46, graded against ref (the reference solutions).
func New(ref Funcs) labs.Day {
	impl := learner.Bind(ref)
	return labs.Day{
		Number:      46,
		Title:       "The noisy neighbour",
		Summary:     "one FIFO for all, static quotas, max-min fair share, DRR, shuffle sharding",
		LearnerDir:  fair.LearnerDir,
		Shipped:     map[string]string{"todo.go": shippedTODO, "notdone.go": shippedNotDone},
		Lesson:      lesson,
		TODOs:       grade.TODOs,
		Parts:       parts.Parts(),
		Predictions: predictions,
		Drills:      drills,
		Figures:     play.Figures(impl),
		Allowed:     allowed,
		Carry:       carry,
		Deliverable: "How far did one noisy tenant push the quiet tenants' p99 through one shared queue, and what brought it back without leaving capacity idle? With 8 workers and shards of 2, what share of tenants can one noisy tenant take down, and why?",
		RunPart:     labs.RunPartOf(impl, func(id string, f fair.Funcs) labs.PartResult { return parts.Run(id, f, PartLimit) }),
		GradeTODO:   labs.GradeTODOOf(impl, len(grade.TODOs), func(n int, f fair.Funcs) labs.Grade { return grade.TODO(n, f, ref) }),
	}
}

// carry is the number to carry out of the day.
func carry(m labs.Metrics) string {
	alone, okA := m["fifo_quiet_p99_alone_ms"]
	fifo, okF := m["fifo_quiet_p99_ms"]
	drr, okD := m["drr_quiet_p99_ms"]
	slack, okS := m["drr_noisy_rate"]
	switch {
	case okA && okF && okD && okS:
		return fmt.Sprintf("One noisy tenant pushed the quiet tenants' p99 from %.0f ms to %.0f ms through one shared queue; deficit round robin brought it back to %.0f ms and still gave the noisy tenant the %.0f/s nobody else wanted.",
			alone, fifo, drr, slack)
	case okA && okF:
		return fmt.Sprintf("One noisy tenant pushed the quiet tenants' p99 from %.0f ms to %.0f ms through one shared queue; finish TODO 2 to see what fair queuing brings it back to.", alone, fifo)
	default:
		return "Run the day to measure how far one noisy tenant pushes everyone else's latency."
	}
}
