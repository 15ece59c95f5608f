// Command serve is the program behind `go run . serve 45`: Day 45's door
// (polite.go) as a real HTTP server on loopback, limiting each client with
// the learner's TakeToken.
//
// The lab's own binary never links the learner's code. The serve command
// builds this package instead, with the labworker tag (worker.Runner), and
// runs it as `serve _serve --addr=127.0.0.1:PORT`, passing its output and
// signals through. Built without the tag it only says so.
package main

import (
	"os"

	"termlab/labs/day45/course"
)

func main() {
	os.Exit(course.ServeMain(os.Args[1:], os.Stdout, os.Stderr))
}
