package predictions

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/labs"
)

// revealedDay is a repository with day 45's answers in which P1 was
// guessed 20 and revealed, P2 revealed unpredicted, P3 guessed and still
// open.
func revealedDay(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "predictions")
	if _, err := Update(dir, 45, func(a *Answers) error {
		a.Set("P1", 20)
		a.Reveal("P1")
		a.Reveal("P2")
		a.Set("P3", 7)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return dir
}

func checkKept(t *testing.T, a Answers, err error, wantValue *float64) {
	t.Helper()
	var c *CorruptError
	if !errors.As(err, &c) || !strings.Contains(err.Error(), "P1") || !strings.Contains(err.Error(), "put back") {
		t.Errorf("the note %v does not say P1's reveal was put back", err)
	}
	p1 := a.Predictions["P1"]
	if !p1.Revealed || p1.Scored == nil || *p1.Scored != 20 {
		t.Errorf("P1 = %s, want revealed and judged on 20", showGuess(p1))
	}
	if wantValue != nil && (p1.Value == nil || *p1.Value != *wantValue || !p1.Revised) {
		t.Errorf("P1 = %s, want the current guess %v, revised", showGuess(p1), *wantValue)
	}
	if p2 := a.Predictions["P2"]; !p2.Revealed || p2.Scored != nil {
		t.Errorf("P2 = %s, want revealed unpredicted", showGuess(p2))
	}
	if a.Predictions["P3"].Revealed {
		t.Error("P3 was never revealed")
	}
}

// TestARevealStaysRevealed: the three ways a learner could undo a reveal
// by hand are noticed and undone: "revealed" set back to false, the judged
// guess changed, the answers file deleted and the guesses typed again (the
// actual now known). Each time the reveal comes back with the guess judged
// at the time, the new guess a revision of it, and a note.
func TestARevealStaysRevealed(t *testing.T) {
	t.Run("revealed set to false by hand", func(t *testing.T) {
		dir := revealedDay(t)
		data, _ := os.ReadFile(Path(dir, 45))
		edited := strings.Replace(string(data), `"revealed": true`, `"revealed": false`, -1)
		edited = strings.Replace(edited, `"scored": 20`, `"scored": null`, 1)
		edited = strings.Replace(edited, `"revised": true`, `"revised": false`, -1)
		os.WriteFile(Path(dir, 45), []byte(edited), 0o644)
		a, err := Load(dir, 45)
		checkKept(t, a, err, nil)
	})
	t.Run("the judged guess changed by hand", func(t *testing.T) {
		dir := revealedDay(t)
		data, _ := os.ReadFile(Path(dir, 45))
		os.WriteFile(Path(dir, 45), []byte(strings.Replace(string(data), `"scored": 20`, `"scored": 33`, 1)), 0o644)
		a, err := Load(dir, 45)
		checkKept(t, a, err, nil)
	})
	t.Run("the file deleted and the guess typed again", func(t *testing.T) {
		dir := revealedDay(t)
		os.Remove(Path(dir, 45))
		a, err := Update(dir, 45, func(a *Answers) error { a.Set("P1", 33); return nil })
		want := 33.0
		checkKept(t, a, err, &want)
		// The scoreboard judges 20, and says it was revised.
		day := labs.Day{Number: 45, Predictions: []labs.Prediction{{ID: "P1", Metric: "m", Part: "1"}}}
		rows := Score(day, a, labs.Metrics{"m": 33})
		if len(rows) != 1 || !rows[0].Revised || rows[0].First == nil || *rows[0].First != 20 || rows[0].Verdict == nil || rows[0].Verdict.Kind == Spot {
			t.Errorf("scoreboard row %+v: want judged on 20 (not spot on), revised", rows[0])
		}
		// Saved: the next load has nothing to put back.
		if _, err := Load(dir, 45); err != nil {
			t.Errorf("after the save: %v", err)
		}
	})
}

// The reveals file after a pull that conflicted in it (no union driver):
// every line that is not git's counts, so both sides' reveals stay.
func TestConflictedRevealsKeepBothSides(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(RevealsPath(dir, 45), []byte(`{"id":"P1","scored":20}
<<<<<<< HEAD
{"id":"P2","scored":null}
=======
{"id":"P3","scored":5}
>>>>>>> origin/main
`), 0o644)
	got := loadReveals(dir, 45)
	if len(got) != 3 || got["P3"].Scored == nil || *got["P3"].Scored != 5 {
		t.Errorf("reveals %+v, want P1, P2 and P3", got)
	}
}

// LoadDay writes a reveal it put back, so its note comes once.
func TestLoadDayWritesTheRevealsBack(t *testing.T) {
	dir := revealedDay(t)
	data, _ := os.ReadFile(Path(dir, 45))
	edited := strings.Replace(string(data), `"revealed": true`, `"revealed": false`, -1)
	os.WriteFile(Path(dir, 45), []byte(strings.Replace(edited, `"scored": 20`, `"scored": null`, 1)), 0o644)
	day := labs.Day{Number: 45, Predictions: []labs.Prediction{{ID: "P1"}, {ID: "P2"}, {ID: "P3"}}}
	a, err := LoadDay(dir, day)
	checkKept(t, a, err, nil)
	if _, err := LoadDay(dir, day); err != nil {
		t.Errorf("the second load: %v", err)
	}
}

// With the reveals file deleted too, the history still says which
// predictions were judged: they come back revealed, unpredicted (no guess
// typed after is judged). While the answers file is there the history is
// not used: a run's history may be written before its reveal lands.
func TestTheHistoryKeepsRevealsWhenBothFilesGo(t *testing.T) {
	dir := revealedDay(t)
	os.WriteFile(filepath.Join(dir, "day45.history.jsonl"), []byte(`{"at":"2026-12-01T10:00:00Z","from":"run","digest":"x","todos":{},"scores":{"P1":"spot on","P3":"off"}}`+"\n"), 0o644)
	os.Remove(RevealsPath(dir, 45))
	if a, err := Load(dir, 45); err != nil || a.Predictions["P3"].Revealed {
		t.Errorf("with the answers there: P3 = %s, %v; want them as they are", showGuess(a.Predictions["P3"]), err)
	}
	os.Remove(Path(dir, 45))
	a, err := Update(dir, 45, func(a *Answers) error { a.Set("P1", 20); return nil })
	if p1 := a.Predictions["P1"]; err == nil || !p1.Revealed || p1.Scored != nil || !p1.Revised {
		t.Errorf("P1 = %s, %v; want revealed unpredicted, the new guess a revision", showGuess(p1), err)
	}
	if p3 := a.Predictions["P3"]; !p3.Revealed || p3.Scored != nil {
		t.Errorf("P3 = %s; want revealed unpredicted", showGuess(p3))
	}
}
