// Package proc reads the process table from Linux's /proc in this
// process's own pid numbers, so that a pid read there can be signalled.
//
// /proc numbers processes in the pid namespace of whoever mounted it, which
// need not be ours. A sandbox that unshares the pid namespace but keeps the
// host's /proc is common (CI runners, some containers): there os.Getpid
// says 7 while /proc files the same process as 16753, and a kill by a /proc
// number signals some other process, or none. NStgid in /proc/PID/status
// lists a process's pid in every namespace from /proc's down to its own;
// the entry at our depth is its pid in ours.
package proc

// A Proc is one process as /proc showed it, its numbers in ours.
type Proc struct {
	// Dir is its folder under /proc (its number there).
	Dir string
	// Pid, Ppid, Pgrp and Sid are its pid, parent, group and session in
	// this process's pid namespace; 0 where the process named there is
	// outside it (the parent of our namespace's first process, say).
	Pid, Ppid, Pgrp, Sid int
	// State is stat's state letter: 'Z' for a zombie.
	State byte
}

// Alive reports whether p runs: a zombie waiting for its parent does not.
func (p Proc) Alive() bool { return p.State != 'Z' }

// Find is the process pid (in our numbers) in list, if it is there.
func Find(list []Proc, pid int) (Proc, bool) {
	for _, p := range list {
		if p.Pid == pid {
			return p, true
		}
	}
	return Proc{}, false
}

// Alive reports whether the process pid (in our numbers) runs now.
func Alive(pid int) bool {
	p, ok := Find(List(), pid)
	return ok && p.Alive()
}
