package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/record/history"
)

// `history 45 3` laid run 3 beside the latest run, a grade: every figure
// row was starred, the grade's side a dash. A run that played the parts is
// laid beside the latest that played them, which the text and the JSON
// both name.
func TestHistoryComparesWithTheLatestRunWithFigures(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "predictions")
	at := time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)
	run := func(n int, accepted float64) history.Record {
		return history.Record{At: at.Add(time.Duration(n) * time.Minute), From: history.FromRun, Digest: "d",
			TODOs: map[int]labs.Status{1: labs.Pass, 2: labs.Pass},
			Parts: []history.Part{{ID: "1", Status: labs.OK, Figures: []labs.Metric{{Name: "token_burst_accepted", Label: "burst accepted", Value: accepted, Unit: "requests"}}}}}
	}
	grade := history.Record{At: at.Add(time.Hour), From: history.FromGrade, Digest: "d", TODOs: map[int]labs.Status{1: labs.Pass, 2: labs.Fail}}
	for _, r := range []history.Record{run(1, 19), run(2, 20), run(3, 20), grade} {
		if _, err := history.Append(dir, 45, r); err != nil {
			t.Fatal(err)
		}
	}
	history45 := func(args ...string) string {
		t.Helper()
		var out, errs bytes.Buffer
		a := Args{Pos: []string{"45"}, Flags: map[string]string{}}
		for _, s := range args {
			if s == "--json" {
				a.Flags["json"] = ""
				continue
			}
			a.Pos = append(a.Pos, s)
		}
		if code := cmdHistory(context.Background(), Env{Stdout: &out, Stderr: &errs, Root: root}, a); code != ExitOK {
			t.Fatalf("history %v: exit %d: %s", args, code, errs.String())
		}
		return out.String()
	}

	out := history45("1")
	for _, want := range []string{"Run 1 beside run 3, the latest that played the parts (run 4 was graded only)", "* Part 1 burst accepted", "19 requests", "20 requests", "* differs from run 3"} {
		if !strings.Contains(out, want) {
			t.Errorf("history 45 1 lacks %q:\n%s", want, out)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "Part 1") && strings.Contains(l, "—") {
			t.Errorf("history 45 1 still compares with the grade: %q", l)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if len([]rune(l)) > lineWidth {
			t.Errorf("a line past %d columns: %q", lineWidth, l)
		}
	}

	// The latest run with figures itself: beside the grade, its TODOs
	// compared, its figures shown and not starred.
	out = history45("3")
	if !strings.Contains(out, "Run 3 beside the latest, run 4 (one of the two was graded only") || !strings.Contains(out, "* TODO 2") {
		t.Errorf("history 45 3:\n%s", out)
	}
	if strings.Contains(out, "* Part 1") {
		t.Errorf("history 45 3 stars a figure the grade does not have:\n%s", out)
	}

	var js struct {
		Compare struct {
			Then, Now int
			Beside    string
			Rows      []struct {
				What    string
				Differs bool
			}
		}
	}
	if err := json.Unmarshal([]byte(history45("1", "--json")), &js); err != nil {
		t.Fatal(err)
	}
	if js.Compare.Then != 1 || js.Compare.Now != 3 || !strings.Contains(js.Compare.Beside, "the latest that played the parts") {
		t.Errorf("history 45 1 --json compares %+v, want run 1 with run 3", js.Compare)
	}
}
