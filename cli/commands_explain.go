package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"termlab/labs"
	"termlab/record/predictions"
)

// explain: the "E" of predict, observe, explain is the learner's. Once a
// guess has been judged against an answer shown, the learner writes one
// line of their own on why it came out differently; only then does the
// lab's why appear beside it. Before the answer is shown there is nothing
// to explain, and a question never guessed has no surprise to explain, so
// both are refused (predictions.Answers.Explain) and nothing is written.

func cmdExplain(_ context.Context, e Env, a Args) int {
	day, err := dayArg(a, true)
	if err != nil {
		return UsageError(e.Stderr, err.Error())
	}
	if len(a.Pos) < 3 {
		return UsageError(e.Stderr, fmt.Sprintf(`give the prediction and one line of your own, for example: explain %d P3 "the counter resets at the boundary"`, day.Number))
	}
	id := strings.ToUpper(strings.TrimSpace(a.Pos[1]))
	p, ok := day.Prediction(id)
	if !ok {
		return UsageError(e.Stderr, fmt.Sprintf("Day %d has no prediction %q (it has P1–P%d)", day.Number, a.Pos[1], len(day.Predictions)))
	}
	text := strings.Join(a.Pos[2:], " ")
	if _, err := predictions.CleanExplanation(text); err != nil {
		return UsageError(e.Stderr, id+": "+err.Error())
	}
	answers, err := e.updateAnswers(day, func(x *predictions.Answers) error { return x.Explain(id, text) })
	var refused *predictions.ExplainError
	switch {
	case errors.As(err, &refused):
		fmt.Fprintln(e.Stderr, "termlab:", refused)
		fmt.Fprintln(e.Stderr, "Nothing was saved.")
		return ExitNotOK
	case err != nil:
		fmt.Fprintln(e.Stderr, "termlab: could not save:", err)
		fmt.Fprintln(e.Stderr, "Nothing was saved.")
		return ExitNotOK
	}
	g := answers.Predictions[id]
	if a.Has("json") {
		writeJSON(e.Stdout, explainJSON(day, p, g))
		return ExitOK
	}
	fmt.Fprintf(e.Stdout, "%s, in your words: %s\n", id, g.Explanation)
	if p.Why != "" {
		fmt.Fprint(e.Stdout, wrapText("The lab's why: "+p.Why, lineWidth, "  "))
	}
	fmt.Fprintf(e.Stdout, "Saved to %s; RESULTS.md shows both at the next run (go run . results %d).\n", predictions.Path(e.predictionsDir(), day.Number), day.Number)
	return ExitOK
}

// explainJSON is explain --json (docs/JSON.md).
func explainJSON(day labs.Day, p labs.Prediction, g predictions.Guess) any {
	return struct {
		Day         int    `json:"day"`
		ID          string `json:"id"`
		Explanation string `json:"explanation"`
		Why         string `json:"why"`
	}{day.Number, p.ID, g.Explanation, p.Why}
}
