// Command termlab is a day-by-day course lab in the terminal.
//
//	go run .              open the lab (in a terminal)
//	go run . run 45       run Day 45's experiments on your code
//	go run . grade 45     grade your TODOs
//
// See README.md for every command and the JSON interface.
package main

import (
	"os"

	"termlab/labs"
	day45 "termlab/labs/day45/course"
	day46 "termlab/labs/day46/course"
	solutions45 "termlab/solutions/day45"
	solutions46 "termlab/solutions/day46"
)

// course is every registered day: a new day is one package and one line here.
var course = labs.Course{
	day45.New(solutions45.Funcs),
	day46.New(solutions46.Funcs),
}

func main() {
	os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
