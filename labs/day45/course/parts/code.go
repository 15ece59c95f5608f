package parts

import (
	"sync/atomic"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
)

// Code is whose four functions run for which implementation: the
// reference's, and the learner's when this program links them (the
// course's labs.Linked.Bind).
type Code func(which labs.Impl) (limit.Funcs, bool)

// code is the day's Code as course.New last bound it (Link).
var code atomic.Pointer[Code]

// Link records c as the day's code, for the heavy packages' commands (the
// door's `_serve`, which the worker's main runs after its link file's init
// has built the day). course.New calls it: the course hands its code down
// here, so a heavy package reads it from this package, which it imports
// anyway, and never from the course above it or from the reference
// solutions.
func Link(c Code) { code.Store(&c) }

// Linked is the code Link recorded for which; false when this program has
// built no day, or does not link that implementation.
func Linked(which labs.Impl) (limit.Funcs, bool) {
	c := code.Load()
	if c == nil {
		return limit.Funcs{}, false
	}
	return (*c)(which)
}
