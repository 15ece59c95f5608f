//go:build unix && !linux

package worker

import (
	"syscall"
	"time"
)

// Other Unixes have process groups but no parent-death signal, and their
// ulimit -v is not enforced (macOS): no OS memory bound there.
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

func killGroup(pgid int) { syscall.Kill(-pgid, syscall.SIGKILL) }

func memoryShell() string { return "" }

// niceProcess lowers pid's priority to 10 below the runner's own (see
// box_linux.go).
func niceProcess(pid int) {
	own, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0)
	if err != nil {
		own = 0
	}
	syscall.Setpriority(syscall.PRIO_PROCESS, pid, min(own+10, 19))
}

func lockFile(path string) (unlock func(), err error) { return flock(path) }

// Without /proc there is no portable way to find a process by its
// environment or its parent: what escaped the group is left to the
// answer pipe's deadline, which keeps it from holding up a run.
func killStrays(string) {}

func killTree(int) {}

// Without /proc, a worker is bounded on the wall clock.
func childCPU(int) (time.Duration, bool) { return 0, false }

func childQueue(int) func() (time.Duration, bool, bool, bool) { return nil }

// No network namespace an unprivileged process can make on other Unixes.
func confineAttr(*syscall.SysProcAttr) bool { return false }
