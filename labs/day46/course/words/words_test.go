package words_test

import (
	"slices"
	"testing"

	"termlab/labs"
	"termlab/labs/day46/course/words"
)

// The words are data: nothing in them runs or grades the day (the lab's
// own binary links them, and no machinery with them).
func TestTheWordsHoldNoMachinery(t *testing.T) {
	d := words.Day()
	if d.RunPart != nil || d.GradeTODO != nil {
		t.Error("the words run or grade the day")
	}
	for _, f := range d.Figures {
		if f.Play != nil {
			t.Errorf("figure %s plays in the words", f.ID)
		}
	}
}

// Every TODO has a card the screens can show: a goal, what is checked and
// hints, numbered in order.
func TestTODOCards(t *testing.T) {
	for i, td := range words.TODOs {
		if td.Number != i+1 || td.Func == "" || td.Goal == "" || td.Checked == "" || len(td.Hints) == 0 {
			t.Errorf("TODO %d: %+v", i+1, td)
		}
	}
}

// What the words name, they hold: each prediction's and figure's parts are
// parts of the day, and the TODOs they need are its TODOs.
func TestTheWordsNameOnlyTheirOwnPartsAndTODOs(t *testing.T) {
	d := words.Day()
	part := func(id string) bool {
		return slices.ContainsFunc(d.Parts, func(p labs.Part) bool { return p.ID == id })
	}
	todo := func(n int) bool { _, ok := d.TODO(n); return ok }
	for _, p := range d.Predictions {
		if !part(p.Part) {
			t.Errorf("%s is revealed by part %q, which the day lacks", p.ID, p.Part)
		}
		for _, n := range p.Needs {
			if !todo(n) {
				t.Errorf("%s needs TODO %d, which the day lacks", p.ID, n)
			}
		}
	}
	for _, f := range d.Figures {
		for _, id := range f.Parts {
			if !part(id) {
				t.Errorf("figure %s waits for part %q, which the day lacks", f.ID, id)
			}
		}
		for _, n := range f.Needs {
			if !todo(n) {
				t.Errorf("figure %s needs TODO %d, which the day lacks", f.ID, n)
			}
		}
	}
	for _, p := range d.Parts {
		for _, n := range p.Uses {
			if !todo(n) {
				t.Errorf("part %s runs TODO %d, which the day lacks", p.ID, n)
			}
		}
	}
}
