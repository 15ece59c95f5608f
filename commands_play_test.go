package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/runner/testrun"
	"termlab/runner/worker"
)

// Bad knob values, knobs the figure lacks and unknown figures are usage
// errors that name what would do.
func TestPlayUsageErrors(t *testing.T) {
	for _, c := range []struct {
		argv []string
		says string
	}{
		{[]string{"play", "45", "--limit", "7"}, "limit per window takes a value from 10 to 200 in steps of 10"},
		{[]string{"play", "45", "--limit=250"}, "from 10 to 200"},
		{[]string{"play", "45", "--window", "soon"}, "window takes a value from 1 to 60s"},
		{[]string{"play", "45", "--traffic", "sideways"}, "one of: steady, burst at the boundary"},
		{[]string{"play", "45", "--figure", "nope"}, `no figure "nope" (figures: boundary, loan, fleet)`},
		{[]string{"play", "45", "--figure", "loan", "--limit", "10"}, "figure loan has no knob --limit"},
		{[]string{"play", "45", "--colour"}, "unknown flag"},
		{[]string{"play", "45", "46"}, `unexpected "46"`},
		{[]string{"play", "45", "--impl", "mine"}, "takes learner (your code, failing TODOs included) or reference"},
	} {
		mainUsage(t, c.argv, c.says)
	}
}

func playIn(t *testing.T, root string, argv ...string) (int, string, string) {
	t.Helper()
	a, err := parseArgs(argv, playFlags())
	if err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	code := cmdPlay(context.Background(), env{stdin: strings.NewReader(""), stdout: &out, stderr: &errs, root: root}, a)
	return code, out.String(), errs.String()
}

// The playground waits for the course day's predictions.
func TestPlayWaitsForPredictions(t *testing.T) {
	root := t.TempDir()
	if code, _, errs := playIn(t, root, "45", "--solutions"); code != exitNotOK || !strings.Contains(errs, "opens once your predictions are in: P1") {
		t.Fatalf("before the predictions: exit %d, %q", code, errs)
	}
}

// Once they are in, --json gives the reference's readouts, played by the
// reference program (this binary plays no figure), with durations taken
// for a knob in seconds; the learner's file, which does not compile here,
// changes nothing.
func TestPlayPrintsTheReferencesReadouts(t *testing.T) {
	testrun.Slow(t, "builds the reference program")
	root := t.TempDir()
	if err := worker.CopyLab(".", root, course); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "labs", "day45", "todo.go"), []byte("//go:build termlab\n\npackage day45\n\nfunc TakeToken( {\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	day, _ := course.Find(45)
	var guesses []string
	open := func(id string) bool { return false }
	seen := map[string]bool{}
	for _, f := range day.Figures {
		_, waiting := day.PlayOpen(f, open)
		for _, id := range waiting {
			if !seen[id] {
				seen[id] = true
				guesses = append(guesses, id+"=1")
			}
		}
	}
	if code, _, errs := predictIn(t, root, append([]string{"45"}, guesses...)...); code != exitOK {
		t.Fatalf("predict: %s", errs)
	}
	// The playground is a reveal: asked first, done on --reveal.
	if code, _, errs := playIn(t, root, "45", "--solutions", "--figure", "boundary"); code != exitNotOK || !strings.Contains(errs, "Run it again with --reveal") {
		t.Fatalf("unrevealed: exit %d, %q", code, errs)
	}
	code, out, errs := playIn(t, root, "45", "--solutions", "--reveal", "--figure", "boundary", "--limit", "60", "--window", "3s", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Impl     labs.Impl      `json:"impl"`
		Whose    string         `json:"whose"`
		Values   labs.Values    `json:"values"`
		Readouts []labs.Readout `json:"readouts"`
		Chart    labs.Figure    `json:"chart"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.Impl != labs.Reference || got.Values["window"] != 3 || got.Values["limit"] != 60 || len(got.Chart.Series) == 0 {
		t.Fatalf("%+v", got)
	}
	for _, r := range got.Readouts {
		if r.Name == "fixed_most" && r.Value != 120 {
			t.Errorf("the fixed window let %g through the flip, want 2 × 60", r.Value)
		}
	}
	code, out, _ = playIn(t, root, "45", "--solutions", "--reveal", "--figure", "fleet", "--servers", "4", "--limit", "25")
	if code != exitOK || !strings.Contains(out, "delivered (long run)") || !strings.Contains(out, "100 /s") {
		t.Fatalf("fleet: exit %d\n%s", code, out)
	}
}

// End to end, on the learner's code: with the TODOs passing, the figure
// plays in the worker and says so.
func TestPlayRunsTheLearnersCode(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	l := newLab(t, "")
	src, err := os.ReadFile(filepath.Join("solutions", "day45", "solutions.go"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	// The answers without the bundle the runner links, nor its imports of
	// the lab (whichever package the bundle's type is in).
	s = s[:strings.Index(s, "// Funcs bundles")]
	var kept []string
	for _, line := range strings.Split(s, "\n") {
		if !strings.Contains(line, `"termlab/`) {
			kept = append(kept, line)
		}
	}
	l.write("labs/day45/todo.go", "//go:build termlab\n\n"+strings.Join(kept, "\n"))
	l.run("predict", "45", "P1=1", "P2=1", "P3=1", "P4=1", "P5=1", "P6=1", "P7=1", "P8=1", "P9=1", "P10=1", "P12=1") // the loan figure reveals Parts 4, 5, 6 and 8 too
	r := l.run("play", "45", "--figure", "loan", "--traffic", "flood", "--reveal", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"impl": "learner"`) || !strings.Contains(r.stdout, `"whose": "your TakeToken, NextEmit"`) {
		t.Fatalf("%s", r)
	}
}
