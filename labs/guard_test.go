package labs

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestGuard(t *testing.T) {
	tests := []struct {
		name   string
		fn     func(tr *Tracker)
		status Status
		todo   int
		detail string
	}{
		{"returns", func(tr *Tracker) {}, "", 0, ""},
		{"not done", func(tr *Tracker) { tr.Enter(2); panic(NotDone) }, Unfinished, 2, "not done"},
		{"impossible", func(tr *Tracker) { panic(Invalid{TODO: 3, Reason: "NaN tokens"}) }, Fail, 3, "NaN tokens"},
		{"panics", func(tr *Tracker) { tr.Enter(1); var s []int; _ = s[len(s)] }, Crash, 1, "index out of range"},
		{"Goexit", func(tr *Tracker) { tr.Enter(4); runtime.Goexit() }, Crash, 4, "Goexit"},
		{"hangs", func(tr *Tracker) { tr.Enter(1); select {} }, Timeout, 1, "did not return"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tr Tracker
			f := Guard(100*time.Millisecond, "labs/day45", &tr, func() { tt.fn(&tr) })
			if f.Status != tt.status || f.TODO != tt.todo || !strings.Contains(f.Detail, tt.detail) {
				t.Fatalf("got %+v, want status %q TODO %d detail containing %q", f, tt.status, tt.todo, tt.detail)
			}
		})
	}
}
