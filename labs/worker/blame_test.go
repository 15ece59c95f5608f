package worker

import (
	"testing"

	"termlab/labs"
)

// A part whose process died names the TODO that failed the way it did: a
// part that timed out is not blamed on an earlier TODO that is merely
// unfinished (an unfinished TODO stops its own piece and nothing else).
func TestBlameNamesTheTODOThatFailedTheSameWay(t *testing.T) {
	part := labs.Part{ID: "3", Uses: []int{1, 4}}
	grades := func(st1, st4 labs.Status) []labs.Grade {
		return []labs.Grade{{TODO: 1, Status: st1}, {TODO: 4, Status: st4}}
	}
	for _, tc := range []struct {
		name   string
		status labs.Status
		grades []labs.Grade
		want   int
	}{
		{"timeout: the TODO that times out", labs.Timeout, grades(labs.Unfinished, labs.Timeout), 4},
		{"crash: the TODO that crashes", labs.Crash, grades(labs.Unfinished, labs.Crash), 4},
		{"crash, both crash: the first used", labs.Crash, grades(labs.Crash, labs.Crash), 1},
		{"no grade failed that way: the first not passing", labs.Timeout, grades(labs.Pass, labs.Fail), 4},
		{"unfinished: the first not passing", labs.Unfinished, grades(labs.Unfinished, labs.Unfinished), 1},
		{"all pass: the first used", labs.Crash, grades(labs.Pass, labs.Pass), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := blame(part, tc.status, tc.grades); got != tc.want {
				t.Errorf("blame = TODO %d, want TODO %d", got, tc.want)
			}
		})
	}
}
