package history

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"termlab/labs"
)

// Moved says what run i of recs moved since the run before it: TODO
// verdicts that changed, figures that changed since the last run that
// played the parts (a grade plays none), and predictions whose verdict
// changed. It also names the TODOs whose body was edited. The result is
// empty for the first run and for a run that moved nothing.
func Moved(recs []Record, i int) []string {
	if i <= 0 || i >= len(recs) {
		return nil
	}
	cur, prev := recs[i], recs[i-1]
	var out []string
	if len(cur.Changed) > 0 {
		var names []string
		for _, n := range cur.Changed {
			names = append(names, strconv.Itoa(n))
		}
		out = append(out, editedPrefix+strings.Join(names, ", "))
	}
	for _, n := range todoNumbers(cur, prev) {
		a, b := prev.TODOs[n], cur.TODOs[n]
		if a != b && a != "" && b != "" {
			out = append(out, fmt.Sprintf("TODO %d %s → %s", n, a, b))
		}
	}
	if cur.Ran() {
		// Against the last run that played the parts: a grade has neither
		// figures nor verdicts on predictions.
		if j := lastRan(recs, i); j >= 0 {
			out = append(out, figuresMoved(recs[j], cur)...)
			out = append(out, scoresMoved(recs[j], cur)...)
		} else {
			out = append(out, scoresMoved(Record{}, cur)...)
		}
	}
	return out
}

// editedPrefix starts Moved's item naming the TODOs whose body was edited;
// the verdicts that changed follow it, each starting "TODO ".
const editedPrefix = "edited TODO "

// NothingMoved is Summary's line for a run that moved nothing.
const NothingMoved = "nothing moved since the last run"

// Summary joins what moved into one line, at most max items of it.
func Summary(moved []string, max int) string {
	if len(moved) == 0 {
		return NothingMoved
	}
	if max > 0 && len(moved) > max {
		return strings.Join(moved[:max], "; ") + fmt.Sprintf("; and %d more", len(moved)-max)
	}
	return strings.Join(moved, "; ")
}

// Short is Summary of one item for a line with little room. The one item it
// keeps is the first TODO verdict that changed when there is one: "edited
// TODO 1" only repeats what the learner just did, while "TODO 1 pass →
// fail" is what the run found.
func Short(moved []string) string {
	if len(moved) > 1 && strings.HasPrefix(moved[0], editedPrefix) && strings.HasPrefix(moved[1], "TODO ") {
		moved = append([]string{moved[1], moved[0]}, moved[2:]...)
	}
	return Summary(moved, 1)
}

func lastRan(recs []Record, i int) int {
	for j := i - 1; j >= 0; j-- {
		if recs[j].Ran() {
			return j
		}
	}
	return -1
}

func todoNumbers(rs ...Record) []int {
	seen := map[int]bool{}
	var out []int
	for _, r := range rs {
		for n := range r.TODOs {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	sort.Ints(out)
	return out
}

func figuresMoved(prev, cur Record) []string {
	old := map[string]Part{}
	for _, p := range prev.Parts {
		old[p.ID] = p
	}
	var out []string
	for _, p := range cur.Parts {
		q, ok := old[p.ID]
		switch {
		case !ok:
		case q.Status == labs.OK && p.Status != labs.OK:
			out = append(out, fmt.Sprintf("Part %s no longer runs (%s)", p.ID, partStatus(p)))
		case q.Status != labs.OK && p.Status == labs.OK:
			s := fmt.Sprintf("Part %s now runs", p.ID)
			if len(p.Figures) > 0 {
				s += fmt.Sprintf(": %s %s", p.Figures[0].Label, Format(p.Figures[0]))
			}
			out = append(out, s)
		default:
			// Figures are compared where both runs kept them: a part whose
			// predictions were still open when it ran kept none.
			was := map[string]labs.Metric{}
			for _, m := range q.Figures {
				was[m.Name] = m
			}
			for _, m := range p.Figures {
				o, ok := was[m.Name]
				if ok && !Stopwatch(m) && Format(o) != Format(m) {
					out = append(out, fmt.Sprintf("Part %s %s %s", p.ID, m.Label, fromTo(o, m)))
				}
			}
		}
	}
	return out
}

func partStatus(p Part) string {
	if p.TODO > 0 {
		return fmt.Sprintf("%s, TODO %d", p.Status, p.TODO)
	}
	return string(p.Status)
}

func scoresMoved(prev, cur Record) []string {
	var ids []string
	for id := range cur.Scores {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return idLess(ids[i], ids[j]) })
	var out []string
	for _, id := range ids {
		if k := cur.Scores[id]; prev.Scores[id] != k {
			out = append(out, fmt.Sprintf("%s now %s", id, k))
		}
	}
	return out
}

// idLess orders P2 before P10.
func idLess(a, b string) bool {
	na, ea := strconv.Atoi(strings.TrimLeft(a, "PD"))
	nb, eb := strconv.Atoi(strings.TrimLeft(b, "PD"))
	if ea == nil && eb == nil && na != nb {
		return na < nb
	}
	return a < b
}

// Stopwatch reports whether a figure is a wall-clock measurement (its name
// ends in _ns, the course's convention, which the authors' check also
// leaves out): it differs from run to run whatever the code, so it never
// counts as moved.
func Stopwatch(m labs.Metric) bool { return strings.HasSuffix(m.Name, "_ns") }

// fromTo is "50 → 20 requests": the unit once when both share it.
func fromTo(a, b labs.Metric) string {
	if a.Unit == b.Unit && a.Unit != "" && !strings.HasPrefix(a.Unit, "/") && a.Unit != "%" {
		a.Unit = ""
	}
	return Format(a) + " → " + Format(b)
}

// Format writes a figure with its decimals and unit.
func Format(m labs.Metric) string {
	s := strconv.FormatFloat(m.Value, 'f', max(m.Decimals, 0), 64)
	if m.Unit != "" {
		if strings.HasPrefix(m.Unit, "/") || m.Unit == "%" {
			return s + m.Unit
		}
		return s + " " + m.Unit
	}
	return s
}

// Row is one line of a comparison of two runs.
type Row struct {
	What     string // "TODO 1", "Part 1 burst accepted", "P1"
	Then     string // "" when the older run had none
	Now      string
	Differs  bool
	IsFigure bool
}

// Against is the run that run i (0-based) of recs is laid beside: the
// latest, unless run i played the parts and the latest did not (a grade):
// then the latest run after i that played them, so that figures are laid
// beside figures. When no run after i played them, the latest all the
// same (its TODOs still compare; Compare stars no figure it lacks).
func Against(recs []Record, i int) int {
	last := len(recs) - 1
	if !recs[i].Ran() || recs[last].Ran() {
		return last
	}
	for j := last - 1; j > i; j-- {
		if recs[j].Ran() {
			return j
		}
	}
	return last
}

// Beside says which run the comparison of run i with Against's run j
// lays it beside, numbered from 1 as the learner sees them: "the latest,
// run 8", or "run 7, the latest that played the parts (run 8 was graded
// only)", or "the latest, run 8, graded only: no figures to compare".
func Beside(recs []Record, i, j int) string {
	last := len(recs) - 1
	switch {
	case j != last:
		return fmt.Sprintf("run %d, the latest that played the parts (run %d was graded only)", j+1, last+1)
	case recs[i].Ran() != recs[j].Ran():
		return fmt.Sprintf("the latest, run %d (one of the two was graded only: no figures to compare)", j+1)
	}
	return fmt.Sprintf("the latest, run %d", j+1)
}

// Compare lays two runs side by side: every TODO, every figure either
// shows, and every prediction either judged. When one of the two played
// no parts (a grade), its missing figures and verdicts are no change:
// they are shown as missing, and not starred as differing.
func Compare(then, now Record) []Row {
	var rows []Row
	for _, n := range todoNumbers(then, now) {
		a, b := string(then.TODOs[n]), string(now.TODOs[n])
		rows = append(rows, Row{What: TODOName(n), Then: a, Now: b, Differs: a != b})
	}
	both := then.Ran() && now.Ran() // a grade has no figures or verdicts to differ
	type fig struct {
		then, now string
		label     string
		clock     bool
	}
	var order []string
	figs := map[string]*fig{}
	add := func(p Part, m labs.Metric, isNow bool) {
		key := p.ID + "\x00" + m.Name
		f := figs[key]
		if f == nil {
			f = &fig{label: "Part " + p.ID + " " + m.Label, clock: Stopwatch(m)}
			figs[key] = f
			order = append(order, key)
		}
		if isNow {
			f.now = Format(m)
		} else {
			f.then = Format(m)
		}
	}
	for _, p := range now.Parts {
		for _, m := range p.Figures {
			add(p, m, true)
		}
	}
	for _, p := range then.Parts {
		for _, m := range p.Figures {
			add(p, m, false)
		}
	}
	for _, k := range order {
		f := figs[k]
		rows = append(rows, Row{What: f.label, Then: f.then, Now: f.now, Differs: f.then != f.now && !f.clock && both, IsFigure: true})
	}
	var ids []string
	seen := map[string]bool{}
	for _, r := range []Record{now, then} {
		for id := range r.Scores {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	sort.Slice(ids, func(i, j int) bool { return idLess(ids[i], ids[j]) })
	for _, id := range ids {
		a, b := string(then.Scores[id]), string(now.Scores[id])
		rows = append(rows, Row{What: id, Then: a, Now: b, Differs: a != b && both})
	}
	return rows
}

// Headline is one run in a line: when, from where, TODOs passing, the
// parts that ran, and the digest of the learner's file.
func Headline(r Record) string {
	parts := "graded only"
	if r.Ran() {
		ok := 0
		for _, p := range r.Parts {
			if p.Status == labs.OK {
				ok++
			}
		}
		parts = fmt.Sprintf("parts %d/%d", ok, len(r.Parts))
	}
	return fmt.Sprintf("%s  %-5s TODOs %d/%d · %s · %s", r.At.Local().Format("01-02 15:04:05"), r.From, r.Passed(), len(r.TODOs), parts, r.Digest)
}
