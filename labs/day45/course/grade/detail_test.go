package grade_test

import (
	"regexp"
	"strconv"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/grade"
	"termlab/solutions/day45"
)

// Issue 18: a passing TODO's detail names what its checks were, and the
// parts it names add up to the checks it counts.
func TestPassDetailCountsAddUp(t *testing.T) {
	grade.LiftGradeLimit(t, time.Minute)
	for n := 1; n <= 4; n++ {
		g := grade.TODO(n, day45.Funcs, day45.Funcs)
		if g.Status != labs.Pass {
			t.Fatalf("the reference fails TODO %d: %s", n, g.Detail)
		}
		// "all N checks agree …: A inputs …[, B steps …] and C experiment figures"
		re := regexp.MustCompile(`^all (\d+) checks agree .*: (\d+) inputs \(hand-picked and random\)(?:, (\d+) steps of a sweep along the clock)? and (\d+) experiment figures$`)
		m := re.FindStringSubmatch(g.Detail)
		if m == nil {
			t.Fatalf("TODO %d's detail has another shape: %q", n, g.Detail)
		}
		total, _ := strconv.Atoi(m[1])
		sum := 0
		for _, part := range m[2:] {
			if part != "" {
				v, _ := strconv.Atoi(part)
				sum += v
			}
		}
		if sum != total {
			t.Errorf("TODO %d: the parts add up to %d, not the %d checks: %q", n, sum, total, g.Detail)
		}
	}
}
