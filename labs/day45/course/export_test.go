package course

import (
	"slices"

	"termlab/labs"
	"termlab/labs/day45/course/parts"
)

// RunPartsWith is RunWith playing only the parts named, in RunWith's
// order: a test that compares some parts pays for those alone.
func RunPartsWith(f Funcs, ids []string, heavy ...[]parts.Piece) []labs.PartResult {
	linked := parts.Heavy(heavy...)
	var out []labs.PartResult
	for _, p := range parts.Parts() {
		if slices.Contains(ids, p.ID) {
			out = append(out, parts.Run(p.ID, f, partLimit, linked))
		}
	}
	return out
}
