//go:build unix

package boxinit

import "syscall"

// answerFD is worker.answerFD (the first of cmd.ExtraFiles), which this
// package cannot import: it must stay a leaf so that it initialises first.
const answerFD = 3

func init() { syscall.CloseOnExec(answerFD) }
