package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"termlab/labs"
	"termlab/record/history"
	"termlab/record/predictions"
	"termlab/record/report"
	"termlab/record/results"
	"termlab/runner/worker"
)

// loadAnswers reads the learner's answers for day. A damaged file has
// already been kept aside by predictions.Load; say so and go on with an
// empty set rather than refusing to run.
func (e Env) loadAnswers(day labs.Day) predictions.Answers {
	a, err := predictions.LoadDay(e.predictionsDir(), day)
	if err != nil {
		fmt.Fprintln(e.Stderr, "termlab:", err)
	}
	return a
}

// updateAnswers changes the learner's saved answers for day through
// predictions.Update: reloaded under the lock, changed, written, so a save
// from another shell or from the screens is never undone. A damaged file
// was kept aside and the save made; say so and go on. Any other error
// means nothing was written.
func (e Env) updateAnswers(day labs.Day, change func(*predictions.Answers) error) (predictions.Answers, error) {
	a, err := predictions.UpdateDay(e.predictionsDir(), day, change)
	var corrupt *predictions.CorruptError
	if errors.As(err, &corrupt) {
		fmt.Fprintln(e.Stderr, "termlab:", err)
		return a, nil
	}
	return a, err
}

// scored is one run of a day with its actuals revealed and the learner's
// answers saved: what run and results both report.
type scored struct {
	day       labs.Day
	o         labs.Outcome
	rows      []predictions.Row
	unguessed []string // revealed by this run before any guess was made
	answers   predictions.Answers
	moved     []string // what the run moved since the last (record/history)
}

// runScored runs the day named in a on the learner's code (or the
// reference), reveals the actuals it produced (the guesses are on record
// from here on) and saves the answers. When the run cannot be made it
// returns ok=false with the exit code, having said why.
func (e Env) runScored(ctx context.Context, a Args) (s scored, code int, ok bool) {
	day, err := dayArg(a, false)
	if err != nil {
		return s, UsageError(e.Stderr, err.Error()), false
	}
	o, err := e.outcome(ctx, day, a.Has("solutions"))
	if err != nil {
		return s, e.BuildFailed(ctx, day, err, a.Has("json")), false
	}
	metrics := o.Metrics()
	s = scored{day: day, o: o}
	// The reveal is recorded before any actual is shown: a guess typed
	// afterwards is then revised, never judged. If it cannot be recorded,
	// nothing is shown (fail closed).
	answers, err := e.updateAnswers(day, func(ans *predictions.Answers) error {
		s.unguessed = unguessedReveals(day, *ans, metrics)
		ans.RevealRun(day, metrics)
		if o.Impl == labs.Learner {
			ans.LastRun = metrics
			ans.TODOsPassed = o.Passed()
		}
		return nil
	})
	if err != nil {
		if a.Has("json") {
			writeJSON(e.Stdout, struct {
				Day   int    `json:"day"`
				Error string `json:"error"`
			}{day.Number, "the reveal could not be recorded, so no actual is shown: " + err.Error()})
		}
		fmt.Fprintln(e.Stderr, "termlab:", err)
		fmt.Fprintf(e.Stderr, "termlab: the actuals stay hidden: a run shows them only once it has recorded their reveal in %s, so no guess is ever typed with the answer in view. Fix the above and run again.\n", predictions.Path(e.predictionsDir(), day.Number))
		return s, ExitNotOK, false
	}
	ref, grades := metrics, o.Grades
	if o.Impl == labs.Learner {
		ref = e.referenceFor(ctx, day, o)
	}
	s.rows = predictions.ScoreAgainst(day, answers, metrics, ref, grades)
	s.answers = answers
	if o.Impl == labs.Learner {
		s.moved = e.recordRun(day, o, answers, history.FromRun)
	}
	return s, ExitOK, true
}

// referenceFor is the reference's metrics a learner's run is judged
// against, played by the reference programs (Runner.Reference: every part,
// kept in the cache folder once per version of the day's code, so only the
// first run after a change of the course's code pays for them). A
// reference that cannot be played leaves the rows that need it waiting,
// never judged against the learner's figure.
func (e Env) referenceFor(ctx context.Context, day labs.Day, o labs.Outcome) labs.Metrics {
	r := worker.Runner{Root: e.Root, PartsOnly: true}
	ref, err := r.Reference(ctx, day)
	if err != nil {
		return nil
	}
	return ref.Metrics()
}

func cmdRun(ctx context.Context, e Env, a Args) int {
	s, code, ok := e.runScored(ctx, a)
	if !ok {
		return code
	}
	if a.Has("json") {
		writeJSON(e.Stdout, runJSON(s.day, s.o, s.rows))
	} else {
		text := report.Text(s.day, s.o, s.rows)
		fmt.Fprint(e.Stdout, text)
		if len(s.unguessed) > 0 {
			fmt.Fprintf(e.Stdout, "\nNote: %s had no prediction before this run showed the actual; a guess typed now is shown but not scored.\nNext time predict first: go run . predict %d P1=… (or in the lab).\n", strings.Join(s.unguessed, ", "), s.day.Number)
		}
		if s.o.Impl == labs.Learner {
			e.refreshResults(s.day, text+results.Drills(s.day, s.answers))
			e.sayMoved(s.day, s.moved)
		}
		if bad := failingGrades(s.o); len(bad) > 0 {
			fmt.Fprintf(e.Stdout, "\nEvery part ran, but not every TODO is right; the figures above come from your code as it is:\n")
			for _, g := range bad {
				fmt.Fprintf(e.Stdout, "  TODO %d (%s) %s: %s\n", g.TODO, g.Func, g.Status, g.Detail)
			}
			fmt.Fprintf(e.Stdout, "go run . grade %d shows the smallest input where it goes wrong, and a hint.\n", s.day.Number)
		}
	}
	for _, p := range s.o.Parts {
		if p.Status != labs.OK {
			return ExitNotOK
		}
	}
	if len(failingGrades(s.o)) > 0 {
		// A TODO a part's checks cannot catch (ShardOf giving a new shard
		// each call still gives a valid one each time) fails its grade:
		// not a run to call done.
		return ExitNotOK
	}
	return ExitOK
}

// failingGrades are the TODOs whose grade found them wrong (failed,
// crashed, timed out) in a run where every part ran; unfinished ones
// already stop the parts that need them.
func failingGrades(o labs.Outcome) []labs.Grade {
	for _, p := range o.Parts {
		if p.Status != labs.OK {
			return nil // the parts say what stops them
		}
	}
	var bad []labs.Grade
	for _, g := range o.Grades {
		if g.Status == labs.Fail || g.Status == labs.Crash || g.Status == labs.Timeout {
			bad = append(bad, g)
		}
	}
	return bad
}

// unguessedReveals lists the predictions this run is about to reveal that
// have neither a guess nor an explicit skip.
func unguessedReveals(day labs.Day, a predictions.Answers, m labs.Metrics) []string {
	var ids []string
	for _, p := range day.Predictions {
		g := a.Predictions[p.ID]
		if _, ran := m[p.Metric]; ran && !g.Revealed && g.Value == nil && !g.Skipped {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// runJSON is the stable run interface (see docs/JSON.md).
func runJSON(day labs.Day, o labs.Outcome, rows []predictions.Row) any {
	type part struct {
		ID     string      `json:"id"`
		Status labs.Status `json:"status"`
		TODO   int         `json:"todo,omitempty"`
		Detail string      `json:"detail,omitempty"`
	}
	parts := []part{}
	for _, p := range o.Parts {
		parts = append(parts, part{p.ID, p.Status, p.TODO, p.Detail})
	}
	return struct {
		Day        int                   `json:"day"`
		Impl       labs.Impl             `json:"impl"`
		Metrics    labs.Metrics          `json:"metrics"`
		Scoreboard []predictions.JSONRow `json:"scoreboard"`
		Parts      []part                `json:"parts"`
		Carry      string                `json:"carry"`
	}{day.Number, o.Impl, o.Metrics(), predictions.JSONRows(rows), parts, day.Carry(o.Metrics())}
}

func cmdGrade(ctx context.Context, e Env, a Args) int {
	day, err := dayArg(a, false)
	if err != nil {
		return UsageError(e.Stderr, err.Error())
	}
	if a.Has("format") {
		// An autograder's format: the tools binary writes it (cli/tools/class.go).
		return checked("grade --format", func(a Args) string { _, _, _, msg := GradeAsArgs(a); return msg })(ctx, e, a)
	}
	o, err := e.Grades(ctx, day, a.Has("solutions"))
	if err != nil {
		return e.BuildFailed(ctx, day, err, a.Has("json"))
	}
	var moved []string
	if o.Impl == labs.Learner {
		answers, err := e.updateAnswers(day, func(a *predictions.Answers) error {
			a.TODOsPassed = o.Passed()
			return nil
		})
		if err != nil {
			fmt.Fprintln(e.Stderr, "termlab: progress could not be saved:", err)
		}
		moved = e.recordRun(day, o, answers, history.FromGrade)
	}
	if a.Has("json") {
		writeJSON(e.Stdout, struct {
			Day    int          `json:"day"`
			TODOs  []labs.Grade `json:"todos"`
			Passed int          `json:"passed"`
			Total  int          `json:"total"`
		}{day.Number, o.Grades, o.Passed(), len(o.Grades)})
	} else {
		fmt.Fprint(e.Stdout, report.Grades(day, o.Grades))
		if o.Impl == labs.Learner {
			e.sayMoved(day, moved)
		}
	}
	if o.Passed() != len(o.Grades) {
		return ExitNotOK
	}
	return ExitOK
}

// BuildFailed reports a learner package that does not compile (or a build
// that could not run at all). With asJSON, stdout still gets one JSON
// object, so course tooling never reads an empty answer:
// {"day": 45, "error": "…", "build_errors": [{"file", "line", "col", "msg"}]}.
func (e Env) BuildFailed(ctx context.Context, day labs.Day, err error, asJSON bool) int {
	var be *worker.BuildError
	isBuild := errors.As(err, &be)
	if asJSON {
		out := struct {
			Day         int               `json:"day"`
			Error       string            `json:"error"`
			BuildErrors []worker.Location `json:"build_errors"`
		}{Day: day.Number, Error: err.Error(), BuildErrors: []worker.Location{}}
		if isBuild && be.Locations != nil {
			out.BuildErrors = be.Locations
		}
		writeJSON(e.Stdout, out)
	}
	if errors.Is(err, context.Canceled) {
		return e.SayStopped(ctx, "nothing was saved.")
	}
	if isBuild {
		fmt.Fprintf(e.Stderr, "Day %d: %v\n", day.Number, be)
		fmt.Fprintln(e.Stderr, "Fix it and save; nothing else was run.")
		return ExitNotOK
	}
	fmt.Fprintln(e.Stderr, "termlab:", err)
	return ExitNotOK
}

func cmdPredict(_ context.Context, e Env, a Args) int {
	day, err := dayArg(a, true)
	if err != nil {
		return UsageError(e.Stderr, err.Error())
	}
	if len(a.Pos) < 2 {
		return UsageError(e.Stderr, "give at least one prediction, for example P1=12")
	}
	// Parse everything first: one bad entry saves nothing, so a typo never
	// leaves half a set of predictions behind.
	type entry struct {
		id string
		v  float64
	}
	var entries []entry
	var problems []string
	given := map[string]string{} // id → the entry that gave it first
	for _, s := range a.Pos[1:] {
		id, text, ok := strings.Cut(s, "=")
		id = strings.ToUpper(strings.TrimSpace(id))
		p, known := day.Prediction(id)
		switch {
		case !ok:
			problems = append(problems, fmt.Sprintf("%s: write ID=number, for example P1=12", s))
			continue
		case !known:
			problems = append(problems, fmt.Sprintf("%s: Day %d has no prediction %q (it has P1–P%d)", s, day.Number, id, len(day.Predictions)))
			continue
		}
		// One line, one value per prediction: which of two was meant
		// cannot be guessed, so neither is saved (P1 and p1 are the same).
		if first, dup := given[id]; dup {
			return UsageError(e.Stderr, fmt.Sprintf("%s is given twice (%s and %s): give each prediction once; nothing was saved", id, first, s))
		}
		given[id] = s
		v, err := predictions.Parse(text, p)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", id, err))
			continue
		}
		entries = append(entries, entry{id, v})
	}
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintln(e.Stderr, "termlab:", p)
		}
		fmt.Fprintln(e.Stderr, "Nothing was saved.")
		return ExitUsage
	}
	// Only these entries change: a guess saved meanwhile from another shell
	// or from the screens stays.
	answers, err := e.updateAnswers(day, func(a *predictions.Answers) error {
		for _, en := range entries {
			a.Set(en.id, en.v)
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(e.Stderr, "termlab: could not save:", err)
		fmt.Fprintln(e.Stderr, "Nothing was saved.")
		return ExitNotOK
	}
	for _, en := range entries {
		p, _ := day.Prediction(en.id)
		fmt.Fprintf(e.Stdout, "%s = %g %s%s\n", en.id, en.v, p.Unit, revisedNote(answers.Predictions[en.id]))
	}
	fmt.Fprintf(e.Stdout, "Saved to %s\n", predictions.Path(e.predictionsDir(), day.Number))
	return ExitOK
}

// revisedNote says how the scoreboard will treat a guess as it was stored:
// it follows what was saved (Revised, Scored), never what was typed, so a
// guess repeated after the reveal is not called a revision.
func revisedNote(g predictions.Guess) string {
	switch {
	case !g.Revealed:
		return ""
	case g.Scored == nil && g.Value != nil:
		return " (made after the actual was shown: the scoreboard shows it but does not score it)"
	case g.Revised:
		return " (revised: the scoreboard still judges the guess on record when it was revealed)"
	}
	return " (the same as the guess on record)"
}

func cmdResults(ctx context.Context, e Env, a Args) int {
	s, code, ok := e.runScored(ctx, a)
	if !ok {
		return code
	}
	if !e.refreshResults(s.day, report.Text(s.day, s.o, s.rows)+results.Drills(s.day, s.answers)) {
		return ExitNotOK
	}
	return ExitOK
}

// refreshResults writes the report into RESULTS.md and says what it did.
func (e Env) refreshResults(day labs.Day, text string) bool {
	change, err := results.Update(e.resultsPath(), day.Number, text, results.Skeleton(day))
	if err != nil {
		fmt.Fprintln(e.Stderr, "termlab: RESULTS.md was not updated:", err)
		return false
	}
	fmt.Fprintf(e.Stdout, "\nRESULTS.md: %s the Day %d report section (your own text is untouched).\n", change, day.Number)
	return true
}

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}
