package history

import (
	"fmt"
	"strings"

	"termlab/labs"
	"termlab/record/predictions"
)

// Progress is how far a learner has got in a day, from its history and
// answers, without running anything.
type Progress struct {
	Runs                   int  // runs in the history
	Passed, TODOs          int  // TODOs passing in the latest run
	Predicted, Predictions int  // predictions made or skipped
	Drills, DrillsOf       int  // drills tried
	Answered               bool // RESULTS.md holds the day's one-line answer
}

// Of works out a day's progress. answered is whether RESULTS.md holds the
// day's one-line answer (results.Answered).
func Of(day labs.Day, recs []Record, a predictions.Answers, answered bool) Progress {
	p := Progress{Runs: len(recs), TODOs: len(day.TODOs), Predictions: len(day.Predictions), DrillsOf: len(day.Drills), Answered: answered}
	if len(recs) > 0 {
		p.Passed = recs[len(recs)-1].Passed()
	} else {
		p.Passed = a.TODOsPassed // a lab from before the history
	}
	for _, pr := range day.Predictions {
		if g, ok := a.Predictions[pr.ID]; ok && (g.Value != nil || g.Skipped) {
			p.Predicted++
		}
	}
	for _, d := range day.Drills {
		if a.Drills[d.ID].Attempted {
			p.Drills++
		}
	}
	return p
}

// Started reports whether the learner has done anything in the day.
func (p Progress) Started() bool {
	return p.Runs > 0 || p.Passed > 0 || p.Predicted > 0 || p.Drills > 0 || p.Answered
}

// Done reports whether everything the day asks for is in: every TODO
// passes, every prediction is made (or skipped), every drill tried, and
// the one-line answer written.
func (p Progress) Done() bool {
	return p.Passed == p.TODOs && p.Predicted == p.Predictions && p.Drills == p.DrillsOf && p.Answered
}

// State is the day's progress in one short line.
func (p Progress) State() string {
	switch {
	case !p.Started():
		return "not started"
	case p.Done():
		return "done"
	}
	s := []string{
		fmt.Sprintf("TODOs %d/%d", p.Passed, p.TODOs),
		fmt.Sprintf("predictions %d/%d", p.Predicted, p.Predictions),
		fmt.Sprintf("drills %d/%d", p.Drills, p.DrillsOf),
	}
	if p.Answered {
		s = append(s, "answer written")
	} else {
		s = append(s, "answer not written")
	}
	return strings.Join(s, " · ")
}

// Next is the index of the first day not done, and false when every day
// is.
func Next(ps []Progress) (int, bool) {
	for i, p := range ps {
		if !p.Done() {
			return i, true
		}
	}
	return 0, false
}

// Missing says what a day still lacks, in a short phrase ("TODO 3 and 4,
// P9, the RESULTS.md answer"), for a "next" line.
func (p Progress) Missing() string {
	var s []string
	if p.Passed < p.TODOs {
		s = append(s, fmt.Sprintf("%d of %d TODOs to pass", p.TODOs-p.Passed, p.TODOs))
	}
	if p.Predicted < p.Predictions {
		s = append(s, fmt.Sprintf("%d predictions to make", p.Predictions-p.Predicted))
	}
	if p.Drills < p.DrillsOf {
		s = append(s, fmt.Sprintf("%d drills to try", p.DrillsOf-p.Drills))
	}
	if !p.Answered {
		s = append(s, "the one-line answer in RESULTS.md to write")
	}
	return strings.Join(s, ", ")
}
