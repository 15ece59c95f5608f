package cli

import (
	"bufio"
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
	"termlab/record/session"
	"termlab/runner/worker"
)

// loadAnswers reads the learner's answers for day. A damaged file has
// already been kept aside by predictions.Load; say so and go on with an
// empty set rather than refusing to run.
func (e Env) loadAnswers(day labs.Day) predictions.Answers {
	a, err := e.session(day).Answers()
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
	a, err := e.session(day).Update(change)
	var corrupt *predictions.CorruptError
	if errors.As(err, &corrupt) {
		fmt.Fprintln(e.Stderr, "termlab:", err)
		return a, nil
	}
	return a, err
}

// scored is one run of a day as the learner's session landed it: only the
// parts whose predictions are in (or that --reveal opened) show.
type scored struct {
	day labs.Day
	session.Landed
}

// runScored runs the day named in a on the learner's code (or the
// reference) and lands the run in the learner's session, which records
// the reveals of what may show before anything is shown. When the run
// cannot be made it returns ok=false with the exit code, having said why.
func (e Env) runScored(ctx context.Context, a Args, writeResults session.Results) (s scored, code int, ok bool) {
	day, err := e.dayOrNext(a)
	if err != nil {
		return s, UsageError(e.Stderr, err.Error()), false
	}
	o, err := e.outcome(ctx, day, a.Has("solutions"))
	if err != nil {
		return s, e.BuildFailed(ctx, day, err, a.Has("json")), false
	}
	sess := e.session(day)
	reveal := a.Has("reveal")
	if reveal && !e.confirmReveal(sess, o) {
		fmt.Fprintln(e.Stderr, "Nothing was revealed; the run is shown as the screens show it.")
		reveal = false
	}
	var ref labs.Metrics
	if o.Impl == labs.Learner {
		ref = e.referenceFor(ctx, day, o)
	}
	l, err := sess.Land(session.Run{Outcome: o, From: history.FromRun, Reveal: reveal, Ref: ref, Results: writeResults})
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
	for _, p := range l.Problems {
		fmt.Fprintln(e.Stderr, "termlab:", p)
	}
	return scored{day: day, Landed: l}, ExitOK, true
}

// session is the learner's record of day: every command writes it
// through this.
func (e Env) session(day labs.Day) *session.Session { return session.Open(e.Root, day) }

// confirmReveal names the predictions a --reveal would burn and, on a
// terminal, asks first. Off a terminal the flag is the learner's word.
func (e Env) confirmReveal(sess *session.Session, o labs.Outcome) bool {
	a, _ := sess.Answers()
	burn := session.Burns(sess.Day, a, o)
	if len(burn) == 0 {
		return true
	}
	fmt.Fprintf(e.Stderr, "--reveal shows the actuals of %s before you have guessed them: they are burned (shown, never scored).\n", session.Names(burn))
	if !IsTerminal(e.Stdin) {
		return true
	}
	fmt.Fprint(e.Stderr, "Reveal them? [y/N] ")
	line, _ := bufio.NewReader(e.Stdin).ReadString('\n')
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(line)), "y")
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
	results := session.ResultsIfShown
	if a.Has("solutions") {
		results = session.NoResults
	}
	s, code, ok := e.runScored(ctx, a, results)
	if !ok {
		return code
	}
	if a.Has("json") {
		writeJSON(e.Stdout, runJSON(s.day, s.Shown, s.Rows, s.Held))
	} else {
		fmt.Fprint(e.Stdout, report.Text(s.day, s.Shown, s.Rows))
		if len(s.Held) > 0 {
			var ids, burns []string
			for _, h := range s.Held {
				ids = append(ids, h.Waiting...)
				burns = append(burns, h.Burns...)
			}
			say := fmt.Sprintf("Held back, as on the screens: the parts whose predictions are not in. Guess first (go run . predict %d %s=…, or in the lab) and run again.", s.day.Number, ids[0])
			if len(burns) > 0 {
				// Only figures that exist now are shown (and burned): a
				// part that also waits on a TODO has none yet.
				say += fmt.Sprintf(" go run . run %d --reveal shows what of them has run now, burning %s.", s.day.Number, session.Names(burns))
			}
			fmt.Fprint(e.Stdout, "\n"+wrapText(say, lineWidth, "  "))
		}
		e.sayCalibration(ctx, s.day, s.Rows)
		e.askWhy(s.day, s.Rows, s.Answers)
		if len(s.Burned) > 0 {
			fmt.Fprintf(e.Stdout, "\nNote: %s had no prediction before this run showed the actual; a guess typed now is shown but not scored.\n", strings.Join(s.Burned, ", "))
		}
		if s.Results != "" {
			e.sayResults(s.day, s.Results)
		}
		if s.Shown.Impl == labs.Learner {
			e.sayMoved(s.day, s.Moved)
		}
		if bad := failingGrades(s.Shown); len(bad) > 0 {
			fmt.Fprintf(e.Stdout, "\nEvery part ran, but not every TODO is right; the figures above come from your code as it is:\n")
			for _, g := range bad {
				fmt.Fprintf(e.Stdout, "  TODO %d (%s) %s: %s\n", g.TODO, g.Func, g.Status, g.Detail)
			}
			fmt.Fprintf(e.Stdout, "go run . grade %d shows the smallest input where it goes wrong, and a hint.\n", s.day.Number)
		}
	}
	for _, p := range s.Shown.Parts {
		if p.Status != labs.OK {
			return ExitNotOK
		}
	}
	if len(failingGrades(s.Shown)) > 0 {
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

// runJSON is the stable run interface (see docs/JSON.md).
func runJSON(day labs.Day, o labs.Outcome, rows []predictions.Row, held []session.Hold) any {
	type part struct {
		ID     string      `json:"id"`
		Status labs.Status `json:"status"`
		TODO   int         `json:"todo,omitempty"`
		Detail string      `json:"detail,omitempty"`
		// Held is the predictions a part held back waits for.
		Held []string `json:"held,omitempty"`
	}
	parts := []part{}
	for _, p := range o.Parts {
		parts = append(parts, part{p.ID, p.Status, p.TODO, p.Detail, session.WaitingFor(held, p.ID)})
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
	day, err := e.dayOrNext(a)
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
	l, err := e.session(day).Graded(o)
	if err != nil {
		fmt.Fprintln(e.Stderr, "termlab:", err)
	}
	for _, p := range l.Problems {
		fmt.Fprintln(e.Stderr, "termlab:", p)
	}
	grades := l.Shown.Grades
	if a.Has("json") {
		writeJSON(e.Stdout, struct {
			Day    int          `json:"day"`
			TODOs  []labs.Grade `json:"todos"`
			Passed int          `json:"passed"`
			Total  int          `json:"total"`
		}{day.Number, grades, o.Passed(), len(grades)})
	} else {
		fmt.Fprint(e.Stdout, report.Grades(day, grades))
		if o.Impl == labs.Learner {
			e.sayMoved(day, l.Moved)
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
	var sure predictions.Confidence
	if a.Has("confidence") {
		if sure, err = predictions.ParseConfidence(a.Flags["confidence"]); err != nil {
			return UsageError(e.Stderr, "--confidence: "+err.Error())
		}
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
			if sure != "" {
				if err := a.SetConfidence(en.id, sure); err != nil {
					return err
				}
			}
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
		fmt.Fprintf(e.Stdout, "%s = %g %s%s%s\n", en.id, en.v, p.Unit, sureNote(answers.Predictions[en.id]), revisedNote(answers.Predictions[en.id]))
	}
	fmt.Fprintf(e.Stdout, "Saved to %s\n", predictions.Path(e.predictionsDir(), day.Number))
	return ExitOK
}

// sureNote says how sure the learner said they were, when they said.
func sureNote(g predictions.Guess) string {
	if g.Confidence == "" {
		return ""
	}
	return " (" + string(g.Confidence) + ")"
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
	s, code, ok := e.runScored(ctx, a, session.ResultsAlways)
	if !ok {
		return code
	}
	if s.Results == "" {
		return ExitNotOK
	}
	e.sayResults(s.day, s.Results)
	return ExitOK
}

// sayResults says what a run did to RESULTS.md.
func (e Env) sayResults(day labs.Day, change results.Change) {
	if change == results.Same {
		fmt.Fprintf(e.Stdout, "\nRESULTS.md: the Day %d report section already says this; nothing was written.\n", day.Number)
		return
	}
	fmt.Fprintf(e.Stdout, "\nRESULTS.md: %s the Day %d report section (your own text is untouched).\n", change, day.Number)
}

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}
