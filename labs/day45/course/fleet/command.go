package fleet

import (
	"os"

	"termlab/labs"
	"termlab/labs/day45/course/parts"
)

// The full worker answers the store's ping (labs.Day.Store) because this
// package registers it (see course.FullWorker; labs.RegisterCommand).
func init() {
	labs.RegisterCommand(parts.PingCommand, func(args []string) int { return PingMain(args, os.Stderr) })
}
