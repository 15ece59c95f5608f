package course_test

import (
	"testing"

	"termlab/author/kit"
	"termlab/labs/day46/course/parts"
	"termlab/solutions/day46"
)

// TestReferenceFileIsTheReferenceRun: course/REFERENCE.md, which holds no
// figure, is the reference run's map (kit.CheckReference): each row's
// metrics are the run's, with the part and the TODOs of the piece that
// computes them, and its pin is the run's figures' (a figure that moved
// fails here; go run ./author/reference 46 prints the figures and the new
// pins); every metric of the run is in a row (none is wall-clock), and
// every prediction is in the predictions table with its metric and unit.
func TestReferenceFileIsTheReferenceRun(t *testing.T) {
	none := func(string) bool { return false }
	for _, bad := range kit.CheckReferenceFile("REFERENCE.md", day, reference().Metrics(), kit.PiecesOf(day46.Funcs, parts.Pieces()), none) {
		t.Error(bad)
	}
}
