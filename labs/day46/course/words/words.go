// Package words is Day 46 as the lab shows it, without its machinery: the
// lesson, the predictions, the drills, the TODO cards, the parts and the
// playground's figures as lists, the number to carry, and the learner's
// files as shipped. It imports only the engine's types (and the shipped
// texts), so the lab's own binary, which draws the screens and plays
// nothing itself, links the day's words and none of its model, parts,
// grader or playground (the workers run those: course.New puts the whole
// day together).
package words

import (
	"fmt"

	"termlab/labs"
	"termlab/labs/day46/course/shipped"
)

// LearnerDir is where the learner's package lives, for pointing at lines.
const LearnerDir = "labs/day46"

// Day is Day 46's words: everything of the labs.Day but the functions that
// run it (RunPart and GradeTODO nil, each figure's Play nil).
func Day() labs.Day {
	return labs.Day{
		Number:      46,
		Title:       "The noisy neighbour",
		Summary:     "one FIFO for all, static quotas, max-min fair share, DRR, shuffle sharding",
		LearnerDir:  LearnerDir,
		Shipped:     map[string]string{"todo.go": shipped.TODO, "notdone.go": shipped.NotDone},
		Lesson:      lesson,
		TODOs:       TODOs,
		Parts:       Parts(),
		Predictions: predictions,
		Questions:   Questions(),
		Drills:      drills,
		Figures:     Figures(),
		Allowed:     allowed,
		Imports:     labs.Computing,
		Carry:       carry,
		Deliverable: "How far did one noisy tenant push the quiet tenants' p99 through one shared queue, and what brought it back without leaving capacity idle? With 8 workers and shards of 2, what share of tenants can one noisy tenant take down, and why?",
	}
}

// allowed is the reviewed exceptions to the hindsight check: P3's and
// P4's answers, rounded, are numbers that appear before their guesses only
// as something else (a request's size, a run's length, a demand).
var allowed = []labs.Allowed{
	{Prediction: "P12", Figure: "up to four times", In: "lesson: Part 3", Reason: "a tenant of weight 4 in Part 3's water-filling, not a fleet"},
	{Prediction: "P3", Figure: "40", In: "P8 question", Reason: "the big tenant's request size (40 ms), a setting of Part 4, not an idle share"},
	{Prediction: "P3", Figure: "40", In: "labs/day46/CONTRACT.md", Reason: "the big tenant's request size (40 ms) in Part 4's settings, not an idle share"},
	{Prediction: "P4", Figure: "60", In: "labs/day46/CONTRACT.md", Reason: "the length of a run (60 s) in the parts' settings, not a fair share"},
	{Prediction: "P3", Figure: "40", In: "drill D1", Reason: "one tenant's demand in the water-filling drill, not an idle share"},
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
