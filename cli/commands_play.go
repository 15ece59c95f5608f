package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/runner/worker"
)

// playFlags is every knob of every figure of the course as a --flag, so
// parseArgs takes them; cmdPlay refuses the ones the chosen figure lacks.
func playFlags() []flagSpec {
	seen := map[string]bool{}
	flags := []string{"figure=", "impl=", "json", "reveal", "solutions"}
	// Any other --name VALUE is taken too (otherFlags), so that a knob the
	// figure lacks ("--rate") is answered with the figure's own knobs
	// rather than "unknown flag".
	for _, d := range course {
		for _, f := range d.Figures {
			for _, k := range f.Knobs {
				if !seen[k.Name] {
					seen[k.Name] = true
					flags = append(flags, k.Name+"=")
				}
			}
		}
	}
	sort.Strings(flags[5:])
	return append(declare(flags...), flagSpec{kind: otherFlags})
}

// playJSON is what `play --json` prints: the frame, and the figure's knobs
// as set.
type playJSON struct {
	Day   int    `json:"day"`
	Title string `json:"title"`
	Scale string `json:"time_scale"`
	*labs.Frame
	// Reference is the reference's frame at the same setting, beside a
	// frame of the learner's code (absent when the frame is the
	// reference's).
	Reference *labs.Frame `json:"reference,omitempty"`
}

// cmdPlay is `play [day]`: one frame of a figure of the day's playground,
// at the knobs' settings, once the predictions it reads out are revealed.
func cmdPlay(ctx context.Context, e Env, a Args) int {
	day, err := e.dayOrNext(a)
	if err != nil {
		return UsageError(e.Stderr, err.Error())
	}
	f, v, impl, msg := playSetting(day, a)
	if msg != "" {
		return UsageError(e.Stderr, msg)
	}
	if code, ok := e.openPlayGate(day, f, a.Has("reveal")); !ok {
		return code
	}
	fr, ref := playOnce(ctx, e, day, f, v, impl)
	if a.Has("json") {
		writeJSON(e.Stdout, playJSON{Day: day.Number, Title: f.Title, Scale: f.TimeScale, Frame: &fr, Reference: ref})
		return ExitOK
	}
	return printFrame(e.Stdout, day, f, v, fr, ref)
}

// playSetting reads what play's command line asks for: the figure, its
// knobs' values (the figure's defaults for the knobs not given) and whose
// code plays it. msg says what is wrong with the command line, or is "".
func playSetting(day labs.Day, a Args) (f labs.PlayFigure, v labs.Values, impl labs.Impl, msg string) {
	if len(day.Figures) == 0 {
		return f, nil, impl, fmt.Sprintf("Day %d has no playground yet", day.Number)
	}
	f = day.Figures[0]
	if id, ok := a.Flags["figure"]; ok {
		var ids []string
		for _, g := range day.Figures {
			ids = append(ids, g.ID)
		}
		if f, ok = day.Playground(id); !ok {
			return f, nil, impl, fmt.Sprintf("Day %d has no figure %q (figures: %s)", day.Number, id, strings.Join(ids, ", "))
		}
	}
	v = f.Defaults()
	for name, s := range a.Flags {
		if name == "figure" || name == "json" || name == "solutions" || name == "reveal" || name == "impl" {
			continue
		}
		k, ok := f.Knob(name)
		if !ok {
			return f, nil, impl, fmt.Sprintf("figure %s has no knob --%s; its knobs: %s", f.ID, name, knobList(f))
		}
		x, err := k.Parse(s)
		if err != nil {
			return f, nil, impl, err.Error()
		}
		v[name] = x
	}
	impl = labs.Learner
	switch a.Flags["impl"] {
	case "", "learner":
	case "reference":
		impl = labs.Reference
	default:
		return f, nil, impl, fmt.Sprintf("--impl %q: takes learner (your code, failing TODOs included) or reference", a.Flags["impl"])
	}
	if a.Has("solutions") {
		impl = labs.Reference
	}
	return f, v, impl, ""
}

// knobList names a figure's knobs as flags, each with what it takes:
// "--r 1–50/s (refill rate r), --traffic steady|bursty".
func knobList(f labs.PlayFigure) string {
	var names []string
	for _, k := range f.Knobs {
		// The figures as the screens write them (predictions.FormatValue):
		// "1–50/s", "1–60".
		what := predictions.FormatValue(k.Min, "") + "–" + predictions.FormatValue(k.Max, k.Unit)
		if len(k.Choices) > 0 {
			what = strings.Join(k.Choices, "|")
		}
		if k.Label != "" && k.Label != k.Name {
			what += " (" + k.Label + ")"
		}
		names = append(names, fmt.Sprintf("--%s %s", k.Name, what))
	}
	return strings.Join(names, ", ")
}

// openPlayGate opens figure f once the predictions it can read out are
// revealed (labs.PlayGate): the playground is a reveal, so made ones are
// revealed here only when the learner asks (reveal), having been told.
// When the figure stays shut it returns ok=false with the exit code,
// having said why.
func (e Env) openPlayGate(day labs.Day, f labs.PlayFigure, reveal bool) (code int, ok bool) {
	answers, err := predictions.LoadDay(e.predictionsDir(), day)
	if err != nil {
		fmt.Fprintln(e.Stderr, "termlab:", err)
		return ExitNotOK, false
	}
	g := day.PlayGate(f, func(id string) bool {
		p, ok := answers.Predictions[id]
		return ok && (p.Value != nil || p.Skipped)
	}, func(id string) bool { return answers.Predictions[id].Revealed })
	if len(g.Waiting) > 0 {
		fmt.Fprintf(e.Stderr, "termlab: figure %s opens once your predictions are in: %s still waiting (some setting of it reads out their answers). Make or skip them first (go run . predict %d ID=N, or the lab's Predict screen).\n", f.ID, strings.Join(g.Waiting, ", "), day.Number)
		return ExitNotOK, false
	}
	if len(g.Reveal) > 0 && !reveal {
		fmt.Fprintf(e.Stderr, "termlab: some setting of figure %s reads out the answers to %s, not revealed yet. Opening it reveals them: your guesses as they stand are the ones judged, as when a run shows them, and a change after reads as revised. Run it again with --reveal to reveal them and play the figure.\n", f.ID, strings.Join(g.Reveal, ", "))
		return ExitNotOK, false
	}
	if len(g.Reveal) > 0 {
		if _, err := e.session(day).Update(func(a *predictions.Answers) error {
			for _, id := range g.Reveal {
				a.Reveal(id)
			}
			return nil
		}); err != nil {
			fmt.Fprintln(e.Stderr, "termlab: the reveal could not be recorded, so the figure stays shut:", err)
			return ExitNotOK, false
		}
		fmt.Fprintf(e.Stderr, "termlab: revealed %s (your guesses on record are the ones judged).\n", strings.Join(g.Reveal, ", "))
	}
	return ExitOK, true
}

// printFrame is play's text: the figure, its knobs as set, and each
// readout, beside the reference's where the two differ.
func printFrame(w io.Writer, day labs.Day, f labs.PlayFigure, v labs.Values, fr labs.Frame, ref *labs.Frame) int {
	fmt.Fprintf(w, "Day %d · %s — %s\n%s · %s\n", day.Number, f.ID, f.Title, f.TimeScale, fr.Whose)
	for _, k := range f.Knobs {
		fmt.Fprintf(w, "  %-22s %s\n", k.Label, k.Show(v[k.Name]))
	}
	if fr.Error != "" {
		fmt.Fprintf(w, "\n%s\n", fr.Error)
		return ExitNotOK
	}
	for _, p := range fr.Partial {
		fmt.Fprintf(w, "\n%s", p)
	}
	fmt.Fprintln(w)
	for _, r := range fr.Readouts {
		against := ""
		if r.Against != "" {
			against = "  (" + r.Against + ")"
		}
		beside := ""
		if ref != nil {
			if rr, ok := ref.Readout(r.Name); ok && !predictions.Same(rr.Value, r.Value) {
				beside = fmt.Sprintf("  ← the reference: %.4g", rr.Value)
			}
		}
		fmt.Fprintf(w, "  %-36s %8.4g %s%s%s\n", r.Label, r.Value, r.Unit, against, beside)
	}
	return ExitOK
}

// playOnce plays one frame in a boxed worker on impl: the learner's code
// whenever it builds (failing TODOs included: the difference from the
// reference is the lesson), else the reference program, which builds
// whatever the learner's file holds. A frame of the learner's code comes
// with the reference's at the same setting, to print beside it.
func playOnce(ctx context.Context, e Env, day labs.Day, f labs.PlayFigure, v labs.Values, impl labs.Impl) (fr labs.Frame, ref *labs.Frame) {
	whose := "reference"
	if impl == labs.Learner {
		var grades []labs.Grade
		o, err := e.Grades(ctx, day, false)
		var be *worker.BuildError
		switch {
		case errors.As(err, &be):
			impl, whose = labs.Reference, "reference: your code does not compile yet"
		case err == nil:
			grades = o.Grades
		}
		if impl == labs.Learner {
			r := worker.Runner{Root: e.Root, Day: day.Number}
			bin, err := r.Build(ctx)
			if err == nil {
				s := &worker.PlaySession{Bin: bin, Day: day}
				fr = s.Play(f, v)
				s.Close()
				fr.Whose = labs.Whose(day, f, fr.Values, labs.Learner, grades)
				rf := playReference(ctx, e, day, f, v, "reference")
				return fr, &rf
			}
			impl, whose = labs.Reference, "reference: your worker could not be built ("+err.Error()+")"
		}
	}
	return playReference(ctx, e, day, f, v, whose), nil
}

// playReference plays one frame on the reference program (the course's
// code with the shipped stubs): this binary plays no figure itself.
func playReference(ctx context.Context, e Env, day labs.Day, f labs.PlayFigure, v labs.Values, whose string) labs.Frame {
	r := worker.Runner{Root: e.Root, Day: day.Number}
	bin, err := r.ReferenceBuild(ctx, day)
	if err != nil {
		return labs.Frame{Figure: f.ID, Impl: labs.Reference, Values: f.Settle(v), Whose: whose,
			Error: "the reference's worker did not start: " + err.Error()}
	}
	s := &worker.PlaySession{Bin: bin, Day: day, Impl: labs.Reference}
	defer s.Close()
	fr := s.Play(f, v)
	fr.Whose = whose
	return fr
}
