//go:build unix

package worker_test

import (
	"os"
	"syscall"
	"testing"
)

// sameDevice reports whether two paths are on one file system.
func sameDevice(t *testing.T, a, b string) bool {
	t.Helper()
	fa, err := os.Stat(a)
	if err != nil {
		t.Fatal(err)
	}
	fb, err := os.Stat(b)
	if err != nil {
		t.Fatal(err)
	}
	return fa.Sys().(*syscall.Stat_t).Dev == fb.Sys().(*syscall.Stat_t).Dev
}
