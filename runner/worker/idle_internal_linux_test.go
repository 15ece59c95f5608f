package worker

import "testing"

// Whether a core is free is read from /proc/loadavg's running count, the
// reader itself left out, and never fewer than the run's grades.
func TestRunnableFits(t *testing.T) {
	for _, tc := range []struct {
		loadavg       string
		grades, cores int
		want          bool
	}{
		{"0.10 0.20 0.30 2/120 999\n", 1, 2, true},   // the reader and the grade
		{"0.10 0.20 0.30 1/120 999\n", 1, 2, true},   // the grade not started yet
		{"7.40 9.50 9.70 6/122 1622\n", 1, 2, false}, // a busy machine
		{"0.10 0.20 0.30 3/120 999\n", 1, 2, false},  // one other process busy
		{"0.10 0.20 0.30 2/120 999\n", 2, 4, true},
		{"0.10 0.20 0.30 1/120 999\n", 2, 2, false}, // two grades, neither started
		{"garbage", 1, 2, false},
		{"0.1 0.2 0.3 x/120 1", 1, 2, false},
	} {
		if got := runnableFits(tc.loadavg, tc.grades, tc.cores); got != tc.want {
			t.Errorf("runnableFits(%q, %d, %d) = %v, want %v", tc.loadavg, tc.grades, tc.cores, got, tc.want)
		}
	}
}
