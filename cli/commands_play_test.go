package cli

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
		{[]string{"play", "45", "--colour"}, "figure boundary has no knob --colour; its knobs: --limit 10–200 (limit per window)"},
		// A knob of another name: the figure's own are listed, not
		// "unknown flag" (issue 45).
		{[]string{"play", "45", "--figure", "loan", "--rate", "25"}, "figure loan has no knob --rate; its knobs: --r 1–50/s (refill rate r), --b 1–60 (burst b), --traffic steady|bursty|flood"},
		{[]string{"play", "45", "46"}, `unexpected "46"`},
		{[]string{"play", "45", "--impl", "mine"}, "takes learner (your code, failing TODOs included) or reference"},
	} {
		mainUsage(t, c.argv, c.says)
	}
}

// play --help lists every figure's knobs, which are its flags
// (TestCommandHelp checks every command's own usage).
func TestPlayHelpListsTheKnobs(t *testing.T) {
	var out bytes.Buffer
	if code := Main([]string{"play", "-h"}, strings.NewReader(""), &out, &out); code != ExitOK {
		t.Fatalf("play -h: exit %d", code)
	}
	for _, want := range []string{"Day 45 --figure loan", "--r 1–50/s (refill rate r)", "Day 46 --figure shards"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("play -h lacks %q:\n%s", want, out.String())
		}
	}
}

func playIn(t *testing.T, root string, argv ...string) (int, string, string) {
	t.Helper()
	a, err := parseArgs(argv, playFlags())
	if err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	code := cmdPlay(context.Background(), Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errs, Root: root}, a)
	return code, out.String(), errs.String()
}

// The playground waits for the course day's predictions.
func TestPlayWaitsForPredictions(t *testing.T) {
	root := t.TempDir()
	if code, _, errs := playIn(t, root, "45", "--solutions"); code != ExitNotOK || !strings.Contains(errs, "opens once your predictions are in: P1") {
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
	if err := worker.CopyLab(moduleRoot(t), root, course); err != nil {
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
	if code, _, errs := predictIn(t, root, append([]string{"45"}, guesses...)...); code != ExitOK {
		t.Fatalf("predict: %s", errs)
	}
	// The playground is a reveal: asked first, done on --reveal.
	if code, _, errs := playIn(t, root, "45", "--solutions", "--figure", "boundary"); code != ExitNotOK || !strings.Contains(errs, "Run it again with --reveal") {
		t.Fatalf("unrevealed: exit %d, %q", code, errs)
	}
	code, out, errs := playIn(t, root, "45", "--solutions", "--reveal", "--figure", "boundary", "--limit", "60", "--window", "3s", "--json")
	if code != ExitOK {
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
	if code != ExitOK || !strings.Contains(out, "delivered (long run)") || !strings.Contains(out, "100 /s") {
		t.Fatalf("fleet: exit %d\n%s", code, out)
	}
}
