package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/runner/testrun"
	"termlab/tui/common"
)

// mangled is o with every figure, metric, report line and title changed
// and every status kept: a screen that draws a hidden part from its result
// draws these two differently.
func mangled(o labs.Outcome) labs.Outcome {
	m := o
	m.Parts = nil
	for _, p := range o.Parts {
		q := p
		q.Title += " 4242"
		q.Lines = append(append([]string{}, p.Lines...), "secret 4242")
		q.Metrics = nil
		for _, x := range p.Metrics {
			x.Value = x.Value*7 + 3
			q.Metrics = append(q.Metrics, x)
		}
		q.Figures = nil
		for _, f := range p.Figures {
			g := f
			g.Title += " 1,234"
			g.YLabel += " q"
			g.Series = nil
			for _, s := range f.Series {
				t := s
				t.Y = nil
				for _, y := range s.Y {
					t.Y = append(t.Y, y*7+3)
				}
				g.Series = append(g.Series, t)
			}
			g.Marks = nil
			for _, mk := range f.Marks {
				mk.X++
				g.Marks = append(g.Marks, mk)
			}
			q.Figures = append(q.Figures, g)
		}
		m.Parts = append(m.Parts, q)
	}
	return m
}

// partPages is what the Run screen shows of each part, paged through.
func partPages(d *driver) map[string]string {
	out := map[string]string{}
	rv := d.day().run
	for range rv.Parts {
		d.keys("left")
	}
	for i := range rv.Parts {
		var b strings.Builder
		for range 4 {
			// The head (strip, clock) is left out: it names the part on
			// screen, not its result.
			v := d.view()
			if _, body, ok := strings.Cut(v, "Part "+rv.Parts[i].Res.ID+":"); ok {
				b.WriteString(body)
			} else {
				b.WriteString(v)
			}
			d.keys("pgdown")
		}
		out[rv.Parts[i].Res.ID] = b.String()
		d.keys("right")
	}
	return out
}

// Issue 18 item 4: a chart of a part whose predictions are not revealed is
// not drawn from its result at all (no axes, no scale, no title), whether
// its predictions are open or its reveal could not be recorded. Two runs
// that differ only in their figures must draw such a part the same; a
// revealed part, drawn from its result, must differ (or the test proves
// nothing).
func TestNoChartOfAHiddenPartIsDrawnFromItsResult(t *testing.T) {
	t.Parallel()
	for di, day := range []labs.Day{theDay, theDay46} {
		ref := referenceOf(day)
		ref.Impl = labs.Learner
		for hi, how := range []string{"predictions open", "reveal not on record"} {
			// The default run draws each day and each way at one size
			// (testrun.Sampled), the sizes crossed so that each day and
			// each way is drawn at 80×24 and at 40×12 once; every size
			// of every pair in the whole suite. Each case draws every
			// part's pages twice over.
			sizes := [][2]int{{80, 24}, {40, 12}}
			if (di+hi)%2 == 1 {
				sizes[0], sizes[1] = sizes[1], sizes[0]
			}
			for si, sz := range sizes {
				if !testrun.Sampled(si+1, 1) {
					continue
				}
				t.Run(fmt.Sprintf("day%d/%dx%d/%s", day.Number, sz[0], sz[1], how), func(t *testing.T) {
					t.Parallel() // each size has a lab and a driver of its own
					views := [2]map[string]string{}
					var revealed map[string]bool
					// One folder for both runs, so an error that names it reads
					// the same.
					root := labRoot(t, day)
					dir := filepath.Join(root, "predictions")
					for k, o := range []labs.Outcome{ref, mangled(ref)} {
						for _, p := range []string{dir, dir + ".away", filepath.Join(root, "RESULTS.md")} {
							if err := os.RemoveAll(p); err != nil {
								t.Fatal(err)
							}
						}
						c := testCommon(t, labs.Course{day}, root, newFake(fakeAnswer{o: o}))
						if how == "reveal not on record" {
							// Every guess made from the shell, then the
							// answers file cannot be written: no reveal.
							if _, err := predictions.Update(filepath.Join(root, "predictions"), day.Number, func(a *predictions.Answers) error {
								for _, p := range day.Predictions {
									a.Set(p.ID, 1)
								}
								return nil
							}); err != nil {
								t.Fatal(err)
							}
						}
						d := newDriver(t, c, sz[0], sz[1])
						if how == "reveal not on record" {
							if err := os.Rename(dir, dir+".away"); err != nil {
								t.Fatal(err)
							}
							if err := os.WriteFile(dir, []byte("not a folder"), 0o644); err != nil {
								t.Fatal(err)
							}
						}
						d.keys("enter")
						if how == "predictions open" {
							d.predictDue(nil) // the course day's; the later parts' stay open
						}
						d.tab(common.TabRun)
						d.keys("S")
						views[k] = partPages(d)
						revealed = map[string]bool{}
						for _, p := range d.day().s.Outcome.Parts {
							revealed[p.ID] = d.day().s.IsRevealed(p)
						}
					}
					hidden, differs := 0, false
					for _, p := range ref.Parts {
						a, b := views[0][p.ID], views[1][p.ID]
						if revealed[p.ID] {
							differs = differs || a != b
							continue
						}
						hidden++
						if a != b {
							t.Errorf("Part %s, not revealed, is drawn from its result:\n%s\n---- with other figures:\n%s", p.ID, a, b)
						}
						for _, f := range p.Figures {
							if strings.Contains(flat(a), flat(f.Title)) {
								t.Errorf("Part %s, not revealed, shows its chart %q", p.ID, f.Title)
							}
						}
					}
					if hidden == 0 {
						t.Fatal("no part was hidden: the test proves nothing")
					}
					if how == "predictions open" && !differs {
						t.Fatal("the revealed parts drew the same from different results: the test proves nothing")
					}
				})
			}
		}
	}
}
