package grade_test

import (
	"sync"
	"time"
)

// A wrong WindowID that keeps state at package level, which a learner's
// file generated from variants_test.go (staff/class) cannot hold: it lives
// here, and joins the suite's wrong WindowIDs.

// firstNow is the clock of the first call the variant saw: it numbers
// windows from there, as a learner who keeps "the start" in a package
// variable does (set once, whatever test grades it first: the grader's
// first call is always at the same origin). It passed while the grader's
// first call was at now = 0.
var (
	firstNowOnce sync.Once
	firstNow     time.Duration
)

func init() {
	wrongID = append(wrongID, variant{name: "numbers windows from its first call", mentions: "first call", id: func(now, w time.Duration) int64 {
		firstNowOnce.Do(func() { firstNow = now })
		return int64((now - firstNow) / w)
	}})
}
