package picker

import (
	"termlab/labs"
	"termlab/record/predictions"
	"termlab/tui/common"
)

// progress is what the day list shows for a day.
type progress struct {
	predicted, total int
	passed, todos    int
	drills, drillsOf int
	rows             []predictions.Row // the last scoreboard, from LastRun
	carry            string
}

func dayProgress(day labs.Day, a predictions.Answers) progress {
	p := progress{total: len(day.Predictions), passed: a.TODOsPassed, todos: len(day.TODOs), drillsOf: len(day.Drills)}
	for _, pr := range day.Predictions {
		if g, ok := a.Predictions[pr.ID]; ok && (g.Value != nil || g.Skipped) {
			p.predicted++
		}
	}
	for _, d := range day.Drills {
		if a.Drills[d.ID].Attempted {
			p.drills++
		}
	}
	if len(a.LastRun) > 0 {
		p.rows = predictions.ScoreAgainst(day, a, a.LastRun, nil, common.SavedGrades(day, a))
		if day.Carry != nil {
			p.carry = day.Carry(a.LastRun)
		}
	}
	return p
}
