package play_test

import (
	"bufio"
	"flag"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/play"
	ref "termlab/solutions/day46"
)

var update = flag.Bool("update", false, "rewrite neighbour.golden from the figure as it plays now")

// quirkyVisit is a wrong DRRVisit, as a learner might write it, whose
// answer depends on the whole queue it is shown (its length), not only on
// the head: the neighbour figure must show it the same queue on every
// visit, in the same order, for the learner's frame to stay the same.
func quirkyVisit(deficit, quantum float64, queue []float64) (int, float64) {
	deficit += quantum
	served := 0
	for served < len(queue) && queue[served] <= deficit {
		deficit -= queue[served]
		served++
	}
	if len(queue) > 20 && served == 0 {
		return 1, 0 // a long queue jumps its head
	}
	return served, deficit
}

// neighbourGrid is every setting the golden file holds: each scheduler at
// light and heavy load, and DRR's quantum and weight across their range.
func neighbourGrid() []labs.Values {
	var out []labs.Values
	for s := range 5 {
		for _, g := range []float64{0, 90, 150, 400} {
			for _, q := range []float64{1, 3, 9} {
				if s != 3 {
					out = append(out, labs.Values{"scheduler": float64(s), "greedy": g, "quiet": q, "quantum": 10, "weight": 1})
					continue
				}
				for _, qu := range []float64{1, 10, 50} {
					for _, w := range []float64{1, 2, 8} {
						out = append(out, labs.Values{"scheduler": 3, "greedy": g, "quiet": q, "quantum": qu, "weight": w})
					}
				}
			}
		}
	}
	return out
}

// frameSum is a frame's chart and readouts to the bit.
func frameSum(fr labs.Frame) string {
	h := fnv.New64a()
	w := func(x float64) { fmt.Fprintf(h, "%x,", math.Float64bits(x)) }
	fmt.Fprintf(h, "%q|%q|%v|", fr.Error, fr.Partial, fr.Chart.Kind)
	fmt.Fprintf(h, "%q|%q|%q|", fr.Chart.Title, fr.Chart.XLabel, fr.Chart.YLabel)
	for _, s := range fr.Chart.Series {
		fmt.Fprintf(h, "%q:", s.Name)
		for i := range s.X {
			w(s.X[i])
			w(s.Y[i])
		}
	}
	for _, r := range fr.Readouts {
		fmt.Fprintf(h, "%q|%q|%q|%q|", r.Name, r.Label, r.Unit, r.Against)
		w(r.Value)
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// TestNeighbourFramesUnchanged plays the neighbour figure over a grid of
// knob settings, on the reference and on a wrong DRRVisit, and compares
// every frame with the golden file, to the bit: a change made for speed
// must not change a figure a learner sees.
func TestNeighbourFramesUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the figure a few hundred times")
	}
	impls := map[string]play.Linked{
		"reference": func(labs.Impl) (fair.Funcs, bool) { return ref.Funcs, true },
		"quirky": func(labs.Impl) (fair.Funcs, bool) {
			f := ref.Funcs
			f.DRRVisit = quirkyVisit
			return f, true
		},
	}
	var got []string
	for _, name := range []string{"reference", "quirky"} {
		var f labs.PlayFigure
		for _, g := range play.Figures(impls[name]) {
			if g.ID == "neighbour" {
				f = g
			}
		}
		for _, v := range neighbourGrid() {
			if name == "quirky" && v["scheduler"] != 3 {
				continue
			}
			fr := f.Play(labs.Learner, f.Settle(v))
			got = append(got, fmt.Sprintf("%s s=%g g=%g q=%g quantum=%g w=%g %s", name, v["scheduler"], v["greedy"], v["quiet"], v["quantum"], v["weight"], frameSum(fr)))
		}
	}
	path := "neighbour.golden" // beside the test: a day has no testdata folder (author/kit shape)
	if *update {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	var want []string
	for sc := bufio.NewScanner(file); sc.Scan(); {
		want = append(want, sc.Text())
	}
	if len(want) != len(got) {
		t.Fatalf("%d frames played, the golden file holds %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("frame changed:\n got %s\nwant %s", got[i], want[i])
		}
	}
}

// BenchmarkNeighbourHeaviest plays the neighbour figure at its heaviest
// setting (the playground benchmark's), in process, on the reference.
func BenchmarkNeighbourHeaviest(b *testing.B) {
	f := figure(b, "neighbour")
	v := f.Settle(labs.Values{"scheduler": 3, "greedy": 400, "quiet": 9, "quantum": 1, "weight": 8})
	b.ReportAllocs()
	for b.Loop() {
		f.Play(labs.Reference, v)
	}
}
