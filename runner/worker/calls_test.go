package worker_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course"
	"termlab/labs/day45/course/door"
	"termlab/labs/day45/course/fleet"
	"termlab/runner/testrun"
	"termlab/solutions/day45"
)

// heavyFigures is Parts 4 and 6 as a comparison sees them.
func heavyFigures(parts []labs.PartResult) string { return testrun.PartsDump(parts, "4", "6") }

// learnerFile is a learner's file whose TakeToken is body, the other
// TODOs not done.
func learnerFile(body string) string {
	return `package day45

import (
	"time"

	"termlab/labs"
)

func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {
` + body + `
}

func WindowID(now, window time.Duration) int64           { panic(labs.NotDone) }
func Expired(stamp, now, window time.Duration) bool      { panic(labs.NotDone) }
func NextEmit(now, nextEmit time.Duration) time.Duration { panic(labs.NotDone) }
`
}

// keepsTwo spends a token only while two more stay in the bucket: wrong,
// and every answer possible, so the parts play on with other figures.
// neverCaps refills past the capacity: the parts' check stops them.
const (
	keepsTwo = `	tokens = min(capacity, tokens+elapsed.Seconds()*ratePerSec)
	if tokens >= 3 {
		return tokens - 1, true
	}
	return tokens, false`
	neverCaps = `	tokens += elapsed.Seconds() * ratePerSec
	if tokens >= 1 {
		return tokens - 1, true
	}
	return tokens, false`
)

// A save never relinks the full worker: it links no learner code, and the
// learner's TakeToken its heavy parts call is answered across the call
// pipe by the lean worker. Three saves on a copy of the lab: the full
// worker is the same file after the second and the third, and Parts 4 and
// 6 play each save's TakeToken, to the last bit of what it gives in one
// process: the reference's figures, a wrong TakeToken's other figures, and
// a TakeToken that never caps stopped by the parts' check as ever.
func TestASaveDoesNotRelinkTheFullWorker(t *testing.T) {
	testrun.Slow(t, "builds and runs both workers twice")
	day, root, r := refLab(t, "")
	done, err := os.ReadFile(filepath.Join("..", "..", "testdata", "taketoken", "todo.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "labs", "day45", "todo.go"), done, 0o644); err != nil {
		t.Fatal(err)
	}
	inProcess := func(take func(float64, float64, float64, time.Duration) (float64, bool)) string {
		f := day45.Funcs
		f.TakeToken = take
		return heavyFigures(course.RunWith(f, fleet.Pieces, door.Pieces))
	}
	run := func() labs.Outcome {
		o, err := r.Run(context.Background(), day)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	o := run()
	if !strings.Contains(heavyFigures(o.Parts), "part 4 ok") {
		t.Fatalf("TakeToken done: %s", heavyFigures(o.Parts))
	}
	if got, want := heavyFigures(o.Parts), inProcess(day45.Funcs.TakeToken); got != want {
		t.Fatalf("across the pipe:\n%s\nin one process:\n%s", got, want)
	}
	full := r.Bin + "-full"
	before, err := os.Stat(full)
	if err != nil {
		t.Fatal(err)
	}

	save := func(body string) labs.Outcome {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, "labs", "day45", "todo.go"), []byte(learnerFile(body)), 0o644); err != nil {
			t.Fatal(err)
		}
		o, err := r.Run(context.Background(), day)
		if err != nil {
			t.Fatal(err)
		}
		after, err := os.Stat(full)
		if err != nil {
			t.Fatal(err)
		}
		if !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
			t.Errorf("the save relinked the full worker (%v → %v)", before.ModTime(), after.ModTime())
		}
		return o
	}

	o = save(keepsTwo)
	got := heavyFigures(o.Parts)
	if want := inProcess(func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
		tokens = min(capacity, tokens+elapsed.Seconds()*rate)
		if tokens >= 3 {
			return tokens - 1, true
		}
		return tokens, false
	}); got != want {
		t.Fatalf("keeping two back, across the pipe:\n%s\nin one process:\n%s", got, want)
	}
	if got == inProcess(day45.Funcs.TakeToken) || !strings.Contains(got, "part 4 ok") || !strings.Contains(got, "part 6 ok") {
		t.Fatalf("a TakeToken that keeps two back plays the reference's Parts 4 and 6, or none:\n%s", got)
	}
	// The local check is timed where TakeToken runs.
	for _, p := range o.Parts {
		for _, m := range p.Metrics {
			if m.Name == "fleet_local_check_ns" && m.Value <= 0 {
				t.Errorf("the local check measured %v ns", m.Value)
			}
		}
	}

	o = save(neverCaps)
	if got, want := heavyFigures(o.Parts), inProcess(func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
		tokens += elapsed.Seconds() * rate
		if tokens >= 1 {
			return tokens - 1, true
		}
		return tokens, false
	}); got != want || !strings.Contains(got, "part 4 fail todo=1") {
		t.Fatalf("never capping, across the pipe:\n%s\nin one process:\n%s", got, want)
	}
}
