package main

import (
	"testing"

	"termlab/labs/registry/full"
)

// wholeCourse has one test read the whole days (labs/registry/full) through
// the command line's course, as the tools binary does, where the lab's own
// binary reads only their words (main.go). It is for the tests of commands
// that play or grade the reference in this process today (play, run and
// grade with --solutions); once those ask a worker instead, the tests can
// read the words again. Not for parallel tests: it sets a package variable.
func wholeCourse(t *testing.T) {
	t.Helper()
	old := course
	course = full.Days
	t.Cleanup(func() { course = old })
}
