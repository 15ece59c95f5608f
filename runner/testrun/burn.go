package testrun

import (
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// burnEnv asks a test binary started by Burn to spin for the number of
// seconds it holds, then exit: checked in init, before any test or
// TestMain runs, so it works in every package that imports testrun.
const burnEnv = "TERMLAB_TESTRUN_BURN"

// burnMax bounds a burner's life whatever happens to the test that started
// it (a test killed hard cannot stop its burners).
const burnMax = 10 * time.Minute

func init() {
	secs, err := strconv.Atoi(os.Getenv(burnEnv))
	if err != nil || secs <= 0 {
		return
	}
	end := time.Now().Add(min(time.Duration(secs)*time.Second, burnMax))
	runtime.GOMAXPROCS(1)
	for x := uint64(1); ; x = x*6364136223846793005 + 1442695040888963407 {
		if x&0xffff == 0 && time.Now().After(end) {
			os.Exit(0)
		}
	}
}

// BurnCommand is one burner, to start: this program again (a test
// binary, or any program that imports testrun, author/savetime's -burn for
// one), spinning on one core until it is killed or burnMax has passed.
func BurnCommand() *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), burnEnv+"="+strconv.Itoa(int(burnMax/time.Second)))
	return cmd
}

// Burn starts n processes (the test binary itself, started again) that
// spin on the CPU beside t, as other programs on a busy machine do, and
// stops them when t ends; each also stops by itself after burnMax. n ≤ 0
// means two per core. It returns their process ids.
func Burn(t testing.TB, n int) []int {
	t.Helper()
	if n <= 0 {
		n = 2 * runtime.NumCPU()
	}
	var pids []int
	for range n {
		cmd := BurnCommand()
		if err := cmd.Start(); err != nil {
			t.Fatalf("starting a CPU burner: %v", err)
		}
		pids = append(pids, cmd.Process.Pid)
		t.Cleanup(func() {
			cmd.Process.Kill()
			cmd.Wait()
		})
	}
	return pids
}
