package grade

import (
	"slices"
	"testing"

	"termlab/labs/diagnose"
)

// Every row of every table of Day 46 is a named mistake of one kind, with
// an ID its TODO declares (HintIDs, derived from the hints as written):
// a hint is known by its ID, never by its words.
func TestEveryRowHasADeclaredID(t *testing.T) {
	type table interface {
		Check() error
		IDs() []string
	}
	for _, tc := range []struct {
		todo  int
		name  string
		table table
	}{
		{1, "shareTable", shareTable},
		{2, "visitTable", visitTable},
		{3, "shardShapes", shardShapes},
		{3, "spreadTable", spreadTable(func(i int) uint64 { return uint64(i) })},
		{4, "overlapTable", overlapTable},
	} {
		if err := tc.table.Check(); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		for _, id := range tc.table.IDs() {
			if !slices.Contains(HintIDs(tc.todo), id) {
				t.Errorf("%s: %s is not among TODO %d's declared hints", tc.name, id, tc.todo)
			}
		}
	}
	// And the engine's check can fail.
	bad := diagnose.Table[int, int]{Rows: []diagnose.Row[int, int]{{ID: "x"}}}
	if bad.Check() == nil {
		t.Error("a row of no kind passed the check")
	}
}
