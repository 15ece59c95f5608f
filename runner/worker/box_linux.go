package worker

import (
	"bytes"
	"os"
	"os/exec"
	"slices"
	"sync"
	"syscall"
	"time"

	"termlab/labs"
	"termlab/runner/proc"
)

// sysProcAttr: a process group of its own (so the whole group can be
// killed) and SIGKILL when the runner's starting thread dies. The runner
// becomes a child subreaper before its first box: a process a worker
// leaves behind is then adopted by the runner rather than by init, where
// killAdopted finds it.
func sysProcAttr() *syscall.SysProcAttr {
	subreaper.Do(func() { syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0) })
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// confineAttr adds a user namespace mapping this user to itself and a
// network namespace of its own to a, for a confined box (confine.go).
func confineAttr(a *syscall.SysProcAttr) bool {
	uid, gid := os.Getuid(), os.Getgid()
	a.Cloneflags |= syscall.CLONE_NEWUSER | syscall.CLONE_NEWNET
	a.UidMappings = []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}}
	a.GidMappings = []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}}
	a.GidMappingsEnableSetgroups = false
	return true
}

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER (linux/prctl.h).
const prSetChildSubreaper = 36

var subreaper sync.Once

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
// afterwards, which inherit it) to 10 below the runner's own: the full
// worker builds beside the lean one, and a part runs beside a grade,
// without slowing it, even when the runner itself runs niced.
func niceProcess(pid int) {
	own := 0
	if p, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0); err == nil {
		own = 20 - p // Linux's system call answers 20 - nice
	}
	syscall.Setpriority(syscall.PRIO_PROCESS, pid, min(own+10, 19))
}

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
	marked := func(p proc.Proc) bool {
		env, err := os.ReadFile(p.Dir + "/environ")
		// Gone, a zombie (its environment reads empty), or not ours.
		return err == nil && bytes.Contains(append([]byte{0}, env...), want)
	}
	for range 16 {
		var killed []proc.Proc
		for _, p := range proc.List() {
			if marked(p) {
				syscall.Kill(p.Pid, syscall.SIGKILL)
				killed = append(killed, p)
			}
		}
		if len(killed) == 0 {
			killAdopted()
			return
		}
		// SIGKILL takes effect as the process is next scheduled: wait for
		// that (briefly), so that the run ends with its strays gone.
		for _, p := range killed {
			for i := 0; i < 1000 && marked(p); i++ {
				time.Sleep(time.Millisecond)
			}
		}
	}
}

// killTree kills every descendant of pid, by the parent links in /proc.
func killTree(pid int) {
	children := map[int][]int{}
	for _, p := range proc.List() {
		if p.Ppid > 0 {
			children[p.Ppid] = append(children[p.Ppid], p.Pid)
		}
	}
	todo := slices.Clone(children[pid])
	for len(todo) > 0 {
		p := todo[len(todo)-1]
		todo = append(todo[:len(todo)-1], children[p]...)
		syscall.Kill(p, syscall.SIGKILL)
	}
}

// killAdopted kills and reaps the processes this runner adopted as a
// subreaper that a box left behind even without its mark (it wiped its
// environment). The runner starts its children in its own session, each
// box in a group of its own and everything else in the runner's group: a
// child of the runner in another session (it called setsid), or in another
// group while it is no live box, is a stray. No code of the runner waits
// for such a process, so reaping it (wait4) takes nobody's exit status. A
// stray's own children are adopted as it dies: the next round finds them.
func killAdopted() {
	self, pgid := os.Getpid(), syscall.Getpgrp()
	list := proc.List()
	me, ok := proc.Find(list, self)
	if !ok {
		return
	}
	boxes.Lock()
	defer boxes.Unlock()
	for range 16 {
		var strays []int
		for _, p := range list {
			if p.Ppid != self || p.Sid == me.Sid && (p.Pgrp == pgid || boxes.live[p.Pid]) {
				continue
			}
			syscall.Kill(p.Pid, syscall.SIGKILL)
			strays = append(strays, p.Pid)
		}
		if len(strays) == 0 {
			return
		}
		for _, pid := range strays {
			var ws syscall.WaitStatus
			for i := 0; i < 1000; i++ {
				if got, err := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil); got == pid || err != nil {
					break
				}
				time.Sleep(time.Millisecond)
			}
		}
		list = proc.List()
	}
}

// childCPU is a process's CPU time (user + system, all its threads), read
// from its CPU-time clock (labs.ProcessCPU: right in our pid numbers, where
// /proc may not be); ok is false when it cannot be read.
func childCPU(pid int) (time.Duration, bool) { return labs.ProcessCPU(pid) }

// childQueue reads process pid's time on the run queue, whether it is
// ready to run and whether it is stopped (labs.ProcessQueue), from its
// /proc folder found once; nil where there is none.
func childQueue(pid int) func() (time.Duration, bool, bool, bool) {
	dir := proc.Dir(pid)
	if dir == "" {
		return nil
	}
	return func() (time.Duration, bool, bool, bool) { return labs.ProcessQueue(dir) }
}
