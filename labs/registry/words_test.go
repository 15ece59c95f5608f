package registry_test

import (
	"reflect"
	"slices"
	"testing"

	"termlab/labs"
	"termlab/labs/registry"
	"termlab/labs/registry/full"
)

// The lab's own binary reads each day's words (registry.Days); the tools
// binary and the workers read the whole day (full.Days, course.New). Both
// must be the same day to the letter, only without its machinery in the
// first: the screens show what the workers run and grade.
func TestTheWordsAreTheWholeDaysWords(t *testing.T) {
	if len(registry.Days) == 0 || len(registry.Days) != len(full.Days) {
		t.Fatalf("%d days' words, %d whole days", len(registry.Days), len(full.Days))
	}
	for i, w := range registry.Days {
		whole := full.Days[i]
		if w.RunPart != nil || w.GradeTODO != nil || w.PlayPieces != nil || w.LearnerCalls != nil || w.CallAcross != nil {
			t.Errorf("day %d's words run or grade it: the lab's binary must link no machinery", w.Number)
		}
		if whole.RunPart == nil || whole.GradeTODO == nil || w.Carry == nil {
			t.Errorf("day %d: the whole day cannot run or grade, or the words cannot carry", w.Number)
		}
		for j, f := range w.Figures {
			if f.Play != nil {
				t.Errorf("day %d's figure %s plays in the words", w.Number, f.ID)
			}
			if j >= len(whole.Figures) || whole.Figures[j].Play == nil {
				t.Errorf("day %d's figure %s does not play in the whole day", w.Number, f.ID)
			}
		}
		if a, b := data(w), data(whole); !reflect.DeepEqual(a, b) {
			t.Errorf("day %d: the words differ from the whole day's:\n words %+v\n whole %+v", w.Number, a, b)
		}
		m := labs.Metrics{}
		if w.Carry(m) != whole.Carry(m) {
			t.Errorf("day %d: the words carry %q, the whole day %q", w.Number, w.Carry(m), whole.Carry(m))
		}
	}
}

// data is d without its functions, which reflect cannot compare.
func data(d labs.Day) labs.Day {
	d.RunPart, d.GradeTODO, d.PlayPieces, d.Carry = nil, nil, nil, nil
	d.LearnerCalls, d.CallAcross = nil, nil
	d.Figures = slices.Clone(d.Figures)
	for i := range d.Figures {
		d.Figures[i].Play, d.Figures[i].CallsAt = nil, nil
	}
	d.Questions = slices.Clone(d.Questions)
	for i := range d.Questions {
		d.Questions[i].Play, d.Questions[i].CallsAt = nil, nil
	}
	return d
}

// Every day's TODOs have cards the screens can show: a function, a goal,
// what is checked and hints, numbered in order.
func TestTODOCards(t *testing.T) {
	for _, d := range registry.Days {
		for i, td := range d.TODOs {
			if td.Number != i+1 || td.Func == "" || td.Goal == "" || td.Checked == "" || len(td.Hints) == 0 {
				t.Errorf("day %d TODO %d: %+v", d.Number, i+1, td)
			}
		}
	}
}

// What a day's words name, they hold: each prediction's and figure's parts
// are parts of the day, and the TODOs they and the parts need are its TODOs.
func TestTheWordsNameOnlyTheirOwnPartsAndTODOs(t *testing.T) {
	for _, d := range registry.Days {
		part := func(id string) bool {
			return slices.ContainsFunc(d.Parts, func(p labs.Part) bool { return p.ID == id })
		}
		todos := func(what string, ns []int) {
			for _, n := range ns {
				if _, ok := d.TODO(n); !ok {
					t.Errorf("day %d: %s needs TODO %d, which the day lacks", d.Number, what, n)
				}
			}
		}
		for _, p := range d.Predictions {
			if !part(p.Part) {
				t.Errorf("day %d: %s is revealed by part %q, which the day lacks", d.Number, p.ID, p.Part)
			}
			todos(p.ID, p.Needs)
		}
		for _, f := range d.Figures {
			for _, id := range f.Parts {
				if !part(id) {
					t.Errorf("day %d: figure %s waits for part %q, which the day lacks", d.Number, f.ID, id)
				}
			}
			todos("figure "+f.ID, f.Needs)
		}
		for _, p := range d.Parts {
			todos("part "+p.ID, p.Uses)
		}
	}
}
