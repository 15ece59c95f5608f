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
