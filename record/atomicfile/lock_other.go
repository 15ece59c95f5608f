//go:build !unix

package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// Lock takes an exclusive lock on path, for a read-modify-write cycle that
// no other process may interleave with. It waits up to LockWait and returns
// the function that releases the lock.
//
// Without flock(2) the lock is the existence of the file, created with
// O_EXCL and removed on unlock. A process killed while holding it leaves it
// behind, so a lock file older than staleLock (far longer than any save
// takes) is taken as abandoned and removed.
func Lock(path string) (unlock func(), err error) {
	deadline := time.Now().Add(LockWait)
	wait := time.Millisecond
	for {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("cannot lock %s: %w", path, unwrapPath(err))
		}
		if info, err := os.Stat(path); err == nil && time.Since(info.ModTime()) > staleLock {
			os.Remove(path)
			continue
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("another termlab has held %s for over %s; nothing was saved, try again (or delete it if no termlab is running)", path, LockWait)
		}
		time.Sleep(wait)
		wait = min(2*wait, 20*time.Millisecond)
	}
}

const staleLock = 30 * time.Second
