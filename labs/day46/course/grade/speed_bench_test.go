package grade_test

import (
	"fmt"
	"testing"
	"time"

	"termlab/labs/day46/course/grade"
	"termlab/labs/day46/course/parts"
)

// BenchmarkGradePass is one passing grade of each TODO, the reference as
// the learner, its half of the experiments already kept (as in a worker
// after the first save): the grading a save waits for.
func BenchmarkGradePass(b *testing.B) {
	for n := 1; n <= 4; n++ {
		b.Run(fmt.Sprintf("TODO%d", n), func(b *testing.B) {
			grade.TODO(n, ref, ref) // keeps the reference's figures
			b.ReportAllocs()
			defer reportCPU(b)()
			for b.Loop() {
				grade.TODO(n, ref, ref)
			}
		})
	}
}

// BenchmarkPart is each part played by the reference, as the lab plays it
// after the grades ("grading…" stays on until the last).
func BenchmarkPart(b *testing.B) {
	for _, p := range parts.Parts() {
		b.Run("Part"+p.ID, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b)()
			for b.Loop() {
				parts.Run(p.ID, ref, time.Minute)
			}
		})
	}
}

// reportCPU reports the process's CPU time (user and system, every
// thread: the garbage collector's too) per op from now until the returned
// function is called: on a shared machine a steadier figure than the wall
// time.
func reportCPU(b *testing.B) func() {
	start := cpuNow()
	return func() { b.ReportMetric(float64(cpuNow()-start)/float64(b.N), "cpu-ns/op") }
}
