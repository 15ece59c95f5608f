package course_test

import (
	"math"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course"
	"termlab/solutions/day45"
)

var day = course.New(day45.Funcs)

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

func TestPerSecondOutputOfPart3(t *testing.T) {
	token := course.TokenShape(day45.TakeToken).PerSecond
	leaky := course.LeakyShape(day45.NextEmit).PerSecond
	for s := range 20 {
		wantToken := 0
		if s%3 == 0 && s <= 12 {
			wantToken = 20
		}
		wantLeaky := 0
		switch {
		case s <= 15:
			wantLeaky = 10
		case s == 16:
			wantLeaky = 1
		}
		if token[s] != wantToken || leaky[s] != wantLeaky {
			t.Errorf("second %d: token %d leaky %d, want %d and %d", s, token[s], leaky[s], wantToken, wantLeaky)
		}
	}
}

func TestArrivalStreamIsTheCourses(t *testing.T) {
	a := course.Arrivals(45, 30, 60*time.Second)
	if len(a) != 1809 {
		t.Fatalf("%d arrivals, want 1809", len(a))
	}
	want := []time.Duration{10576104, 32892295, 35739844} // 0.010576103711314375 s …, to the nanosecond
	for i, w := range want {
		if a[i] != w {
			t.Errorf("arrival %d at %v, want %v", i, a[i], w)
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
	for _, p := range course.RunWith(stub) {
		if p.Status != labs.Unfinished || p.TODO == 0 {
			t.Errorf("part %s on stubs: %s waiting on TODO %d, want unfinished with a TODO", p.ID, p.Status, p.TODO)
		}
	}
}
