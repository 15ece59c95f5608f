package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"

	"termlab/runner/testrun"
)

// The learner's record, end to end: edits and runs go into the day's
// history, each run says what it moved, history prints the runs (as text
// within 80 columns, and as JSON) and compares one with the latest, list
// shows the day's state, and git tracks the answers and the history but
// none of the lab's scratch files.
func TestHistoryEndToEnd(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel()
	l := newLab(t, "")
	git := l.gitShipped()

	shipped := l.read("labs/day45/todo.go")
	todo1 := "\ttokens = min(capacity, tokens+elapsed.Seconds()*ratePerSec)\n\tif tokens > 1 {\n\t\treturn tokens - 1, true\n\t}\n\treturn tokens, false\n"
	l.want(l.run("predict", "45", "P1=20", "P2=10", "P3=200", "P4=100", "P5=100", "P6=20"), exitOK)

	// Run 1: TODO 2 done. (A run or grade that finds nothing done is not
	// kept as a day's first: the stubs change no tracked file.)
	shipped = strings.Replace(shipped, "\tpanic(notDone) // TODO 2\n", "\treturn int64(now / window)\n", 1)
	l.write("labs/day45/todo.go", shipped)
	l.want(l.run("grade", "45"), exitNotOK)
	l.write("labs/day45/todo.go", strings.Replace(shipped, "\tpanic(notDone) // TODO 1\n", todo1, 1))
	r := l.run("run", "45") // run 2: TODO 1 off by one token
	l.want(r, exitNotOK)
	if !strings.Contains(r.stdout, "Since the last run: edited TODO 1; TODO 1 unfinished → fail") {
		t.Errorf("run 2 does not say what moved\n%s", r)
	}
	l.write("labs/day45/todo.go", strings.Replace(shipped, "\tpanic(notDone) // TODO 1\n", strings.Replace(todo1, "> 1", ">= 1", 1), 1))
	r = l.run("run", "45") // run 3: fixed
	for _, want := range []string{"edited TODO 1", "TODO 1 fail → pass", "Part 1 burst accepted 19 → 20 requests"} {
		if !strings.Contains(strings.Join(strings.Fields(r.stdout), " "), want) { // wrapped at 80 columns
			t.Errorf("run 3 does not say %q\n%s", want, r)
		}
	}

	r = l.run("history", "45")
	l.want(r, exitOK)
	for _, want := range []string{"3 runs, newest first", "predictions/day45.history.jsonl", "  3  ", "  2  ", "  1  ", "graded only", "TODO 1 fail → pass"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("history lacks %q\n%s", want, r)
		}
	}
	if strings.Index(r.stdout, "  3  ") > strings.Index(r.stdout, "  1  ") {
		t.Errorf("history is not newest first\n%s", r)
	}
	within80(t, r.stdout)

	var js struct {
		Day  int `json:"day"`
		Runs []struct {
			N       int            `json:"n"`
			From    string         `json:"from"`
			Changed []int          `json:"changed"`
			TODOs   map[int]string `json:"todos"`
			Moved   []string       `json:"moved"`
		} `json:"runs"`
		Compare *struct {
			Rows []struct {
				What    string `json:"what"`
				Differs bool   `json:"differs"`
			} `json:"rows"`
		} `json:"compare"`
	}
	r = l.run("history", "45", "2", "--json")
	l.want(r, exitOK)
	l.decode(r, &js)
	if js.Day != 45 || len(js.Runs) != 3 || js.Runs[0].From != "grade" || js.Runs[2].From != "run" ||
		len(js.Runs[2].Changed) != 1 || js.Runs[2].TODOs[1] != "pass" || !strings.Contains(strings.Join(js.Runs[2].Moved, ";"), "TODO 1 fail → pass") {
		t.Errorf("history --json: %+v", js)
	}
	if js.Compare == nil || len(js.Compare.Rows) == 0 || js.Compare.Rows[0].What != "TODO 1" || !js.Compare.Rows[0].Differs {
		t.Errorf("history 45 2 --json compares: %+v", js.Compare)
	}
	r = l.run("history", "45", "2")
	if !strings.Contains(r.stdout, "* TODO 1") || !strings.Contains(r.stdout, "Run 2 beside the latest, run 3") {
		t.Errorf("history 45 2 does not lay run 2 beside the latest\n%s", r)
	}
	within80(t, r.stdout)
	l.want(l.run("history", "45", "9"), exitUsage)

	r = l.run("list")
	l.want(r, exitOK)
	for _, want := range []string{"TODOs 2/4 · predictions 6/12", "3 runs", "Next: Day 45"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("list lacks %q\n%s", want, r)
		}
	}
	within80(t, r.stdout)

	// git: the learner's files show, the lab's scratch does not.
	status := git("status", "--porcelain", "--untracked-files=all")
	for _, want := range []string{"labs/day45/todo.go", "predictions/day45.json", "predictions/day45.history.jsonl", "RESULTS.md"} {
		if !strings.Contains(status, want) {
			t.Errorf("git status lacks %s:\n%s", want, status)
		}
	}
	for _, not := range []string{".lock", "tmp-", "lab.json"} {
		if strings.Contains(status, not) {
			t.Errorf("git status shows the lab's %s:\n%s", not, status)
		}
	}
	git("add", "-A")
	git("commit", "-qm", "TODO 1")
	// A later save that changes one guess is one line of diff, no stamps.
	l.want(l.run("predict", "45", "P6=5"), exitOK)
	diff := git("diff", "-U0", "--", "predictions/day45.json")
	var changed []string
	for _, line := range strings.Split(diff, "\n") {
		if (strings.HasPrefix(line, "+") || strings.HasPrefix(line, "-")) && !strings.HasPrefix(line, "+++") && !strings.HasPrefix(line, "---") {
			changed = append(changed, line)
		}
	}
	// P6 was revealed by the runs: the new guess is a revision, and says so.
	want := []string{`-      "value": 20,`, `+      "value": 5,`, `-      "revised": false`, `+      "revised": true`}
	if strings.Join(changed, "\n") != strings.Join(want, "\n") {
		t.Errorf("the diff of one changed guess:\n%s", diff)
	}

	// A hand-damaged history: named with its line, the lab goes on, and the
	// next run keeps it aside.
	hist := l.read("predictions/day45.history.jsonl")
	l.write("predictions/day45.history.jsonl", hist+"{oops\n")
	r = l.run("history", "45")
	l.want(r, exitOK)
	if !strings.Contains(r.stderr, "day45.history.jsonl:4:") || !strings.Contains(r.stdout, "3 runs") {
		t.Errorf("a damaged line:\n%s", r)
	}
	r = l.run("grade", "45")
	if !strings.Contains(r.stderr, "kept as") || !strings.Contains(l.read("predictions/day45.history.jsonl"), `"from":"grade"`) {
		t.Errorf("the next run did not keep the damaged history aside:\n%s", r)
	}
	if got := strings.Count(l.read("predictions/day45.history.jsonl"), "\n"); got != 4 {
		t.Errorf("%d runs after the damaged line was left out, want 4", got)
	}
}

func within80(t *testing.T, out string) {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("a line of %d columns: %q", n, line)
		}
	}
}

// gitShipped makes the lab a git repository with the course as shipped
// committed (the lab's .gitignore files included), and returns a runner of
// git in it; a test without git is skipped.
func (l *lab) gitShipped() func(args ...string) string {
	t := l.t
	for _, f := range []string{".gitignore", "predictions/.gitignore"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		l.write(f, string(data))
	}
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "core.autocrlf=false"}, args...)...)
		cmd.Dir = l.root
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Skipf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "the course as shipped")
	return git
}
