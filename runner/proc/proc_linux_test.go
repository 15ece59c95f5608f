package proc

import (
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"syscall"
	"testing"
)

func TestParseStat(t *testing.T) {
	for _, c := range []struct {
		stat            string
		state           byte
		ppid, pgrp, sid int
		ok              bool
	}{
		{"42 (sleep) S 7 42 3 0 -1", 'S', 7, 42, 3, true},
		{"42 (a) b) c) Z 1 2 3 4", 'Z', 1, 2, 3, true}, // a name with parentheses and spaces
		{"42 (worker", 0, 0, 0, 0, false},
		{"42 (x) R 1 2", 0, 0, 0, 0, false},
		{"42 (x) R one 2 3", 0, 0, 0, 0, false},
	} {
		state, ppid, pgrp, sid, ok := parseStat([]byte(c.stat))
		if state != c.state || ppid != c.ppid || pgrp != c.pgrp || sid != c.sid || ok != c.ok {
			t.Errorf("parseStat(%q) = %c %d %d %d %v, want %c %d %d %d %v", c.stat, state, ppid, pgrp, sid, ok, c.state, c.ppid, c.pgrp, c.sid, c.ok)
		}
	}
}

func TestNsPids(t *testing.T) {
	for _, c := range []struct {
		status string
		want   []int
	}{
		{"Name:\tsleep\nTgid:\t16753\nNStgid:\t16753\t7\nPid:\t16753\n", []int{16753, 7}},
		{"Name:\tsleep\nNStgid:\t12\n", []int{12}},
		{"Name:\told kernel\nTgid:\t12\n", nil},
		{"NStgid:\t12\tx\n", nil},
	} {
		if got := nsPids([]byte(c.status)); !slices.Equal(got, c.want) {
			t.Errorf("nsPids(%q) = %v, want %v", c.status, got, c.want)
		}
	}
}

const helperEnv = "TERMLAB_PROC_TEST_HELPER"

// List finds this process under the numbers it knows itself by, with its
// parent, group and session; and does so too in a pid namespace of its
// own that kept the outer /proc (where the numbers differ), when the
// machine lets the test make one.
func TestListNamesUsAsWeDo(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads Linux's /proc")
	}
	check := func() {
		me, ok := Find(List(), os.Getpid())
		if !ok {
			t.Fatalf("List has no process %d (this one)", os.Getpid())
		}
		sid, _, _ := syscall.RawSyscall(syscall.SYS_GETSID, 0, 0, 0)
		if me.Ppid != os.Getppid() || me.Pgrp != syscall.Getpgrp() || me.Sid != int(sid) || !me.Alive() {
			t.Errorf("List says %+v; we are pid %d, parent %d, group %d, session %d", me, os.Getpid(), os.Getppid(), syscall.Getpgrp(), sid)
		}
	}
	check()
	if os.Getenv(helperEnv) != "" {
		if link, _ := os.Readlink("/proc/self"); link == strconv.Itoa(os.Getpid()) {
			t.Error("the helper's /proc numbers it as it numbers itself: the outer /proc is not tried")
		}
		return
	}
	unshare, err := exec.LookPath("unshare")
	if err != nil {
		t.Log("no unshare: the other namespace is not tried")
		return
	}
	if exec.Command(unshare, "--pid", "--fork", "true").Run() != nil {
		t.Log("unshare --pid is not allowed here: the other namespace is not tried")
		return
	}
	// The helper is the namespace's second process (sh is its first),
	// while /proc still numbers both as the outer namespace does.
	cmd := exec.Command(unshare, "--pid", "--fork", "sh", "-c", `"$@"; exit $?`, "sh", os.Args[0], "-test.run=^TestListNamesUsAsWeDo$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("in a pid namespace of its own, with the outer /proc: %v\n%s", err, out)
	}
}
