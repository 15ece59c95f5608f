package registry_test

import (
	"sync"
	"testing"

	"termlab/labs"
	"termlab/labs/registry/full"
	"termlab/record/predictions"
)

// playGrid is the settings TestPlayIsAReveal tries on figure f: every
// combination of each knob's ends and middle (every choice), and each knob
// alone across its whole range in its steps, the others at their defaults
// (where a question's own setting lies: four servers of ten a second).
func playGrid(f labs.PlayFigure) []labs.Values {
	out := []labs.Values{{}}
	for _, k := range f.Knobs {
		var xs []float64
		if len(k.Choices) > 0 {
			for i := range k.Choices {
				xs = append(xs, float64(i))
			}
		} else {
			xs = []float64{k.Min, k.Clamp((k.Min + k.Max) / 2), k.Max}
		}
		var next []labs.Values
		for _, v := range out {
			for _, x := range xs {
				w := v.Clone()
				w[k.Name] = x
				next = append(next, w)
			}
		}
		out = next
	}
	for _, k := range f.Knobs {
		lo, hi, step := k.Min, k.Max, k.Step
		if len(k.Choices) > 0 {
			lo, hi, step = 0, float64(len(k.Choices)-1), 1
		}
		for x := lo; x <= hi+1e-9; x += step {
			v := f.Defaults()
			v[k.Name] = x
			out = append(out, v)
		}
	}
	return out
}

var refOnce, lightOnce sync.Map // day number → labs.Metrics

// referenceOf is the reference's metrics of day, the heavy parts included,
// played once for every test of the package that reads them (the tests
// only read them).
func referenceOf(day labs.Day) (labs.Day, labs.Metrics) {
	if d, ok := heavy[day.Number]; ok {
		day = d
	}
	return day, playedOnce(&refOnce, day)
}

// lightReferenceOf is the reference's metrics of day as the registry
// holds it (without the heavy parts), played once.
func lightReferenceOf(day labs.Day) labs.Metrics { return playedOnce(&lightOnce, day) }

func playedOnce(once *sync.Map, day labs.Day) labs.Metrics {
	if m, ok := once.Load(day.Number); ok {
		return m.(labs.Metrics)
	}
	m := labs.Outcome{Parts: day.Run(labs.Reference)}.Metrics()
	once.Store(day.Number, m)
	return m
}

// TestPlayIsAReveal: a playground figure opens only once the predictions
// it shows (labs.Day.PlayShows) are revealed, so no readout of any figure,
// at any setting tried, may come out as the reference's answer to a
// prediction outside that list, within the spot-on tolerance: it would be
// an answer seen before its guess is locked.
func TestPlayIsAReveal(t *testing.T) {
	for _, d := range full.Days {
		day, m := referenceOf(d)
		for _, f := range day.Figures {
			shown := map[string]bool{}
			for _, id := range day.PlayShows(f) {
				shown[id] = true
			}
			seen := map[string]bool{}
			for _, v := range playGrid(f) {
				fr := f.Play(labs.Reference, f.Settle(v))
				if fr.Error != "" {
					t.Fatalf("day %d %s %v: %s", day.Number, f.ID, v, fr.Error)
				}
				for _, r := range fr.Readouts {
					for _, p := range day.Predictions {
						want, ok := m[p.Metric]
						if !ok || shown[p.ID] || seen[p.ID] {
							continue
						}
						if predictions.Judge(r.Value, want).Kind == predictions.Spot {
							seen[p.ID] = true
							t.Errorf("day %d: figure %s at %s reads %s = %g, %s's answer, and opens before %s is revealed (add Part %s to its Parts)",
								day.Number, f.ID, v.Encode(), r.Name, r.Value, p.ID, p.ID, p.Part)
						}
					}
				}
			}
		}
	}
}
