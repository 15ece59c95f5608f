// Command termlab is a day-by-day course lab in the terminal.
//
//	go run .              open the lab (in a terminal)
//	go run . run 45       run Day 45's experiments on your code
//	go run . grade 45     grade your TODOs
//
// See README.md for the commands and docs/JSON.md for the JSON interface.
package main

import (
	"os"

	"termlab/labs/registry"
)

// Registration is generated: a day is its packages (labs/dayNN,
// labs/dayNN/course, solutions/dayNN) and this one step. See docs/AUTHORING.md.
//go:generate go run ./author/gendays

// course is every registered day (labs/registry, generated): their words
// only, as the screens need them; the workers play and grade the days. The
// tools binary reads the whole days instead (tools_course.go).
var course = registry.Days

func main() {
	os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
