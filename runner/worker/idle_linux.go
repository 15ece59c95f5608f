package worker

import (
	"os"
	"runtime"
	"strconv"
	"strings"
)

// coreIdle reports whether the machine has a core no process wants, with
// grades more of the run's own about to: /proc/loadavg's count of the
// processes that can run at this moment (its fourth field, "running/all",
// this thread among them) against the cores. On a busy machine a part
// beside a grade would take the grade's time, not an idle core's (tasks).
func coreIdle(grades int) bool {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return false
	}
	return runnableFits(string(data), grades, runtime.NumCPU())
}

// runnableFits reports whether loadavg's running processes, less the one
// reading it, leave one of cores free for a part; they are never fewer
// than the run's grades, which may not be counted yet as they start.
func runnableFits(loadavg string, grades, cores int) bool {
	fields := strings.Fields(loadavg)
	if len(fields) < 4 {
		return false
	}
	running, _, ok := strings.Cut(fields[3], "/")
	n, err := strconv.Atoi(running)
	if !ok || err != nil {
		return false
	}
	return max(n-1, grades) < cores
}
