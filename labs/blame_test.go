package labs

import "testing"

// A part whose process died names the TODO that failed the way it did: a
// part that timed out is not blamed on an earlier TODO that is merely
// unfinished (an unfinished TODO stops its own piece and nothing else).
func TestBlameNamesTheTODOThatFailedTheSameWay(t *testing.T) {
	part := Part{ID: "3", Uses: []int{1, 4}}
	grades := func(st1, st4 Status) []Grade {
		return []Grade{{TODO: 1, Status: st1}, {TODO: 4, Status: st4}}
	}
	for _, tc := range []struct {
		name   string
		status Status
		grades []Grade
		want   int
	}{
		{"timeout: the TODO that times out", Timeout, grades(Unfinished, Timeout), 4},
		{"crash: the TODO that crashes", Crash, grades(Unfinished, Crash), 4},
		{"crash, both crash: the first used", Crash, grades(Crash, Crash), 1},
		{"no grade failed that way: the first not passing", Timeout, grades(Pass, Fail), 4},
		{"unfinished: the first not passing", Unfinished, grades(Unfinished, Unfinished), 1},
		{"all pass: the first used", Crash, grades(Pass, Pass), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := part.Blame(tc.status, tc.grades); got != tc.want {
				t.Errorf("blame = TODO %d, want TODO %d", got, tc.want)
			}
		})
	}
}
