package main

// The whole run against the course's own lab. The course runs Day 45 as a
// Python script (`python3 rate_limiting.py`, Parts 1–3); the repository
// does not hold it, so testdata/bench/rate_limiting.py is an equivalent
// written for this comparison, checked here to print the reference run's
// figures. BenchmarkWholeRun times it and `termlab run 45 --solutions` as
// whole processes, one after the other, in the same op.

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/registry/full"
)

func pythonFixture(tb testing.TB) (python, script string) {
	tb.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		tb.Skip("python3 is not installed: the comparison with the course's Python lab needs it")
	}
	// The interpreter itself, not a launcher in front of it (pyenv's shim
	// is a shell script that costs more than the lab): the comparison is
	// with Python's own start and run.
	exe, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
	if python = strings.TrimSpace(string(exe)); err != nil || python == "" {
		tb.Fatalf("python3 does not say where it is: %v", err)
	}
	script, err = filepath.Abs(filepath.Join("testdata", "bench", "rate_limiting.py"))
	if err != nil {
		tb.Fatal(err)
	}
	return python, script
}

// pythonFigures are the fixture's printed figures, by the metric of the lab
// that reports the same thing.
var pythonFigures = []struct {
	re      *regexp.Regexp
	metrics []string // one per capture group
}{
	{regexp.MustCompile(`50 requests in one instant: accepted (\d+), rejected (\d+)`), []string{"token_burst_accepted", "token_burst_rejected"}},
	{regexp.MustCompile(`a minute at 30/s: (\d+) offered, (\d+) accepted`), []string{"token_sustained_offered", "token_sustained_accepted"}},
	{regexp.MustCompile(`accept rate ([\d.]+)/s over the minute, ([\d.]+)/s after`), []string{"token_sustained_rate", "token_steady_rate"}},
	{regexp.MustCompile(`fixed window\s+accepted (\d+), most in any trailing 60 s (\d+)`), []string{"fixed_boundary_accepted", "fixed_max_trailing"}},
	{regexp.MustCompile(`sliding log\s+accepted (\d+), most in any trailing 60 s (\d+)`), []string{"sliding_boundary_accepted", "sliding_max_trailing"}},
	{regexp.MustCompile(`accepted (\d+), rejected \d+, peak second (\d+)`), []string{"token_bursty_accepted", "token_peak_output"}},
	{regexp.MustCompile(`emitted (\d+), overflowed (\d+), worst wait ([\d.]+) s, rate from spacing ([\d.]+)/s`), []string{"leaky_emitted", "leaky_overflowed", "leaky_worst_wait_s", "leaky_output_rate"}},
}

// The fixture is only a fair stand-in if it does the course's work: every
// figure it prints is the lab's own reference figure (rates to the one
// decimal it prints).
func TestPythonFixturePrintsTheReferenceRun(t *testing.T) {
	python, script := pythonFixture(t)
	out, err := exec.Command(python, script).Output()
	if err != nil {
		t.Fatalf("%s: %v", script, err)
	}
	want := labs.Outcome{Parts: full.Days[0].Run(labs.Reference)}.Metrics() // the whole day: the lab's course is its words
	for _, f := range pythonFigures {
		m := f.re.FindStringSubmatch(string(out))
		if m == nil {
			t.Errorf("the fixture printed nothing like %q:\n%s", f.re, out)
			continue
		}
		for i, name := range f.metrics {
			got, _ := strconv.ParseFloat(m[i+1], 64)
			w, ok := want[name]
			if !ok {
				t.Fatalf("the lab's reference run has no metric %s", name)
			}
			if tol := 0.05; got < w-tol || got > w+tol {
				t.Errorf("%s: the fixture printed %s, the lab's reference is %v", name, m[i+1], w)
			}
		}
	}
}

func BenchmarkWholeRun(b *testing.B) {
	python, script := pythonFixture(b)
	c := newLabCopy(b, 45)
	if err := os.WriteFile(c.todo, []byte(c.day.Shipped["todo.go"]), 0o644); err != nil {
		b.Fatal(err)
	}
	// Each returns the process's wall time and its CPU time (user and
	// system): on a machine shared with other work the wall time is mostly
	// waiting for a core, and the CPU time says what each asked for.
	run := func() (wall, cpu time.Duration) {
		cmd := exec.Command(c.bin, "run", "45", "--solutions")
		cmd.Dir, cmd.Env = c.root, c.env
		start := time.Now()
		out, err := cmd.CombinedOutput()
		wall = time.Since(start)
		if err != nil {
			b.Fatalf("run 45 --solutions: %v\n%s", err, out)
		}
		return wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	py := func() (wall, cpu time.Duration) {
		cmd := exec.Command(python, script)
		start := time.Now()
		out, err := cmd.Output()
		wall = time.Since(start)
		if err != nil || !regexp.MustCompile(`1809 offered, 619 accepted`).Match(out) {
			b.Fatalf("%s: %v\n%s", script, err, out)
		}
		return wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	// The first run in a fresh workers' cache builds the full worker and
	// keeps the reference's heavy parts: what a learner's first run costs.
	first, _ := run()
	py()

	var gos, pys, goCPU, pyCPU []time.Duration
	for b.Loop() {
		w, c := py()
		pys, pyCPU = append(pys, w), append(pyCPU, c)
		w, c = run()
		gos, goCPU = append(gos, w), append(goCPU, c)
	}
	g, p := medianMS(gos), medianMS(pys)
	b.ReportMetric(g, "go-ms")
	b.ReportMetric(p, "python-ms")
	b.ReportMetric(g/p, "go/python")
	gc, pc := medianMS(goCPU), medianMS(pyCPU)
	b.ReportMetric(gc, "go-cpu-ms")
	b.ReportMetric(pc, "python-cpu-ms")
	b.ReportMetric(gc/pc, "cpu-go/python")
	b.ReportMetric(msOf(first), "first-go-ms")
}
