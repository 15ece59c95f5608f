package course_test

import (
	"time"

	"termlab/labs"
	"termlab/labs/day45/course"
)

// stubs does what the shipped stubs do: every TODO panics with the lab's
// not-done marker. The tests never import labs/day45 itself: it is the
// learner's, half done or not compiling at any moment, and it builds only
// with -tags termlab. That the shipped stubs really are these is checked on
// the embedded copy (TestShippedStubs) and by `go run . check`.
var stubs = course.Funcs{
	TakeToken: func(float64, float64, float64, time.Duration) (float64, bool) { panic(labs.NotDone) },
	WindowID:  func(time.Duration, time.Duration) int64 { panic(labs.NotDone) },
	Expired:   func(time.Duration, time.Duration, time.Duration) bool { panic(labs.NotDone) },
	NextEmit:  func(time.Duration, time.Duration) time.Duration { panic(labs.NotDone) },
}
