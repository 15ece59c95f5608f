//go:build unix

package boxinit

import "syscall"

// answerFD is worker.answerFD (the first of cmd.ExtraFiles), which this
// package cannot import: it must stay a leaf so that it initialises first.
// callFDs are worker.callsFD's two: the call pipe's ends (labs.CallPipe),
// present when the worker answers or asks for the learner's calls. Both
// closed to whatever program the learner's code starts. (Where a worker has
// no such files, the descriptors are the runtime's own, already
// close-on-exec, or none: CloseOnExec is then a no-op.)
const answerFD = 3

var callFDs = [2]int{4, 5}

func init() {
	syscall.CloseOnExec(answerFD)
	for _, fd := range callFDs {
		syscall.CloseOnExec(fd)
	}
}
