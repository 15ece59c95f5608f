package predictions

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/labs"
)

// A day with drills, for LoadDay's pruning.
var prunedDay = func() labs.Day {
	d := testDay
	d.Drills = []labs.Drill{{ID: "D1"}, {ID: "D2"}}
	return d
}()

// Answers to predictions and drills the day does not have are dropped with
// a note that names them and the line of the first; the file as it was is
// kept aside byte for byte, and the day's own answers stay.
func TestLoadDayDropsUnknownAnswers(t *testing.T) {
	fixClock(t, noon)
	dir := t.TempDir()
	var extra strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&extra, ",\n    \"X%d\": {\"value\": 1}", i)
	}
	text := "{\n  \"day\": 45,\n  \"predictions\": {\n    \"P1\": {\"value\": 20}" + extra.String() + "\n  },\n  \"drills\": {\"D1\": {\"answers\": [\"4\"], \"attempted\": true}, \"D9\": {\"attempted\": true}}\n}\n"
	if err := os.WriteFile(Path(dir, 45), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := LoadDay(dir, prunedDay)
	ce, ok := err.(*CorruptError)
	if !ok {
		t.Fatalf("LoadDay: %v", err)
	}
	if len(a.Predictions) != 1 || len(a.Drills) != 1 || !a.Drills["D1"].Attempted {
		t.Fatalf("kept %d predictions, %d drills", len(a.Predictions), len(a.Drills))
	}
	if v, _ := a.Value("P1"); v != 20 {
		t.Errorf("P1 = %v", v)
	}
	if len(ce.Dropped) != 1001 || ce.Line != 5 {
		t.Errorf("dropped %d, line %d", len(ce.Dropped), ce.Line)
	}
	msg := err.Error()
	for _, want := range []string{Path(dir, 45) + ":5", "1001 answers that Day 45 does not ask for", "and 996 more", "kept as " + ce.KeptAs} {
		if !strings.Contains(msg, want) {
			t.Errorf("the note lacks %q: %s", want, msg)
		}
	}
	if kept, _ := os.ReadFile(ce.KeptAs); string(kept) != text {
		t.Error("the file kept aside is not the file as it was")
	}

	// Update carries on from what remains, and writes it.
	if _, err := UpdateDay(dir, prunedDay, func(a *Answers) error { a.Set("P2", 10); return nil }); err != nil {
		t.Fatal(err)
	}
	a, err = LoadDay(dir, prunedDay)
	if err != nil || len(a.Predictions) != 2 || len(a.Drills) != 1 {
		t.Fatalf("after the save: %+v, %v", a, err)
	}
	// Load, which knows no day, keeps what it finds.
	if _, err := Load(dir, 45); err != nil {
		t.Fatal(err)
	}
}

// A damaged file is reported with the line of the problem.
func TestCorruptFileNamesTheLine(t *testing.T) {
	fixClock(t, noon)
	for _, c := range []struct {
		name, text string
		line       int
	}{
		{"syntax", "{\n  \"day\": 45,\n  \"predictions\": {\n    \"P1\": {\"value\": 20,}\n  }\n}\n", 4},
		{"type", "{\n  \"day\": 45,\n  \"todos_passed\": \"two\"\n}\n", 3},
		{"impossible guess", "{\n  \"day\": 45,\n  \"predictions\": {\n    \"P1\": {\"value\": 20},\n    \"P2\": {\"value\": -3}\n  }\n}\n", 5},
		{"another day", "{\n  \"day\": 46\n}\n", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(Path(dir, 45), []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := LoadDay(dir, prunedDay)
			ce, ok := err.(*CorruptError)
			if !ok || ce.Line != c.line {
				t.Fatalf("err = %v, want line %d", err, c.line)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("%s:%d", Path(dir, 45), c.line)) {
				t.Errorf("no path:line in %s", err)
			}
			if kept, _ := os.ReadFile(ce.KeptAs); string(kept) != c.text {
				t.Error("not kept aside byte for byte")
			}
		})
	}
}

// A file far larger than answers take is refused before it is decoded.
func TestHugeFileIsKeptAside(t *testing.T) {
	fixClock(t, noon)
	dir := t.TempDir()
	big := "{\"day\": 45, \"pad\": \"" + strings.Repeat("x", MaxFileBytes) + "\"}"
	if err := os.WriteFile(Path(dir, 45), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := Load(dir, 45)
	if _, ok := err.(*CorruptError); !ok || len(a.Predictions) != 0 {
		t.Fatalf("Load = %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "day45.json")); err == nil {
		t.Error("the huge file was left in place")
	}
}
