package testrun

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Burn's burners spin: each is alive and gains CPU time while the test
// that started it runs, and is gone once that test ends. A burner that
// exited at once or slept would leave every "under load" test (the
// graders' TestVerdictsUnderLoad, the Play benchmark) passing on an idle
// machine without a word.
func TestBurnersSpinWhileTheirTestRuns(t *testing.T) {
	var pids []int
	t.Run("burning", func(t *testing.T) {
		pids = Burn(t, 2)
		if len(pids) != 2 {
			t.Fatalf("Burn(t, 2) started %d burners", len(pids))
		}
		for _, pid := range pids {
			// A tenth of a second of CPU each; however long a busy machine
			// takes to give it (WaitFor: until the test's time is nearly out).
			var state byte
			var ticks int
			var err error
			WaitFor(t, 10*time.Millisecond, func() bool {
				state, ticks, err = procCPU(pid)
				return err != nil || state == 'Z' || ticks >= 10
			})
			switch {
			case err != nil || state == 'Z':
				t.Fatalf("burner %d ended while its test ran (state %c, %v)", pid, state, err)
			case ticks < 10:
				t.Fatalf("burner %d used %d ticks of CPU in the test's whole time: it does not spin", pid, ticks)
			}
		}
	})
	for _, pid := range pids {
		if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); err == nil {
			t.Errorf("burner %d outlived the test that started it", pid)
		}
	}
}

// procCPU reads a process's state and the clock ticks of CPU it has used
// (user and system) from /proc/PID/stat.
func procCPU(pid int) (state byte, ticks int, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, err
	}
	// The command's name, in parentheses, may hold spaces: the fields
	// counted start after its last ')'.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0, 0, fmt.Errorf("/proc/%d/stat: %d fields after the name", pid, len(f))
	}
	utime, err1 := strconv.Atoi(f[11])
	stime, err2 := strconv.Atoi(f[12])
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("/proc/%d/stat: times %q %q", pid, f[11], f[12])
	}
	return f[0][0], utime + stime, nil
}
