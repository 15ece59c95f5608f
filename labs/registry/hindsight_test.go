package registry_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"termlab/labs"
	day45 "termlab/labs/day45/course"
	"termlab/labs/day45/course/door"
	"termlab/labs/day45/course/fleet"
	"termlab/labs/registry/full"
	"termlab/record/predictions"
	solutions45 "termlab/solutions/day45"
)

// heavy is the days whose heavy parts only the full worker links, as it
// links them (its generated link file), so that their reference figures
// are complete: Day 45's Parts 4 (fleet) and 6 (door).
var heavy = map[int]labs.Day{45: day45.New(solutions45.Funcs, fleet.Pieces, door.Pieces)}

// TestNoHindsight plays every day's reference and checks that no text a
// learner can see before a prediction holds its answer (predictions.Hindsight).
func TestNoHindsight(t *testing.T) {
	for _, day := range full.Days {
		day, m := referenceOf(day)
		t.Run(day.Title, func(t *testing.T) {
			for _, p := range day.Predictions {
				if _, ok := m[p.Metric]; !ok {
					t.Fatalf("%s: the reference gives no %s, so its answer cannot be checked", p.ID, p.Metric)
				}
			}
			for _, u := range predictions.Untold(day, m) {
				t.Error(u)
			}
			leaks := predictions.Hindsight(day, m)
			var b strings.Builder
			for _, l := range leaks {
				b.WriteString("\n  " + l.String())
			}
			if len(leaks) > 0 {
				t.Errorf("%d answers are visible before their guesses:%s", len(leaks), b.String())
			}
		})
	}
}

// TestReadmeHoldsNoAnswer: the README, the guides in docs/ it points to,
// and the page of timings it sends learners to for speed are all files a
// learner can open before any prediction, so none may print one's answer.
// In the README and the guides whole figures up to 10 are left out: exit
// codes and part numbers are everywhere in them, and no answer follows
// from them. In BENCHMARKS.md only figures with decimals are looked for
// (an answer such as 10.3 or 1009.9): its whole numbers are milliseconds,
// frames and rates of the benchmarks, and so are the whole numbers an
// answer rounds to. (Every other file git tracks, the authors'
// REFERENCE.md included, is read by labs/registry/tracked.)
func TestReadmeHoldsNoAnswer(t *testing.T) {
	files := []string{"README.md", "labs/BENCHMARKS.md"}
	// Every guide in docs/, whatever its name; the four the README names
	// must be among them, so an empty or moved folder cannot pass unseen.
	guides, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range guides {
		files = append(files, filepath.ToSlash(strings.TrimPrefix(g, filepath.Join("..", "..")+string(filepath.Separator))))
	}
	for _, want := range []string{"docs/STAFF.md", "docs/AUTHORING.md", "docs/JSON.md", "docs/ARCHITECTURE.md"} {
		if !slices.Contains(files, want) {
			t.Errorf("%s is not there to be read: the README points learners to it", want)
		}
	}
	var texts []predictions.Seen
	// new-day keeps its skeleton's answer out of the same files.
	for _, f := range predictions.ReadFirst {
		if !slices.Contains(files, f) {
			t.Errorf("%s is in predictions.ReadFirst but not read here", f)
		}
	}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, predictions.Seen{In: f, Text: string(b)})
	}
	for _, day := range full.Days {
		m := lightReferenceOf(day)
		for _, l := range predictions.FindIn(day, m, texts...) {
			v := m[predictionMetric(day, l.Prediction)]
			whole := v == math.Trunc(v)
			if timings := l.In == "labs/BENCHMARKS.md"; (!timings && whole && v <= 10) || (timings && (whole || !strings.Contains(l.Figure, "."))) {
				continue
			}
			t.Errorf("day %d: %s", day.Number, l)
		}
	}
}

// TestContractsHoldNoAnswer: a day's CONTRACT.md sits in the learner's
// own folder, beside todo.go, and the README links Day 46's, so a learner
// may read it before any guess. It states the day's settings, as the lesson
// does, and must hold none of the day's answers otherwise.
func TestContractsHoldNoAnswer(t *testing.T) {
	for _, day := range full.Days {
		if d, ok := heavy[day.Number]; ok {
			day = d
		}
		f := fmt.Sprintf("labs/day%02d/CONTRACT.md", day.Number)
		b, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(f)))
		if err != nil {
			t.Errorf("day %d: %v (every day keeps its contract there)", day.Number, err)
			continue
		}
		_, m := referenceOf(day)
		for _, l := range predictions.FindInOwn(day, m, predictions.Seen{In: f, Text: string(b)}) {
			// As in the README: whole figures up to 10 are the parts'
			// numbers and TODOs' there, and no answer follows from them.
			if v := m[predictionMetric(day, l.Prediction)]; v == math.Trunc(v) && v <= 10 {
				continue
			}
			t.Errorf("day %d: %s", day.Number, l)
		}
	}
}

func predictionMetric(day labs.Day, id string) string {
	p, _ := day.Prediction(id)
	return p.Metric
}

// A refused guess is told what to type instead, before any answer is
// shown: no example in those messages may be an answer of any day's.
func TestRefusalsHoldNoAnswer(t *testing.T) {
	bad := []string{"", "ten", "1,00", "10,3", "1 000", "10-20", "1e400", "-5", "5%", "2.5", "1_", "NaN", "∞", "1/0", "5 apples"}
	// Refused whatever the prediction asks for (the others depend on it:
	// 2.5 is a fine rate but not a count).
	alwaysRefused := map[string]bool{"": true, "ten": true, "10-20": true, "NaN": true, "∞": true, "1/0": true, "5 apples": true}
	for _, day := range full.Days {
		var said []string
		for _, p := range day.Predictions {
			for _, in := range bad {
				_, err := predictions.Parse(in, p)
				if err == nil && alwaysRefused[in] {
					// Without refusals there is nothing to search: the test
					// would pass on a parser that took everything.
					t.Errorf("day %d, %s: %q was taken as a guess, want it refused", day.Number, p.ID, in)
				}
				if err != nil {
					// What the learner typed is echoed back: not the lab's words.
					msg := err.Error()
					if in := strings.TrimSpace(in); in != "" {
						msg = strings.ReplaceAll(msg, in, "…")
					}
					said = append(said, msg)
				}
			}
		}
		if len(said) == 0 {
			t.Fatalf("day %d: no guess was refused, so no message was searched", day.Number)
		}
		m := lightReferenceOf(day)
		for _, l := range predictions.FindIn(day, m, predictions.Seen{In: "a refused guess", Text: strings.Join(said, "\n")}) {
			t.Errorf("day %d: %s", day.Number, l)
		}
	}
}
