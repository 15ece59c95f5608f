package labs

import (
	"sync/atomic"
	"testing"
	"time"
)

// A failure's hint is read once, of the failure shown, after the shrink
// and after the checks (Explain): never on a passing case, nor on the
// steps of the shrink, nor by the checks themselves; a pass never asks.
func TestDiagnoseOnceAfterTheShrink(t *testing.T) {
	asked := 0
	s := Cases[int]{
		Random: func(i int) int { return 100 + i },
		N:      10,
		Check: func(c int) *Failure {
			if c < 50 {
				return nil
			}
			return &Failure{What: "big", Counterexample: Counterexample{Input: "x"}, Hint: "plainly big", HintID: "plain.big", Diagnose: func() (string, string) {
				asked++
				return "hint for the shown case", "case.shown"
			}}
		},
		Simpler: func(c int) []int { return []int{c - 10} },
	}
	f, _ := s.First()
	if f == nil || asked != 0 || f.Hint != "plainly big" {
		t.Fatalf("failure %+v, asked %d times by the checks, want none", f, asked)
	}
	f = f.Explain(time.Minute, "", nil)
	if asked != 1 || f.Hint != "hint for the shown case" || f.HintID != "case.shown" || f.Diagnose != nil {
		t.Fatalf("failure %+v, asked %d times, want once", f, asked)
	}
	if f.Explain(time.Minute, "", nil); asked != 1 {
		t.Fatalf("asked %d times after a second Explain, want once", asked)
	}
	asked = 0
	s.Check = func(int) *Failure { return nil }
	if f, _ := s.First(); f != nil || asked != 0 {
		t.Fatalf("a pass: failure %v, asked %d", f, asked)
	}
}

// A reading that does not finish within its own bound, stops in a panic
// or names nothing leaves the check's plain hint; only one that returned
// gives its own.
func TestExplainKeepsThePlainHint(t *testing.T) {
	var on atomic.Bool
	on.Store(true)
	t.Cleanup(func() { on.Store(false) })
	for _, tt := range []struct {
		name     string
		read     func() (string, string)
		hint, id string
	}{
		{"names the mistake", func() (string, string) { return "named", "todo.named" }, "named", "todo.named"},
		{"names nothing", func() (string, string) { return "", "" }, "plain", "plain.differs"},
		{"panics", func() (string, string) { panic("a probe's panic, not caught") }, "plain", "plain.differs"},
		{"spins past its bound", func() (string, string) {
			for on.Load() {
			}
			return "never finished checking", "todo.unfinished"
		}, "plain", "plain.differs"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := &Failure{What: "wrong", Hint: "plain", HintID: "plain.differs", Diagnose: tt.read}
			f = f.Explain(50*time.Millisecond, "", nil)
			if f.Hint != tt.hint || f.HintID != tt.id || f.What != "wrong" {
				t.Errorf("%+v, want hint %q (%s)", f, tt.hint, tt.id)
			}
		})
	}
}
