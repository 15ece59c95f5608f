package class

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/registry/full"
	"termlab/runner/worker"
)

// classSize is how many submissions BenchmarkGradeClass grades: 20 by
// default, so that the smoke run of every benchmark (.ci/after.d) stays
// short; the figure in labs/BENCHMARKS.md is
//
//	TERMLAB_CLASS_N=200 go test -run '^$' -bench GradeClass -benchtime 1x ./staff/class
func classSize() int {
	if n, err := strconv.Atoi(os.Getenv("TERMLAB_CLASS_N")); err == nil && n > 0 {
		return n
	}
	return 20
}

// BenchmarkGradeClass grades a generated class of Day 45 (half correct, a
// third wrong, the rest testdata/broken's files: panics, hangs, an init
// that never returns, code that does not compile…) with grade-class's
// grader, no cache, one submission per core at once. It reports
// submissions per minute and the peak memory of the whole process tree
// (the grader, the go builds, the workers), and fails if a verdict is
// wrong: a correct file that does not pass, a wrong one that does.
func BenchmarkGradeClass(b *testing.B) {
	root, err := worker.FindRoot(".", "termlab")
	if err != nil {
		b.Fatal(err)
	}
	day, err := full.Days.Find(45)
	if err != nil {
		b.Fatal(err)
	}
	n := classSize()
	files, err := generateClass(root, day, "labs/day45/course/grade/variants_test.go", n)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	kind := map[string]string{}
	for i, f := range files {
		who := fmt.Sprintf("s%03d", i)
		kind[who] = f.kind
		if err := os.WriteFile(filepath.Join(dir, who+".go"), []byte(f.src), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	subs, err := Collect(dir, day)
	if err != nil {
		b.Fatal(err)
	}
	g := Grader{Root: root, Day: day, Course: full.Days}
	stop := sampleTree()
	var results []Result
	cpu0 := childCPU()
	start := time.Now()
	for b.Loop() {
		// Each round with an empty cache: every submission is graded.
		g.CacheDir = b.TempDir()
		if results, err = g.Run(context.Background(), subs); err != nil {
			b.Fatal(err)
		}
	}
	elapsed := time.Since(start) / time.Duration(b.N)
	cpu := (childCPU() - cpu0) / time.Duration(b.N)
	peak := stop()
	// Then once more on the cache the last round filled, as a re-run of
	// an unchanged class: only the timeouts are graded again.
	rerun := time.Now()
	if _, err := g.Run(context.Background(), subs); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(n)/elapsed.Minutes(), "submissions/min")
	b.ReportMetric(cpu.Seconds()/float64(n), "child-CPU-s/submission")
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
	b.ReportMetric(time.Since(rerun).Seconds(), "rerun-s")
	b.ReportMetric(0, "ns/op")
	counts := map[string]int{}
	for _, r := range results {
		k := strings.SplitN(kind[r.Who], "/", 2)[0]
		counts[k+" "+string(r.Status)]++
		passes := 0
		timedOut := false
		for _, gr := range r.Grades {
			if gr.Status == labs.Pass {
				passes++
			}
			timedOut = timedOut || gr.Status == labs.Timeout
		}
		switch {
		case k == "correct" && !timedOut && (r.Status != Graded || passes != len(day.TODOs)):
			b.Errorf("%s (%s) is correct and got %s, %d passing: %v", r.Who, kind[r.Who], r.Status, passes, r.Grades)
		case k == "wrong" && passes == len(day.TODOs):
			b.Errorf("%s (%s) is wrong and passed every TODO", r.Who, kind[r.Who])
		}
	}
	b.Logf("%d submissions in %v on %d jobs: %v; load average after: %s", n, elapsed.Round(time.Second), max(runtime.NumCPU(), g.Jobs), counts, loadavg())
}

func loadavg() string {
	data, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// sampleTree samples the resident memory of this process and all its
// descendants every 50 ms (Linux's /proc; elsewhere 0) until stop, which
// returns the peak in bytes.
func sampleTree() (stop func() int64) {
	var mu sync.Mutex
	var peak int64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		for {
			if rss := treeRSS(os.Getpid()); rss > 0 {
				mu.Lock()
				peak = max(peak, rss)
				mu.Unlock()
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	return func() int64 {
		close(done)
		wg.Wait()
		return peak
	}
}

func treeRSS(top int) int64 {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	parent := map[int]int{}
	rss := map[int]int64{}
	page := int64(os.Getpagesize())
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid … rss is field 24; comm may hold spaces.
		s := string(data)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) < 22 {
			continue
		}
		parent[pid], _ = strconv.Atoi(f[1])
		pages, _ := strconv.ParseInt(f[21], 10, 64)
		rss[pid] = pages * page
	}
	in := func(pid int) bool {
		for p, hops := pid, 0; p > 1 && hops < 64; p, hops = parent[p], hops+1 {
			if p == top {
				return true
			}
		}
		return false
	}
	var total int64
	for pid, r := range rss {
		if in(pid) {
			total += r
		}
	}
	return total
}
