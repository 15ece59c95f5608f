//go:build unix

package testrun

import (
	"os"
	"path/filepath"
	"syscall"
)

// A run folder's owner is told by a lock, not by its pid: runs in other pid
// namespaces (containers, sandboxes) can share one temporary folder, and
// there a pid names another process or none, so a sweep by pid removed a
// live run's folder from under it. The kernel drops an flock as its holder
// dies, in whatever namespace, so a folder whose lock can be taken is
// abandoned.
const lockName = ".owner"

// held keeps the run folder's lock open for the test binary's life.
var held *os.File

// hold takes the lock of run folder d. The lock is taken on a file under a
// temporary name and then renamed into place, so that a sweep never sees
// the lock's file unlocked while its owner lives.
func hold(d string) {
	f, err := os.CreateTemp(d, lockName+"-")
	if err != nil {
		return
	}
	if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil || os.Rename(f.Name(), filepath.Join(d, lockName)) != nil {
		f.Close()
		return
	}
	held = f
}

// abandoned reports whether run folder path has no living owner: its lock
// can be taken. A folder without a lock (its owner is between making it
// and locking it, or predates locks) is abandoned only once an hour old.
func abandoned(path string, e os.DirEntry) bool {
	f, err := os.Open(filepath.Join(path, lockName))
	if err != nil {
		return old(e)
	}
	defer f.Close()
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
