package worker

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// A process niced runs 10 below the runner's own priority, however niced
// the runner is (a part beside a grade of a runner started with nice).
func TestNiceIsBelowTheRunner(t *testing.T) {
	cmd := exec.Command("sleep", "5")
	if err := cmd.Start(); err != nil {
		t.Skip("no sleep to start:", err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	niceProcess(cmd.Process.Pid)
	p, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := min(20-p+10, 19)
	if got := niceOf(t, cmd.Process.Pid); got != want {
		t.Errorf("niced process at %d, want %d (the runner's %d + 10)", got, want, 20-p)
	}
}

// niceOf is pid's nice value, from /proc (field 19 of stat).
func niceOf(t *testing.T, pid int) int {
	t.Helper()
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+2:]) // after "pid (comm) "
	n, err := strconv.Atoi(fields[16])                            // field 19 of the whole line
	if err != nil {
		t.Fatal(err)
	}
	return n
}
