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
	a.Set("P2", 10.5)
	yes := true
	a.SetDrill("D1", DrillAnswer{Answers: []string{"500", "100"}, Attempted: true, Correct: &yes})
	a.SetDrill("D4", DrillAnswer{Answers: []string{"send 429 and Retry-After"}, Attempted: true, Mark: MarkPartly})
	a.LastRun = labs.Metrics{"burst": 20, "rate": 631.0 / 60}
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
	if err := put(dir, a); err != nil {
		t.Fatal(err)
	}
	got, err := Load(dir, 45)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, a) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, a)
	}
	if _, err := os.Stat(filepath.Join(dir, "day45.json")); err != nil {
		t.Errorf("file not at day45.json: %v", err)
	}
	if Path(dir, 45) != filepath.Join(dir, "day45.json") {
		t.Errorf("Path = %s", Path(dir, 45))
	}
	// Nothing else is left behind but the (hidden, git-ignored) lock and
	// the reveals (reveals.go; the answers saved hold one).
	if names := dirNames(t, dir); !reflect.DeepEqual(names, []string{".day45.lock", "day45.json", "day45.reveals.jsonl"}) {
		t.Errorf("dir holds %v, want just the answers file, its reveals and its lock", names)
	}
}

// The file is for people too: indented, newline-terminated, keys in a
// stable order so saving the same answers twice writes the same bytes,
// at any time: the file is tracked by git, and no stamp of the save
// changes it when nothing else did.
func TestSaveIsStableAndReadable(t *testing.T) {
	dir := t.TempDir()
	var first []byte
	for i := range 3 {
		fixClock(t, noon.Add(time.Duration(i)*time.Hour))
		if err := put(dir, sample()); err != nil {
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
	if strings.Contains(s, "updated_at") || strings.Contains(s, "2025") {
		t.Errorf("the file holds a time of its save:\n%s", s)
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
			if err := put(dir, a); err != nil {
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
	if err := put(dir, a); err != nil {
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
	if err := put(dir, Answers{}); err == nil {
		t.Error("saved answers with no day")
	}
	a := New(45)
	a.Set("P1", -1)
	if err := put(dir, a); err == nil || !strings.Contains(err.Error(), "P1") {
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
	if err := put(dir, a); err != nil {
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
		t.Errorf("saving changed the caller's metrics: %v", a.LastRun)
	}
}

// Writers racing each other and a reader watching: the reader must only
// ever see a complete file, and the last file standing must load.
func TestConcurrentSaves(t *testing.T) {
	dir := t.TempDir()
	const writers, rounds = 8, 10
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
				if err := put(dir, a); err != nil {
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
	if names := dirNames(t, dir); !reflect.DeepEqual(names, []string{".day45.lock", "day45.json"}) {
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

// put replaces the day's answers with a, through Update: how a test seeds
// a file.
func put(dir string, a Answers) error {
	_, err := Update(dir, a.Day, func(x *Answers) error { *x = a; return nil })
	return err
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// Writers that each change their own entry, all at once, lose nothing:
// every guess and every drill answer of every writer is in the file.
func TestUpdateMergesConcurrentWriters(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "predictions")
	const writers, rounds = 6, 20
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for r := range rounds {
				_, err := Update(dir, 45, func(a *Answers) error {
					a.Set(fmt.Sprintf("P%d", w), float64(r))
					a.SetDrill(fmt.Sprintf("D%d-%d", w, r), DrillAnswer{Attempted: true})
					return nil
				})
				if err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	a, err := Load(dir, 45)
	if err != nil {
		t.Fatal(err)
	}
	for w := range writers {
		if v, ok := a.Value(fmt.Sprintf("P%d", w)); !ok || v != rounds-1 {
			t.Errorf("P%d = %v, %v; want %d, the writer's last", w, v, ok, rounds-1)
		}
	}
	if len(a.Drills) != writers*rounds {
		t.Errorf("%d drill answers saved, want %d", len(a.Drills), writers*rounds)
	}
}

// The no-hindsight rule holds across writers: a guess changed by one
// writer after another recorded the reveal is revised, and the guess on
// record at the reveal is the one judged.
func TestUpdateKeepsTheGuessOnRecordAcrossWriters(t *testing.T) {
	dir := t.TempDir()
	steps := []func(*Answers){
		func(a *Answers) { a.Set("P1", 20) },                                // the screens
		func(a *Answers) { a.Reveal("P1") },                                 // a run from the shell
		func(a *Answers) { a.Set("P1", 200) },                               // the screens, answer in view
		func(a *Answers) { a.Reveal("P1") },                                 // a second run: changes nothing
		func(a *Answers) { a.SetDrill("D1", DrillAnswer{Attempted: true}) }, // unrelated
	}
	for _, step := range steps {
		if _, err := Update(dir, 45, func(a *Answers) error { step(a); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	a, err := Load(dir, 45)
	if err != nil {
		t.Fatal(err)
	}
	g := a.Predictions["P1"]
	if !same(g.Scored, ptr(20)) || !same(g.Value, ptr(200)) || !g.Revised || !g.Revealed {
		t.Errorf("P1 = value %v scored %v revised %v; want 200 judged as 20, revised", show(g.Value), show(g.Scored), g.Revised)
	}
}

// What Update refuses leaves the file byte for byte as it was.
func TestUpdateRefusesAndWritesNothing(t *testing.T) {
	type setup func(t *testing.T, dir string) // dir is root/predictions
	cases := []struct {
		name  string
		setup setup
		says  string
	}{
		{"the change fails", func(*testing.T, string) {}, "no thanks"},
		{"read-only file", func(t *testing.T, dir string) {
			if err := os.Chmod(Path(dir, 45), 0o444); err != nil {
				t.Fatal(err)
			}
		}, "read-only"},
		{"file linked outside the repository", func(t *testing.T, dir string) {
			outside := filepath.Join(t.TempDir(), "elsewhere.json")
			if err := os.Rename(Path(dir, 45), outside); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, Path(dir, 45)); err != nil {
				t.Skip(err)
			}
		}, "outside the repository"},
		{"folder linked outside the repository", func(t *testing.T, dir string) {
			outside := t.TempDir()
			if err := os.Rename(Path(dir, 45), filepath.Join(outside, "day45.json")); err != nil {
				t.Fatal(err)
			}
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, dir); err != nil {
				t.Skip(err)
			}
		}, "outside the repository"},
		{"a file where the folder should be", func(t *testing.T, dir string) {
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(dir, []byte("not a folder"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "not a directory"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(root, "predictions")
			first := New(45)
			first.Set("P1", 20)
			if err := put(dir, first); err != nil {
				t.Fatal(err)
			}
			c.setup(t, dir)
			before, _ := os.ReadFile(Path(dir, 45))
			_, err = Update(dir, 45, func(a *Answers) error {
				a.Set("P1", 30)
				if c.name == "the change fails" {
					return errors.New("no thanks")
				}
				return nil
			})
			if err == nil || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("Update = %v, want an error saying %q", err, c.says)
			}
			if after, _ := os.ReadFile(Path(dir, 45)); string(after) != string(before) {
				t.Errorf("the file changed:\n%s", after)
			}
		})
	}
}

// A damaged file found under the lock is kept aside, the save is made on
// empty answers, and the *CorruptError comes back with them.
func TestUpdateOverADamagedFile(t *testing.T) {
	fixClock(t, noon)
	dir := t.TempDir()
	if err := os.WriteFile(Path(dir, 45), []byte("{broken"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := Update(dir, 45, func(a *Answers) error { a.Set("P1", 20); return nil })
	var ce *CorruptError
	if !errors.As(err, &ce) || ce.KeptAs == "" {
		t.Fatalf("Update = %v, want a *CorruptError with the file kept", err)
	}
	if v, ok := a.Value("P1"); !ok || v != 20 {
		t.Errorf("returned answers %+v, want P1 = 20", a)
	}
	saved, err := Load(dir, 45)
	if v, ok := saved.Value("P1"); err != nil || !ok || v != 20 {
		t.Errorf("saved P1 = %v %v (%v), want 20", v, ok, err)
	}
}
