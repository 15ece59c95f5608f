package labs

import (
	"reflect"
	"testing"
)

func TestPartUses(t *testing.T) {
	pieces := []Piece[int]{
		{Part: "1"}, {Part: "2", Uses: []int{3, 1}}, {Part: "2", Uses: []int{1, 2}}, {Part: "3", Uses: []int{4}},
	}
	tests := []struct {
		part string
		want []int
	}{{"1", []int{}}, {"2", []int{1, 2, 3}}, {"3", []int{4}}, {"9", []int{}}}
	for _, tt := range tests {
		if got := PartUses(pieces, tt.part); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("PartUses(%q) = %v, want %v", tt.part, got, tt.want)
		}
	}
}

// The wiring plays what Bind gives and says Unfinished for what it does
// not, or for a TODO that does not exist.
func TestRunPartOfAndGradeTODOOf(t *testing.T) {
	var learner Linked[int]
	impl := learner.Bind(7)
	run := RunPartOf(impl, func(part string, f int) PartResult { return PartResult{ID: part, Status: OK, Span: float64(f)} })
	grade := GradeTODOOf(impl, 2, func(n, f int) Grade { return Grade{TODO: n, Status: Pass, Detail: string(rune('a' + f))} })
	if r := run(Reference, "1"); r.Status != OK || r.Span != 7 {
		t.Errorf("reference part: %+v", r)
	}
	if r := run(Learner, "1"); r.Status != Unfinished || r.ID != "1" {
		t.Errorf("unlinked part: %+v", r)
	}
	if g := grade(Reference, 2); g.Status != Pass || g.Detail != "h" {
		t.Errorf("reference grade: %+v", g)
	}
	for _, n := range []int{0, 3} {
		if g := grade(Reference, n); g.Status != Unfinished || g.TODO != n {
			t.Errorf("TODO %d: %+v", n, g)
		}
	}
	learner.Use(1)
	if r, g := run(Learner, "2"), grade(Learner, 1); r.Span != 1 || g.Detail != "b" {
		t.Errorf("linked learner: %+v, %+v", r, g)
	}
}

// PlayFigures joins the words' figures to their bodies by ID, leaves the
// words' list as it was (its Play stays nil), and refuses a figure without
// a body or a body without a figure.
func TestPlayFigures(t *testing.T) {
	figs := []PlayFigure{{ID: "a"}, {ID: "b"}}
	impl := func(w Impl) (int, bool) { return 7, w == Reference }
	body := func(name string) func(int, Values, *Frame) {
		return func(f int, v Values, fr *Frame) { fr.Readouts = []Readout{{Name: name, Value: float64(f)}} }
	}
	out := PlayFigures(figs, impl, map[string]func(int, Values, *Frame){"a": body("from a"), "b": body("from b")})
	if figs[0].Play != nil || figs[1].Play != nil {
		t.Error("PlayFigures changed the words' figures")
	}
	for _, f := range out {
		fr := f.Play(Reference, nil)
		if fr.Figure != f.ID || len(fr.Readouts) != 1 || fr.Readouts[0].Name != "from "+f.ID || fr.Readouts[0].Value != 7 {
			t.Errorf("figure %s played %+v", f.ID, fr)
		}
		if fr := f.Play(Learner, nil); fr.Error != NotLinked {
			t.Errorf("figure %s on code not linked: %+v", f.ID, fr)
		}
	}
	for name, bodies := range map[string]map[string]func(int, Values, *Frame){
		"a figure without its body": {"a": body("a")},
		"a body without its figure": {"a": body("a"), "b": body("b"), "c": body("c")},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			PlayFigures(figs, impl, bodies)
		}()
	}
}
