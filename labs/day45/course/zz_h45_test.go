package course_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/day45/course"
	"termlab/labs/day45/course/door"
	"termlab/labs/day45/course/fleet"
	"termlab/solutions/day45"
)

func TestZZH45Dump(t *testing.T) {
	out := os.Getenv("H45DUMP")
	if out == "" {
		t.Skip()
	}
	if d := os.Getenv("H45CACHE"); d != "" {
		os.Setenv(labs.CacheEnv, d)
	}
	day := course.New(day45.Funcs, fleet.Pieces, door.Pieces)
	var b strings.Builder
	for _, p := range day.Parts {
		r := day.RunPart(labs.Reference, p.ID)
		fmt.Fprintf(&b, "part %s %s %s\n", r.ID, r.Status, r.Detail)
		for _, m := range r.Metrics {
			if strings.HasSuffix(m.Name, "_ns") {
				continue
			}
			fmt.Fprintf(&b, "m %s %.17g\n", m.Name, m.Value)
		}
		for _, l := range r.Lines {
			if strings.HasPrefix(l, labs.Stopwatch) {
				continue
			}
			fmt.Fprintf(&b, "l %s\n", l)
		}
		for _, f := range r.Figures {
			fmt.Fprintf(&b, "f %s\n", f.Title)
			for _, s := range f.Series {
				fmt.Fprintf(&b, "  s %s", s.Name)
				for i := range s.Y {
					fmt.Fprintf(&b, " %.17g,%.17g", s.X[i], s.Y[i])
				}
				b.WriteString("\n")
			}
		}
	}
	os.WriteFile(out, []byte(b.String()), 0o644)
}
