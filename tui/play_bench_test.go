package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	day46 "termlab/labs/day46/course"
	"termlab/record/predictions"
	learner "termlab/record/session"
	"termlab/runner/testrun"
	"termlab/runner/worker"
	solutions46 "termlab/solutions/day46"
	"termlab/tui/common"
	"termlab/tui/pages/play"
)

// A knob turn to a redrawn Play screen at 80×24, for every figure of both
// days, on the learner's code: the request over the kept worker's pipes,
// the figure played there, the frame back, and the screen drawn. The lab
// is copied to a temporary folder with the reference answers written in as
// the learner's code, so the real tree is never touched.
//
// The floor, measured in the same op: the same knob turn with the figure
// played in this process on the reference and the same screen drawn, which
// any design must pay; the ratio is what the box and the pipes add. The
// medians are reported as floor-ms, worker-ms and ratio (a frame is 16 ms);
// nothing here asserts a time.
func BenchmarkPlayKnobToFrame(b *testing.B) {
	if testing.Short() {
		b.Skip("builds the worker: not in -short")
	}
	src, err := worker.FindRoot(".", "termlab")
	if err != nil {
		b.Fatal(err)
	}
	course := labs.Course{theDay, day46.New(solutions46.Funcs)}
	root := b.TempDir()
	if err := worker.CopyLab(src, root, course); err != nil {
		b.Fatal(err)
	}
	for _, d := range course {
		writeSolutionsAsLearner(b, src, root, d)
	}
	r := worker.Runner{Root: root, Bin: filepath.Join(b.TempDir(), "worker")}
	bin, err := r.Build(context.Background())
	if err != nil {
		b.Fatalf("the copy does not build: %v", err)
	}
	for _, d := range course {
		for _, f := range d.Figures {
			b.Run(fmt.Sprintf("day%d/%s", d.Number, f.ID), func(b *testing.B) {
				benchFigure(b, bin, d, f, f.Defaults(), 0)
			})
			// The heaviest setting of the figure, with two CPU burners
			// running beside it (the issue's "knob → frame within a frame
			// at p90 on a loaded machine").
			if heavy, ok := heaviest[f.ID]; ok {
				b.Run(fmt.Sprintf("day%d/%s/heaviest-2burners", d.Number, f.ID), func(b *testing.B) {
					benchFigure(b, bin, d, f, f.Settle(heavy), 2)
				})
			}
		}
	}
}

// heaviest is each figure's most expensive setting, found by playing
// every setting of labs/registry's grid in process and keeping the
// slowest (the most requests on the virtual clock).
var heaviest = map[string]labs.Values{
	"boundary":  {"limit": 200, "window": 60, "traffic": 0},
	"loan":      {"r": 50, "b": 60, "traffic": 2},
	"fleet":     {"servers": 16, "limit": 100, "mode": 1},
	"neighbour": {"scheduler": 3, "greedy": 400, "quiet": 9, "quantum": 1, "weight": 8},
	"shards":    {"n": 32, "k": 6},
	"share":     {"others": 8, "weight": 8},
}

func benchFigure(b *testing.B, bin string, d labs.Day, f labs.PlayFigure, v labs.Values, burners int) {
	sess := &worker.PlaySession{Bin: bin, Day: d}
	defer sess.Close()
	a := predictions.Answers{Day: d.Number, Predictions: map[string]predictions.Guess{}}
	for _, p := range d.Predictions {
		a.Predictions[p.ID] = predictions.Guess{Skipped: true, Revealed: true}
	}
	root := b.TempDir()
	s := common.NewSession(d, learner.NewRecord(learner.Open(root, d), a))
	c := testCommon(b, labs.Course{d}, root, newFake())
	m := play.New(c)
	m.Fig = slicesIndex(d.Figures, f.ID)
	// The first numeric knob, turned between its default and the next step.
	kn := f.Knobs[0]
	for _, k := range f.Knobs {
		if len(k.Choices) == 0 {
			kn = k
			break
		}
	}
	v = v.Clone()
	values := []float64{v[kn.Name], kn.Clamp(v[kn.Name] + kn.Step)}
	if values[1] == values[0] {
		values[1] = kn.Clamp(v[kn.Name] - kn.Step)
	}
	turn := func(i int, playFn func(labs.Values) labs.Frame) time.Duration {
		start := time.Now()
		v[kn.Name] = values[i%2]
		fr := playFn(v)
		if fr.Error != "" {
			b.Fatalf("%s: %s", f.ID, fr.Error)
		}
		m.Update(play.FrameMsg{Gen: m.Gen, Frame: fr}, &s)
		if view := m.View(&s, 80, 24); !strings.Contains(view, f.Title) {
			b.Fatalf("the screen does not show the figure:\n%s", view)
		}
		return time.Since(start)
	}
	inWorker := func(v labs.Values) labs.Frame {
		fr := sess.Play(f, v)
		if fr.Impl != labs.Learner {
			b.Fatalf("the worker played %q", fr.Impl)
		}
		return fr
	}
	here := func(v labs.Values) labs.Frame { return f.Play(labs.Reference, f.Settle(v)) }
	turn(0, inWorker) // starts the worker: the screen's first frame, not a turn
	// Burners: other programs on a busy machine, so the worker and this
	// benchmark compete with them for the cores as the operating system
	// shares them out (testrun.Burn: this binary again, spinning from its
	// init until b ends).
	if burners > 0 {
		testrun.Burn(b, burners)
	}
	var floors, workers []time.Duration
	i := 0
	for b.Loop() {
		i++
		floors = append(floors, turn(i, here))
		workers = append(workers, turn(i, inWorker))
	}
	fl, wk := median(floors), median(workers)
	b.ReportMetric(ms(fl), "floor-ms")
	b.ReportMetric(ms(wk), "worker-ms")
	b.ReportMetric(float64(wk)/float64(max(fl, 1)), "ratio")
	b.ReportMetric(ms(quantile(workers, 0.9)), "p90-ms")
	b.ReportMetric(ms(quantile(workers, 0.9))/16, "p90-frames")
}

// quantile is the q-quantile of ds (nearest rank).
func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

func slicesIndex(fs []labs.PlayFigure, id string) int {
	for i, f := range fs {
		if f.ID == id {
			return i
		}
	}
	return 0
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// writeSolutionsAsLearner puts the reference answers in the copy's learner
// package: the solution file's functions, under the learner's build tag and
// package name, without the bundle the runner links.
func writeSolutionsAsLearner(b *testing.B, src, root string, d labs.Day) {
	name := filepath.Base(d.LearnerDir)
	text, err := os.ReadFile(filepath.Join(src, "solutions", name, "solutions.go"))
	if err != nil {
		b.Fatal(err)
	}
	s := string(text)
	if i := strings.Index(s, "// Funcs bundles"); i >= 0 {
		s = s[:i]
	}
	var kept []string
	for _, line := range strings.Split(s, "\n") {
		if !strings.Contains(line, `"termlab/`) {
			kept = append(kept, line)
		}
	}
	s = "//go:build " + worker.BuildTag + "\n\n" + strings.Join(kept, "\n")
	if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(d.LearnerDir), "todo.go"), []byte(s), 0o644); err != nil {
		b.Fatal(err)
	}
}
