package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/record/predictions"
)

// The merge driver's command: ours is rewritten with both sides' answers
// (a reveal on theirs kept, our guess a revision of it), exit 0; a side
// that is not answers leaves ours alone, exit 1, saying why.
func TestMergeAnswersCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, a predictions.Answers) string {
		sub := filepath.Join(dir, name)
		os.MkdirAll(sub, 0o755)
		if _, err := predictions.Update(filepath.Join(sub, "predictions"), 45, func(x *predictions.Answers) error { *x = a; return nil }); err != nil {
			t.Fatal(err)
		}
		return predictions.Path(filepath.Join(sub, "predictions"), 45)
	}
	base := predictions.New(45)
	base.Set("P1", 10)
	ours := predictions.New(45)
	ours.Set("P1", 30)
	theirs := predictions.New(45)
	theirs.Set("P1", 10)
	theirs.Reveal("P1")
	o, a, b := write("o", base), write("a", ours), write("b", theirs)
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"merge-answers", o, a, b}, strings.NewReader(""), &stdout, &stderr); code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	got, err := predictions.Load(filepath.Dir(a), 45)
	if err != nil {
		t.Fatal(err)
	}
	if g := got.Predictions["P1"]; !g.Revealed || g.Scored == nil || *g.Scored != 10 || !g.Revised {
		t.Errorf("P1 merged to %+v, want revealed on 10 and revised to 30", g)
	}
	os.WriteFile(b, []byte("not json"), 0o644)
	before, _ := os.ReadFile(a)
	stderr.Reset()
	if code := Main([]string{"merge-answers", o, a, b}, strings.NewReader(""), &stdout, &stderr); code != ExitNotOK || !strings.Contains(stderr.String(), "their version") {
		t.Errorf("a broken side: exit %d, %q", code, stderr.String())
	}
	if after, _ := os.ReadFile(a); !bytes.Equal(before, after) {
		t.Error("ours was changed though nothing was merged")
	}
}
