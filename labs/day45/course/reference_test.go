package course_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/day45/course/parts"
	"termlab/solutions/day45"
)

// pieceOf says, for each metric, the part and the TODOs of the piece that
// computes it, from the pieces themselves played on the reference.
func pieceOf(t *testing.T) map[string]parts.Piece {
	t.Helper()
	all := parts.Pieces()
	for _, h := range heavy {
		all = append(all, h...)
	}
	out := map[string]parts.Piece{}
	for _, p := range all {
		var r labs.PartResult
		p.Run(day45.Funcs, &r)
		for _, m := range r.Metrics {
			out[m.Name] = p
		}
	}
	return out
}

func itemsOf(ns []int) []string {
	var out []string
	for _, n := range ns {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

// shown is v written with as many decimals as figure has.
func shown(v float64, figure string) string {
	d := 0
	if _, frac, ok := strings.Cut(figure, "."); ok {
		d = len(frac)
	}
	return strconv.FormatFloat(v, 'f', d, 64)
}

// TestReferenceFileIsTheReferenceRun: every figure of course/REFERENCE.md
// is the reference run's, at the decimals written there; each row of the
// metrics table names the part and the TODOs of the pieces that compute
// it; every metric of the run but the wall-clock ones (_ns) is there, and
// every prediction, with its metric and unit.
func TestReferenceFileIsTheReferenceRun(t *testing.T) {
	m := day.Execute(labs.Reference).Metrics()
	pieces := pieceOf(t)
	listed, predicted := map[string]bool{}, map[string]bool{}
	for _, row := range tableRows(t, "REFERENCE.md") {
		at := slices.IndexFunc(row, func(c string) bool { return len(names(c)) > 0 })
		if at < 0 || at+1 >= len(row) {
			t.Errorf("a row without metrics and figures: %q", row)
			continue
		}
		metrics, figures := names(row[at]), list(row[at+1])
		if len(metrics) != len(figures) {
			t.Errorf("%v: %d metrics, %d figures", metrics, len(metrics), len(figures))
			continue
		}
		for i, name := range metrics {
			v, ok := m[name]
			if !ok {
				t.Errorf("%s: no such metric in the reference run", name)
				continue
			}
			if got := shown(v, figures[i]); got != figures[i] {
				t.Errorf("%s: REFERENCE.md says %s, the reference run gives %v (%s at those decimals)", name, figures[i], v, got)
			}
		}
		switch {
		case at == 0 && len(row) == 4: // metric | reference | part | needs
			for _, name := range metrics {
				listed[name] = true
				p, ok := pieces[name]
				if !ok {
					t.Errorf("%s: no piece computes it", name)
					continue
				}
				if p.Part != row[2] || !slices.Equal(itemsOf(p.Uses), list(row[3])) {
					t.Errorf("%s: the row says part %s needing %q; its piece is part %s using %v", name, row[2], row[3], p.Part, p.Uses)
				}
			}
		case at == 1 && len(row) == 4: // id | metric | reference | unit
			p, ok := day.Prediction(row[0])
			if !ok || len(metrics) != 1 || p.Metric != metrics[0] || p.Unit != row[3] {
				t.Errorf("prediction row %q: the day's %s asks %s in %s", row, row[0], p.Metric, p.Unit)
			}
			predicted[row[0]] = true
		default:
			t.Errorf("a table this test does not know: %q", row)
		}
	}
	for name := range m {
		if !listed[name] && !strings.HasSuffix(name, "_ns") {
			t.Errorf("%s is not in REFERENCE.md's table", name)
		}
	}
	for _, p := range day.Predictions {
		if !predicted[p.ID] {
			t.Errorf("%s is not in REFERENCE.md's predictions", p.ID)
		}
	}
}
