package cli

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/record/session"
)

// practice: a revealed question asked again with new numbers. `practice
// 45 P1` deals a variant from the knobs of the figure that answers P1
// (labs.Variant), or shows the one still open; `practice 45 P1 35` judges
// 35 against that figure played on the reference at the variant's
// numbers. The answer is worked out only then, so it is never on screen or
// in a file before the guess.

func cmdPractice(ctx context.Context, e Env, a Args) int {
	day, err := dayArg(a, true)
	if err != nil {
		return UsageError(e.Stderr, err.Error())
	}
	if len(a.Pos) < 2 {
		return UsageError(e.Stderr, fmt.Sprintf("which question? for example: practice %d P1 (deal new numbers), then practice %d P1 N (your guess)", day.Number, day.Number))
	}
	id := strings.ToUpper(strings.TrimSpace(a.Pos[1]))
	if _, ok := day.Prediction(id); !ok {
		return UsageError(e.Stderr, fmt.Sprintf("Day %d has no prediction %q (it has P1–P%d)", day.Number, a.Pos[1], len(day.Predictions)))
	}
	pr, err := session.PracticeOf(day, id)
	if err != nil {
		fmt.Fprintln(e.Stderr, "termlab:", err)
		return ExitNotOK
	}
	p := pr.P
	if len(a.Pos) == 2 {
		return e.deal(day, pr, a.Has("json"))
	}
	guess, err := predictions.Parse(a.Pos[2], p)
	if err != nil {
		return UsageError(e.Stderr, fmt.Sprintf("%s: %v", id, err))
	}
	return e.answer(ctx, day, pr, guess, a.Has("json"))
}

// practiceJSON is practice --json (docs/JSON.md): the variant, and once
// answered its verdict; Actual is absent until the guess is in.
type practiceJSON struct {
	Day      int         `json:"day"`
	ID       string      `json:"id"`
	Question string      `json:"question"`
	Unit     string      `json:"unit"`
	Values   labs.Values `json:"values"`
	Guess    *float64    `json:"guess,omitempty"`
	Actual   *float64    `json:"actual,omitempty"`
	Verdict  string      `json:"verdict,omitempty"`
	Distance string      `json:"distance,omitempty"`
	Streak   int         `json:"streak"`
	Answered int         `json:"answered"`
}

// deal opens a variant (or finds the open one) and asks it.
func (e Env) deal(day labs.Day, px session.Practice, asJSON bool) int {
	p := px.P
	answers, err := e.updateAnswers(day, px.Deal(px.Fresh()))
	if code, done := e.practiceRefused(err); done {
		return code
	}
	pr := answers.Practice[p.ID]
	open := pr.Open
	q := px.Ask(open)
	if asJSON {
		writeJSON(e.Stdout, practiceJSON{Day: day.Number, ID: p.ID, Question: q, Unit: p.Unit, Values: open, Streak: pr.Streak, Answered: len(pr.Done)})
		return ExitOK
	}
	fmt.Fprintf(e.Stdout, "%s again, with new numbers (streak: %d right in a row):\n", p.ID, pr.Streak)
	fmt.Fprint(e.Stdout, wrapText(q, lineWidth, "  "))
	if p.Span != "" {
		fmt.Fprint(e.Stdout, wrapText("("+p.Span+")", lineWidth, "  "))
	}
	fmt.Fprintf(e.Stdout, "Answer with: go run . practice %d %s N   (in %s)\n", day.Number, p.ID, unitWords(p.Unit))
	return ExitOK
}

// answer judges guess at the open variant, played on the reference.
func (e Env) answer(ctx context.Context, day labs.Day, px session.Practice, guess float64, asJSON bool) int {
	p, f := px.P, px.F
	before, err := e.session(day).Answers()
	if err != nil {
		fmt.Fprintln(e.Stderr, "termlab:", err)
	}
	open := before.Practice[p.ID].Open
	if open == nil {
		fmt.Fprintf(e.Stderr, "termlab: %s: no variant is open; go run . practice %d %s deals one\n", p.ID, day.Number, p.ID)
		return ExitNotOK
	}
	actual, err := px.Actual(playReference(ctx, e, day, f, open, "reference"))
	if err != nil {
		fmt.Fprintf(e.Stderr, "termlab: %s: %v; nothing was saved\n", p.ID, err)
		return ExitNotOK
	}
	var tried predictions.Tried
	answers, err := e.updateAnswers(day, func(x *predictions.Answers) error {
		var err error
		tried, err = x.Answer(p.ID, open, guess, actual)
		return err
	})
	if code, done := e.practiceRefused(err); done {
		return code
	}
	pr := answers.Practice[p.ID]
	v := predictions.Judge(guess, actual)
	q := px.Ask(open)
	if asJSON {
		writeJSON(e.Stdout, practiceJSON{Day: day.Number, ID: p.ID, Question: q, Unit: p.Unit, Values: open,
			Guess: &tried.Guess, Actual: &tried.Actual, Verdict: v.String(), Distance: v.Distance(p.Unit), Streak: pr.Streak, Answered: len(pr.Done)})
		return ExitOK
	}
	fmt.Fprintf(e.Stdout, "%s (variant): you %s, the reference %s: %s\n", p.ID, practiceNum(guess, p.Unit), practiceNum(actual, p.Unit), v.Words(p.Unit))
	fmt.Fprintf(e.Stdout, "Streak: %d right in a row, %d variants answered. go run . practice %d %s deals another.\n", pr.Streak, len(pr.Done), day.Number, p.ID)
	return ExitOK
}

// practiceRefused says why a practice step was refused or not saved.
func (e Env) practiceRefused(err error) (code int, done bool) {
	var refused *predictions.PracticeError
	switch {
	case errors.As(err, &refused):
		fmt.Fprintln(e.Stderr, "termlab:", refused)
		return ExitNotOK, true
	case err != nil:
		fmt.Fprintln(e.Stderr, "termlab: could not save:", err)
		return ExitNotOK, true
	}
	return 0, false
}

// practiceNum writes a figure as the scoreboard does: whole, or to one
// decimal, with its unit.
func practiceNum(v float64, unit string) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if v == math.Trunc(v) {
		s = strconv.FormatFloat(v, 'f', 0, 64)
	}
	if unit == "/s" || unit == "%" {
		return s + unit
	}
	return strings.TrimSpace(s + " " + unit)
}

// unitWords names a unit for a prompt.
func unitWords(unit string) string {
	switch unit {
	case "":
		return "a plain number"
	case "/s":
		return "requests per second"
	case "%":
		return "percent"
	}
	return unit
}
