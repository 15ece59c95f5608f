package kit

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"termlab/labs"
	"termlab/record/predictions"
)

// A day's course/REFERENCE.md is the authors' map of its reference run:
// which part computes each metric, the TODOs its piece calls, and a pin of
// its figures. It holds no figure: it sits in the learner's clone, where
// labs/registry/tracked reads it like any other file. The figures are
// printed on demand from the reference run (ReferenceTable, by
// go run ./author/reference NN), and the pins let the day's test notice a
// figure that moved without writing one down.

// Reference is what a day's REFERENCE.md declares: its metrics table
// (header metric | part | needs | pin) and its predictions table (id |
// metric | unit).
type Reference struct {
	Rows        []RefRow
	Predictions []RefPrediction
}

// RefRow is one row of the metrics table: metrics computed by one piece.
type RefRow struct {
	Metrics []string // the backticked names of the first cell
	Part    string
	Needs   []int // the TODOs the piece calls; "–" is none
	Pin     string
}

// RefPrediction is one row of the predictions table.
type RefPrediction struct{ ID, Metric, Unit string }

// Needed is where a metric comes from: its part and the TODOs of the
// piece that computes it.
type Needed struct {
	Part string
	Uses []int
}

// PiecesOf plays every piece with f (the reference) and says, for each
// metric a piece gives, its part and the TODOs it calls: what a day's test
// holds REFERENCE.md's rows against.
func PiecesOf[F any](f F, lists ...[]labs.Piece[F]) map[string]Needed {
	out := map[string]Needed{}
	for _, pieces := range lists {
		for _, p := range pieces {
			var r labs.PartResult
			p.Run(f, &r)
			for _, m := range r.Metrics {
				out[m.Name] = Needed{p.Part, p.Uses}
			}
		}
	}
	return out
}

// Pin is the first 8 hex digits of the SHA-256 of the lines "name=v", v to
// ten significant digits, for names in order; false when m lacks one. It
// pins figures without stating them (a whole figure of a few digits can be
// found from its pin by trying them all, as from the solutions beside it:
// a pin keeps the answer off the page, not out of reach).
func Pin(m labs.Metrics, names []string) (string, bool) {
	var b strings.Builder
	for _, n := range names {
		v, ok := m[n]
		if !ok {
			return "", false
		}
		fmt.Fprintf(&b, "%s=%s\n", n, strconv.FormatFloat(v, 'g', 10, 64))
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:4]), true
}

// ReadReference reads the two tables of a REFERENCE.md, known by their
// headers; any other table is an error, so a figure column cannot come
// back unread.
func ReadReference(text string) (Reference, error) {
	var ref Reference
	var header []string
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		cells, ok := tableCells(line)
		if !ok {
			header = nil
			continue
		}
		if header == nil { // a table's first row names its columns, the next is |---|
			if next, ok := tableCells(lines[min(i+1, len(lines)-1)]); !ok || i+1 == len(lines) || !separator(next) {
				return ref, fmt.Errorf("line %d: a table with no |---| row under its header: %s", i+1, line)
			}
			header = cells
			i++
			continue
		}
		bad := func(why string) error { return fmt.Errorf("line %d: %s: %s", i+1, why, line) }
		if len(cells) != len(header) {
			return ref, bad(fmt.Sprintf("%d cells under a header of %d", len(cells), len(header)))
		}
		switch strings.Join(header, "|") {
		case "metric|part|needs|pin":
			row := RefRow{Metrics: backticked(cells[0]), Part: cells[1], Pin: cells[3]}
			if len(row.Metrics) == 0 {
				return ref, bad("no `metric` in the first cell")
			}
			if cells[2] != "–" {
				for _, s := range strings.Split(cells[2], ", ") {
					n, err := strconv.Atoi(s)
					if err != nil {
						return ref, bad("needs is not a list of TODOs (1, 4) or –")
					}
					row.Needs = append(row.Needs, n)
				}
			}
			ref.Rows = append(ref.Rows, row)
		case "id|metric|unit":
			m := backticked(cells[1])
			if len(m) != 1 {
				return ref, bad("not one `metric`")
			}
			ref.Predictions = append(ref.Predictions, RefPrediction{cells[0], m[0], cells[2]})
		default:
			return ref, bad("a table that is neither metric | part | needs | pin nor id | metric | unit")
		}
	}
	return ref, nil
}

func tableCells(line string) ([]string, bool) {
	line = strings.TrimSpace(line)
	if len(line) < 2 || line[0] != '|' || line[len(line)-1] != '|' {
		return nil, false
	}
	cells := strings.Split(line[1:len(line)-1], "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells, true
}

func separator(cells []string) bool {
	return !slices.ContainsFunc(cells, func(c string) bool { return c == "" || strings.Trim(c, "-:") != "" })
}

func backticked(cell string) []string {
	var out []string
	for i, s := range strings.Split(cell, "`") {
		if i%2 == 1 {
			out = append(out, s)
		}
	}
	return out
}

func needsText(ns []int) string {
	if len(ns) == 0 {
		return "–"
	}
	var s []string
	for _, n := range ns {
		s = append(s, strconv.Itoa(n))
	}
	return strings.Join(s, ", ")
}

// CheckReference says what is wrong with ref, one line each, against the
// reference run's metrics m and where each comes from (PiecesOf): every
// metric of a row is the run's, its part and TODOs are its piece's, and
// the row's pin is the run's; every metric of the run is in a row but
// those wallClock says vary from run to run; the predictions table lists
// exactly day's predictions, each with its metric and unit.
func CheckReference(ref Reference, day labs.Day, m labs.Metrics, from map[string]Needed, wallClock func(string) bool) []string {
	var bad []string
	listed := map[string]bool{}
	for _, r := range ref.Rows {
		for _, name := range r.Metrics {
			listed[name] = true
			n, ok := from[name]
			if _, run := m[name]; !ok || !run {
				bad = append(bad, fmt.Sprintf("%s: no piece of the reference run gives it", name))
				continue
			}
			if n.Part != r.Part || !slices.Equal(n.Uses, r.Needs) {
				bad = append(bad, fmt.Sprintf("%s: the row says part %s needing %s; its piece is part %s calling %s", name, r.Part, needsText(r.Needs), n.Part, needsText(n.Uses)))
			}
		}
		if pin, ok := Pin(m, r.Metrics); ok && pin != r.Pin {
			bad = append(bad, fmt.Sprintf("%s: pinned %s, the reference run's figures pin %s: a figure moved (go run ./author/reference %d prints them)", strings.Join(r.Metrics, ", "), r.Pin, pin, day.Number))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(m)) {
		if !listed[name] && !wallClock(name) {
			bad = append(bad, fmt.Sprintf("%s is in no row of REFERENCE.md's table", name))
		}
	}
	predicted := map[string]bool{}
	for _, r := range ref.Predictions {
		p, ok := day.Prediction(r.ID)
		if !ok || p.Metric != r.Metric || p.Unit != r.Unit {
			bad = append(bad, fmt.Sprintf("prediction row %s | %s | %s: the day's %s asks %s in %s", r.ID, r.Metric, r.Unit, r.ID, p.Metric, p.Unit))
		}
		predicted[r.ID] = true
	}
	for _, p := range day.Predictions {
		if !predicted[p.ID] {
			bad = append(bad, fmt.Sprintf("%s is not in REFERENCE.md's predictions", p.ID))
		}
	}
	return bad
}

// CheckReferenceFile is CheckReference of the REFERENCE.md at path: a file
// that cannot be read or parsed, or has no row in one of its tables, is
// its one line.
func CheckReferenceFile(path string, day labs.Day, m labs.Metrics, from map[string]Needed, wallClock func(string) bool) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		return []string{err.Error()}
	}
	ref, err := ReadReference(string(b))
	if err != nil {
		return []string{fmt.Sprintf("%s: %v", path, err)}
	}
	if len(ref.Rows) == 0 || len(ref.Predictions) == 0 {
		return []string{fmt.Sprintf("%s has %d metric rows and %d prediction rows", path, len(ref.Rows), len(ref.Predictions))}
	}
	return CheckReference(ref, day, m, from, wallClock)
}

// ReferenceTable writes, for the authors and nobody else, day's reference
// figures from o, the reference run: ref's rows with each metric's figure
// at the decimals the lab shows it (and to six digits when that rounds it)
// and the run's pin (the file's beside it when they differ), then the
// run's metrics no row lists, then each prediction with its answer as the
// scoreboard writes it.
func ReferenceTable(day labs.Day, o labs.Outcome, ref Reference) string {
	metric, part := map[string]labs.Metric{}, map[string]string{}
	var order []string
	for _, p := range o.Parts {
		for _, x := range p.Metrics {
			metric[x.Name], part[x.Name] = x, p.ID
			order = append(order, x.Name)
		}
	}
	m := o.Metrics()
	figure := func(name string) string {
		x, ok := metric[name]
		if !ok {
			return "(not in the run)"
		}
		s := strconv.FormatFloat(x.Value, 'f', x.Decimals, 64)
		// Where the lab's decimals round it, the figure to six digits too.
		shown, _ := strconv.ParseFloat(s, 64)
		if six := strconv.FormatFloat(x.Value, 'g', 6, 64); six != strconv.FormatFloat(shown, 'g', 6, 64) {
			s += " (" + six + ")"
		}
		return s
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Day %d: the reference run's figures. SPOILERS: every prediction's answer.\n\n", day.Number)
	b.WriteString("| metric | reference | part | needs | pin |\n|---|---|---|---|---|\n")
	listed := map[string]bool{}
	for _, r := range ref.Rows {
		var names, figs []string
		for _, n := range r.Metrics {
			listed[n] = true
			names, figs = append(names, "`"+n+"`"), append(figs, figure(n))
		}
		pin, ok := Pin(m, r.Metrics)
		switch {
		case !ok:
			pin = "–"
		case pin != r.Pin:
			pin += " (REFERENCE.md: " + r.Pin + ")"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", strings.Join(names, ", "), strings.Join(figs, ", "), r.Part, needsText(r.Needs), pin)
	}
	for _, n := range order {
		if !listed[n] {
			pin, _ := Pin(m, []string{n})
			fmt.Fprintf(&b, "| `%s` (in no row of REFERENCE.md) | %s | %s | ? | %s |\n", n, figure(n), part[n], pin)
		}
	}
	b.WriteString("\n| id | metric | reference | unit |\n|---|---|---|---|\n")
	for _, p := range day.Predictions {
		v, ok := m[p.Metric]
		shown := "(not in the run)"
		if ok {
			shown = predictions.FormatValue(v, "")
		}
		fmt.Fprintf(&b, "| %s | `%s` | %s | %s |\n", p.ID, p.Metric, shown, p.Unit)
	}
	return b.String()
}
