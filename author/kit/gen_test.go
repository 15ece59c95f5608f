package kit

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The module's registration files are what the generator writes from the
// day folders on disk: a day added without `go generate` fails here.
func TestRegistrationIsFresh(t *testing.T) {
	stale, err := Stale(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Fatalf("stale: %v; run go generate (go run ./author/gendays)", stale)
	}
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for path, text := range files {
		full := filepath.Join(root, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestScan(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		want    []Day
		wantErr string
	}{
		{"a struct in course", map[string]string{
			"labs/day7/course/c.go":       "package course\ntype Funcs struct{ A func() int; B, C func(int) }\n",
			"labs/day7/course/words/w.go": "package words\n",
			"solutions/day7/s.go":         "package day7\n",
		}, []Day{{Number: 7, Funcs: []string{"A", "B", "C"}}}, ""},
		{"an alias into a sub-package, and days in number order", map[string]string{
			"labs/day12/course/c.go":       "package course\nimport \"termlab/labs/day12/course/core\"\ntype Funcs = core.Funcs\n",
			"labs/day12/course/words/w.go": "package words\n",
			"labs/day12/course/core/f.go":  "package core\ntype Funcs struct{ X func() }\n",
			"labs/day9/course/c.go":        "package course\nimport x \"termlab/labs/day9/course/inner\"\ntype Funcs = x.F\n",
			"labs/day9/course/words/w.go":  "package words\n",
			"labs/day9/course/inner/f.go":  "package inner\ntype F struct{ Y func() }\n",
			"labs/day9/course/c_test.go":   "package course\ntype Funcs struct{ Wrong func() }\n",
			"solutions/day12/s.go":         "", "solutions/day9/s.go": "",
		}, []Day{{Number: 9, Funcs: []string{"Y"}}, {Number: 12, Funcs: []string{"X"}}}, ""},
		{"folders that are not days are ignored", map[string]string{
			"labs/day3/course/c.go":       "package course\ntype Funcs struct{ A func() }\n",
			"labs/day3/course/words/w.go": "package words\n",
			"labs/dayx/course/c.go":       "package course\n",
			"labs/day4/todo.go":           "package day4\n", // no course: not a day yet
			"solutions/day3/s.go":         "",
		}, []Day{{Number: 3, Funcs: []string{"A"}}}, ""},
		{"a day without its words", map[string]string{
			"labs/day5/course/c.go": "package course\ntype Funcs struct{ A func() }\n", "solutions/day5/s.go": "",
		}, nil, "no words package"},
		{"a day without its reference", map[string]string{
			"labs/day5/course/c.go":       "package course\ntype Funcs struct{ A func() }\n",
			"labs/day5/course/words/w.go": "package words\n",
		}, nil, "solutions/day5 is missing"},
		{"no Funcs", map[string]string{
			"labs/day5/course/c.go": "package course\n", "solutions/day5/s.go": "",
			"labs/day5/course/words/w.go": "package words\n",
		}, nil, "no type Funcs"},
		{"an embedded field", map[string]string{
			"labs/day5/course/c.go": "package course\ntype Funcs struct{ Other }\n", "solutions/day5/s.go": "",
			"labs/day5/course/words/w.go": "package words\n",
		}, nil, "embeds"},
		{"an unexported field", map[string]string{
			"labs/day5/course/c.go": "package course\ntype Funcs struct{ a func() }\n", "solutions/day5/s.go": "",
			"labs/day5/course/words/w.go": "package words\n",
		}, nil, "not exported"},
		{"not a struct", map[string]string{
			"labs/day5/course/c.go": "package course\ntype Funcs []func()\n", "solutions/day5/s.go": "",
			"labs/day5/course/words/w.go": "package words\n",
		}, nil, "not a struct"},
		{"the packages only the full worker links", map[string]string{
			"labs/day5/course/c.go":       "package course\ntype Funcs struct{ A func() }\nvar FullWorker = []string{\"door\", \"fleet\"}\n",
			"labs/day5/course/words/w.go": "package words\n",
			"labs/day5/course/door/d.go":  "package door\n", "labs/day5/course/fleet/f.go": "package fleet\n",
			"solutions/day5/s.go": "",
		}, []Day{{Number: 5, Funcs: []string{"A"}, Full: []string{"door", "fleet"}}}, ""},
		{"a full-worker package that is not there", map[string]string{
			"labs/day5/course/c.go":       "package course\ntype Funcs struct{ A func() }\nvar FullWorker = []string{\"door\"}\n",
			"labs/day5/course/words/w.go": "package words\n",
			"solutions/day5/s.go":         "",
		}, nil, "not a folder under it"},
		{"a full-worker list that is not literal names", map[string]string{
			"labs/day5/course/c.go":       "package course\ntype Funcs struct{ A func() }\nvar FullWorker = names()\n",
			"labs/day5/course/words/w.go": "package words\n",
			"solutions/day5/s.go":         "",
		}, nil, "list of folder names"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			writeFiles(t, root, tt.files)
			got, err := Scan(root)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.EqualFunc(got, tt.want, func(a, b Day) bool {
				return a.Number == b.Number && slices.Equal(a.Funcs, b.Funcs) && slices.Equal(a.Full, b.Full)
			}) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// Adding a day on disk makes the written files stale until Write runs, and
// the link files import the learner's package under the termlab tag only.
func TestWriteThenFresh(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"labs/day1/course/c.go":       "package course\ntype Funcs struct{ Add func(a, b int) int }\n",
		"labs/day1/course/words/w.go": "package words\n",
		"solutions/day1/s.go":         "",
	})
	if stale, _ := Stale(root); len(stale) != 4 {
		t.Fatalf("before Write: stale %v, want all four (both registries, both link files)", stale)
	}
	if err := Write(root); err != nil {
		t.Fatal(err)
	}
	if stale, err := Stale(root); err != nil || len(stale) != 0 {
		t.Fatalf("after Write: stale %v, %v", stale, err)
	}
	link, _ := os.ReadFile(filepath.Join(root, LeanLink(1)))
	for _, want := range []string{"//go:build termlab && (termlab_day1 || !termlab_oneday)\n", `learner1 "termlab/labs/day1"`, "Add: learner1.Add,", "day1.UseLearner(linked1)"} {
		if !strings.Contains(string(link), want) {
			t.Errorf("link.go lacks %q:\n%s", want, link)
		}
	}
	writeFiles(t, root, map[string]string{
		"labs/day2/course/c.go":       "package course\ntype Funcs struct{ Sub func(a, b int) int }\n",
		"labs/day2/course/words/w.go": "package words\n",
		"solutions/day2/s.go":         "",
	})
	if stale, _ := Stale(root); len(stale) != 4 {
		t.Fatalf("a new day: stale %v, want both registries and the day's two link files", stale)
	}
	// A day taken out leaves its link files behind until Write removes them.
	os.RemoveAll(filepath.Join(root, "labs/day1"))
	os.RemoveAll(filepath.Join(root, "solutions/day1"))
	if err := Write(root); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, LeanLink(1))); err == nil {
		t.Error("Write kept the link file of a day taken out")
	}
	if stale, err := Stale(root); err != nil || len(stale) != 0 {
		t.Fatalf("after the day went: stale %v, %v", stale, err)
	}
}
