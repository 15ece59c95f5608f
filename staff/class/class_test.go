package class

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/registry/full"
	"termlab/runner/gate"
	"termlab/runner/worker"
)

func day45(t *testing.T) labs.Day {
	t.Helper()
	d, err := full.Days.Find(45)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func write(t *testing.T, path, text string) {
	t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const okFile = "//go:build termlab\n\npackage day45\n\nimport \"time\"\n\nfunc WindowID(now, w time.Duration) int64 { return int64(now / w) }\n"

func TestCollect(t *testing.T) {
	day := day45(t)
	dir := t.TempDir()
	write(t, filepath.Join(dir, "ann.go"), okFile)
	write(t, filepath.Join(dir, "ben", "todo.go"), okFile)
	write(t, filepath.Join(dir, "ben", "helper.go"), "//go:build termlab\n\npackage day45\n")
	write(t, filepath.Join(dir, "ben", "notdone.go"), "package day45\n\nvar notDone = 1 // tampered: the shipped one is used\n")
	write(t, filepath.Join(dir, "ben", "todo_test.go"), "package day45\n")
	write(t, filepath.Join(dir, "cat", "labs", "day45", "todo.go"), okFile)
	write(t, filepath.Join(dir, "dan", "README"), "nothing here")
	write(t, filepath.Join(dir, "eli.go"), strings.Replace(okFile, `import "time"`, "import (\n\t\"time\"\n\t_ \"termlab/solutions/day45\"\n)", 1))
	write(t, filepath.Join(dir, "fay.go"), strings.Replace(okFile, `import "time"`, "import (\n\t\"time\"\n\t_ \"unsafe\"\n)", 1))
	write(t, filepath.Join(dir, "gus.go"), strings.Replace(okFile, `import "time"`, "import (\n\t\"time\"\n\t_ \"github.com/x/y\"\n)", 1))
	for who, imp := range map[string]string{"kit": "os", "lou": "os/exec", "mo": "syscall", "ned": "net/http", "oz": "io/ioutil"} {
		write(t, filepath.Join(dir, who+".go"), strings.Replace(okFile, `import "time"`, "import (\n\t\"time\"\n\t_ \""+imp+"\"\n)", 1))
	}
	write(t, filepath.Join(dir, "pat.go"), strings.Replace(okFile, `import "time"`, "import (\n\t\"time\"\n\t_ \"math/bits\"\n)", 1))
	write(t, filepath.Join(dir, "hal.go"), okFile+"//"+strings.Repeat("x", maxFile))
	write(t, filepath.Join(dir, "nil.go"), "\n \n")
	write(t, filepath.Join(dir, "notes.txt"), "not a submission")
	write(t, filepath.Join(dir, ".hidden.go"), okFile)
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "ivy.go")); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "jo", "todo.go"), okFile)
	os.Remove(filepath.Join(dir, "jo", "todo.go"))
	os.Symlink("/etc/hostname", filepath.Join(dir, "jo", "todo.go"))

	subs, err := Collect(dir, day)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		files   string
		refused string
	}{
		"ann":       {"todo.go", ""},
		"ben":       {"helper.go todo.go", ""},
		"cat":       {"todo.go", ""},
		"dan":       {"", "no todo.go"},
		"eli":       {"todo.go", `imports "termlab/solutions/day45"`},
		"fay":       {"todo.go", `imports "unsafe"`},
		"gus":       {"todo.go", `imports "github.com/x/y"`},
		"hal":       {"", "kB at most"},
		"nil":       {"", "todo.go is empty: nothing to grade"},
		"kit":       {"todo.go", `todo.go:7 imports "os": not on Day 45's allow-list (its Imports, in labs/day45/course); a debug print left in?`},
		"lou":       {"todo.go", `imports "os/exec"`},
		"mo":        {"todo.go", `imports "syscall"`},
		"ned":       {"todo.go", `imports "net/http"`},
		"oz":        {"todo.go", `imports "io/ioutil"`},
		"pat":       {"todo.go", ""}, // on the day's list
		"notes.txt": {"", "neither a .go file nor a folder"},
		"ivy":       {"", "a symbolic link"},
		"jo":        {"", "not a regular file"},
	}
	if len(subs) != len(want) {
		t.Errorf("%d submissions, want %d", len(subs), len(want))
	}
	for _, s := range subs {
		w, ok := want[s.Who]
		if !ok {
			t.Errorf("unexpected submission %q", s.Who)
			continue
		}
		var names []string
		for n := range s.Files {
			names = append(names, n)
		}
		if w.files != "" && strings.Join(sorted(names), " ") != w.files {
			t.Errorf("%s: files %v, want %s", s.Who, names, w.files)
		}
		if (w.refused == "") != (s.Refused == "") || !strings.Contains(s.Refused, w.refused) {
			t.Errorf("%s: refused %q, want %q", s.Who, s.Refused, w.refused)
		}
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestDigestIsTheContent(t *testing.T) {
	a := Submission{Who: "a", Files: map[string][]byte{"todo.go": []byte("x"), "b.go": []byte("y")}}
	b := Submission{Who: "b", Files: map[string][]byte{"b.go": []byte("y"), "todo.go": []byte("x")}}
	c := Submission{Who: "a", Files: map[string][]byte{"todo.go": []byte("x"), "b.go": []byte("z")}}
	d := Submission{Who: "a", Files: map[string][]byte{"todo.gob": []byte(".go"), "b.go": []byte("y")}}
	if a.Digest() != b.Digest() {
		t.Error("the same files under another name digest differently")
	}
	if a.Digest() == c.Digest() || a.Digest() == d.Digest() {
		t.Error("different files digest the same")
	}
}

func TestVersionChangesWithTheLab(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.go"), "package a")
	v1, _ := Version(dir)
	write(t, filepath.Join(dir, "a.go"), "package a // edited")
	v2, _ := Version(dir)
	t.Setenv(worker.LimitEnv, "300ms")
	v3, _ := Version(dir)
	if v1 == v2 || v2 == v3 {
		t.Errorf("versions %s %s %s: an edit or a bound must change it", v1[:8], v2[:8], v3[:8])
	}
}

// The generated classes: every variant that stands alone becomes a
// learner's todo.go that type-checks, correct and wrong ones both.
func TestGeneratedClasses(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks a hundred generated files")
	}
	root, err := worker.FindRoot(".", "termlab")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		day      int
		variants string
		minGood  int
	}{{45, "labs/day45/course/grade/variants_test.go", 40}, {46, "labs/day46/course/grade/variants_test.go", 20}} {
		day, err := full.Days.Find(tc.day)
		if err != nil {
			t.Fatal(err)
		}
		files, err := generateClass(root, day, tc.variants, 40)
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]int{}
		seen := map[string]bool{}
		for _, f := range files {
			kinds[strings.SplitN(f.kind, "/", 2)[0]]++
			if seen[f.src] {
				t.Errorf("two submissions are the same file")
			}
			seen[f.src] = true
		}
		// Day 46's suite has only correct variants, and testdata/broken
		// is Day 45's.
		want := map[string]int{"correct": 40}
		if tc.day == 45 {
			want = map[string]int{"correct": 20, "wrong": 14, "broken": 6}
		}
		for k, n := range want {
			if kinds[k] != n {
				t.Errorf("day %d: %v, want %v", tc.day, kinds, want)
				break
			}
		}
		vs, _, _, _ := readVariants(filepath.Join(root, tc.variants))
		if len(vs) < tc.minGood {
			t.Errorf("day %d: %d variants read", tc.day, len(vs))
		}
	}
}

// Every variant of both suites stands alone as a learner's file.
func TestEveryVariantGenerates(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks a hundred generated files")
	}
	root, _ := worker.FindRoot(".", "termlab")
	for _, c := range []struct {
		d int
		p string
	}{{45, "labs/day45/course/grade/variants_test.go"}, {46, "labs/day46/course/grade/variants_test.go"}} {
		day, _ := full.Days.Find(c.d)
		vs, helpers, imports, err := readVariants(filepath.Join(root, c.p))
		if err != nil || len(vs) == 0 {
			t.Fatalf("day %d: %d variants, %v", c.d, len(vs), err)
		}
		base := map[int]variantSource{}
		for _, v := range vs {
			if _, ok := base[v.todo]; !ok && v.correct {
				base[v.todo] = v
			}
		}
		for _, v := range vs {
			src, err := generate(day, v, base, helpers, imports)
			if err != nil {
				t.Errorf("day %d %q: %v", c.d, v.name, err)
				continue
			}
			// A learner's file, right or wrong, written with what the
			// day's TODOs need, is never refused by the import gate.
			if err := gate.Files(day, map[string][]byte{"todo.go": []byte(src)}); err != nil {
				t.Errorf("day %d %q: the gate refuses it: %v", c.d, v.name, err)
			}
		}
	}
}

// The pool, the progress and the cache, on submissions refused before
// any build (so no worker is needed): every result lands once, in the
// order given, and a second run takes them all from the cache.
func TestRunPoolAndCache(t *testing.T) {
	root, err := worker.FindRoot(".", "termlab")
	if err != nil {
		t.Fatal(err)
	}
	day := day45(t)
	var subs []Submission
	for i := range 12 {
		subs = append(subs, Submission{Who: string(rune('a' + i)), Files: map[string][]byte{"todo.go": []byte{byte(i)}}, Refused: "a test's refusal"})
	}
	g := Grader{Root: root, Day: day, Course: full.Days, Jobs: 3, CacheDir: t.TempDir(), Total: 100}
	for round, wantCached := range []bool{false, true} {
		seen := map[string]int{}
		last := 0
		g.Progress = func(done, total int, r Result) {
			seen[r.Who]++
			if done != last+1 || total != len(subs) {
				t.Errorf("progress %d/%d after %d", done, total, last)
			}
			last = done
		}
		results, err := g.Run(context.Background(), subs)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range results {
			if r.Who != subs[i].Who || r.Status != Refused || r.Cached != wantCached || r.Max != 100 || r.Points != 0 || seen[r.Who] != 1 {
				t.Errorf("round %d: %+v (heard %d times)", round, r, seen[r.Who])
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Run(ctx, subs); err == nil {
		t.Error("a cancelled run returned results")
	}
}
