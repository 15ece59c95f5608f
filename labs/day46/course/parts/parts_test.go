package parts_test

import (
	"slices"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/parts"
	"termlab/solutions/day46"
)

func TestPartsListTheTODOsTheyRun(t *testing.T) {
	want := map[string][]int{"1": {}, "2": {}, "3": {1}, "4": {2}, "5": {3, 4}, "6": {3, 4}, "7": {1}, "8": {2}}
	ps := parts.Parts()
	if len(ps) != len(want) {
		t.Fatalf("%d parts, want %d", len(ps), len(want))
	}
	for _, p := range ps {
		if !slices.Equal(p.Uses, want[p.ID]) {
			t.Errorf("part %s uses %v, want %v", p.ID, p.Uses, want[p.ID])
		}
	}
	// The words declare each part's TODOs (the lab's binary links no
	// piece); they must be what the pieces call.
	for _, p := range ps {
		if got := labs.PartUses(parts.Pieces(), p.ID); !slices.Equal(got, p.Uses) {
			t.Errorf("part %s: the words say it runs TODOs %v, its pieces call %v", p.ID, p.Uses, got)
		}
		if got := labs.PieceUses(parts.Pieces(), p.ID); !slices.EqualFunc(got, p.Pieces, slices.Equal) {
			t.Errorf("part %s: the words say its pieces run TODOs %v, they call %v", p.ID, p.Pieces, got)
		}
	}
	for n := 1; n <= 4; n++ {
		if len(parts.Using(n)) == 0 {
			t.Errorf("no piece runs TODO %d: the grader could not replay it", n)
		}
	}
}

func TestUnknownPart(t *testing.T) {
	if r := parts.Run("9", day46.Funcs, time.Second); r.Status != labs.Fail {
		t.Errorf("part 9: %s", r.Status)
	}
}

// A learner's piece that panics stops its piece and no other of the part.
func TestAFaultStopsOnlyItsPiece(t *testing.T) {
	f := day46.Funcs
	f.Overlap = func(a, b []int) int { panic("boom") }
	r := parts.Run("5", f, 2*time.Minute) // a bound, not a speed test: -race is slow
	if r.Status != labs.Crash || r.TODO != 4 {
		t.Fatalf("part 5: %s on TODO %d, want a crash of TODO 4", r.Status, r.TODO)
	}
	names := map[string]bool{}
	for _, m := range r.Metrics {
		names[m.Name] = true
	}
	if !names["shuffle_hurt_pct"] || !names["noshard_hurt_pct"] || names["shuffle_any_overlap_pct"] {
		t.Errorf("metrics %v: want the pieces without Overlap, and not the one with it", names)
	}
}
