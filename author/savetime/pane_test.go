package main

import (
	"os"
	"path/filepath"
	"testing"
)

// Real captures of the lab in tmux (savetime -trace, Days 46 at 80×24 and
// 45 at 40×12, where the rows drop their file and the status line wraps),
// and what each shows of the save loop.
func TestReadPane(t *testing.T) {
	none := pane{Passing: -1, Of: -1, Status: -1, StatusOf: -1}
	for _, tc := range []struct {
		file, fn string
		want     pane
		shows    string // the verdict shown in every place, "" for none
		over     bool
	}{
		// Not the TODOs screen: nothing to read.
		{"80x24-lesson.txt", "FairShare", none, "", false},
		// The day's first run: no verdict yet, no count on the status line.
		{"80x24-first-run.txt", "FairShare", pane{Verdict: "not graded yet", Passing: 0, Of: 4, Grading: true, Status: -1, StatusOf: -1}, "", false},
		// Just saved: the old verdict under "grading…", the status line
		// without a count until this run's verdicts land.
		{"80x24-saved-stale.txt", "FairShare", pane{Verdict: "pass", Passing: 4, Of: 4, Grading: true, Status: -1, StatusOf: -1}, "", false},
		{"80x24-fail-grading.txt", "FairShare", pane{Verdict: "fail", Passing: 3, Of: 4, Grading: true, Status: 3, StatusOf: 4}, "fail", false},
		{"80x24-fail-over.txt", "FairShare", pane{Verdict: "fail", Passing: 3, Of: 4, Status: 3, StatusOf: 4}, "fail", true},
		// The status line on two rows ("… · since the last" / "run: …
		// TODO 1 pass → fail"): a TODO's name in it is not its row.
		{"80x24-fail-over-status-wrapped.txt", "FairShare", pane{Verdict: "fail", Passing: 3, Of: 4, Status: 3, StatusOf: 4}, "fail", true},
		{"80x24-pass-over.txt", "FairShare", pane{Verdict: "pass", Passing: 4, Of: 4, Status: 4, StatusOf: 4}, "pass", true},
		// Another day's function: not TODO 1's row.
		{"80x24-pass-over.txt", "TakeToken", pane{Passing: 4, Of: 4, Status: 4, StatusOf: 4}, "", true},
		{"40x12-saved-stale.txt", "TakeToken", pane{Verdict: "pass", Passing: 4, Of: 4, Grading: true, Status: -1, StatusOf: -1}, "", false},
		// "· 3/4 TODOs" / "pass": the count wrapped at 40 columns.
		{"40x12-fail-status-wrapped.txt", "TakeToken", pane{Verdict: "fail", Passing: 3, Of: 4, Grading: true, Status: 3, StatusOf: 4}, "fail", false},
		{"40x12-fail-over.txt", "TakeToken", pane{Verdict: "fail", Passing: 3, Of: 4, Status: 3, StatusOf: 4}, "fail", true},
	} {
		t.Run(tc.file+"/"+tc.fn, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			p := readPane(string(text), rowRE(tc.fn))
			if p != tc.want {
				t.Errorf("readPane = %+v, want %+v", p, tc.want)
			}
			for _, v := range []string{"pass", "fail"} {
				if got := p.shows(v); got != (v == tc.shows) {
					t.Errorf("shows(%q) = %v, want %v", v, got, !got)
				}
			}
			if got := p.over(); got != tc.over {
				t.Errorf("over() = %v, want %v", got, tc.over)
			}
		})
	}
}

// Frames the captures above do not hold: a header cut by the screen's
// width, counts that disagree with the row (a frame drawn in part), a
// TODO 1 that crashed.
func TestReadPaneEdges(t *testing.T) {
	row := rowRE("TakeToken")
	for _, tc := range []struct {
		name, text string
		want       pane
		shows      string
	}{
		{"header cut inside grading", "TODOs · 3 of 4 passing · gradi…\n› 1 TakeToken  ✗ fail\n✓ 3/4 TODOs pass\n",
			pane{Verdict: "fail", Passing: 3, Of: 4, Grading: true, Status: 3, StatusOf: 4}, "fail"},
		{"header cut to its ellipsis", "TODOs · 3 of 4 passing …\n› 1 TakeToken  ✗ fail\n",
			pane{Verdict: "fail", Passing: 3, Of: 4, Grading: true, Status: -1, StatusOf: -1}, ""},
		{"row new, header old", "TODOs · 4 of 4 passing · grading…\n› TODO 1  TakeToken  ✗ fail  labs/day45/todo.go:18\ngrading… · 3/4 TODOs pass\n",
			pane{Verdict: "fail", Passing: 4, Of: 4, Grading: true, Status: 3, StatusOf: 4}, ""},
		{"row and header new, status old", "TODOs · 3 of 4 passing\n› TODO 1  TakeToken  ✗ fail\n✓ ran 10:00:00 · 4/4 TODOs pass\n",
			pane{Verdict: "fail", Passing: 3, Of: 4, Status: 4, StatusOf: 4}, ""},
		{"another TODO failing", "TODOs · 2 of 4 passing\n› TODO 1  TakeToken  ✗ fail\n✓ 2/4 TODOs pass\n",
			pane{Verdict: "fail", Passing: 2, Of: 4, Status: 2, StatusOf: 4}, ""},
		{"crash", "TODOs · 3 of 4 passing\n  TODO 1  TakeToken  ✗ crash\n✓ 3/4 TODOs pass\n",
			pane{Verdict: "crash", Passing: 3, Of: 4, Status: 3, StatusOf: 4}, ""},
		{"TODO 10 is not TODO 1", "TODOs · 9 of 10 passing\n  TODO 10 TakeToken  ✗ fail\n✓ 9/10 TODOs pass\n",
			pane{Passing: 9, Of: 10, Status: 9, StatusOf: 10}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := readPane(tc.text, row)
			if p != tc.want {
				t.Errorf("readPane = %+v, want %+v", p, tc.want)
			}
			for _, v := range []string{"pass", "fail"} {
				if got := p.shows(v); got != (v == tc.shows) {
					t.Errorf("shows(%q) = %v, want %v", v, got, !got)
				}
			}
		})
	}
}
