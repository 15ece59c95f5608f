package testrun

import (
	"fmt"
	"slices"
	"strings"

	"termlab/labs"
)

// PartsDump writes the parts of parts whose IDs are in ids as a comparison
// of two runs sees them: status and blame, every metric at %.17g, every
// line and every figure point, but no measured time (a metric in _ns, a
// line behind labs.Stopwatch), which differs from run to run. Two runs of
// the same code dump the same text to the last bit.
func PartsDump(parts []labs.PartResult, ids ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if !slices.Contains(ids, p.ID) {
			continue
		}
		fmt.Fprintf(&b, "part %s %s todo=%d where=%q detail=%q\n", p.ID, p.Status, p.TODO, p.Where, p.Detail)
		for _, m := range p.Metrics {
			if !strings.HasSuffix(m.Name, "_ns") {
				fmt.Fprintf(&b, "metric %s %.17g\n", m.Name, m.Value)
			}
		}
		for _, l := range p.Lines {
			if !strings.HasPrefix(l, labs.Stopwatch) {
				fmt.Fprintf(&b, "line %s\n", l)
			}
		}
		for _, f := range p.Figures {
			for _, s := range f.Series {
				fmt.Fprintf(&b, "figure %s / %s:", f.Title, s.Name)
				for i := range s.X {
					fmt.Fprintf(&b, " %.17g,%.17g", s.X[i], s.Y[i])
				}
				b.WriteByte('\n')
			}
		}
	}
	return b.String()
}
