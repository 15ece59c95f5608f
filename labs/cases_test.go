package labs

import (
	"fmt"
	"testing"
)

// A learner's square that is wrong from 7 on: the hand cases pass, a random
// case fails and shrinks to the smallest failing one.
func TestCasesFindAndShrink(t *testing.T) {
	square := func(x int) int {
		if x >= 7 {
			return x*x + 1
		}
		return x * x
	}
	check := func(x int) *Failure {
		if got, want := square(x), x*x; got != want {
			return &Failure{What: "wrong square", Counterexample: Counterexample{Input: fmt.Sprint(x), Got: fmt.Sprint(got), Want: fmt.Sprint(want)}}
		}
		return nil
	}
	s := Cases[int]{
		Hand:    []int{0, 1, 2},
		Random:  func(i int) int { return 1000 - i },
		N:       10,
		Check:   check,
		Simpler: func(x int) []int { return []int{x / 2, x - 1} },
	}
	for _, c := range []struct {
		name    string
		s       Cases[int]
		input   string
		checked int
	}{
		{"shrunk", s, "7", 4},
		{"no simpler", Cases[int]{Hand: s.Hand, Random: s.Random, N: s.N, Check: check}, "1000", 4},
		{"a hand case fails first", Cases[int]{Hand: []int{1, 8, 9}, Random: s.Random, N: s.N, Check: check, Simpler: s.Simpler}, "8", 2},
		{"all pass", Cases[int]{Hand: s.Hand, Random: func(i int) int { return i % 7 }, N: 5, Check: check, Simpler: s.Simpler}, "", 8},
		// A sweep runs after the hand cases and before the random ones,
		// its calls counted; its failure stops the rest and is not shrunk.
		{"a sweep passes", Cases[int]{Hand: s.Hand, Random: s.Random, N: s.N, Check: check, Simpler: s.Simpler,
			Sweep: func() (*Failure, int) { return nil, 5 }}, "7", 9},
		{"a sweep fails", Cases[int]{Hand: s.Hand, Random: s.Random, N: s.N, Check: check, Simpler: s.Simpler,
			Sweep: func() (*Failure, int) { return check(12), 2 }}, "12", 5},
	} {
		f, checked := c.s.First()
		input := ""
		if f != nil {
			input = f.Counterexample.Input
		}
		if input != c.input || checked != c.checked {
			t.Errorf("%s: failed on %q after %d, want %q after %d", c.name, input, checked, c.input, c.checked)
		}
	}
	if f := s.Search([]int{3, 5, 40, 9}); f == nil || f.Counterexample.Input != "7" {
		t.Errorf("Search: %+v, want the call 40 shrunk to 7", f)
	}
}

// A Simpler that offers the same case again forever still ends.
func TestShrinkEndsOnACycle(t *testing.T) {
	s := Cases[int]{Check: func(int) *Failure { return &Failure{What: "always"} }, Simpler: func(x int) []int { return []int{x} }}
	if f := s.Shrink(3, &Failure{What: "first"}); f == nil || f.What != "always" {
		t.Errorf("Shrink = %+v", f)
	}
}

func TestNear(t *testing.T) {
	for _, c := range []struct {
		a, b, scale, tol float64
		want             bool
	}{
		{1, 1 + 1e-10, 1, 1e-9, true},
		{1, 1 + 1e-8, 1, 1e-9, false},
		{1000, 1000 + 1e-7, 1000, 1e-9, true}, // relative to the scale
		{0, 5e-10, 0, 1e-9, true},             // max(1, scale): an absolute floor
	} {
		if got := Near(c.a, c.b, c.scale, c.tol); got != c.want {
			t.Errorf("Near(%g, %g, %g, %g) = %v, want %v", c.a, c.b, c.scale, c.tol, got, c.want)
		}
	}
}

func TestGradeFail(t *testing.T) {
	var g Grade
	g.Fail(&Failure{What: "w", Counterexample: Counterexample{Input: "i", Got: "g", Want: "x"}, Hint: "h"})
	if g.Status != Fail || g.Detail != "w" || g.Hint != "h" || g.Counterexample == nil || g.Counterexample.Got != "g" {
		t.Errorf("Fail gave %+v", g)
	}
}
