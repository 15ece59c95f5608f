package worker

import (
	"os"
	"syscall"
	"time"
)

// Windows has neither process groups as Unix has them nor a parent-death
// signal: the worker is killed by its time bound only.
func sysProcAttr() *syscall.SysProcAttr { return nil }

func killGroup(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}

func memoryShell() string { return "" }

func niceProcess(int) {}

// lockFile is a no-op on Windows: two builds at once there may race.
func lockFile(string) (func(), error) { return func() {}, nil }

func killStrays(string) {}

func killTree(int) {}

// A worker is bounded on the wall clock.
func childCPU(int) (time.Duration, bool) { return 0, false }

func childQueue(int) func() (time.Duration, bool, bool, bool) { return nil }

func confineAttr(*syscall.SysProcAttr) bool { return false }
