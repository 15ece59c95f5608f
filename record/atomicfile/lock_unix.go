//go:build unix

package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// Lock takes an exclusive lock on the lock file at path (creating it), for
// a read-modify-write cycle that no other process may interleave with. It
// waits up to LockWait and returns the function that releases the lock.
//
// On Unix the lock is flock(2) on the file: the kernel drops it when the
// process dies, however it dies, so a killed command never leaves the lock
// held. The file itself stays (removing it would let a waiter lock a file
// that is no longer the one at path); .gitignore ignores it.
func Lock(path string) (unlock func(), err error) {
	// O_NOFOLLOW: a link planted at the lock's name must not make the lab
	// create or open a file somewhere else.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
	if errors.Is(err, os.ErrPermission) {
		// A lock file in a folder the learner made read-only can still be
		// locked for reading; the write that follows then says what failed.
		f, err = os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot lock %s: %w", path, unwrapPath(err))
	}
	fd := int(f.Fd())
	deadline := time.Now().Add(LockWait)
	wait := time.Millisecond
	for {
		err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			break
		}
		if err != syscall.EWOULDBLOCK && err != syscall.EINTR {
			f.Close()
			return nil, fmt.Errorf("cannot lock %s: %w", path, err)
		}
		if time.Now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("another termlab has held %s for over %s; nothing was saved, try again", path, LockWait)
		}
		time.Sleep(wait)
		wait = min(2*wait, 20*time.Millisecond)
	}
	return func() {
		syscall.Flock(fd, syscall.LOCK_UN)
		f.Close()
	}, nil
}
