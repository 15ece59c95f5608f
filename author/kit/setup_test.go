package kit

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/record/predictions"
)

// Every set-up is one new-day may pick: its answer is none of the figures
// of its own words (the day's hindsight check would fail it), and the
// arithmetic the tests check it by holds.
func TestEverySetUpKeepsItsAnswerOutOfItsWords(t *testing.T) {
	files, err := skeletonFiles()
	if err != nil {
		t.Fatal(err)
	}
	day := labs.Day{Predictions: []labs.Prediction{{ID: "P1", Metric: answerMetric}}}
	seen := map[int]bool{}
	for _, s := range setUps {
		if seen[s.Answer()] || s.Excess() <= 0 || s.Answer() != s.Excess()*s.Span {
			t.Errorf("%+v: answer %d repeated or not (arrival − service) × span", s, s.Answer())
		}
		seen[s.Answer()] = true
		r, err := render(files, dayData{N: 47, Title: "Throwaway", Model: DefaultModel, Set: s})
		if err != nil {
			t.Fatal(err)
		}
		words := r.words()
		if len(words) == 0 {
			t.Fatal("no words rendered")
		}
		for _, l := range predictions.FindIn(day, labs.Metrics{answerMetric: float64(s.Answer())}, words...) {
			t.Errorf("set-up %+v: %s", s, l)
		}
		// REFERENCE.md states no answer, only its pin; the authors'
		// command (ReferenceTable) prints it from the run.
		text := string(r.src["labs/day47/course/REFERENCE.md"])
		for _, l := range predictions.FindIn(day, labs.Metrics{answerMetric: float64(s.Answer())}, predictions.Seen{In: "REFERENCE.md", Text: text}) {
			t.Errorf("set-up %+v: %s", s, l)
		}
		ref, err := ReadReference(text)
		if err != nil {
			t.Fatal(err)
		}
		run := labs.Outcome{Parts: []labs.PartResult{{ID: "1", Metrics: []labs.Metric{labs.NewMetric(answerMetric, "", float64(s.Answer()), "requests", 0)}}}}
		if pin, _ := Pin(run.Metrics(), []string{answerMetric}); len(ref.Rows) != 1 || ref.Rows[0].Pin != pin {
			t.Errorf("set-up %+v: REFERENCE.md's rows %+v, want one pinned %s", s, ref.Rows, pin)
		}
		if table, want := ReferenceTable(day, run, ref), "| `"+answerMetric+"` | "+strconv.Itoa(s.Answer())+" | 1 | 1 | "; !strings.Contains(table, want) {
			t.Errorf("set-up %+v: the authors' table lacks %q:\n%s", s, want, table)
		}
	}
}

// new-day skips every set-up whose answer the README or the page of
// timings prints, in any form: with the first two answers in them, the
// day gets the third; with all of them there, new-day says so and writes
// nothing.
func TestNewDayPicksAnAnswerReadNowhereFirst(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("README.md", "a run takes "+strconv.Itoa(setUps[0].Answer())+" s here.\n")
	write("labs/BENCHMARKS.md", "| save | "+strconv.Itoa(setUps[1].Answer())+".0 ms |\n")
	if _, err := NewDay(root, 47, "Throwaway", ""); err != nil {
		t.Fatal(err)
	}
	want := setUps[2]
	b, err := os.ReadFile(filepath.Join(root, "labs/day47/course/model/queue.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "Span: "+strconv.Itoa(want.Span)+" * time.Second") {
		t.Errorf("want the set-up %+v (answer %d):\n%s", want, want.Answer(), b)
	}

	var all []string
	for _, s := range setUps {
		all = append(all, strconv.Itoa(s.Answer()))
	}
	root = t.TempDir()
	write("README.md", strings.Join(all, ", ")+"\n")
	_, err = NewDay(root, 47, "Throwaway", "")
	if err == nil || !strings.Contains(err.Error(), "README.md") {
		t.Fatalf("every answer in the README: %v, want a refusal naming it", err)
	}
	if _, err := os.Stat(filepath.Join(root, "labs", "day47")); err == nil {
		t.Error("the refused day was written")
	}
}

// This repository's own README and page of timings leave the skeleton an
// answer (the root package's end-to-end TestANewDayIsOnePackageAndOneStep
// runs the suite on it).
func TestThisRepositoryLeavesTheSkeletonAnAnswer(t *testing.T) {
	files, err := skeletonFiles()
	if err != nil {
		t.Fatal(err)
	}
	s, err := pickSetUp(filepath.Join("..", ".."), func(s setUp) ([]predictions.Seen, error) {
		r, err := render(files, dayData{N: 47, Title: "Throwaway", Model: DefaultModel, Set: s})
		return r.words(), err
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("new-day here gives the skeleton %d/s at %d/s for %d s: %d waiting", s.Arrival, s.Service, s.Span, s.Answer())
}
