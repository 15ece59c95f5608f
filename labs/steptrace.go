package labs

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"
)

// Where a save's time goes. With StepTraceEnv naming a file, each step of
// a save (the watcher's event, the debounce, the build's compile and link,
// each worker's start, load and answer, the screen's update and draw)
// appends one line to it: the wall clock in nanoseconds since the epoch,
// the process, and the step. The lines of the lab, its workers and a
// measuring tool beside them (author/savetime's -trace) then sort into
// one timeline. A profiling aid: unset, as always but when profiling,
// Step costs one load of a flag, and nothing any verdict depends on reads
// the file.

// StepTraceEnv names the file a save's steps are appended to.
const StepTraceEnv = "TERMLAB_STEP_TRACE"

var stepTrace = sync.OnceValue(func() *os.File {
	path := os.Getenv(StepTraceEnv)
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil
	}
	return f
})

// Stepping reports whether steps are being traced, for a caller whose
// step costs something to describe.
func Stepping() bool { return stepTrace() != nil }

// Step appends one step to the trace, when there is one. Each line is one
// write with O_APPEND, so the lines of several processes do not mix.
func Step(format string, args ...any) {
	if f := stepTrace(); f != nil {
		writeStep(f, time.Now(), format, args...)
	}
}

// writeStep appends one step's line to f: the time in ns since the epoch,
// this process's id, the step.
func writeStep(f *os.File, at time.Time, format string, args ...any) {
	f.WriteString(strconv.FormatInt(at.UnixNano(), 10) + " " + strconv.Itoa(os.Getpid()) + " " + fmt.Sprintf(format, args...) + "\n")
}
