package course_test

import (
	"math"
	"slices"
	"testing"

	"termlab/labs"
	"termlab/labs/day45/course"
	"termlab/labs/day45/course/door"
	"termlab/labs/day45/course/fleet"
	"termlab/labs/day45/course/parts"
	"termlab/solutions/day45"
)

// heavy are the heavy packages' pieces, as the full worker's link file
// hands them to the day: these tests play every part.
var heavy = [][]parts.Piece{fleet.Pieces, door.Pieces}

var day = course.New(day45.Funcs, heavy...)

// The course's reference run, figure for figure (spec §2).
func TestReferenceRunReproducesTheCourse(t *testing.T) {
	m := day.Execute(labs.Reference).Metrics()
	want := map[string]float64{
		"token_burst_accepted":      20,
		"token_burst_rejected":      30,
		"token_sustained_offered":   1809,
		"token_sustained_accepted":  619,
		"token_sustained_rate":      619.0 / 60,
		"token_steady_rate":         10,
		"fixed_boundary_accepted":   200,
		"fixed_max_trailing":        200,
		"sliding_boundary_accepted": 100,
		"sliding_max_trailing":      100,
		"token_bursty_accepted":     100,
		"token_peak_output":         20,
		"leaky_emitted":             161,
		"leaky_overflowed":          39,
		"leaky_worst_wait_s":        4,
		"leaky_output_rate":         10,
	}
	for name, w := range want {
		got, ok := m[name]
		if !ok {
			t.Errorf("metric %s missing", name)
			continue
		}
		if math.Abs(got-w) > 1e-12 {
			t.Errorf("%s = %v, want %v", name, got, w)
		}
	}
}

func TestReferencePassesAndStubsAreUnfinished(t *testing.T) {
	stub := course.Funcs{TakeToken: stubs.TakeToken, WindowID: stubs.WindowID, Expired: stubs.Expired, NextEmit: stubs.NextEmit}
	for _, g := range day.Grade(labs.Reference) {
		if g.Status != labs.Pass {
			t.Errorf("reference TODO %d: %s (%s)", g.TODO, g.Status, g.Detail)
		}
	}
	// The stubs, graded as if they were someone's reference-checked code.
	for n := 1; n <= 4; n++ {
		g := course.GradeWith(n, stub, day45.Funcs)
		if g.Status != labs.Unfinished {
			t.Errorf("stub TODO %d: %s (%s), want unfinished", n, g.Status, g.Detail)
		}
	}
	for _, p := range course.RunWith(stub, heavy...) {
		if p.Status != labs.Unfinished || p.TODO == 0 {
			t.Errorf("part %s on stubs: %s waiting on TODO %d, want unfinished with a TODO", p.ID, p.Status, p.TODO)
		}
	}
}

// The words declare each part's TODOs (the lab's binary links no piece):
// they must be what the pieces call, the heavy packages' included.
func TestThePartsRunTheTODOsTheWordsSay(t *testing.T) {
	all := parts.Pieces()
	for _, h := range heavy {
		all = append(all, h...)
	}
	for _, p := range day.Parts {
		if got := labs.PartUses(all, p.ID); !slices.Equal(got, p.Uses) {
			t.Errorf("part %s: the words say it runs TODOs %v, its pieces call %v", p.ID, p.Uses, got)
		}
	}
}
