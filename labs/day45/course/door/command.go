package door

import (
	"os"

	"termlab/labs"
	"termlab/labs/day45/course/parts"
)

// The full worker answers the door's command (labs.Day.Door) because this
// package registers it: the worker's main imports this package through the
// generated link file (course.FullWorker) and names no day. The command
// serves the code the day was built with (course.New hands it to
// parts.Link), read when it runs, after every init.
func init() {
	labs.RegisterCommand(parts.ServeCommand, func(args []string) int {
		return ServeMain(args, parts.Linked, os.Stdout, os.Stderr)
	})
}
