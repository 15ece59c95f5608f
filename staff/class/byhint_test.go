package class

import (
	"testing"

	"termlab/labs"
)

// Two students told one mistake in other figures, or in other words, are
// one group when their hints share an ID; two mistakes told in words that
// mask alike are two.
func TestGroupsByHintID(t *testing.T) {
	fail := func(id, hint string) labs.Grade {
		return labs.Grade{TODO: 2, Status: labs.Fail, Hint: hint, HintID: id, Detail: "wrong on an input found at random"}
	}
	for _, c := range []struct {
		a, b labs.Grade
		same bool
	}{
		{fail("window.off-by-k", "the number is 1 too high"), fail("window.off-by-k", "windows are numbered from 0, and this one is 3 too high"), true},
		{fail("plain.too-high", "the number is 2 too high"), fail("window.off-by-k", "the number is 2 too high"), false},
		{fail("plain.too-high", "the number is 2 too high"), fail("plain.too-high", "the number is 9 too high"), true},
	} {
		ka, _ := Diagnosis(c.a)
		kb, _ := Diagnosis(c.b)
		if (ka == kb) != c.same {
			t.Errorf("%q (%s) and %q (%s): keys %q, %q; want same=%v", c.a.Hint, c.a.HintID, c.b.Hint, c.b.HintID, ka, kb, c.same)
		}
	}
}
