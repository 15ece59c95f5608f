// Command termlab is a day-by-day course lab in the terminal.
//
//	go run .              open the lab (in a terminal)
//	go run . run 45       run Day 45's experiments on your code
//	go run . grade 45     grade your TODOs
//
// See README.md for the commands and docs/JSON.md for the JSON interface.
// The commands are package cli; the authors' and staff's live in
// cmd/termlab-tools.
package main

import (
	"os"

	"termlab/cli"
)

// Registration is generated: a day is its packages (labs/dayNN,
// labs/dayNN/course, solutions/dayNN) and this one step. See docs/AUTHORING.md.
//go:generate go run ./author/gendays

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
