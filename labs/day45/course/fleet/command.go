package fleet

import (
	"os"

	"termlab/labs"
	"termlab/labs/day45/course"
)

// The full worker answers the store's ping (labs.Day.Store) because this
// package registers it (see course.FullWorker).
func init() {
	labs.RegisterCommand(course.PingCommand, func(args []string) int { return PingMain(args, os.Stderr) })
}
