// Package tools holds the commands of the tools binary (cmd/termlab-tools):
// the course authors' (check, new-day, author.go) and the staff's
// (grade --format, grade-class, class.go). They link the generator, the
// autograders' writers and the class grader, which no learner's screen
// needs, so the lab's own binary (the module root) never imports this
// package: it builds the tools binary and runs it (cli/tools.go).
package tools

import (
	"io"

	"termlab/cli"
	"termlab/labs/registry/full"
)

// course is the whole days, their machinery with them
// (labs/registry/full): check, grade --format and grade-class play and
// grade the days in this process. The lab's own binary reads only their
// words (cli/cli.go).
var course = full.Days

// commands are this package's commands, by the names the command table
// (cli/cli.go) delegates them under.
var commands = map[string]cli.Tool{
	"new-day":        cmdNewDay,
	"check":          cmdCheck,
	"grade --format": gradeAs,
	"grade-class":    cmdGradeClass,
}

// Main runs the tools binary's command line and returns the exit code.
func Main(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.ToolsMain(course, commands, argv, stdin, stdout, stderr)
}
