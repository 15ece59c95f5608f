package tui

import (
	"time"

	"termlab/labs"
	day45 "termlab/labs/day45/course"
)

// stubs45 does what Day 45's shipped stubs do: each TODO panics with the
// lab's not-done marker. The screens' tests never import labs/day45, the
// learner's own package, which may be half done or not compile (and builds
// only with -tags termlab).
var stubs45 = day45.Funcs{
	TakeToken: func(float64, float64, float64, time.Duration) (float64, bool) { panic(labs.NotDone) },
	WindowID:  func(time.Duration, time.Duration) int64 { panic(labs.NotDone) },
	Expired:   func(time.Duration, time.Duration, time.Duration) bool { panic(labs.NotDone) },
	NextEmit:  func(time.Duration, time.Duration) time.Duration { panic(labs.NotDone) },
}
