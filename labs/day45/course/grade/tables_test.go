package grade

import (
	"slices"
	"testing"
)

// Every row of Day 45's tables of known mistakes is a named mistake of one
// kind, with an ID its TODO declares (HintIDs, derived from the hints as
// written): a hint is known by its ID, never by its words.
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
		{1, "tokenTable", tokenTable},
		{2, "windowTable", windowTable},
		{3, "expiredTable", expiredTable},
		{4, "emitTable", emitTable},
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
}
