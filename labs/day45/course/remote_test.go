package course_test

import (
	"math"
	"os"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course"
	"termlab/labs/day45/course/door"
	"termlab/labs/day45/course/fleet"
	"termlab/labs/day45/course/limit"
	"termlab/runner/testrun"
	"termlab/solutions/day45"
)

// heavyIDs are the parts that cross the call pipe in the workers: Parts
// 4 and 6, the only ones the comparison plays (the other six were played
// on both sides and thrown away: about a fifth of the test's CPU).
var heavyIDs = []string{"4", "6"}

// dumpHeavy is Parts 4 and 6 as a comparison sees them.
func dumpHeavy(parts []labs.PartResult) string { return testrun.PartsDump(parts, heavyIDs...) }

// across plays Parts 4 and 6 with f's TakeToken answered across a call
// pipe (limit.Handlers on one side, limit.Remote on the other), as the
// full worker does with the lean worker's answers.
func across(t *testing.T, f course.Funcs) []labs.PartResult {
	reqR, reqW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	// Blocking, as the workers' inherited ends are (os/exec hands them
	// over so): reads are plain system calls, not the poller's.
	for _, f := range []*os.File{reqR, reqW, repR, repW} {
		f.Fd()
	}
	served := make(chan error, 1)
	go func() {
		served <- labs.ServeCalls(reqR, repW, limit.Handlers(f), limit.LearnerDir)
		repW.Close()
	}()
	p := labs.NewCallPipe(repR, reqW)
	limit.RemoteTimer = limit.Timer(p)
	defer func() { limit.RemoteTimer = nil }()
	out := course.RunPartsWith(limit.Remote(p), heavyIDs, fleet.Pieces, door.Pieces)
	reqW.Close()
	if err := <-served; err != nil {
		t.Errorf("the serving side: %v", err)
	}
	repR.Close()
	reqR.Close()
	return out
}

// Parts 4 and 6 with the learner's TakeToken across the pipe play the same
// calls in the same order as in one process: every figure, status and
// blame the same, to the last bit, for the reference and for wrong ones.
// The local check's time is measured where TakeToken runs.
func TestHeavyPartsAcrossThePipeAreTheSame(t *testing.T) {
	ref := day45.Funcs
	neverCaps := ref
	neverCaps.TakeToken = func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
		tokens += rate * elapsed.Seconds()
		if tokens < 1 {
			return tokens, false
		}
		return tokens - 1, true
	}
	nan := ref
	nan.TakeToken = func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) { return math.NaN(), true }
	panics := ref
	panics.TakeToken = func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
		if elapsed > 500*time.Millisecond {
			panic("a bucket too full")
		}
		return ref.TakeToken(tokens, capacity, rate, elapsed)
	}
	unfinished := ref
	unfinished.TakeToken = func(float64, float64, float64, time.Duration) (float64, bool) { panic(labs.NotDone) }
	variants := map[string]course.Funcs{"reference": ref, "never caps": neverCaps, "NaN": nan, "panics": panics, "unfinished": unfinished}
	// A TakeToken that hangs is left out: in one process its spinning
	// goroutines outlive the run and starve the next (the workers die
	// with theirs). The call pipe's own test holds a hang's timeout, its
	// TODO and its input to a fault in one process's.
	dumps := map[string]string{}
	for name, f := range variants {
		t.Run(name, func(t *testing.T) {
			direct := course.RunPartsWith(f, heavyIDs, fleet.Pieces, door.Pieces)
			remote := across(t, f)
			want, got := dumpHeavy(direct), dumpHeavy(remote)
			if want != got {
				t.Fatalf("across the pipe:\n%s\nin one process:\n%s", got, want)
			}
			dumps[name] = got
			for _, p := range remote {
				if p.ID == "4" && p.Status == labs.OK && !hasMetric(p, "fleet_local_check_ns") {
					t.Errorf("Part 4 measured no local check across the pipe")
				}
			}
		})
	}
	// The learner's code is what plays: a wrong TakeToken moves the figures.
	if dumps["reference"] == "" || dumps["reference"] == dumps["never caps"] {
		t.Errorf("a TakeToken that never caps plays the reference's figures")
	}
}

func hasMetric(p labs.PartResult, name string) bool {
	for _, m := range p.Metrics {
		if m.Name == name && m.Value > 0 {
			return true
		}
	}
	return false
}
