package main

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"termlab/labs"
	"termlab/labs/worker"
	"termlab/predictions"
)

// playFlags is every knob of every figure of the course as a --flag, so
// parseArgs takes them; cmdPlay refuses the ones the chosen figure lacks.
func playFlags() []string {
	seen := map[string]bool{}
	flags := []string{"figure=", "json", "solutions"}
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
	sort.Strings(flags[3:])
	return flags
}

// playJSON is what `play --json` prints: the frame, and the figure's knobs
// as set.
type playJSON struct {
	Day   int    `json:"day"`
	Title string `json:"title"`
	Scale string `json:"time_scale"`
	*labs.Frame
}

func cmdPlay(ctx context.Context, e env, a args) int {
	day, err := dayArg(a, false)
	if err != nil {
		return usageError(e.stderr, err.Error())
	}
	if len(day.Figures) == 0 {
		return usageError(e.stderr, fmt.Sprintf("Day %d has no playground yet", day.Number))
	}
	f := day.Figures[0]
	if id, ok := a.flags["figure"]; ok {
		var ids []string
		for _, g := range day.Figures {
			ids = append(ids, g.ID)
		}
		if f, ok = day.Playground(id); !ok {
			return usageError(e.stderr, fmt.Sprintf("Day %d has no figure %q (figures: %s)", day.Number, id, strings.Join(ids, ", ")))
		}
	}
	v := f.Defaults()
	for name, s := range a.flags {
		if name == "figure" || name == "json" || name == "solutions" {
			continue
		}
		k, ok := f.Knob(name)
		if !ok {
			var names []string
			for _, k := range f.Knobs {
				names = append(names, "--"+k.Name)
			}
			return usageError(e.stderr, fmt.Sprintf("figure %s has no knob --%s (its knobs: %s)", f.ID, name, strings.Join(names, ", ")))
		}
		x, err := k.Parse(s)
		if err != nil {
			return usageError(e.stderr, err.Error())
		}
		v[name] = x
	}
	answers, err := predictions.LoadDay(e.predictionsDir(), day)
	if err != nil {
		fmt.Fprintln(e.stderr, "termlab:", err)
		return exitNotOK
	}
	if open, waiting := day.PlayOpen(f, func(id string) bool {
		g, ok := answers.Predictions[id]
		return ok && (g.Value != nil || g.Skipped)
	}); !open {
		fmt.Fprintf(e.stderr, "termlab: the playground opens once your predictions are in: %s still waiting. Make or skip them first (go run . predict %d ID=N, or the lab's Predict screen).\n", strings.Join(waiting, ", "), day.Number)
		return exitNotOK
	}
	fr := playOnce(ctx, e, day, f, v, a.has("solutions"))
	if a.has("json") {
		writeJSON(e.stdout, playJSON{Day: day.Number, Title: f.Title, Scale: f.TimeScale, Frame: &fr})
		return exitOK
	}
	fmt.Fprintf(e.stdout, "Day %d · %s — %s\n%s · %s\n", day.Number, f.ID, f.Title, f.TimeScale, fr.Whose)
	for _, k := range f.Knobs {
		fmt.Fprintf(e.stdout, "  %-22s %s\n", k.Label, k.Show(v[k.Name]))
	}
	if fr.Error != "" {
		fmt.Fprintf(e.stdout, "\n%s\n", fr.Error)
		return exitNotOK
	}
	fmt.Fprintln(e.stdout)
	for _, r := range fr.Readouts {
		against := ""
		if r.Against != "" {
			against = "  (" + r.Against + ")"
		}
		fmt.Fprintf(e.stdout, "  %-36s %8.4g %s%s\n", r.Label, r.Value, r.Unit, against)
	}
	return exitOK
}

// playOnce plays one frame in a boxed worker: on the learner's code when
// the TODOs the figure needs pass, on the reference program otherwise.
func playOnce(ctx context.Context, e env, day labs.Day, f labs.PlayFigure, v labs.Values, solutions bool) labs.Frame {
	impl, whose := labs.Reference, "reference (--solutions)"
	if !solutions {
		o, err := e.grades(ctx, day, false)
		var be *worker.BuildError
		switch {
		case errors.As(err, &be):
			whose = "reference: your code does not compile yet"
		case err != nil:
			whose = "reference: your code could not be graded (" + err.Error() + ")"
		default:
			impl, whose = labs.Whose(day, f, o.Grades)
		}
	}
	if impl == labs.Learner {
		r := worker.Runner{Root: e.root, Day: day.Number}
		bin, err := r.Build(ctx)
		if err == nil {
			s := &worker.PlaySession{Bin: bin, Day: day}
			defer s.Close()
			fr := s.Play(f, v)
			fr.Whose = whose
			return fr
		}
		whose = "reference: the worker could not be built (" + err.Error() + ")"
	}
	// The reference's frame comes from the reference program (the course's
	// code with the shipped stubs): this binary plays no figure itself.
	r := worker.Runner{Root: e.root, Day: day.Number}
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
