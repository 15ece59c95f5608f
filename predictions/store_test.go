package predictions

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"termlab/labs"
)

// fixClock makes file stamps and kept-aside names predictable.
func fixClock(t *testing.T, at time.Time) {
	t.Helper()
	old := now
	now = func() time.Time { return at }
	t.Cleanup(func() { now = old })
}

var noon = time.Date(2025, 3, 4, 12, 5, 6, 0, time.UTC)

func sample() Answers {
	a := New(45)
	a.Set("P1", 20)
	a.Set("P2", 30)
	a.Skip("P3")
	a.Reveal("P2")
	a.Set("P2", 10.3)
	yes := true
	a.SetDrill("D1", DrillAnswer{Answers: []string{"500", "100"}, Attempted: true, Correct: &yes})
	a.SetDrill("D4", DrillAnswer{Answers: []string{"send 429 and Retry-After"}, Attempted: true, Mark: MarkPartly})
	a.LastRun = labs.Metrics{"burst": 20, "rate": 619.0 / 60}
	a.TODOsPassed = 2
	return a
}

func TestAnswersGuessRecord(t *testing.T) {
	tests := []struct {
		name                       string
		do                         func(a *Answers)
		value, scored              *float64
		skipped, revealed, revised bool
	}{
		{"set", func(a *Answers) { a.Set("P", 5) }, ptr(5), nil, false, false, false},
		{"set twice before reveal", func(a *Answers) { a.Set("P", 5); a.Set("P", 7) }, ptr(7), nil, false, false, false},
		{"skip", func(a *Answers) { a.Set("P", 5); a.Skip("P") }, nil, nil, true, false, false},
		{"set after skip", func(a *Answers) { a.Skip("P"); a.Set("P", 5) }, ptr(5), nil, false, false, false},
		{"reveal keeps the guess", func(a *Answers) { a.Set("P", 5); a.Reveal("P") }, ptr(5), ptr(5), false, true, false},
		{"revise after reveal", func(a *Answers) { a.Set("P", 5); a.Reveal("P"); a.Set("P", 9) }, ptr(9), ptr(5), false, true, true},
		{"same value after reveal", func(a *Answers) { a.Set("P", 5); a.Reveal("P"); a.Set("P", 5) }, ptr(5), ptr(5), false, true, false},
		{"second reveal ignored", func(a *Answers) { a.Set("P", 5); a.Reveal("P"); a.Set("P", 9); a.Reveal("P") }, ptr(9), ptr(5), false, true, true},
		{"skipped is unpredicted", func(a *Answers) { a.Set("P", 5); a.Skip("P"); a.Reveal("P") }, nil, nil, true, true, false},
		{"empty is unpredicted", func(a *Answers) { a.Reveal("P") }, nil, nil, false, true, false},
		{"guess after an empty reveal", func(a *Answers) { a.Reveal("P"); a.Set("P", 5) }, ptr(5), nil, false, true, true},
		{"skip after reveal", func(a *Answers) { a.Set("P", 5); a.Reveal("P"); a.Skip("P") }, nil, ptr(5), true, true, true},
	}
	for _, tt := range tests {
		var a Answers // the zero value must work too
		tt.do(&a)
		g := a.Predictions["P"]
		if !same(g.Value, tt.value) || !same(g.Scored, tt.scored) || g.Skipped != tt.skipped || g.Revealed != tt.revealed || g.Revised != tt.revised {
			t.Errorf("%s: got value %v scored %v skipped %v revealed %v revised %v", tt.name,
				show(g.Value), show(g.Scored), g.Skipped, g.Revealed, g.Revised)
		}
		v, ok := a.Value("P")
		if ok != (tt.value != nil) || (ok && v != *tt.value) {
			t.Errorf("%s: Value = %v, %v", tt.name, v, ok)
		}
	}
}

func TestRevealRun(t *testing.T) {
	a := New(45)
	a.Set("P1", 20)
	a.Set("P5", 10)
	a.RevealRun(testDay, labs.Metrics{"burst": 20})
	if !a.Predictions["P1"].Revealed || a.Predictions["P5"].Revealed {
		t.Errorf("RevealRun revealed P1 %v, P5 %v; want only the part that ran", a.Predictions["P1"].Revealed, a.Predictions["P5"].Revealed)
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	fixClock(t, noon)
	dir := filepath.Join(t.TempDir(), "predictions") // Save makes the folder
	a := sample()
	if err := Save(dir, a); err != nil {
		t.Fatal(err)
	}
	got, err := Load(dir, 45)
	if err != nil {
		t.Fatal(err)
	}
	a.UpdatedAt = noon
	if !reflect.DeepEqual(got, a) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, a)
	}
	if _, err := os.Stat(filepath.Join(dir, "day45.json")); err != nil {
		t.Errorf("file not at day45.json: %v", err)
	}
	if Path(dir, 45) != filepath.Join(dir, "day45.json") {
		t.Errorf("Path = %s", Path(dir, 45))
	}
	// Nothing else is left behind.
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("dir holds %d entries, want just the answers file", len(entries))
	}
}

// The file is for people too: indented, newline-terminated, keys in a
// stable order so saving the same answers twice writes the same bytes.
func TestSaveIsStableAndReadable(t *testing.T) {
	fixClock(t, noon)
	dir := t.TempDir()
	var first []byte
	for i := range 3 {
		if err := Save(dir, sample()); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(Path(dir, 45))
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = b
		} else if string(b) != string(first) {
			t.Fatalf("save %d differs from the first:\n%s\n%s", i, b, first)
		}
	}
	s := string(first)
	if !strings.HasSuffix(s, "}\n") || !strings.Contains(s, "\n  \"predictions\": {\n    \"P1\": {") {
		t.Errorf("not indented JSON with a trailing newline:\n%s", s)
	}
	if strings.Index(s, `"P1"`) > strings.Index(s, `"P2"`) || strings.Index(s, `"burst"`) > strings.Index(s, `"rate"`) {
		t.Errorf("keys out of order:\n%s", s)
	}
	if !strings.Contains(s, `"updated_at": "2025-03-04T12:05:06Z"`) {
		t.Errorf("UpdatedAt not stamped:\n%s", s)
	}
}

func TestLoadMissingFile(t *testing.T) {
	a, err := Load(filepath.Join(t.TempDir(), "nowhere"), 45)
	if err != nil {
		t.Fatal(err)
	}
	if a.Day != 45 || len(a.Predictions) != 0 || a.LastRun != nil {
		t.Errorf("missing file gave %+v, want empty day 45", a)
	}
	a.Set("P1", 1) // usable as it comes
}

func TestLoadKeepsBadFilesAside(t *testing.T) {
	tests := []struct {
		name, content, problem string
	}{
		{"not JSON", `{"day": 45, "predictions": {`, "not valid JSON"},
		{"empty", "", "empty"},
		{"trailing junk", `{"day": 45} and more`, "not valid JSON"},
		{"wrong type", `{"day": "45"}`, "not valid JSON"},
		{"wrong day", `{"day": 44}`, "day 44, not day 45"},
		{"no day", `{}`, "day 0, not day 45"},
		{"null", `null`, "day 0"},
		{"negative guess", `{"day": 45, "predictions": {"P1": {"value": -3}}}`, "P1 holds -3"},
		{"absurd guess", `{"day": 45, "predictions": {"P1": {"value": 1e12}}}`, "P1 holds"},
		{"negative scored", `{"day": 45, "predictions": {"P1": {"revealed": true, "scored": -1}}}`, "P1 holds -1"},
		{"number too big for float64", `{"day": 45, "predictions": {"P1": {"value": 1e999}}}`, "not valid JSON"},
		{"skipped with a value", `{"day": 45, "predictions": {"P1": {"value": 3, "skipped": true}}}`, "both skipped and answered"},
		{"scored, never revealed", `{"day": 45, "predictions": {"P1": {"value": 3, "scored": 3}}}`, "never revealed"},
		{"unknown mark", `{"day": 45, "drills": {"D4": {"self_mark": "meh"}}}`, `"meh"`},
		{"negative TODOs", `{"day": 45, "todos_passed": -1}`, "todos_passed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fixClock(t, noon)
			dir := t.TempDir()
			path := Path(dir, 45)
			if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			a, err := Load(dir, 45)
			var ce *CorruptError
			if !errors.As(err, &ce) {
				t.Fatalf("Load = %v, want a *CorruptError", err)
			}
			kept := path + ".corrupt-20250304-120506"
			if ce.Path != path || ce.KeptAs != kept || !strings.Contains(ce.Problem, tt.problem) {
				t.Errorf("got %+v, want path %s kept as %s problem ~%q", ce, path, kept, tt.problem)
			}
			for _, w := range []string{path, kept, tt.problem} {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("message %q does not name %q", err, w)
				}
			}
			b, rerr := os.ReadFile(kept)
			if rerr != nil || string(b) != tt.content {
				t.Errorf("kept file: %q, %v; want the original bytes %q", b, rerr, tt.content)
			}
			if _, serr := os.Stat(path); !errors.Is(serr, os.ErrNotExist) {
				t.Errorf("bad file still at %s: %v", path, serr)
			}
			if a.Day != 45 || len(a.Predictions) != 0 || a.TODOsPassed != 0 {
				t.Errorf("answers after a bad file: %+v, want empty day 45", a)
			}
			a.Set("P1", 20)
			if err := Save(dir, a); err != nil {
				t.Errorf("saving after a bad file: %v", err)
			}
		})
	}
}

// A file that cannot even be read (here, a directory in its place) is moved
// aside too, so the next save can succeed.
func TestLoadUnreadable(t *testing.T) {
	fixClock(t, noon)
	dir := t.TempDir()
	path := Path(dir, 45)
	if err := os.MkdirAll(filepath.Join(path, "inside"), 0o755); err != nil {
		t.Fatal(err)
	}
	a, err := Load(dir, 45)
	var ce *CorruptError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "could not be read") || !strings.Contains(err.Error(), path) {
		t.Fatalf("Load = %v, want a *CorruptError saying the file could not be read", err)
	}
	if st, serr := os.Stat(filepath.Join(ce.KeptAs, "inside")); serr != nil || !st.IsDir() {
		t.Errorf("not kept whole at %q: %v", ce.KeptAs, serr)
	}
	a.Set("P1", 20)
	if err := Save(dir, a); err != nil {
		t.Errorf("save after an unreadable file: %v", err)
	}
}

// A second bad file in the same second must not overwrite the first.
func TestKeptAsideNeverOverwrites(t *testing.T) {
	fixClock(t, noon)
	dir := t.TempDir()
	path := Path(dir, 45)
	var kept []string
	for i := range 3 {
		content := fmt.Sprintf("broken %d", i)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(dir, 45)
		var ce *CorruptError
		if !errors.As(err, &ce) {
			t.Fatalf("load %d: %v", i, err)
		}
		kept = append(kept, ce.KeptAs)
		if b, _ := os.ReadFile(ce.KeptAs); string(b) != content {
			t.Errorf("%s holds %q, want %q", ce.KeptAs, b, content)
		}
	}
	base := path + ".corrupt-20250304-120506"
	if want := []string{base, base + "-2", base + "-3"}; !reflect.DeepEqual(kept, want) {
		t.Errorf("kept as %v, want %v", kept, want)
	}
	for i, k := range kept {
		if b, _ := os.ReadFile(k); string(b) != fmt.Sprintf("broken %d", i) {
			t.Errorf("%s now holds %q: overwritten", k, b)
		}
	}
}

func TestSaveRefuses(t *testing.T) {
	dir := t.TempDir()
	if err := Save(dir, Answers{}); err == nil {
		t.Error("saved answers with no day")
	}
	a := New(45)
	a.Set("P1", -1)
	if err := Save(dir, a); err == nil || !strings.Contains(err.Error(), "P1") {
		t.Errorf("saved a negative guess: %v", err)
	}
	if _, err := os.Stat(Path(dir, 45)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused save left a file: %v", err)
	}
}

// JSON has no NaN; a run that produced one must not stop the learner's
// answers from being saved.
func TestSaveDropsNonFiniteMetrics(t *testing.T) {
	dir := t.TempDir()
	a := New(45)
	zero := 0.0
	a.LastRun = labs.Metrics{"burst": 20, "rate": zero / zero}
	if err := Save(dir, a); err != nil {
		t.Fatal(err)
	}
	got, err := Load(dir, 45)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.LastRun, labs.Metrics{"burst": 20}) {
		t.Errorf("LastRun = %v", got.LastRun)
	}
	if len(a.LastRun) != 2 {
		t.Errorf("Save changed the caller's metrics: %v", a.LastRun)
	}
}

// Writers racing each other and a reader watching: the reader must only
// ever see a complete file, and the last file standing must load.
func TestConcurrentSaves(t *testing.T) {
	dir := t.TempDir()
	const writers, rounds = 8, 40
	var wg sync.WaitGroup
	stop := make(chan struct{})
	readerDone := make(chan error, 1)
	go func() {
		for {
			select {
			case <-stop:
				readerDone <- nil
				return
			default:
			}
			if _, err := Load(dir, 45); err != nil {
				readerDone <- err
				return
			}
		}
	}()
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				a := New(45)
				a.TODOsPassed = w
				// Sizes differ between writers so torn writes would show.
				a.LastRun = labs.Metrics{}
				for i := range w * 20 {
					a.LastRun[fmt.Sprintf("m%03d", i)] = float64(r)
				}
				if err := Save(dir, a); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	if err := <-readerDone; err != nil {
		t.Fatalf("a reader saw a broken file during saves: %v", err)
	}
	a, err := Load(dir, 45)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.LastRun) != a.TODOsPassed*20 {
		t.Errorf("file mixes writers: %d metrics from writer %d", len(a.LastRun), a.TODOsPassed)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("left behind: %v", names)
	}
}

func TestLabState(t *testing.T) {
	fixClock(t, noon)
	dir := filepath.Join(t.TempDir(), "p")
	s, err := LoadLab(dir)
	if err != nil || s.LastDay != 0 {
		t.Fatalf("missing lab.json: %+v, %v", s, err)
	}
	if err := SaveLab(dir, LabState{LastDay: 45}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "lab.json"))
	if string(b) != "{\n  \"last_day\": 45\n}\n" {
		t.Errorf("lab.json = %q", b)
	}
	if s, err = LoadLab(dir); err != nil || s.LastDay != 45 {
		t.Errorf("LoadLab = %+v, %v", s, err)
	}
	if err := SaveLab(dir, LabState{LastDay: -1}); err == nil {
		t.Error("saved a negative day")
	}
	os.WriteFile(filepath.Join(dir, "lab.json"), []byte("{"), 0o644)
	s, err = LoadLab(dir)
	var ce *CorruptError
	if !errors.As(err, &ce) || s.LastDay != 0 || !strings.HasSuffix(ce.KeptAs, "lab.json.corrupt-20250304-120506") {
		t.Errorf("corrupt lab.json: %+v, %v", s, err)
	}
}
