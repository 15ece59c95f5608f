package worker

import (
	"bytes"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
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

// killStrays kills every process whose environment holds mark (boxEnv=id):
// what a box's worker started and left behind, in whatever session or
// group it went to. A round may miss a process forked while it ran, so it
// scans again until a round finds none (a bounded number of times: a fork
// bomb still meets the memory bound and the box's group kill).
func killStrays(mark string) {
	want := []byte("\x00" + mark + "\x00")
	marked := func(pid int) bool {
		env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
		// Gone, a zombie (its environment reads empty), or not ours.
		return err == nil && bytes.Contains(append([]byte{0}, env...), want)
	}
	for range 16 {
		var killed []int
		for _, pid := range procPids() {
			if marked(pid) {
				syscall.Kill(pid, syscall.SIGKILL)
				killed = append(killed, pid)
			}
		}
		if len(killed) == 0 {
			return
		}
		// SIGKILL takes effect as the process is next scheduled: wait for
		// that (briefly), so that the run ends with its strays gone.
		for _, pid := range killed {
			for i := 0; i < 1000 && marked(pid); i++ {
				time.Sleep(time.Millisecond)
			}
		}
	}
}

// killTree kills every descendant of pid, by the parent links in /proc.
func killTree(pid int) {
	children := map[int][]int{}
	for _, p := range procPids() {
		if pp := parentPid(p); pp > 0 {
			children[pp] = append(children[pp], p)
		}
	}
	todo := slices.Clone(children[pid])
	for len(todo) > 0 {
		p := todo[len(todo)-1]
		todo = append(todo[:len(todo)-1], children[p]...)
		syscall.Kill(p, syscall.SIGKILL)
	}
}

// procPids lists the processes in /proc (none where it cannot be read).
func procPids() []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	pids := make([]int, 0, len(entries))
	for _, e := range entries {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// parentPid is the fourth field of /proc/pid/stat, after the command name
// (in parentheses, and which may itself hold spaces and parentheses).
func parentPid(pid int) int {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 2 {
		return 0
	}
	pp, _ := strconv.Atoi(f[1])
	return pp
}
