package door

import (
	"os"

	"termlab/labs"
	"termlab/labs/day45/course/parts"
	solutions "termlab/solutions/day45"
)

// The full worker answers the door's command (labs.Day.Door) because this
// package registers it: the worker's main imports this package through the
// generated link file (course.FullWorker) and names no day.
func init() {
	labs.RegisterCommand(parts.ServeCommand, func(args []string) int {
		return ServeMain(args, solutions.Funcs, os.Stdout, os.Stderr)
	})
}
