package autograde

import (
	"strings"
	"testing"
	"unicode/utf8"

	"termlab/labs"
)

// Exercism's per-test output is the student's own prints and nothing of
// the lab's: the verdict and its counterexample stay in the message; a
// test that printed nothing has no output; a long one is cut to the
// interface's 500 characters, its truncation line among them.
func TestExercismOutputIsTheStudentsPrints(t *testing.T) {
	long := strings.Repeat("TakeToken 0.5 1.2µs é\n", 100)
	grades := []labs.Grade{
		{TODO: 1, Func: "TakeToken", Status: labs.Pass, Detail: "agrees", Output: long},
		{TODO: 2, Func: "WindowID", Status: labs.Fail, Detail: "wrong on a boundary", Output: "now 1m0s\n",
			Counterexample: &labs.Counterexample{Input: "WindowID(now=1m0s, window=1m0s)", Got: "0", Want: "1"}, Hint: "the boundary"},
		{TODO: 3, Func: "Expired", Status: labs.Pass, Detail: "agrees"},
		{TODO: 4, Func: "NextEmit", Status: labs.Unfinished, Detail: "not done yet"},
	}
	got := decoded(t, Exercism, New(day(), grades, root(t), 0))
	sameShape(t, "results", got, load(t, "exercism-results-v3.json"))
	tests := got["tests"].([]any)
	first := tests[0].(map[string]any)
	out, _ := first["output"].(string)
	if n := utf8.RuneCountInString(out); n > 500 || n < 400 || !strings.HasPrefix(out, "TakeToken 0.5 1.2µs é\n") || !strings.HasSuffix(out, "\nOutput was truncated. Please limit to 500 chars") {
		t.Errorf("a long output (%d characters):\n%s", n, out)
	}
	second := tests[1].(map[string]any)
	if second["output"] != "now 1m0s\n" {
		t.Errorf("TODO 2's output: %q", second["output"])
	}
	if msg, _ := second["message"].(string); !strings.Contains(msg, "WindowID(now=1m0s, window=1m0s)") || strings.Contains(msg, "now 1m0s\n") {
		t.Errorf("TODO 2's message holds the counterexample and not the prints: %q", msg)
	}
	for i := 2; i < 4; i++ {
		if _, has := tests[i].(map[string]any)["output"]; has {
			t.Errorf("TODO %d printed nothing but has an output", i+1)
		}
	}
	if got := exercismOutput(strings.Repeat("x", 500)); got != strings.Repeat("x", 500) {
		t.Errorf("500 characters are cut")
	}
	if got := exercismOutput("bad \xff byte"); !utf8.ValidString(got) {
		t.Errorf("broken UTF-8 kept: %q", got)
	}
}
