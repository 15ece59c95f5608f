package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/record/session"
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

// askWhy follows a shell scoreboard: for each guess judged off that has no
// line of the learner's yet, it asks for one before the lab's why is shown
// (Enter passes, and the pass is recorded too). Off a terminal it says how
// to write one later. It writes through the session, as every command.
func (e Env) askWhy(day labs.Day, rows []predictions.Row, a predictions.Answers) {
	var ask []predictions.Row
	for _, r := range rows {
		if predictions.ToExplain(r, a.Predictions[r.ID]) {
			ask = append(ask, r)
		}
	}
	if len(ask) == 0 {
		return
	}
	if !IsTerminal(e.Stdin) {
		ids := make([]string, len(ask))
		for i, r := range ask {
			ids[i] = r.ID
		}
		fmt.Fprint(e.Stdout, "\n"+wrapText(fmt.Sprintf("Off: %s. Why did it come out differently? go run . explain %d %s \"…\" keeps one line of your own, and then shows the lab's why beside it.", strings.Join(ids, ", "), day.Number, ids[0]), lineWidth, "  "))
		return
	}
	in := bufio.NewReader(e.Stdin)
	for _, r := range ask {
		p, _ := day.Prediction(r.ID)
		fmt.Fprintf(e.Stdout, "\n%s came out differently from your guess. Why, in one line of your own? (Enter passes)\n> ", r.ID)
		line, err := in.ReadString('\n')
		line = strings.TrimSpace(line)
		if err != nil && line == "" {
			fmt.Fprintln(e.Stdout)
			return // the input ended: ask nothing more, record nothing
		}
		_, err = e.updateAnswers(day, func(x *predictions.Answers) error {
			if line == "" {
				return x.SkipExplain(r.ID)
			}
			return x.Explain(r.ID, line)
		})
		if err != nil {
			fmt.Fprintln(e.Stderr, "termlab:", err)
			continue
		}
		if p.Why != "" {
			fmt.Fprint(e.Stdout, wrapText("The lab's why: "+p.Why, lineWidth, "  "))
		}
	}
}

// sayCalibration prints how often each confidence level was right across
// every day with a confident guess judged (the day's own line is on its
// scoreboard); another day's guesses are judged against that day's
// reference, played (or found in the cache) only when it has such a guess
// (session.Elsewhere, as the Scoreboard does).
func (e Env) sayCalibration(ctx context.Context, day labs.Day, rows []predictions.Row) {
	other, days := session.Elsewhere(e.Root, course, day.Number, func(d labs.Day) labs.Metrics { return e.referenceFor(ctx, d, labs.Outcome{}) })
	if line, n := session.AcrossDays(predictions.Calibrate(rows), other, days); line != "" && n > 1 {
		fmt.Fprintf(e.Stdout, "\nAcross %d days, how sure you were and how often right: %s\n", n, line)
	}
}
