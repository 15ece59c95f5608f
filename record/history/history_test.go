package history

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/record/predictions"
)

// A helper process for TestTwoProcessesAppendAtOnce: it appends runs
// numbered from its id and exits.
func TestMain(m *testing.M) {
	if dir := os.Getenv("TERMLAB_HISTORY_HELPER_DIR"); dir != "" {
		id, _ := strconv.Atoi(os.Getenv("TERMLAB_HISTORY_HELPER_ID"))
		n, _ := strconv.Atoi(os.Getenv("TERMLAB_HISTORY_HELPER_N"))
		for i := range n {
			r := rec(time.Unix(int64(1_700_000_000+i), 0), map[int]labs.Status{1: labs.Pass})
			r.Digest = fmt.Sprintf("w%d-%d", id, i)
			if _, err := Append(dir, 45, r); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(3)
			}
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func rec(at time.Time, todos map[int]labs.Status, parts ...Part) Record {
	return Record{At: at.UTC(), From: FromRun, Digest: "d", TODOs: todos, Parts: parts}
}

var t0 = time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)

func predDir(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "predictions")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestAppendAndLoad(t *testing.T) {
	dir := predDir(t)
	a := rec(t0, map[int]labs.Status{1: labs.Fail, 2: labs.Unfinished})
	a.Bodies = map[int]string{1: "aaaa", 2: "bbbb"}
	b := rec(t0.Add(time.Minute), map[int]labs.Status{1: labs.Pass, 2: labs.Unfinished})
	b.Bodies = map[int]string{1: "cccc", 2: "bbbb"}
	if _, err := Append(dir, 45, a); err != nil {
		t.Fatal(err)
	}
	got, err := Append(dir, 45, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !reflect.DeepEqual(got[1].Changed, []int{1}) || got[0].Changed != nil {
		t.Fatalf("Changed: %+v", got)
	}
	loaded, err := Load(dir, 45)
	if err != nil || !reflect.DeepEqual(loaded, got) {
		t.Fatalf("Load = %+v, %v; want %+v", loaded, err, got)
	}
	data, _ := os.ReadFile(Path(dir, 45))
	if lines := strings.Count(string(data), "\n"); lines != 2 {
		t.Errorf("%d lines, want one per run:\n%s", lines, data)
	}
	if recs, err := Load(dir, 46); err != nil || recs != nil {
		t.Errorf("a day with no history: %v, %v", recs, err)
	}
}

// The bound: never more than MaxRuns runs nor MaxBytes bytes, the oldest
// dropped, the newest kept.
func TestTheBound(t *testing.T) {
	dir := predDir(t)
	for i := range MaxRuns + 7 {
		r := rec(t0.Add(time.Duration(i)*time.Second), map[int]labs.Status{1: labs.Pass})
		r.Digest = strconv.Itoa(i)
		if _, err := Append(dir, 45, r); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := Load(dir, 45)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != MaxRuns || recs[0].Digest != "7" || recs[len(recs)-1].Digest != strconv.Itoa(MaxRuns+6) {
		t.Fatalf("%d runs, first %s, last %s", len(recs), recs[0].Digest, recs[len(recs)-1].Digest)
	}

	// Bytes: big runs are cut to the byte cap, whatever the count.
	big := make([]Record, 50)
	for i := range big {
		big[i] = rec(t0, map[int]labs.Status{1: labs.Pass})
		big[i].Digest = strings.Repeat("x", 1000) + strconv.Itoa(i)
	}
	kept := Bound(big, 1000, 10_000)
	if n := len(Encode(kept)); n > 10_000 || len(kept) == 0 || kept[len(kept)-1].Digest != big[49].Digest {
		t.Fatalf("kept %d runs in %d bytes", len(kept), n)
	}
	if len(Bound(big[:1], 10, 10)) != 1 {
		t.Error("the newest run must stay even when it alone is over the cap")
	}
}

// Two processes appending at once lose nothing (within the bound).
func TestTwoProcessesAppendAtOnce(t *testing.T) {
	dir := predDir(t)
	const n = 30 // 2n ≤ MaxRuns: every run must be there
	var cmds []*exec.Cmd
	for id := range 2 {
		c := exec.Command(os.Args[0], "-test.run=^$")
		c.Env = append(os.Environ(), "TERMLAB_HISTORY_HELPER_DIR="+dir,
			"TERMLAB_HISTORY_HELPER_ID="+strconv.Itoa(id), "TERMLAB_HISTORY_HELPER_N="+strconv.Itoa(n))
		c.Stderr = os.Stderr
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, c)
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := Load(dir, 45)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range recs {
		seen[r.Digest] = true
	}
	for id := range 2 {
		for i := range n {
			if d := fmt.Sprintf("w%d-%d", id, i); !seen[d] {
				t.Errorf("run %s was lost", d)
			}
		}
	}
	if len(recs) != 2*n {
		t.Errorf("%d runs, want %d", len(recs), 2*n)
	}
}

// A hand-edited history: the bad line is reported with its path and line,
// the good runs stay, and the next run keeps the file aside before
// writing without it.
func TestCorruptLinesAreReportedAndKeptAside(t *testing.T) {
	dir := predDir(t)
	good := Encode([]Record{rec(t0, map[int]labs.Status{1: labs.Pass})})
	text := string(good) + "{not json\n" + `{"at":"2026-03-04T12:00:00Z","from":"run","digest":"d","todos":{"1":"great"}}` + "\n"
	if err := os.WriteFile(Path(dir, 45), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	recs, err := Load(dir, 45)
	var ce *CorruptError
	if len(recs) != 1 || !asCorrupt(err, &ce) || ce.Line != 2 || ce.Bad != 2 {
		t.Fatalf("Load = %d runs, %v", len(recs), err)
	}
	if !strings.Contains(err.Error(), Path(dir, 45)+":2:") {
		t.Errorf("no path:line in %q", err)
	}
	recs, err = Append(dir, 45, rec(t0.Add(time.Hour), map[int]labs.Status{1: labs.Fail}))
	if !asCorrupt(err, &ce) || ce.KeptAs == "" || len(recs) != 2 {
		t.Fatalf("Append = %d runs, %v", len(recs), err)
	}
	kept, _ := os.ReadFile(ce.KeptAs)
	if string(kept) != text {
		t.Errorf("the file kept aside is not the file as it was:\n%s", kept)
	}
	if recs, err := Load(dir, 45); err != nil || len(recs) != 2 {
		t.Errorf("after: %d runs, %v", len(recs), err)
	}
}

func asCorrupt(err error, ce **CorruptError) bool {
	c, ok := err.(*CorruptError)
	*ce = c
	return ok
}

func TestAppendRefusesALinkOutside(t *testing.T) {
	dir := predDir(t)
	outside := filepath.Join(t.TempDir(), "elsewhere.jsonl")
	if err := os.WriteFile(outside, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, Path(dir, 45)); err != nil {
		t.Skip(err)
	}
	if _, err := Append(dir, 45, rec(t0, nil)); err == nil {
		t.Fatal("a link out of the repository was written through")
	}
	if data, _ := os.ReadFile(outside); len(data) != 0 {
		t.Errorf("outside file written: %s", data)
	}
}

func TestBodies(t *testing.T) {
	src := `//go:build termlab

package day45

func A(x int) int {
	panic(notDone) // TODO 1
}

func B() { return }

func (t T) A() {}

func C( {
`
	b := Bodies([]byte(src))
	if b["A"] == "" || b["B"] == "" || b["A"] == b["B"] {
		t.Fatalf("Bodies = %v", b)
	}
	edited := strings.Replace(src, "panic(notDone) // TODO 1", "return x", 1)
	b2 := Bodies([]byte(edited))
	if b2["A"] == b["A"] || b2["B"] != b["B"] {
		t.Errorf("an edit of A must change A's digest only: %v → %v", b, b2)
	}
}

func TestMoved(t *testing.T) {
	fig := func(name, label string, v float64) labs.Metric {
		return labs.Metric{Name: name, Label: label, Value: v}
	}
	r0 := rec(t0, map[int]labs.Status{1: labs.Fail, 2: labs.Unfinished},
		Part{ID: "1", Status: labs.OK, Figures: []labs.Metric{fig("burst", "burst accepted", 50)}},
		Part{ID: "2", Status: labs.Unfinished, TODO: 2})
	r0.Scores = map[string]predictions.Kind{"P1": predictions.Off}
	r1 := rec(t0.Add(time.Minute), map[int]labs.Status{1: labs.Pass, 2: labs.Unfinished})
	r1.Changed = []int{1}
	r2 := rec(t0.Add(2*time.Minute), map[int]labs.Status{1: labs.Pass, 2: labs.Pass},
		Part{ID: "1", Status: labs.OK, Figures: []labs.Metric{fig("burst", "burst accepted", 20)}},
		Part{ID: "2", Status: labs.OK, Figures: []labs.Metric{fig("edge", "boundary accepted", 200)}})
	r2.Scores = map[string]predictions.Kind{"P1": predictions.Spot}
	recs := []Record{r0, r1, r2}
	tests := []struct {
		i    int
		want []string
	}{
		{0, nil},
		{1, []string{"edited TODO 1", "TODO 1 fail → pass"}},
		// figures against the last run that played the parts (r0), not the grade
		{2, []string{"TODO 2 unfinished → pass", "Part 1 burst accepted 50 → 20", "Part 2 now runs: boundary accepted 200", "P1 now spot on"}},
	}
	for _, tc := range tests {
		if got := Moved(recs, tc.i); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Moved(%d) = %q, want %q", tc.i, got, tc.want)
		}
	}
	if s := Summary(Moved(recs, 2), 2); s != "TODO 2 unfinished → pass; Part 1 burst accepted 50 → 20; and 2 more" {
		t.Errorf("Summary = %q", s)
	}
	for _, tc := range []struct {
		moved []string
		want  string
	}{
		{nil, "nothing moved since the last run"},
		{[]string{"edited TODO 1"}, "edited TODO 1"},
		{[]string{"edited TODO 1", "TODO 1 pass → fail"}, "TODO 1 pass → fail; and 1 more"},
		{[]string{"edited TODO 1, 2", "TODO 2 unfinished → pass", "TODO 1 pass → fail"}, "TODO 2 unfinished → pass; and 2 more"},
		{[]string{"edited TODO 1", "Part 1 burst accepted 50 → 20"}, "edited TODO 1; and 1 more"},
		{[]string{"TODO 2 unfinished → pass", "Part 1 burst accepted 50 → 20"}, "TODO 2 unfinished → pass; and 1 more"},
	} {
		if got := Short(tc.moved); got != tc.want {
			t.Errorf("Short(%q) = %q, want %q", tc.moved, got, tc.want)
		}
	}
	if s := Summary(nil, 3); s != "nothing moved since the last run" {
		t.Errorf("Summary(nil) = %q", s)
	}
	rows := Compare(r0, r2)
	var diff []string
	for _, r := range rows {
		if r.Differs {
			diff = append(diff, r.What+": "+r.Then+" → "+r.Now)
		}
	}
	want := []string{"TODO 1: fail → pass", "TODO 2: unfinished → pass", "Part 1 burst accepted: 50 → 20", "Part 2 boundary accepted:  → 200", "P1: off → spot on"}
	if !reflect.DeepEqual(diff, want) {
		t.Errorf("Compare differences = %q, want %q", diff, want)
	}
}

// A part the screens ran while its predictions were open keeps no figures:
// that is not "no longer runs". A wall-clock figure (_ns) never moves.
func TestMovedIgnoresHiddenPartsAndStopwatches(t *testing.T) {
	shown := rec(t0, map[int]labs.Status{1: labs.Pass},
		Part{ID: "4", Status: labs.OK, Figures: []labs.Metric{{Name: "fleet_local_check_ns", Label: "one local check", Value: 11}, {Name: "x", Label: "x", Value: 1}}})
	hidden := rec(t0.Add(time.Minute), map[int]labs.Status{1: labs.Pass}, Part{ID: "4", Status: labs.OK})
	timed := rec(t0.Add(2*time.Minute), map[int]labs.Status{1: labs.Pass},
		Part{ID: "4", Status: labs.OK, Figures: []labs.Metric{{Name: "fleet_local_check_ns", Label: "one local check", Value: 13}, {Name: "x", Label: "x", Value: 1}}})
	broken := rec(t0.Add(3*time.Minute), map[int]labs.Status{1: labs.Fail}, Part{ID: "4", Status: labs.Fail, TODO: 1})
	recs := []Record{shown, hidden, timed, broken}
	for i, want := range [][]string{nil, nil, nil, {"TODO 1 pass → fail", "Part 4 no longer runs (fail, TODO 1)"}} {
		if got := Moved(recs, i); !reflect.DeepEqual(got, want) {
			t.Errorf("Moved(%d) = %q, want %q", i, got, want)
		}
	}
	for _, r := range Compare(shown, timed) {
		if r.Differs {
			t.Errorf("Compare: %s differs (%s → %s), but it is a stopwatch", r.What, r.Then, r.Now)
		}
	}
}

// Verdicts on predictions, like figures, are compared with the last run
// that played the parts: a grade between two runs moves none of them.
func TestAGradeBetweenRunsMovesNoVerdict(t *testing.T) {
	run := rec(t0, map[int]labs.Status{1: labs.Pass}, Part{ID: "1", Status: labs.OK})
	run.Scores = map[string]predictions.Kind{"P1": predictions.Spot}
	grade := rec(t0.Add(time.Minute), map[int]labs.Status{1: labs.Pass})
	grade.From = FromGrade
	again := run
	again.At = t0.Add(2 * time.Minute)
	if got := Moved([]Record{run, grade, again}, 2); got != nil {
		t.Errorf("Moved = %q, want nothing", got)
	}
}

// A history written before the digests changed from SHA-256 to FNV
// (testdata/sha256: two runs recorded by Take, New and Append at commit
// c52cf06, of the learner file beside it) keeps every run, and the first
// run after the switch claims no edit it cannot know: the old and new
// digests of an unchanged body differ only in kind. A function that
// appeared is still an edit, and from then on edits show as before.
func TestAHistoryFromBeforeTheSwitchKeepsWorking(t *testing.T) {
	day := labs.Day{Number: 45, LearnerDir: "learner", TODOs: []labs.TODO{
		{Number: 1, Func: "TakeToken"}, {Number: 2, Func: "Refill"}, {Number: 3, Func: "Missing"}}}
	src, err := os.ReadFile(filepath.Join("testdata", "sha256", "learner", "todo.go"))
	if err != nil {
		t.Fatal(err)
	}
	old, err := os.ReadFile(filepath.Join("testdata", "sha256", "predictions", "day45.history.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	edit := func(s string) string {
		return strings.Replace(s, "\tpanic(notDone) // TODO 2\n", "\treturn min(capacity, tokens+rate*dt)\n", 1)
	}
	appear := func(s string) string { return s + "\nfunc Missing() {}\n" }
	for _, c := range []struct {
		name    string
		files   []func(string) string // the learner's file at each new run
		changed [][]int               // each new run's Changed
	}{
		{"unchanged", []func(string) string{nil}, [][]int{nil}},
		{"edited across the switch", []func(string) string{edit}, [][]int{nil}},
		{"a function appeared", []func(string) string{appear}, [][]int{{3}}},
		{"edits after the switch", []func(string) string{nil, edit, edit, appear}, [][]int{nil, {2}, nil, {3}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "predictions")
			os.MkdirAll(filepath.Join(root, "learner"), 0o755)
			os.MkdirAll(dir, 0o755)
			if err := os.WriteFile(Path(dir, 45), old, 0o644); err != nil {
				t.Fatal(err)
			}
			before, err := Load(dir, 45)
			if err != nil || len(before) != 2 || before[0].Bodies[1] == "" || strings.HasPrefix(before[0].Bodies[1], bodyTag) {
				t.Fatalf("the old history: %+v, %v", before, err)
			}
			text := string(src)
			for i, f := range c.files {
				if f != nil {
					text = f(text)
				}
				os.WriteFile(filepath.Join(root, "learner", "todo.go"), []byte(text), 0o644)
				r := New(day, labs.Outcome{}, Take(root, day), FromScreens, t0.Add(time.Duration(i)*time.Minute), predictions.Answers{}, nil)
				recs, err := Append(dir, 45, r)
				if err != nil {
					t.Fatal(err)
				}
				if len(recs) != 3+i || !reflect.DeepEqual(recs[:2], before) {
					t.Fatalf("run %d: %d runs, the old ones %+v; want %+v kept", i, len(recs), recs[:min(2, len(recs))], before)
				}
				last := recs[len(recs)-1]
				if !reflect.DeepEqual(last.Changed, c.changed[i]) {
					t.Errorf("run %d: Changed = %v, want %v (bodies %v after %v)", i, last.Changed, c.changed[i], last.Bodies, recs[len(recs)-2].Bodies)
				}
				if !strings.HasPrefix(last.Bodies[1], bodyTag) {
					t.Errorf("run %d: TODO 1's digest %q is not tagged %q", i, last.Bodies[1], bodyTag)
				}
				moved := strings.Join(Moved(recs, len(recs)-1), "; ")
				if (len(c.changed[i]) > 0) != strings.Contains(moved, "edited TODO") {
					t.Errorf("run %d moved %q, Changed %v", i, moved, c.changed[i])
				}
			}
		})
	}
}

func TestSameBody(t *testing.T) {
	for _, c := range []struct {
		a, b        string
		same, known bool
	}{
		{"d9d409b8", "d9d409b8", true, true},          // SHA-256, both
		{"d9d409b8", "7fa1d4d7", false, true},         // SHA-256, an edit
		{"fnv:0a1b2c3d", "fnv:0a1b2c3d", true, true},  // FNV, both
		{"fnv:0a1b2c3d", "fnv:0a1b2c3e", false, true}, // FNV, an edit
		{"d9d409b8", "fnv:0a1b2c3d", false, false},    // across the switch
		{"fnv:0a1b2c3d", "d9d409b8", false, false},
		{"", "fnv:0a1b2c3d", false, true}, // the function appeared
		{"d9d409b8", "", false, true},     // or went
		{"", "", true, true},
	} {
		if same, known := sameBody(c.a, c.b); same != c.same || known != c.known {
			t.Errorf("sameBody(%q, %q) = %v, %v; want %v, %v", c.a, c.b, same, known, c.same, c.known)
		}
	}
}

// `history 45 3` laid run 3 beside a grade, so that every figure was
// starred and the grade's side a dash: a run that played the parts is
// laid beside the latest that played them, and a grade's missing figures
// are not differences.
func TestAgainstPicksARunWithFigures(t *testing.T) {
	fig := func(v float64) Part {
		return Part{ID: "1", Status: labs.OK, Figures: []labs.Metric{{Name: "burst", Label: "burst accepted", Value: v}}}
	}
	pass := map[int]labs.Status{1: labs.Pass}
	ran := func(v float64) Record { return rec(t0, pass, fig(v)) }
	graded := rec(t0, pass)
	tests := []struct {
		name   string
		recs   []Record
		i      int
		want   int
		beside string
	}{
		{"the latest played the parts", []Record{ran(1), ran(2), ran(3)}, 0, 2, "the latest, run 3"},
		{"the latest is a grade", []Record{ran(1), ran(2), ran(3), graded}, 0, 2, "run 3, the latest that played the parts (run 4 was graded only)"},
		{"two grades at the end", []Record{ran(1), ran(2), graded, graded}, 0, 1, "run 2, the latest that played the parts (run 4 was graded only)"},
		{"the pick is the latest with figures", []Record{ran(1), ran(2), graded}, 1, 2, "the latest, run 3 (one of the two was graded only: no figures to compare)"},
		{"the pick is a grade", []Record{ran(1), graded, ran(3)}, 1, 2, "the latest, run 3 (one of the two was graded only: no figures to compare)"},
		{"only grades", []Record{graded, graded, graded}, 0, 2, "the latest, run 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			j := Against(tc.recs, tc.i)
			if j != tc.want {
				t.Fatalf("Against(%d) = %d, want %d", tc.i, j, tc.want)
			}
			if got := Beside(tc.recs, tc.i, j); got != tc.beside {
				t.Errorf("Beside = %q, want %q", got, tc.beside)
			}
			for _, r := range Compare(tc.recs[tc.i], tc.recs[j]) {
				if r.Differs && r.IsFigure && (r.Then == "" || r.Now == "") {
					t.Errorf("%s is starred for a figure one run does not have: %q → %q", r.What, r.Then, r.Now)
				}
			}
		})
	}
	// Figures beside figures still differ.
	rows := Compare(ran(1), ran(2))
	if len(rows) != 2 || !rows[1].Differs {
		t.Errorf("two runs that played the parts: %+v, want the figure starred", rows)
	}
}
