package tracked

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"termlab/labs/registry/full"
)

func TestDistinctive(t *testing.T) {
	for _, tt := range []struct {
		f    string
		want bool
	}{
		{"2049.9", true}, {"2,049.9", true}, {"61.7", true}, {"2.84", true}, {"357", true}, {"12.5", true},
		{"60", false}, {"100", false}, {"1,000", false}, {"60.0", false}, {"3.7", false}, {"0.04", false},
		{"0.125", true}, {"5.80", false}, {"-12.3", true}, {"1010", false},
	} {
		if got := distinctive(tt.f); got != tt.want {
			t.Errorf("distinctive(%q) = %v, want %v", tt.f, got, tt.want)
		}
	}
}

func TestFigureAt(t *testing.T) {
	for _, tt := range []struct {
		text, f string
		want    int
	}{
		{"p99 2049.9 ms", "2049.9", 1},
		{"took 12.3ms", "12.3", 1},
		{"12049.9", "2049.9", 0},
		{"2049.95", "2049.9", 0},
		{"v2049.9", "2049.9", 0},
		{"sha 3579f0", "357", 0},
		{"x_357", "357", 0},
		{"1,357", "357", 0},
		{"357, 246 and 357.", "357", 2},
	} {
		if got := len(figureAt(tt.text, tt.f)); got != tt.want {
			t.Errorf("figureAt(%q, %q) = %d, want %d", tt.text, tt.f, got, tt.want)
		}
	}
}

// TestScanFindsPlantedAnswers: the scan flags a file built from the real
// answers as a dump would write them, and one answer beside its name, and
// lets the same figures pass one at a time with no name beside them, so
// the repository's test above can fail.
func TestScanFindsPlantedAnswers(t *testing.T) {
	all := answers(t)
	byDay := map[int][]answer{}
	for _, a := range all {
		if len(a.Forms) > 0 {
			byDay[a.Day] = append(byDay[a.Day], a)
		}
	}
	for day, as := range byDay {
		if len(as) < several {
			t.Fatalf("day %d has %d distinctive answers, fewer than a list of %d", day, len(as), several)
		}
	}
	d := byDay[46]
	var golden, dump, oneEach strings.Builder
	for i, a := range d[:several] {
		fmt.Fprintf(&golden, "block %d: %s\n", i, strings.Repeat("x", 200)+" "+fmt.Sprintf("%.2f", a.Value))
		fmt.Fprintf(&dump, "%s\t%g\n", strings.Repeat("y", 100), a.Value)
	}
	fmt.Fprintf(&oneEach, "the unloaded p99 was %s ms\n", d[0].Forms[0])
	files := map[string]string{
		"labs/day46/course/grade/figures.golden": golden.String(),
		"docs/dump.txt":                          dump.String(),
		"README.md":                              "Spot on: " + d[1].ID + " came to " + d[1].Forms[len(d[1].Forms)-1] + ".\n",
		"BENCH.md":                               "`" + d[2].Metric + "` = " + fmt.Sprintf("%.1f", d[2].Value) + "\n",
		"notes.md":                               oneEach.String(),
	}
	got := map[string]string{}
	for _, f := range scan(files, all, nil) {
		got[f.Path] = f.Why
	}
	for _, path := range []string{"labs/day46/course/grade/figures.golden", "docs/dump.txt", "README.md", "BENCH.md"} {
		if got[path] == "" {
			t.Errorf("%s was not flagged:\n%s", path, files[path])
		}
	}
	if why, ok := got["notes.md"]; ok {
		t.Errorf("notes.md, one answer with no name beside it, was flagged: %s", why)
	}
	// An allowance lets that file and answer through, and no other.
	allow := []allowance{{"README.md", 46, d[1].ID, "test"}}
	if slices.ContainsFunc(scan(files, all, allow), func(f finding) bool { return f.Path == "README.md" }) {
		t.Error("README.md was flagged for an allowed answer")
	}
	if !slices.ContainsFunc(scan(files, all, allow), func(f finding) bool { return f.Path == "BENCH.md" }) {
		t.Error("an allowance for README.md let BENCH.md through")
	}
}

func TestLearners(t *testing.T) {
	for _, p := range []string{"predictions/day46.json", "RESULTS.md", "labs/day46/todo.go", "labs/day45/mine.go", "labs/day46/.kept/todo.go.1"} {
		if !learners(p) {
			t.Errorf("learners(%q) = false, want true", p)
		}
	}
	for _, p := range []string{"labs/day46/notdone.go", "labs/day46/CONTRACT.md", "labs/day46/course/day.go", "labs/day46/course/REFERENCE.md", "README.md"} {
		if learners(p) {
			t.Errorf("learners(%q) = true, want false", p)
		}
	}
}

// TestASpoilerFileIsNoException: a day's REFERENCE.md written as it once
// was, each answer beside its metric under a first line that calls it
// spoilers, is flagged by what the repository's test runs (held), for each
// day with answers a file can be caught holding (distinctive: a new day's
// skeleton has none), with every day's own REFERENCE.md, which states no
// figure, passing beside it.
func TestASpoilerFileIsNoException(t *testing.T) {
	all := answers(t)
	files := map[string]string{}
	for _, day := range full.Days {
		path := fmt.Sprintf("labs/day%d/course/REFERENCE.md", day.Number)
		text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path)))
		if err != nil {
			t.Fatal(err)
		}
		files["own/"+path] = string(text)
		var b strings.Builder
		fmt.Fprintf(&b, "# Day %d — reference figures (spoilers: authors only)\n\n| metric | reference | part | needs |\n|---|---|---|---|\n", day.Number)
		planted := false
		for _, a := range all {
			if a.Day == day.Number && len(a.Forms) > 0 {
				fmt.Fprintf(&b, "| `%s` | %s | 1 | – |\n", a.Metric, a.Forms[0])
				planted = true
			}
		}
		if planted {
			files[path] = b.String()
		}
	}
	if len(files) < 2+len(full.Days) {
		t.Fatalf("a spoiler file planted for %d of %d days: Days 45 and 46 have distinctive answers", len(files)-len(full.Days), len(full.Days))
	}
	flagged := map[string]bool{}
	for _, f := range held(maps.Clone(files), all) {
		flagged[f.Path] = true
	}
	for path, text := range files {
		if own := strings.HasPrefix(path, "own/"); flagged[path] == own {
			t.Errorf("%s flagged: %v, want %v:\n%s", path, flagged[path], !own, text)
		}
	}
}
