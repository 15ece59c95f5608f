package course_test

import (
	"strconv"
	"strings"
	"testing"

	"termlab/author/kit"
	"termlab/labs"
	"termlab/labs/day45/course/parts"
	"termlab/solutions/day45"
)

func itemsOf(ns []int) []string {
	var out []string
	for _, n := range ns {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

// TestReferenceFileIsTheReferenceRun: course/REFERENCE.md, which holds no
// figure, is the reference run's map (kit.CheckReference): each row's
// metrics are the run's, with the part and the TODOs of the piece that
// computes them, and its pin is the run's figures' (a figure that moved
// fails here; go run ./author/reference 45 prints the figures and the new
// pins); every metric of the run but the wall-clock ones (_ns) is in a
// row, and every prediction is in the predictions table with its metric
// and unit.
func TestReferenceFileIsTheReferenceRun(t *testing.T) {
	from := kit.PiecesOf(day45.Funcs, append([][]parts.Piece{parts.Pieces()}, heavy...)...)
	m := labs.Outcome{Parts: day.Run(labs.Reference)}.Metrics()
	wallClock := func(name string) bool { return strings.HasSuffix(name, "_ns") }
	for _, bad := range kit.CheckReferenceFile("REFERENCE.md", day, m, from, wallClock) {
		t.Error(bad)
	}
}
