package labs

import (
	"maps"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
)

// Variant ties a prediction to the figure that answers it at any setting of
// that figure's knobs: the question as a template with a {knob} where each
// setting is stated, and the setting the question asks about. Two things
// follow from it. The authors' check (author/kit's StatedKnobs) can move each knob and
// see whether the answer moves, so a question that leaves out something its
// answer depends on fails; and a revealed question can be asked again with
// new numbers (Deal), answered by the same figure on the reference.
type Variant struct {
	// Figure is the ID of a figure in the day's Questions (or its
	// playground's Figures); Readout the name of the readout that answers.
	Figure  string
	Readout string
	// Ask is the question with {name} for each knob it states; Ask filled
	// in at At is the prediction's Question, word for word.
	Ask string
	At  Values
	// Deal is the knobs a practice variant deals new values to; the others
	// stay at At. Empty: every knob Ask states.
	Deal []string
}

var placeholder = regexp.MustCompile(`\{([a-z_]+)\}`)

// Say writes a value of the knob as a question states it: a choice's words,
// or the bare number (the question carries its own units).
func (k Knob) Say(v float64) string {
	if len(k.Choices) > 0 {
		return k.Choices[int(k.Clamp(v))]
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// Stated is the knobs Ask names, in the order they first appear.
func (v Variant) Stated() []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(v.Ask, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// Fill writes the question at setting at: each {name} replaced by what the
// figure's knob of that name says for its value there.
func (v Variant) Fill(f PlayFigure, at Values) string {
	return placeholder.ReplaceAllStringFunc(v.Ask, func(m string) string {
		name := m[1 : len(m)-1]
		k, ok := f.Knob(name)
		if !ok {
			return m
		}
		return k.Say(at[name])
	})
}

// Dealt is the knobs a practice variant deals: Deal, or every stated knob.
func (v Variant) Dealt() []string {
	if len(v.Deal) > 0 {
		return v.Deal
	}
	return v.Stated()
}

// Figure returns the day's figure with the given ID, a question's figure
// (Questions) or a playground's (Figures). Only the workers and the tools
// binary link their bodies.
func (d Day) Figure(id string) (PlayFigure, bool) {
	for _, f := range slices.Concat(d.Questions, d.Figures) {
		if f.ID == id {
			return f, true
		}
	}
	return PlayFigure{}, false
}

// Settings is the values a knob is moved to when the check asks whether the
// answer depends on it: every choice, or its ends and the steps either side
// of at.
func (k Knob) Settings(at float64) []float64 {
	if len(k.Choices) > 0 {
		out := make([]float64, len(k.Choices))
		for i := range out {
			out[i] = float64(i)
		}
		return out
	}
	cand := []float64{k.Min, k.Max, at - k.Step, at + k.Step, (k.Min + k.Max) / 2, at * 2, at / 2}
	var out []float64
	for _, c := range cand {
		if c = k.Clamp(c); !slices.Contains(out, c) && c != at {
			out = append(out, c)
		}
	}
	return out
}

// DealValues is a new setting for a practice variant: each knob Dealt
// names at a value drawn from its range (its steps, or its choices), the
// rest as the question has them; never the question's own setting.
func (v Variant) DealValues(f PlayFigure, rnd *rand.Rand) Values {
	at := f.Settle(v.At)
	for range 100 {
		out := maps.Clone(at)
		for _, name := range v.Dealt() {
			k, ok := f.Knob(name)
			if !ok {
				continue
			}
			if len(k.Choices) > 0 {
				out[name] = float64(rnd.IntN(len(k.Choices)))
				continue
			}
			steps := 0
			if k.Step > 0 {
				steps = int(math.Round((k.Max - k.Min) / k.Step))
			}
			out[name] = k.Clamp(k.Min + float64(rnd.IntN(steps+1))*k.Step)
		}
		if !maps.Equal(out, at) {
			return out
		}
	}
	return at
}
