package worker

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestNetReasonKeepsTheError: whatever cause it finds, the start's own
// error stays at the end, and on this machine a cause is named exactly when
// one of the checks it makes holds.
func TestNetReasonKeepsTheError(t *testing.T) {
	const err = "fork/exec /usr/bin/sh: no such file or directory"
	got := netReason(err)
	if !strings.HasSuffix(got, err) {
		t.Fatalf("netReason(%q) = %q: the error is not at its end", err, got)
	}
	cause := sysctl("kernel/unprivileged_userns_clone") == "0" ||
		sysctl("user/max_user_namespaces") == "0" ||
		sysctl("kernel/apparmor_restrict_unprivileged_userns") == "1" ||
		foreignProc()
	if cause != (got != err) {
		t.Errorf("netReason(%q) = %q, with a cause on this machine: %v", err, got, cause)
	}
}

func TestForeignProcIsFalseForOurOwnProc(t *testing.T) {
	self, err := os.Readlink("/proc/self")
	if err != nil {
		t.Skip("no /proc here")
	}
	if foreignProc() != (self != strconv.Itoa(os.Getpid())) {
		t.Errorf("foreignProc() = %v, /proc/self is %s and we are %d", foreignProc(), self, os.Getpid())
	}
}
