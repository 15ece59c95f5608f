package grade

import (
	"testing"

	"termlab/labs/diagnose"
)

// Every row of Day 45's tables of known mistakes is a named mistake of one
// kind, with an ID its TODO declares (HintIDs, derived from the hints as
// written): a hint is known by its ID, never by its words.
func TestEveryRowHasADeclaredID(t *testing.T) {
	for n, tbl := range map[int]diagnose.Checked{1: tokenTable, 2: windowTable, 3: expiredTable, 4: emitTable} {
		if err := diagnose.Declared(HintIDs(n), tbl); err != nil {
			t.Errorf("TODO %d: %v", n, err)
		}
	}
}
