package labs

import "testing"

// A failure's hint is asked once, of the failure shown, after the shrink:
// never on a passing case nor on the steps of the shrink; a pass never
// asks at all.
func TestDiagnoseOnceAfterTheShrink(t *testing.T) {
	asked := 0
	s := Cases[int]{
		Random: func(i int) int { return 100 + i },
		N:      10,
		Check: func(c int) *Failure {
			if c < 50 {
				return nil
			}
			return &Failure{What: "big", Counterexample: Counterexample{Input: "x"}, Diagnose: func() (string, string) {
				asked++
				return "hint for the shown case", "plain.big"
			}}
		},
		Simpler: func(c int) []int { return []int{c - 10} },
	}
	f, _ := s.First()
	if f == nil || asked != 1 || f.Hint != "hint for the shown case" || f.HintID != "plain.big" {
		t.Fatalf("failure %+v, asked %d times, want once", f, asked)
	}
	asked = 0
	s.Check = func(int) *Failure { return nil }
	if f, _ := s.First(); f != nil || asked != 0 {
		t.Fatalf("a pass: failure %v, asked %d", f, asked)
	}
}
