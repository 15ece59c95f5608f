package kit

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/registry/full"
	"termlab/record/predictions"
)

func TestReadReference(t *testing.T) {
	good := "# Day 9\n\nprose | with a bar\n\n| metric | part | needs | pin |\n|---|---|---|---|\n" +
		"| `a`, `b` (one deal) | 1 | – | 0badf00d |\n| `c` | 2 | 1, 4 | 12345678 |\n\n" +
		"| id | metric | unit |\n|---|---|---|\n| P1 | `a` | /s |\n"
	ref, err := ReadReference(good)
	if err != nil {
		t.Fatal(err)
	}
	want := Reference{
		Rows:        []RefRow{{Metrics: []string{"a", "b"}, Part: "1", Pin: "0badf00d"}, {Metrics: []string{"c"}, Part: "2", Needs: []int{1, 4}, Pin: "12345678"}},
		Predictions: []RefPrediction{{"P1", "a", "/s"}},
	}
	if !slices.EqualFunc(ref.Rows, want.Rows, func(a, b RefRow) bool {
		return slices.Equal(a.Metrics, b.Metrics) && a.Part == b.Part && slices.Equal(a.Needs, b.Needs) && a.Pin == b.Pin
	}) || !slices.Equal(ref.Predictions, want.Predictions) {
		t.Errorf("ReadReference = %+v, want %+v", ref, want)
	}
	for _, bad := range []string{
		// A figure column: the file as it was, every answer in it.
		"| metric | reference | part | needs |\n|---|---|---|---|\n| `a` | 20 | 1 | 1 |\n",
		"| id | metric | reference | unit |\n|---|---|---|---|\n| P1 | `a` | 20 | /s |\n",
		"| metric | part | needs | pin |\n|---|---|---|---|\n| a | 1 | 1 | 0badf00d |\n",        // no backticks
		"| metric | part | needs | pin |\n|---|---|---|---|\n| `a` | 1 | one | 0badf00d |\n",    // needs
		"| metric | part | needs | pin |\n|---|---|---|---|\n| `a` | 1 | 1 | 0badf00d | 20 |\n", // a cell more
		"| metric | part | needs | pin |\n| `a` | 1 | 1 | 0badf00d |\n",                         // no |---|
		"| id | metric | unit |\n|---|---|---|\n| P1 | `a`, `b` | /s |\n",                       // two metrics
	} {
		if _, err := ReadReference(bad); err == nil {
			t.Errorf("ReadReference accepted:\n%s", bad)
		}
	}
}

func TestPin(t *testing.T) {
	m := labs.Metrics{"a": 20, "b": 10.316666666666666, "c": 21}
	p, ok := Pin(m, []string{"a", "b"})
	if !ok || len(p) != 8 {
		t.Fatalf("Pin = %q, %v", p, ok)
	}
	for _, other := range [][]string{{"b", "a"}, {"c", "b"}, {"a"}} {
		if q, _ := Pin(m, other); q == p {
			t.Errorf("Pin(%v) = Pin(a, b) = %s", other, p)
		}
	}
	if q, _ := Pin(labs.Metrics{"a": 20, "b": 10.3166666667}, []string{"a", "b"}); q != p {
		t.Error("the pin moved beyond ten significant digits")
	}
	if _, ok := Pin(m, []string{"a", "z"}); ok {
		t.Error("Pin of a metric the run lacks")
	}
}

// CheckReference finds each way a REFERENCE.md can be wrong, and nothing
// in a right one.
func TestCheckReference(t *testing.T) {
	day := labs.Day{Number: 9, Predictions: []labs.Prediction{{ID: "P1", Metric: "a", Unit: "/s"}}}
	m := labs.Metrics{"a": 20, "b": 3.25, "t_ns": 812}
	from := map[string]Needed{"a": {"1", []int{1}}, "b": {"1", []int{1}}, "c": {"1", nil}, "t_ns": {"2", nil}}
	pin, _ := Pin(m, []string{"a", "b"})
	right := Reference{Rows: []RefRow{{Metrics: []string{"a", "b"}, Part: "1", Needs: []int{1}, Pin: pin}}, Predictions: []RefPrediction{{"P1", "a", "/s"}}}
	wallClock := func(n string) bool { return strings.HasSuffix(n, "_ns") }
	if bad := CheckReference(right, day, m, from, wallClock); len(bad) > 0 {
		t.Fatalf("a right file: %q", bad)
	}
	for _, tt := range []struct {
		name string
		edit func(*Reference, labs.Metrics)
		want string
	}{
		{"a figure moved", func(_ *Reference, m labs.Metrics) { m["b"] = 3.5 }, "a figure moved"},
		{"the wrong part", func(r *Reference, _ labs.Metrics) { r.Rows[0].Part = "2" }, "its piece is part 1"},
		{"the wrong TODOs", func(r *Reference, _ labs.Metrics) { r.Rows[0].Needs = nil }, "needing –"},
		{"a metric no row lists", func(_ *Reference, m labs.Metrics) { m["c"] = 1 }, "c is in no row"},
		{"a metric the run lacks", func(r *Reference, _ labs.Metrics) { r.Rows[0].Metrics = append(r.Rows[0].Metrics, "gone") }, "gone: no piece"},
		{"a prediction's unit", func(r *Reference, _ labs.Metrics) { r.Predictions[0].Unit = "%" }, "the day's P1 asks a in /s"},
		{"a prediction left out", func(r *Reference, _ labs.Metrics) { r.Predictions = nil }, "P1 is not in"},
	} {
		ref := Reference{Rows: slices.Clone(right.Rows), Predictions: slices.Clone(right.Predictions)}
		ref.Rows[0].Metrics = slices.Clone(ref.Rows[0].Metrics)
		mm := labs.Metrics{"a": 20, "b": 3.25, "t_ns": 812}
		tt.edit(&ref, mm)
		bad := CheckReference(ref, day, mm, from, wallClock)
		if !slices.ContainsFunc(bad, func(s string) bool { return strings.Contains(s, tt.want) }) {
			t.Errorf("%s: %q, want a line with %q", tt.name, bad, tt.want)
		}
	}
}

// A REFERENCE.md that is not there, does not parse or has an empty table
// is one line of CheckReferenceFile, not a pass.
func TestCheckReferenceFile(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"figures.md": "| metric | reference | part | needs |\n|---|---|---|---|\n| `a` | 20 | 1 | 1 |\n",
		"empty.md":   "# nothing\n",
		"missing.md": "",
	} {
		path := filepath.Join(dir, name)
		if text != "" {
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if bad := CheckReferenceFile(path, labs.Day{}, labs.Metrics{}, nil, nil); len(bad) != 1 {
			t.Errorf("%s: %q, want one line", name, bad)
		}
	}
}

// The authors' command's table (ReferenceTable, printed by
// go run ./author/reference) is the reference run: Day 45's, played here
// in process, where its heavy parts (4 and 6) are not linked, so that
// their rows and predictions say so. Every other metric is in its row of
// REFERENCE.md with its figure at the lab's decimals and the pin the file
// holds, and every prediction has its answer as the scoreboard writes it.
// Pasted back into REFERENCE.md, its figure column is refused
// (ReadReference).
func TestReferenceTableIsTheReferenceRun(t *testing.T) {
	day, err := full.Days.Find(45)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("../../labs/day45/course/REFERENCE.md")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := ReadReference(string(b))
	if err != nil {
		t.Fatal(err)
	}
	o := labs.Outcome{Parts: day.Run(labs.Reference)}
	heavy := map[string]bool{}
	shown := map[string]string{}
	for _, p := range o.Parts {
		heavy[p.ID] = p.Detail == labs.NotLinked
		for _, x := range p.Metrics {
			shown[x.Name] = strconv.FormatFloat(x.Value, 'f', x.Decimals, 64)
		}
	}
	if !heavy["4"] || !heavy["6"] || heavy["1"] {
		t.Fatalf("the parts not linked here: %v, want 4 and 6", heavy)
	}
	table := ReferenceTable(day, o, ref)
	lines := strings.Split(table, "\n")
	rowOf := func(cell string) []string {
		i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "| "+cell+" |") })
		if i < 0 {
			t.Errorf("no row starts with %s:\n%s", cell, table)
			return nil
		}
		return strings.Split(strings.Trim(lines[i], "| "), " | ")
	}
	for _, r := range ref.Rows {
		var names, want []string
		pin := r.Pin
		for _, n := range r.Metrics {
			names = append(names, "`"+n+"`")
			if heavy[r.Part] {
				want, pin = append(want, "(not in the run)"), "–"
			} else {
				want = append(want, shown[n])
			}
		}
		cells := rowOf(strings.Join(names, ", "))
		if len(cells) != 5 {
			t.Errorf("row %q", cells)
			continue
		}
		var got []string
		for _, f := range strings.Split(cells[1], ", ") {
			if !strings.HasPrefix(f, "(") {
				f = strings.Fields(f)[0] // the figure, less its six digits
			}
			got = append(got, f)
		}
		if !slices.Equal(got, want) || cells[4] != pin {
			t.Errorf("row %q: want figures %q and pin %s", cells, want, pin)
		}
	}
	m := o.Metrics()
	for _, p := range day.Predictions {
		want := "(not in the run)"
		if !heavy[p.Part] {
			want = predictions.FormatValue(m[p.Metric], "")
		}
		if cells := rowOf(p.ID); len(cells) != 4 || cells[2] != want {
			t.Errorf("%s's row %q, want the figure %q", p.ID, cells, want)
		}
	}
	if strings.Contains(table, "in no row") {
		t.Errorf("a metric of the run in no row of Day 45's REFERENCE.md:\n%s", table)
	}
	if _, err := ReadReference(table); err == nil {
		t.Error("the table with its figures reads as a REFERENCE.md")
	}
}
