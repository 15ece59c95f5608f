//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// boxProcess puts cmd in a process group of its own, so that whatever it
// starts is stopped with it, and away from the terminal's Ctrl-C, which
// serve forwards itself.
func boxProcess(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setParentDeath(cmd.SysProcAttr)
}

// killGroup kills cmd's whole process group; it is harmless once the group
// is gone.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// interruptGroup asks cmd's process group to stop, as Ctrl-C would.
func interruptGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
	}
}
