package tui

import (
	"testing"

	"termlab/labs"
	"termlab/tui/common"
	"termlab/tui/pages/score"
)

// A part stopped by the learner's file outside any TODO (a panic in its
// init: the worker leaves the part's TODO at 0) names no TODO on the
// scoreboard, though every TODO's grade crashed with it.
func TestMissingNamesTheFileForAFaultOutsideAnyTODO(t *testing.T) {
	t.Parallel()
	pr := theDay.Predictions[0]
	var grades []labs.Grade
	for _, td := range theDay.TODOs {
		grades = append(grades, labs.Grade{TODO: td.Number, Func: td.Func, Status: labs.Crash})
	}
	for _, tc := range []struct {
		part labs.PartResult
		want string
	}{
		{labs.PartResult{ID: pr.Part, Status: labs.Crash, Detail: "your file crashed as the package loaded"}, "your file stopped the part"},
		{labs.PartResult{ID: pr.Part, Status: labs.Crash, TODO: 2}, "TODO 2 stopped the part"},
	} {
		s := &common.Session{Day: theDay, Revealed: map[string]labs.PartResult{pr.Part: tc.part}, Outcome: &labs.Outcome{Grades: grades}}
		if got := score.Missing(s, pr); got != tc.want {
			t.Errorf("part %+v: %q, want %q", tc.part, got, tc.want)
		}
	}
}
