package grade_test

import (
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/day46/course/grade"
)

// A hint that once named a mistake the variant did not make (issue 33): a
// credit charged for the head that does not fit, without serving it, was
// told to serve only what fits, which it did.
func TestChargeWithoutServingIsNotToldToServeWhatFits(t *testing.T) {
	v := withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		served := 0
		for _, size := range queue {
			deficit -= size
			if deficit < 0 {
				break
			}
			served++
		}
		if served == len(queue) {
			return served, 0
		}
		return served, deficit
	})
	g := grade.TODO(2, v, ref)
	t.Logf("%s: %s", g.Detail, g.Hint)
	if g.Status != labs.Fail || strings.Contains(g.Hint, "only when its size fits") || !strings.Contains(g.Hint, "only the sizes of the requests served") {
		t.Errorf("%s: hint %q", g.Status, g.Hint)
	}
}
