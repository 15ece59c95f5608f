package testrun

import (
	"os"
	"runtime/debug"
)

// CollectLess runs a test binary's garbage collector at GOGC=400 unless
// the environment sets GOGC, as the lab's workers run theirs
// (runner/worker/gc.go). The heavy packages' tests keep a few MB alive and
// allocate many times that (frames drawn, parts played, inputs graded
// again and again), so at the default 100 the collector is a sixth to a
// fifth of their CPU: measured on the 2-core machine, Day 46's grader
// tests 3.0 → 2.3 s, Day 45's 1.8 → 1.2 s, labs/registry's 2.6 → 2.0 s,
// the screens' 4.7 → 3.9 s, CPU that a newcomer's first go test ./...
// pays beside the compiler. The price is memory: a binary's peak grows
// two to three times (the screens' 60 → 130 MB). Not under the race
// detector, whose shadow memory grows with the heap several times over.
// When the collector runs changes nothing any test computes. Main and
// MainKeepTemp call it; a TestMain of another kind calls it first.
func CollectLess() {
	if _, set := os.LookupEnv("GOGC"); !set && !Race {
		debug.SetGCPercent(400)
	}
}
