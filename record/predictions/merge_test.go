package predictions

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func f(v float64) *float64 { return &v }

// TestMerge: the rules a prediction at a time.
func TestMerge(t *testing.T) {
	revealed := func(scored, value *float64) Guess { return Guess{Value: value, Revealed: true, Scored: scored} }
	tests := []struct {
		name               string
		base, ours, theirs Guess
		want               Guess
	}{
		{"a reveal on their side stays, with its judged guess; our later guess is a revision",
			Guess{Value: f(20)}, Guess{Value: f(30)}, revealed(f(20), f(20)),
			Guess{Value: f(30), Revealed: true, Scored: f(20), Revised: true}},
		{"a reveal on our side stays; both changed the guess: ours",
			Guess{}, revealed(f(5), f(5)), Guess{Value: f(7)},
			Guess{Value: f(5), Revealed: true, Scored: f(5)}},
		{"both revealed different guesses: the one both had before stands",
			Guess{Value: f(1)}, revealed(f(9), f(9)), revealed(f(1), f(1)),
			Guess{Value: f(9), Revealed: true, Scored: f(1), Revised: true}},
		{"revealed unpredicted on one side: nothing typed later is judged",
			Guess{}, revealed(nil, nil), Guess{Value: f(20)},
			Guess{Value: f(20), Revealed: true, Revised: true}},
		{"no reveal: the side that changed the guess wins",
			Guess{Value: f(1)}, Guess{Value: f(1)}, Guess{Value: f(2)},
			Guess{Value: f(2)}},
		{"no reveal, both changed: ours",
			Guess{Value: f(1)}, Guess{Value: f(3)}, Guess{Value: f(2)},
			Guess{Value: f(3)}},
		{"asked how on either side is kept",
			Guess{}, Guess{AskedHow: true, ThoughtFirst: true}, Guess{Value: f(4)},
			Guess{Value: f(4), AskedHow: true, ThoughtFirst: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, o, th := New(45), New(45), New(45)
			b.Predictions["P1"], o.Predictions["P1"], th.Predictions["P1"] = tt.base, tt.ours, tt.theirs
			got := Merge(b, o, th).Predictions["P1"]
			if showGuess(got) != showGuess(tt.want) {
				t.Errorf("got %s\nwant %s", showGuess(got), showGuess(tt.want))
			}
		})
	}
	// Drills from both sides.
	o, th := New(45), New(45)
	o.Drills["D1"] = DrillAnswer{Answers: []string{"a"}, Attempted: true}
	th.Drills["D2"] = DrillAnswer{Answers: []string{"b"}, Attempted: true}
	if m := Merge(New(45), o, th); len(m.Drills) != 2 {
		t.Errorf("drills %v, want both", m.Drills)
	}
}

func showGuess(g Guess) string {
	return fmt.Sprintf("value=%v scored=%v revealed=%v revised=%v asked=%v first=%v skipped=%v",
		show(g.Value), show(g.Scored), g.Revealed, g.Revised, g.AskedHow, g.ThoughtFirst, g.Skipped)
}

// git runs git in dir, failing the test on an error unless allowFail.
func git(t *testing.T, dir string, allowFail bool, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil && !allowFail {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// twoClones makes a repository with day 45's answers (P1 and P2 guessed,
// nothing revealed), clones it twice, and in each clone changes them
// apart: A reveals P1 (judged 20) and answers drill D1; B changes P1 to 30
// (before seeing anything), reveals P2 and answers drill D2. A pushes
// first; B commits and pulls. It returns B's clone and git pull's output.
func twoClones(t *testing.T, driver string) (string, string) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	top := t.TempDir()
	origin := filepath.Join(top, "origin.git")
	git(t, top, false, "init", "-q", "--bare", "-b", "main", origin)
	seed := filepath.Join(top, "seed")
	git(t, top, false, "clone", "-q", origin, seed)
	save := func(clone string, change func(*Answers)) {
		if _, err := Update(filepath.Join(clone, "predictions"), 45, func(a *Answers) error { change(a); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	save(seed, func(a *Answers) { a.Set("P1", 10); a.Set("P2", 5) })
	os.WriteFile(filepath.Join(seed, ".gitignore"), []byte("/predictions/.*.lock\n"), 0o644)
	if driver != "" {
		os.WriteFile(filepath.Join(seed, ".gitattributes"), []byte("predictions/day*.json merge=termlab-answers\n"), 0o644)
	}
	git(t, seed, false, "add", "-A")
	git(t, seed, false, "commit", "-qm", "answers")
	git(t, seed, false, "push", "-q", "origin", "HEAD:main")
	a, b := filepath.Join(top, "a"), filepath.Join(top, "b")
	git(t, top, false, "clone", "-q", origin, a)
	git(t, top, false, "clone", "-q", origin, b)
	save(a, func(x *Answers) {
		x.Set("P1", 20)
		x.Reveal("P1")
		x.SetDrill("D1", DrillAnswer{Answers: []string{"a"}, Attempted: true})
	})
	git(t, a, false, "commit", "-qam", "from A")
	git(t, a, false, "push", "-q", "origin", "HEAD:main")
	save(b, func(x *Answers) {
		x.Set("P1", 30)
		x.Set("P2", 6)
		x.Reveal("P2")
		x.SetDrill("D2", DrillAnswer{Answers: []string{"b"}, Attempted: true})
	})
	git(t, b, false, "commit", "-qam", "from B")
	if driver != "" {
		git(t, b, false, "config", "merge.termlab-answers.driver", driver)
	}
	return b, git(t, b, true, "pull", "--no-rebase", "--no-edit", "-q", "origin", "main")
}

// checkBothSides: the merged answers keep both sides' reveals and drills,
// the earliest judged guess (A's 20 for P1), and B's later guess as a
// revision of it.
func checkBothSides(t *testing.T, a Answers) {
	t.Helper()
	p1, p2 := a.Predictions["P1"], a.Predictions["P2"]
	if !p1.Revealed || p1.Scored == nil || *p1.Scored != 20 || !p1.Revised {
		t.Errorf("P1 = %s, want revealed, judged on 20, revised", showGuess(p1))
	}
	if !p2.Revealed || p2.Scored == nil || *p2.Scored != 6 {
		t.Errorf("P2 = %s, want revealed, judged on 6", showGuess(p2))
	}
	if len(a.Drills) != 2 {
		t.Errorf("drills %v, want D1 and D2", a.Drills)
	}
}

// TestAConflictedPullIsMergedOnLoad: a real git pull that conflicts in
// predictions/day45.json leaves git's markers in it; the lab merges both
// sides as it reads the file, says it was a merge conflict, and a save
// writes the merge (keeping the file as it was).
func TestAConflictedPullIsMergedOnLoad(t *testing.T) {
	b, out := twoClones(t, "")
	dir := filepath.Join(b, "predictions")
	data, _ := os.ReadFile(Path(dir, 45))
	if !hasConflict(data) {
		t.Fatalf("the pull did not conflict in the answers (git said %s); the test proves nothing:\n%s", out, data)
	}
	a, err := Load(dir, 45)
	var c *CorruptError
	if !errors.As(err, &c) || c.Conflicts == 0 || !strings.Contains(err.Error(), "git merge conflict") {
		t.Fatalf("Load = %v, want a note naming the merge conflict", err)
	}
	checkBothSides(t, a)
	saved, err := Update(dir, 45, func(*Answers) error { return nil })
	if !errors.As(err, &c) || c.KeptAs == "" {
		t.Fatalf("Update = %v, want the merge written and the file kept", err)
	}
	checkBothSides(t, saved)
	again, err := Load(dir, 45)
	if err != nil {
		t.Fatalf("after the save: %v", err)
	}
	checkBothSides(t, again)
}

// driverEnv makes this test binary git's merge driver (TestMain).
const driverEnv = "TERMLAB_TEST_MERGE_DRIVER"

// TestTheMergeDriverMergesAPull: with the merge driver on (.gitattributes
// and git config, as the README shows), the pull does not conflict at all:
// the driver merged the file by the same rules.
func TestTheMergeDriverMergesAPull(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	b, out := twoClones(t, driverEnv+"=1 '"+exe+"' %O %A %B")
	data, _ := os.ReadFile(Path(filepath.Join(b, "predictions"), 45))
	if hasConflict(data) || strings.Contains(out, "CONFLICT") {
		t.Fatalf("the driver left a conflict: %s\n%s", out, data)
	}
	a, err := Load(filepath.Join(b, "predictions"), 45)
	if err != nil {
		t.Fatal(err)
	}
	checkBothSides(t, a)
}

func TestMain(m *testing.M) {
	if os.Getenv(driverEnv) == "1" {
		// As cmdMergeAnswers does: merge %O %A %B into %A.
		read := func(p string) []byte { b, _ := os.ReadFile(p); return b }
		merged, err := MergeFiles(read(os.Args[1]), read(os.Args[2]), read(os.Args[3]))
		if err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		if err := os.WriteFile(os.Args[2], merged, 0o644); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
