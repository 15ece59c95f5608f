package grade

import (
	"testing"

	"termlab/labs/diagnose"
)

// Every row of every table of Day 46 is a named mistake of one kind, with
// an ID its TODO declares (HintIDs, derived from the hints as written):
// a hint is known by its ID, never by its words.
func TestEveryRowHasADeclaredID(t *testing.T) {
	for n, tables := range map[int][]diagnose.Checked{
		1: {shareTable},
		2: {visitTable},
		3: {shardShapes, spreadTable(func(i int) uint64 { return uint64(i) })},
		4: {overlapTable},
	} {
		if err := diagnose.Declared(HintIDs(n), tables...); err != nil {
			t.Errorf("TODO %d: %v", n, err)
		}
	}
	// And the engine's check can fail.
	if diagnose.Declared(nil, diagnose.Table[int, int]{Rows: []diagnose.Row[int, int]{{ID: "x"}}}) == nil {
		t.Error("a row of no kind passed the check")
	}
}
