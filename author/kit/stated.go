package kit

import (
	"fmt"
	"maps"
	"slices"

	"termlab/labs"
	"termlab/record/predictions"
)

// StatedKnobs is the authors' check that a question states what its answer
// depends on: it checks prediction p's Variant (labs.Variant) against its
// figure, played on the reference, and the actual the part measured: the figure answers the question at At with that actual, the
// question is Ask filled in at At, and every knob whose value moves the
// answer (moved alone, to each of labs.Knob.Settings) is stated in Ask.
// It returns what is wrong, one line each. It plays figures, so it lives
// with the authors' tools, not in the engine the lab's own binary links
// (which plays nothing itself).
func StatedKnobs(d labs.Day, p labs.Prediction, actual float64) []string {
	v := p.Variant
	if v == nil {
		return []string{p.ID + " names no figure that answers it (Variant)"}
	}
	f, ok := d.Figure(v.Figure)
	if !ok || f.Play == nil {
		return []string{fmt.Sprintf("%s's figure %q is not one of Day %d's, or has no body here", p.ID, v.Figure, d.Number)}
	}
	var bad []string
	for _, name := range v.Stated() {
		if _, ok := f.Knob(name); !ok {
			bad = append(bad, fmt.Sprintf("%s's question states {%s}, which figure %s has no knob for", p.ID, name, f.ID))
		}
	}
	at := f.Settle(v.At)
	if got := v.Fill(f, at); got != p.Question {
		bad = append(bad, fmt.Sprintf("%s's question is not its template filled in at its setting:\n  question: %s\n  template: %s", p.ID, p.Question, got))
	}
	read := func(vals labs.Values) (float64, string) {
		fr := f.Play(labs.Reference, vals)
		if fr.Error != "" {
			return 0, fr.Error
		}
		r, ok := fr.Readout(v.Readout)
		if !ok {
			return 0, fmt.Sprintf("figure %s has no readout %q", f.ID, v.Readout)
		}
		return r.Value, ""
	}
	base, err := read(at)
	if err != "" {
		return append(bad, p.ID+": "+err)
	}
	if !predictions.Same(base, actual) {
		bad = append(bad, fmt.Sprintf("%s: figure %s reads %s = %v at the question's setting, but the part measures %v", p.ID, f.ID, v.Readout, base, actual))
	}
	stated := v.Stated()
	for _, k := range f.Knobs {
		if slices.Contains(stated, k.Name) {
			continue
		}
		for _, x := range k.Settings(at[k.Name]) {
			moved := maps.Clone(at)
			moved[k.Name] = x
			if got, err := read(moved); err == "" && !predictions.Same(got, base) {
				bad = append(bad, fmt.Sprintf("%s's answer depends on %s (%s → %s moves it from %v to %v), which the question does not state",
					p.ID, k.Label, k.Say(at[k.Name]), k.Say(x), base, got))
				break
			}
		}
	}
	return bad
}
