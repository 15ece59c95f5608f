package session

import (
	"termlab/labs"
	"termlab/record/predictions"
)

// Elsewhere is how often each confidence level was right on the course's
// days other than skip, and how many days had any (the line across days,
// which the shell's `run` and the Scoreboard both show beside the day's
// own). Only a day with a revealed guess that carries a confidence asks
// ref for its reference's figures (ref may play it, or read a cache; nil
// leaves the day out), and only revealed rows count (revealedOnly), so the
// line never judges a guess whose answer the learner has not seen.
func Elsewhere(root string, course labs.Course, skip int, ref func(labs.Day) labs.Metrics) (predictions.Calibration, int) {
	total, days := predictions.Calibration{}, 0
	for _, d := range course {
		if d.Number == skip {
			continue
		}
		// Read only (Load, not LoadDay, which may rewrite a file it
		// prunes): this line is a look at another day, and a damaged file
		// counts for nothing here; that day's own screens say so.
		a, _ := predictions.Load(Open(root, d).Dir(), d.Number)
		confident := false
		for _, g := range a.Predictions {
			confident = confident || g.Revealed && g.Scored != nil && g.Confidence != ""
		}
		if !confident {
			continue
		}
		m := ref(d)
		if m == nil {
			continue
		}
		c := predictions.Calibrate(predictions.ScoreAgainst(d, a, revealedOnly(d, a, m), m, nil))
		if c.Line() == "" {
			continue
		}
		total = total.Add(c)
		days++
	}
	return total, days
}

// revealedOnly is ref cut to the metrics of a's revealed predictions, so
// nothing not yet shown is judged.
func revealedOnly(day labs.Day, a predictions.Answers, ref labs.Metrics) labs.Metrics {
	out := labs.Metrics{}
	for _, p := range day.Predictions {
		if v, ok := ref[p.Metric]; ok && a.Predictions[p.ID].Revealed {
			out[p.Metric] = v
		}
	}
	return out
}

// AcrossDays is the line across days: the day's own calibration with the
// other days' (Elsewhere); empty unless some other day counted.
func AcrossDays(own predictions.Calibration, elsewhere predictions.Calibration, days int) (line string, n int) {
	if days == 0 {
		return "", 0
	}
	n = days
	if own.Line() != "" {
		n++
	}
	return own.Add(elsewhere).Line(), n
}
