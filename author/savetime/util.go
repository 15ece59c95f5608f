//go:build unix

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"termlab/runner/testrun"
)

// burn starts a CPU-bound process beside the rounds (testrun.BurnCommand:
// this program again, spinning on one core), and starts another should it
// end by itself (a burner stops after ten minutes whatever happens); stop
// kills it and returns the CPU time the burners used, the proof that one
// spun. On Linux it also dies with this program, however that ends.
func burn() (stop func() time.Duration, err error) {
	var mu sync.Mutex
	var cmd *exec.Cmd
	var cpu time.Duration
	var wg sync.WaitGroup
	stopped := false
	var start func() error
	start = func() error {
		c := testrun.BurnCommand()
		c.SysProcAttr = dieWithParent()
		if err := c.Start(); err != nil {
			return fmt.Errorf("starting the burner: %v", err)
		}
		cmd = c
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Wait()
			mu.Lock()
			defer mu.Unlock()
			cpu += c.ProcessState.UserTime() + c.ProcessState.SystemTime()
			if !stopped {
				if err := start(); err != nil {
					fmt.Fprintln(os.Stderr, "savetime:", err)
				}
			}
		}()
		return nil
	}
	mu.Lock()
	defer mu.Unlock()
	if err := start(); err != nil {
		return nil, err
	}
	return func() time.Duration {
		mu.Lock()
		stopped = true
		cmd.Process.Kill()
		mu.Unlock()
		wg.Wait()
		return cpu
	}, nil
}

// loadavg is /proc/loadavg's three averages, or "unknown".
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// withoutEnv is env without the variables named.
func withoutEnv(env []string, names ...string) []string {
	return slices.DeleteFunc(slices.Clone(env), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return slices.Contains(names, name)
	})
}

// command runs name args in dir with env, its output shown on failure.
func command(ctx context.Context, dir string, env []string, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Env = dir, env
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v\n%s", err, out)
	}
	return nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%d ms", d.Milliseconds()) }

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + m) / 2
	}
	return m
}

// summary is the rounds' medians, fastest and slowest, each median as a
// ratio to the floor's median, and the median of each round's ratio to its
// own floor (steadier on a shared machine, whose load moves between
// rounds more than within one).
func summary(rs []round) string {
	rows := []struct {
		name string
		of   func(round) time.Duration
	}{
		{"floor", func(r round) time.Duration { return r.floor }},
		{"verdict (TODO row, header, status)", func(r round) time.Duration { return r.verdict }},
		{`over ("grading…" gone)`, func(r round) time.Duration { return r.over }},
		{"still (the screen unchanged)", func(r round) time.Duration { return r.still }},
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-36s %9s %9s %9s %9s %12s\n", fmt.Sprintf("%d rounds", len(rs)), "median", "min", "max", "÷ floor", "per round")
	var floor time.Duration
	for i, row := range rows {
		var ds, ratios []time.Duration // a ratio kept as a Duration of 1 s per 1×, for median
		for _, r := range rs {
			ds = append(ds, row.of(r))
			ratios = append(ratios, time.Duration(float64(time.Second)*row.of(r).Seconds()/r.floor.Seconds()))
		}
		m := median(ds)
		if i == 0 {
			floor = m
		}
		fmt.Fprintf(&b, "%-36s %9s %9s %9s %8.2f× %11.2f×\n", row.name, ms(m), ms(slices.Min(ds)), ms(slices.Max(ds)), m.Seconds()/floor.Seconds(), median(ratios).Seconds())
	}
	b.WriteString("÷ floor: the median ÷ the floor's median; per round: the median of each round's ratio to its own floor\n")
	return b.String()
}

// cpuSelf is the CPU time this process has used, user and system.
func cpuSelf() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuOf is the CPU time process pid has used, user and system, from
// /proc/PID/stat (0 where there is no /proc).
func cpuOf(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// Fields after the command's name, which may hold spaces: utime and
	// stime are the 12th and 13th, in clock ticks (100 a second on Linux).
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	var ticks int64
	for _, v := range f[11:13] {
		n, _ := strconv.ParseInt(v, 10, 64)
		ticks += n
	}
	return time.Duration(ticks) * 10 * time.Millisecond
}
