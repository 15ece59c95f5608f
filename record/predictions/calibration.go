package predictions

import (
	"fmt"
	"strings"
)

// Calibration is how often each confidence level was right: a learner who
// says "sure" should be right more often than one who says "guess". It is
// counted from revealed rows only (the guess judged, against an actual
// already shown), so a line of it never says anything about an answer not
// yet seen.
type Calibration map[Confidence]Tally

// Tally is the guesses made at one level that have been judged, and how
// many of them were right (spot on or close enough).
type Tally struct {
	Judged int `json:"judged"`
	Right  int `json:"right"`
}

// Right reports whether a verdict counts as right for calibration.
func Right(v Verdict) bool { return v.Kind == Spot || v.Kind == Close }

// Calibrate tallies rows: each revealed, judged row with a confidence.
func Calibrate(rows []Row) Calibration {
	c := Calibration{}
	for _, r := range rows {
		if !r.Revealed || r.Verdict == nil || r.Confidence == "" {
			continue
		}
		t := c[r.Confidence]
		t.Judged++
		if Right(*r.Verdict) {
			t.Right++
		}
		c[r.Confidence] = t
	}
	return c
}

// Add is c and o together (across days).
func (c Calibration) Add(o Calibration) Calibration {
	out := Calibration{}
	for _, m := range []Calibration{c, o} {
		for l, t := range m {
			s := out[l]
			s.Judged += t.Judged
			s.Right += t.Right
			out[l] = s
		}
	}
	return out
}

// Line writes c in one line, surest first: "sure 3 of 4 right · likely 1
// of 2 · guess 0 of 1". Empty when nothing is tallied.
func (c Calibration) Line() string {
	var parts []string
	for _, l := range Levels {
		if t, ok := c[l]; ok && t.Judged > 0 {
			parts = append(parts, fmt.Sprintf("%s %d of %d right", l, t.Right, t.Judged))
		}
	}
	return strings.Join(parts, " · ")
}
