package predictions

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/labs"
)

func TestParseConfidence(t *testing.T) {
	tests := []struct {
		in   string
		want Confidence
		bad  bool
	}{
		{"sure", Sure, false}, {" Likely ", Likely, false}, {"GUESS", Hunch, false},
		{"", "", true}, {"certain", "", true}, {"sure!", "", true}, {"50%", "", true},
	}
	for _, tt := range tests {
		got, err := ParseConfidence(tt.in)
		if (err != nil) != tt.bad || got != tt.want {
			t.Errorf("ParseConfidence(%q) = %q, %v; want %q (refused: %v)", tt.in, got, err, tt.want, tt.bad)
		}
	}
	// The key on the Predict screen cycles every level and back to none.
	var c Confidence
	seen := map[Confidence]bool{}
	for range len(Levels) + 1 {
		c = c.Next()
		seen[c] = true
	}
	if c != "" || len(seen) != len(Levels)+1 {
		t.Errorf("Next cycles %v, ending on %q", seen, c)
	}
}

// How sure the learner was is frozen at the reveal, as the judged guess is.
func TestConfidenceFrozenAtTheReveal(t *testing.T) {
	a := New(45)
	a.Set("P1", 20)
	if err := a.SetConfidence("P1", Likely); err != nil {
		t.Fatal(err)
	}
	if err := a.SetConfidence("P1", Sure); err != nil {
		t.Fatal(err)
	}
	a.Reveal("P1")
	var frozen *FrozenError
	if err := a.SetConfidence("P1", Hunch); !errors.As(err, &frozen) {
		t.Errorf("changing it after the reveal: %v, want a FrozenError", err)
	}
	if got := a.Predictions["P1"].Confidence; got != Sure {
		t.Errorf("confidence %q after a refused change, want sure", got)
	}
	if err := a.SetConfidence("P2", "certain"); err == nil {
		t.Error("a level that is none of the three was taken")
	}
}

func TestExplain(t *testing.T) {
	tests := []struct {
		name   string
		setup  func(a *Answers)
		text   string
		refuse string // a phrase of the refusal; "" when it is kept
	}{
		{"not revealed yet: no hindsight", func(a *Answers) { a.Set("P1", 5) }, "because", "not been shown"},
		{"revealed with no guess: nothing of the learner's to explain", func(a *Answers) { a.Reveal("P1") }, "because", "no guess was on record"},
		{"skipped, then revealed", func(a *Answers) { a.Skip("P1"); a.Reveal("P1") }, "because", "no guess was on record"},
		{"a judged guess", func(a *Answers) { a.Set("P1", 5); a.Reveal("P1") }, "  no time\npasses  ", ""},
		{"empty", func(a *Answers) { a.Set("P1", 5); a.Reveal("P1") }, "  \n ", "empty"},
		{"too long", func(a *Answers) { a.Set("P1", 5); a.Reveal("P1") }, strings.Repeat("x", MaxExplanation+1), "at most"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := New(45)
			tt.setup(&a)
			err := a.Explain("P1", tt.text)
			switch {
			case tt.refuse == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.refuse != "" && (err == nil || !strings.Contains(err.Error(), tt.refuse)):
				t.Fatalf("got %v, want a refusal saying %q", err, tt.refuse)
			case tt.refuse != "" && a.Predictions["P1"].Explanation != "":
				t.Fatal("a refused explanation was kept")
			case tt.refuse == "" && a.Predictions["P1"].Explanation != "no time passes":
				t.Fatalf("kept %q, want it on one line", a.Predictions["P1"].Explanation)
			}
		})
	}
}

// A calibration line is counted from revealed rows only: a row whose
// actual is at hand but whose answer was never shown says nothing.
func TestCalibrationCountsOnlyRevealedGuesses(t *testing.T) {
	day := labs.Day{Number: 45, Predictions: []labs.Prediction{
		{ID: "P1", Metric: "m1"}, {ID: "P2", Metric: "m2"}, {ID: "P3", Metric: "m3"}, {ID: "P4", Metric: "m4"}, {ID: "P5", Metric: "m5"},
	}}
	a := New(45)
	for id, g := range map[string]struct {
		v      float64
		c      Confidence
		reveal bool
	}{
		"P1": {20, Sure, true},    // right
		"P2": {50, Sure, true},    // off
		"P3": {10, Hunch, true},   // right
		"P4": {99, Likely, false}, // not revealed: never counted
		"P5": {10, "", true},      // no level said
	} {
		a.Set(id, g.v)
		if g.c != "" {
			if err := a.SetConfidence(id, g.c); err != nil {
				t.Fatal(err)
			}
		}
		if g.reveal {
			a.Reveal(id)
		}
	}
	m := labs.Metrics{"m1": 20, "m2": 20, "m3": 10, "m4": 99, "m5": 10}
	c := Calibrate(Score(day, a, m))
	want := Calibration{Sure: {Judged: 2, Right: 1}, Hunch: {Judged: 1, Right: 1}}
	if len(c) != len(want) || c[Sure] != want[Sure] || c[Hunch] != want[Hunch] {
		t.Errorf("calibration %v, want %v", c, want)
	}
	if got := c.Line(); got != "sure 1 of 2 right · guess 1 of 1 right" {
		t.Errorf("line %q", got)
	}
	if got := c.Add(c)[Sure]; got != (Tally{Judged: 4, Right: 2}) {
		t.Errorf("across two days: %v", got)
	}
	if (Calibration{}).Line() != "" {
		t.Error("an empty calibration writes a line")
	}
}

// Confidence, an explanation and practice are kept in the answers file
// and read back; a level or a streak that cannot be is refused on load.
func TestNewFieldsRoundTripAndAreChecked(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "predictions")
	_, err := Update(dir, 45, func(a *Answers) error {
		a.Set("P1", 30)
		if err := a.SetConfidence("P1", Sure); err != nil {
			return err
		}
		a.Reveal("P1")
		if err := a.Explain("P1", "no time passes"); err != nil {
			return err
		}
		if _, err := a.Deal("P1", labs.Values{"b": 7}); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Load(dir, 45)
	if err != nil {
		t.Fatal(err)
	}
	g := got.Predictions["P1"]
	if g.Confidence != Sure || g.Explanation != "no time passes" || got.Practice["P1"].Open["b"] != 7 {
		t.Errorf("read back %+v, practice %+v", g, got.Practice)
	}
	for name, edit := range map[string]func(string) string{
		"a level that is none of the three": func(s string) string { return strings.Replace(s, `"confidence": "sure"`, `"confidence": "certain"`, 1) },
		"a streak longer than the record":   func(s string) string { return strings.Replace(s, `"streak": 0`, `"streak": 3`, 1) },
	} {
		data, _ := os.ReadFile(Path(dir, 45))
		bad := edit(string(data))
		if bad == string(data) {
			t.Fatalf("%s: the edit did not apply to\n%s", name, data)
		}
		sub := filepath.Join(t.TempDir(), "predictions")
		os.MkdirAll(sub, 0o755)
		os.WriteFile(Path(sub, 45), []byte(bad), 0o644)
		var corrupt *CorruptError
		if _, err := Load(sub, 45); !errors.As(err, &corrupt) {
			t.Errorf("%s: loaded without complaint (%v)", name, err)
		}
	}
}

func TestPractice(t *testing.T) {
	a := New(45)
	a.Set("P1", 20)
	var refused *PracticeError
	if _, err := a.Deal("P1", labs.Values{"b": 5}); !errors.As(err, &refused) {
		t.Fatalf("a variant dealt before the reveal: %v", err)
	}
	a.Reveal("P1")
	open, err := a.Deal("P1", labs.Values{"b": 5})
	if err != nil || open["b"] != 5 {
		t.Fatal(open, err)
	}
	// Dealing again shows the open variant: no redeal until a friendly one.
	if again, _ := a.Deal("P1", labs.Values{"b": 9}); again["b"] != 5 {
		t.Errorf("a second deal replaced the open variant: %v", again)
	}
	if _, err := a.Answer("P1", labs.Values{"b": 9}, 5, 5); !errors.As(err, &refused) {
		t.Error("an answer for numbers not open was taken")
	}
	steps := []struct {
		guess, actual float64
		streak        int
	}{{5, 5, 1}, {11, 10, 2}, {30, 10, 0}, {10, 10, 1}}
	for i, s := range steps {
		at, _ := a.Deal("P1", labs.Values{"b": float64(i)})
		tried, err := a.Answer("P1", at, s.guess, s.actual)
		if err != nil {
			t.Fatal(err)
		}
		if p := a.Practice["P1"]; p.Streak != s.streak || p.Open != nil || tried.Verdict != Judge(s.guess, s.actual).Kind {
			t.Errorf("step %d: streak %d open %v verdict %s, want streak %d", i, p.Streak, p.Open, tried.Verdict, s.streak)
		}
	}
	if _, err := a.Answer("P1", nil, 1, 1); !errors.As(err, &refused) {
		t.Error("an answer with no variant open was taken")
	}
}

func TestMergeKeepsConfidenceExplanationAndPractice(t *testing.T) {
	base := New(45)
	base.Set("P1", 10)
	ours, theirs := New(45), New(45)
	ours.Set("P1", 10)
	ours.SetConfidence("P1", Likely)
	ours.Reveal("P1")
	ours.Explain("P1", "ours")
	theirs.Set("P1", 10)
	theirs.Deal("P2", nil) // refused: not revealed; nothing kept
	theirs.Set("P2", 3)
	theirs.Reveal("P2")
	theirs.Deal("P2", labs.Values{"k": 1})
	m := Merge(base, ours, theirs)
	if g := m.Predictions["P1"]; g.Confidence != Likely || g.Explanation != "ours" {
		t.Errorf("P1 merged to %+v", g)
	}
	if m.Practice["P2"].Open["k"] != 1 {
		t.Errorf("their open variant was lost: %+v", m.Practice)
	}
}
