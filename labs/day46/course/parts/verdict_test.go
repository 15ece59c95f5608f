package parts_test

import (
	"fmt"
	"slices"
	"testing"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/parts"
	"termlab/solutions/day46"
)

// A piece's verdict form (PieceRun.Verdict) gives the figures it gives,
// the same to the bit as the whole piece's, after the same calls of the
// learner's functions with the same arguments in the same order: a
// learner's function may count its calls, so a call left out could change
// what is judged. The ShardOf here answers by how often it was called.
// (Part 5's pieces: the others' Verdict is their Metrics.)
func TestVerdictsMakeThePiecesCalls(t *testing.T) {
	for _, p := range parts.Using(3) {
		if p.Part != "5" {
			continue
		}
		var whole, verdict []string
		wm := p.Metrics(logged(&whole))
		vm := p.Verdict(logged(&verdict))
		if !slices.Equal(whole, verdict) {
			t.Errorf("%s: the verdict made %d calls, the piece %d (or other ones)", p.Key, len(verdict), len(whole))
		}
		if len(vm) == 0 {
			t.Errorf("%s: no figure in the verdict", p.Key)
		}
		for _, v := range vm {
			i := slices.IndexFunc(wm, func(m labs.Metric) bool { return m.Name == v.Name })
			if i < 0 || wm[i] != v {
				t.Errorf("%s: the verdict's %+v is not the piece's", p.Key, v)
			}
		}
	}
}

// logged is the reference's ShardOf and Overlap with every call written
// to calls, the shards moving on with every call.
func logged(calls *[]string) fair.Funcs {
	f := day46.Funcs
	f.ShardOf = func(tenant uint64, n, k int) []int {
		*calls = append(*calls, fmt.Sprint("ShardOf", tenant, n, k))
		return day46.ShardOf(tenant+uint64(len(*calls)), n, k)
	}
	f.Overlap = func(a, b []int) int {
		*calls = append(*calls, fmt.Sprint("Overlap", a, b))
		return day46.Overlap(a, b)
	}
	return f
}
