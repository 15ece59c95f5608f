package grade_test

import (
	"crypto/sha256"
	"encoding/binary"
	"flag"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/grade"
	"termlab/labs/day46/course/parts"
	playground "termlab/labs/day46/course/play"
	"termlab/runner/testrun"
)

// Every figure Day 46 shows, to the last bit, and every call the parts
// and the grader make of the learner's functions, in order: a change made
// for speed (in the parts, the machines in course/fair, the reference or
// the grader) must leave all of it as it was. figures.golden holds it as
// the code played it before such changes; -update-figures rewrites it.
//
// The file holds a digest of each block (a learner's part, figure frame or
// grade), never the lines: they are the predictions' answers, and the
// learner's clone must not show them in plain text. A block that changed
// is printed as it plays now; -figures-dump=FILE writes every line, to
// compare with the same dump on the commit before.
//
// It is played by the reference and by wrong variants from mutants_test.go
// (one per TODO, and a ShardOf that hands back one buffer, whose figures
// move if the calls are made in another order or kept between calls).

var (
	updateFigures = flag.Bool("update-figures", false, "rewrite figures.golden from the figures as they play now")
	dumpFigures   = flag.String("figures-dump", "", "write every line the golden file's digests cover to this file")
)

// goldenVariants are the learners the golden file plays, by their names in
// wrong (mutants_test.go).
var goldenVariants = []string{
	"proportional to demand",
	"one request per visit",
	"fnv low bits mod n (weak mixing)",
	"right shard, in one slice kept between calls",
	"a 32-bit mask",
}

// calls records every call of the four functions: how many, and a hash of
// their arguments in the order they came.
type calls struct {
	n [5]int
	h [5]uint64
}

func (c *calls) note(todo int, args ...any) {
	h := fnv.New64a()
	b := binary.LittleEndian.AppendUint64(nil, c.h[todo])
	for _, a := range args {
		switch a := a.(type) {
		case float64:
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(a))
		case uint64:
			b = binary.LittleEndian.AppendUint64(b, a)
		case int:
			b = binary.LittleEndian.AppendUint64(b, uint64(a))
		case []float64:
			b = binary.LittleEndian.AppendUint64(b, uint64(len(a)))
			for _, x := range a {
				b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
			}
		case []int:
			b = binary.LittleEndian.AppendUint64(b, uint64(len(a)))
			for _, x := range a {
				b = binary.LittleEndian.AppendUint64(b, uint64(x))
			}
		default:
			panic(fmt.Sprintf("an argument of type %T", a))
		}
	}
	h.Write(b)
	c.n[todo]++
	c.h[todo] = h.Sum64()
}

func (c *calls) String() string {
	var b strings.Builder
	for n := 1; n <= 4; n++ {
		fmt.Fprintf(&b, " todo%d=%d/%016x", n, c.n[n], c.h[n])
	}
	return b.String()
}

// recorded is f with every call noted in c (the arguments as the function
// received them, before it could change them).
func recorded(f fair.Funcs, c *calls) fair.Funcs {
	return fair.Funcs{
		FairShare: func(capacity float64, demands []float64) []float64 {
			c.note(1, capacity, demands)
			return f.FairShare(capacity, demands)
		},
		DRRVisit: func(deficit, quantum float64, queue []float64) (int, float64) {
			c.note(2, deficit, quantum, queue)
			return f.DRRVisit(deficit, quantum, queue)
		},
		ShardOf: func(tenant uint64, n, k int) []int {
			c.note(3, tenant, n, k)
			return f.ShardOf(tenant, n, k)
		},
		Overlap: func(a, b []int) int {
			c.note(4, a, b)
			return f.Overlap(a, b)
		},
	}
}

// g17 is a hash of xs written with %.17g.
func g17(xs []float64) string {
	h := fnv.New64a()
	for _, x := range xs {
		fmt.Fprintf(h, "%.17g ", x)
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// figureLines is each series of fs: its length and a hash of its
// numbers written with %.17g (the file would be megabytes with them).
func figureLines(prefix string, fs []labs.Figure) []string {
	var out []string
	for _, f := range fs {
		for _, s := range f.Series {
			out = append(out, fmt.Sprintf("%s figure %q series %q x=%d/%s y=%d/%s", prefix, f.Title, s.Name, len(s.X), g17(s.X), len(s.Y), g17(s.Y)))
		}
	}
	return out
}

// partLines is every number and sentence of one part as played.
func partLines(who string, r labs.PartResult) []string {
	p := fmt.Sprintf("%s part %s", who, r.ID)
	out := []string{fmt.Sprintf("%s status %s todo %d detail %q", p, r.Status, r.TODO, r.Detail)}
	for _, m := range r.Metrics {
		out = append(out, fmt.Sprintf("%s metric %s %.17g", p, m.Name, m.Value))
	}
	for _, l := range r.Lines {
		out = append(out, fmt.Sprintf("%s line %q", p, l))
	}
	return append(out, figureLines(p, r.Figures)...)
}

// frameLines is every number of one frame of a question's or the
// playground's figure.
func frameLines(prefix string, fr labs.Frame) []string {
	out := []string{fmt.Sprintf("%s error %q partial %q", prefix, fr.Error, fr.Partial)}
	for _, r := range fr.Readouts {
		out = append(out, fmt.Sprintf("%s readout %s %.17g", prefix, r.Name, r.Value))
	}
	return append(out, figureLines(prefix, []labs.Figure{fr.Chart})...)
}

// settings are a figure's frames: its defaults, then each knob at its
// least and its most with the others at their defaults.
func settings(f labs.PlayFigure) []labs.Values {
	out := []labs.Values{f.Defaults()}
	for _, k := range f.Knobs {
		for _, x := range []float64{k.Min, k.Max} {
			if k.Choices != nil {
				x = min(x, float64(len(k.Choices)-1))
			}
			v := f.Defaults()
			v[k.Name] = x
			out = append(out, f.Settle(v))
		}
	}
	return out
}

func valuesKey(v labs.Values) string {
	var s []string
	for k, x := range v {
		s = append(s, fmt.Sprintf("%s=%g", k, x))
	}
	slices.Sort(s)
	return strings.Join(s, ",")
}

// figuresPlayed is the golden file's lines for one learner: every part,
// every question's and playground figure's frames (at their defaults, and
// with everySetting each knob at its least and most too), then the grade of
// every TODO (the verdict, the counterexample and the hint, and the calls
// the grader made).
func figuresPlayed(who string, f fair.Funcs, everySetting bool) []string {
	var out []string
	for _, p := range parts.Parts() {
		var c calls
		out = append(out, partLines(who, parts.Run(p.ID, recorded(f, &c), 5*time.Minute))...)
		out = append(out, fmt.Sprintf("%s part %s calls%s", who, p.ID, c.String()))
	}
	var c calls
	impl := func(labs.Impl) (fair.Funcs, bool) { return recorded(f, &c), true }
	figs := append(parts.Questions(impl), playground.Figures(impl)...)
	for _, fig := range figs {
		frames := []labs.Values{fig.Defaults()}
		if everySetting {
			frames = settings(fig)
		}
		for _, v := range frames {
			c = calls{}
			p := fmt.Sprintf("%s figure %s at %s", who, fig.ID, valuesKey(v))
			out = append(out, frameLines(p, fig.Play(labs.Learner, v))...)
			out = append(out, p+" calls"+c.String())
		}
	}
	for n := 1; n <= 4; n++ {
		var c calls
		g := grade.TODO(n, recorded(ref, &c).With(n, recorded(f, &c)), ref)
		out = append(out, fmt.Sprintf("%s grade %d %s detail %q counterexample %+v hint %q %s calls%s",
			who, n, g.Status, g.Detail, g.Counterexample, g.Hint, g.HintID, c.String()))
	}
	return out
}

func TestFiguresAreTheSameToTheLastBit(t *testing.T) {
	testrun.Slow(t, "plays every Day 46 part, question and grade six times")
	// The figures are played one after another in this goroutine: the
	// detector has nothing to watch, and would take minutes. .ci/stages
	// runs the test without it (stage d1b).
	testrun.ChildrenOnly(t, "every Day 46 figure played in turn, no goroutines of its own")
	got := figuresPlayed("reference", ref, true)
	for _, name := range goldenVariants {
		i := slices.IndexFunc(wrong, func(v variant) bool { return v.name == name })
		if i < 0 {
			t.Fatalf("no wrong variant %q in mutants_test.go", name)
		}
		got = append(got, figuresPlayed(name, wrong[i].f, false)...)
	}
	if *dumpFigures != "" {
		if err := os.WriteFile(*dumpFigures, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Beside the test: a day has no testdata folder.
	const path = "figures.golden"
	sealed := digests(got)
	if *updateFigures {
		if err := os.WriteFile(path, []byte(strings.Join(sealed, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	held, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(held), "\n"), "\n")
	for i := range max(len(sealed), len(want)) {
		switch {
		case i >= len(sealed):
			t.Fatalf("block %d: missing, want %s", i+1, want[i])
		case i >= len(want):
			t.Fatalf("block %d: extra %s", i+1, sealed[i])
		case sealed[i] != want[i]:
			t.Errorf("block %d changed (%s, want %s); it plays now as:\n%s", i+1, sealed[i], want[i], strings.Join(blockLines(got, sealed[i]), "\n"))
		}
	}
}

// block is the block a golden line belongs to: its learner and what it
// is ("reference part 1", "a 32-bit mask grade 3", "reference figure P10
// at …"), the words before its kind's own (metric, line, figure, calls…).
func block(line string) string {
	i, kind := -1, ""
	for _, k := range []string{" part ", " grade ", " figure "} {
		if j := strings.Index(line, k); j >= 0 && (i < 0 || j < i) {
			i, kind = j, k
		}
	}
	if i < 0 {
		return line
	}
	rest := line[i+len(kind):]
	if kind == " figure " {
		// "figure ID at SETTINGS", then the frame's own words.
		j := strings.Index(rest, " at ")
		if j < 0 {
			return line
		}
		i, rest = i+len(kind)+j+4, rest[j+4:]
	} else {
		i += len(kind)
	}
	if k := strings.IndexByte(rest, ' '); k >= 0 {
		return line[:i+k]
	}
	return line
}

// digests is the golden file's lines: each block's name and the SHA-256 of
// its lines, in the order they play.
func digests(lines []string) []string {
	var out []string
	for i := 0; i < len(lines); {
		name := block(lines[i])
		h := sha256.New()
		for ; i < len(lines) && block(lines[i]) == name; i++ {
			h.Write([]byte(lines[i] + "\n"))
		}
		out = append(out, fmt.Sprintf("%s %x", name, h.Sum(nil)))
	}
	return out
}

// blockLines is the lines of the block a digest line names.
func blockLines(lines []string, digest string) []string {
	name := digest[:strings.LastIndexByte(digest, ' ')]
	var out []string
	for _, l := range lines {
		if block(l) == name {
			out = append(out, l)
		}
	}
	return out
}
