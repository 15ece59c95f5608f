// Command termlab-tools is the course authors' and staff's commands
// (check, new-day, grade --format, grade-class: cli/tools), apart from the
// lab so that a learner's first `go run .` need not compile them. The lab
// builds and runs it for those commands with the same command line
// (cli/tools.go); it can also be run by itself from the lab's folder:
//
//	go run ./cmd/termlab-tools grade-class 45 submissions/
package main

import (
	"os"

	"termlab/cli/tools"
)

func main() {
	os.Exit(tools.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
