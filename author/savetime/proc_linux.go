package main

import "syscall"

// dieWithParent makes a child killed when this program ends, however it
// ends.
func dieWithParent() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
