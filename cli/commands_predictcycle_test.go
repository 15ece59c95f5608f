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
	"termlab/record/predictions"
	"termlab/record/session"
)

// cycleLab is a repository of its own for a command: predictions/ only.
func cycleLab(t *testing.T) (Env, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "predictions"), 0o755); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	return Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errs, Root: root}, &out, &errs
}

func words45(t *testing.T) labs.Day {
	d, err := course.Find(45)
	if err != nil {
		t.Skip(err)
	}
	return d
}

// run calls a command as Main would after parsing its words.
func runCmd(t *testing.T, e Env, name string, argv ...string) int {
	t.Helper()
	cmd := commands[name]
	a, err := parseArgs(argv, cmd.flags)
	if err != nil {
		return UsageError(e.Stderr, err.Error())
	}
	return cmd.run(context.Background(), e, a)
}

func TestPredictWithConfidence(t *testing.T) {
	tests := []struct {
		argv []string
		code int
		want predictions.Confidence
	}{
		{[]string{"45", "P1=20", "--confidence", "sure"}, ExitOK, predictions.Sure},
		{[]string{"45", "P1=20", "--confidence=Likely"}, ExitOK, predictions.Likely},
		{[]string{"45", "P1=20"}, ExitOK, ""},
		{[]string{"45", "P1=20", "--confidence", "certain"}, ExitUsage, ""},
		{[]string{"45", "P1=20", "--confidence"}, ExitUsage, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.argv, " "), func(t *testing.T) {
			e, out, errs := cycleLab(t)
			if code := runCmd(t, e, "predict", tt.argv...); code != tt.code {
				t.Fatalf("exit %d, want %d\n%s%s", code, tt.code, out, errs)
			}
			a, _ := session.Open(e.Root, words45(t)).Answers()
			if got := a.Predictions["P1"].Confidence; got != tt.want {
				t.Errorf("kept %q, want %q", got, tt.want)
			}
			if tt.want != "" && !strings.Contains(out.String(), "("+string(tt.want)+")") {
				t.Errorf("the saved line does not say how sure: %q", out)
			}
		})
	}
	// After the reveal, how sure one was is not changed: nothing is saved.
	e, _, errs := cycleLab(t)
	sess := session.Open(e.Root, words45(t))
	sess.Update(func(a *predictions.Answers) error { a.Set("P1", 30); a.Reveal("P1"); return nil })
	before, _ := os.ReadFile(predictions.Path(sess.Dir(), 45))
	if code := runCmd(t, e, "predict", "45", "P1=20", "--confidence", "sure"); code != ExitNotOK || !strings.Contains(errs.String(), "already been shown") {
		t.Errorf("exit %d: %s", code, errs)
	}
	if after, _ := os.ReadFile(predictions.Path(sess.Dir(), 45)); !bytes.Equal(before, after) {
		t.Error("a refused confidence changed the file")
	}
}

func TestExplainCommand(t *testing.T) {
	day := words45(t)
	p1, _ := day.Prediction("P1")
	tests := []struct {
		name  string
		setup func(a *predictions.Answers)
		argv  []string
		code  int
		says  string
	}{
		{"unrevealed: no hindsight", func(a *predictions.Answers) { a.Set("P1", 30) }, []string{"45", "P1", "because"}, ExitNotOK, "not been shown"},
		{"never guessed", func(a *predictions.Answers) { a.Reveal("P1") }, []string{"45", "P1", "because"}, ExitNotOK, "no guess was on record"},
		{"no words", func(a *predictions.Answers) { a.Set("P1", 30); a.Reveal("P1") }, []string{"45", "P1"}, ExitUsage, "one line of your own"},
		{"unknown prediction", nil, []string{"45", "P99", "x"}, ExitUsage, "no prediction"},
		{"kept, the lab's why after", func(a *predictions.Answers) { a.Set("P1", 30); a.Reveal("P1") }, []string{"45", "p1", "I", "thought", "it", "refills"}, ExitOK, "The lab's why"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, out, errs := cycleLab(t)
			sess := session.Open(e.Root, day)
			if tt.setup != nil {
				sess.Update(func(a *predictions.Answers) error { tt.setup(a); return nil })
			}
			code := runCmd(t, e, "explain", tt.argv...)
			if code != tt.code || !strings.Contains(out.String()+errs.String(), tt.says) {
				t.Fatalf("exit %d, want %d saying %q\n%s%s", code, tt.code, tt.says, out, errs)
			}
			a, _ := sess.Answers()
			got := a.Predictions["P1"].Explanation
			if (code == ExitOK) != (got == "I thought it refills") {
				t.Errorf("kept %q after exit %d", got, code)
			}
			if code != ExitOK && strings.Contains(out.String()+errs.String(), p1.Why) {
				t.Error("a refusal showed the lab's why")
			}
		})
	}
	// --json
	e, out, _ := cycleLab(t)
	session.Open(e.Root, day).Update(func(a *predictions.Answers) error { a.Set("P1", 30); a.Reveal("P1"); return nil })
	if code := runCmd(t, e, "explain", "45", "P1", "no time passes", "--json"); code != ExitOK {
		t.Fatal(code)
	}
	var js struct {
		ID, Explanation, Why string
	}
	if err := json.Unmarshal(out.Bytes(), &js); err != nil || js.ID != "P1" || js.Explanation != "no time passes" || js.Why != p1.Why {
		t.Errorf("%v %+v", err, js)
	}
}

// practice deals only after the reveal, shows the open variant again
// rather than redeal, and never says a variant's answer before its guess:
// neither its output nor the answers file holds an actual.
func TestPracticeDeals(t *testing.T) {
	day := words45(t)
	e, out, errs := cycleLab(t)
	sess := session.Open(e.Root, day)
	sess.Update(func(a *predictions.Answers) error { a.Set("P1", 30); return nil })
	if code := runCmd(t, e, "practice", "45", "P1"); code != ExitNotOK || !strings.Contains(errs.String(), "not been shown") {
		t.Fatalf("before the reveal: exit %d %s", code, errs)
	}
	// One whose numbers cannot change says why, plainly.
	p8, _ := day.Prediction("P8")
	if code := runCmd(t, e, "practice", "45", "P8"); code != ExitNotOK || !strings.Contains(errs.String(), "P8 cannot be asked with new numbers: "+p8.Fixed) {
		t.Fatalf("a question with fixed numbers: exit %d %s", code, errs)
	}
	sess.Update(func(a *predictions.Answers) error { a.Reveal("P1"); return nil })
	if code := runCmd(t, e, "practice", "45", "P1", "5"); code != ExitNotOK || !strings.Contains(errs.String(), "no variant is open") {
		t.Fatalf("an answer with none open: exit %d %s", code, errs)
	}
	out.Reset()
	if code := runCmd(t, e, "practice", "45", "P1", "--json"); code != ExitOK {
		t.Fatalf("exit %d %s", code, errs)
	}
	var first map[string]any
	if err := json.Unmarshal(out.Bytes(), &first); err != nil {
		t.Fatal(err)
	}
	if _, has := first["actual"]; has {
		t.Errorf("a dealt variant shows its actual: %v", first)
	}
	p1, _ := day.Prediction("P1")
	f, _ := day.Figure(p1.Variant.Figure)
	if q, _ := first["question"].(string); q == p1.Question || !strings.HasPrefix(q, "A full token bucket (holds ") {
		t.Errorf("dealt question %q", q)
	}
	out.Reset()
	runCmd(t, e, "practice", "45", "P1", "--json")
	var again map[string]any
	json.Unmarshal(out.Bytes(), &again)
	if first["question"] != again["question"] {
		t.Errorf("asking again redealt: %v then %v", first["question"], again["question"])
	}
	a, _ := sess.Answers()
	open := a.Practice["P1"].Open
	if open == nil || p1.Variant.Fill(f, f.Settle(open)) != first["question"] {
		t.Errorf("the open variant kept is %v", open)
	}
	data, _ := os.ReadFile(predictions.Path(sess.Dir(), 45))
	if strings.Contains(string(data), `"actual"`) {
		t.Errorf("the answers file holds an actual before the variant's guess:\n%s", data)
	}
}
