//go:build termlab_tools

package main

import "termlab/labs/registry/full"

// The tools binary's commands (check, grade --format, grade-class) play
// and grade the days in this process, so it reads the whole days, their
// machinery with them (labs/registry/full); the lab's own binary reads only
// their words (main.go).
func init() { course = full.Days }
