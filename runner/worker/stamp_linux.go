package worker

import (
	"fmt"
	"io/fs"
	"syscall"
)

// fileStamp is what changes whenever a file's content does (courseSum): its
// size, its modification and change times, its inode and device. ok is
// false where the file system does not say.
func fileStamp(fi fs.FileInfo) (string, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("%d %d.%d %d.%d %d %d", st.Size, st.Mtim.Sec, st.Mtim.Nsec, st.Ctim.Sec, st.Ctim.Nsec, st.Ino, st.Dev), true
}
