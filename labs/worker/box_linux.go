package worker

import (
	"os/exec"
	"syscall"
)

// sysProcAttr: a process group of its own (so the whole group can be
// killed) and SIGKILL when the runner's starting thread dies.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killGroup kills the process group pgid leads; a group already gone is
// not an error.
func killGroup(pgid int) { syscall.Kill(-pgid, syscall.SIGKILL) }

// memoryShell is the shell that sets the memory bound before exec.
func memoryShell() string {
	sh, err := exec.LookPath("sh")
	if err != nil {
		return ""
	}
	return sh
}

// niceProcess lowers the priority of pid (and the processes it starts
// afterwards, which inherit it): the full worker builds beside the lean
// one without slowing it.
func niceProcess(pid int) { syscall.Setpriority(syscall.PRIO_PROCESS, pid, 10) }

// lockFile takes an exclusive lock on path (created if need be), waiting
// for another process's build to finish; unlock releases it.
func lockFile(path string) (unlock func(), err error) { return flock(path) }
