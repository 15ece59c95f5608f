package diagnose

import (
	"fmt"
	"slices"
)

// Row is one known mistake of a TODO, as data. Exactly one of Mutant,
// Family, Prop, Reads and Part says when it holds:
//   - Mutant is the function a learner who made the mistake wrote;
//   - Family reads a parameter off the counterexample (k windows, a
//     factor f, a unit) and gives the mutant with that parameter and the
//     words that name it, or false when none fits;
//   - Prop is a property of the learner's answer a to a case c, where the
//     task's answer is want (one part of a compound answer, the others
//     right, say), on the probes Bears bears on;
//   - Reads is a small named predicate on the learner's function itself,
//     for what no answer on its own shows (how the count moves when the
//     same lists come in another order), with words of its own when they
//     carry a figure read off the probes;
//   - Part is such a reading shared by the rows of the hints it can name.
//
// A mutant (or a family's) names the mistake only when it gives the
// learner's answer on the counterexample, where the reference's differs,
// and on every probe. A property names it only when the counterexample
// shows it (it holds of the learner's answer there and not of the task's)
// and it holds on every probe it bears on, at least MinBearing of them.
// At, when set, says which counterexamples a row can explain at all (the
// part of a compound answer it is about differs there), whatever its kind.
// The engine holds this rule for every row but Reads and Part, whose reading
// holds it on its own (its tests show it): no row can name a mistake its
// input does not show.
type Row[C, A any] struct {
	ID     string
	Words  string                                                           // the hint; a family's words are its own
	Mutant func(C) A                                                        // a whole mistake
	Family func(c C, got, want A) (mutant func(C) A, words string, ok bool) // a parameter read off c
	At     func(c C, got, want A) bool                                      // the counterexamples it explains; nil: all
	Bears  func(c C, a A) bool                                              // the probes Prop bears on; nil: all
	Prop   func(c C, a, want A) bool                                        // a property of the answers
	Reads  func(c C, probes []C, learner, ref func(C) A) (string, bool)     // a predicate on the function; its words, "" for Words
	Part   *Part[C, A]                                                      // a reading shared by rows: holds when it names ID
}

// Part is one reading of the probes that can name one of several hints (a
// part of the function on its own: the divisor, what a branch leaves),
// with words that may carry figures. Its rows (PartRows) hold when it
// names their ID, so its own order among them is kept, and a diagnosis
// reads it once however many rows share it. A hint none of them lists is
// given at the part's first row, never lost.
type Part[C, A any] struct {
	Read func(c C, probes []C, learner, ref func(C) A) Hint
	ids  []string // its rows' IDs (PartRows)
}

// PartRows are the rows of p, one for each hint it can name (a family's
// hint with any words: only its ID is kept), to be placed together in a
// table.
func PartRows[C, A any](p *Part[C, A], hints ...Hint) []Row[C, A] {
	rows := make([]Row[C, A], len(hints))
	for i, h := range hints {
		rows[i] = Row[C, A]{ID: h.ID, Part: p}
		p.ids = append(p.ids, h.ID)
	}
	return rows
}

// Table is one TODO's known mistakes, in precedence order (the first row
// that holds names the mistake), with how two answers compare.
type Table[C, A any] struct {
	Rows []Row[C, A]
	Same func(c C, a, b A) bool
}

// Diagnose names the first row that holds for the learner on c (got:
// its answer there, want: the reference's), reading the probes; or no
// hint.
func (t Table[C, A]) Diagnose(c C, got, want A, probes []C, learner, ref func(C) A) Hint {
	var answers []A
	var ok []bool
	var parts map[*Part[C, A]]Hint // each part read once
	asked := func() {
		if answers == nil {
			answers, ok = Answers(probes, learner)
		}
	}
	for _, r := range t.Rows {
		if r.At != nil && !r.At(c, got, want) {
			continue
		}
		model, words := r.Mutant, r.Words
		if r.Family != nil {
			var fits bool
			if model, words, fits = r.Family(c, got, want); !fits {
				continue
			}
		}
		if model != nil {
			a, mok := Try(func() A { return model(c) })
			if !mok || !t.Same(c, a, got) || t.Same(c, a, want) {
				continue
			}
			asked()
			if Reproduces(probes, answers, ok, model, t.Same) {
				return Hint{ID: r.ID, Text: words}
			}
			continue
		}
		switch {
		case r.Part != nil:
			h, read := parts[r.Part]
			if !read {
				h = r.Part.Read(c, probes, learner, ref)
				if parts == nil {
					parts = map[*Part[C, A]]Hint{}
				}
				parts[r.Part] = h
				if !h.None() && !slices.Contains(r.Part.ids, h.ID) {
					// A hint none of its rows lists is still the part's:
					// lost, the rows after it would be asked in its
					// place (and a panic here would be blamed on the
					// learner's code).
					return h
				}
			}
			if h.ID == r.ID {
				return h
			}
		case r.Reads != nil:
			if w, holds := r.Reads(c, probes, learner, ref); holds {
				if w == "" {
					w = words
				}
				return Hint{ID: r.ID, Text: w}
			}
		case r.Prop != nil:
			if !r.bearsOn(c, got, want) || r.bearsOn(c, want, want) {
				continue // the counterexample does not show it
			}
			asked()
			if r.holds(probes, answers, ok, ref) {
				return Hint{ID: r.ID, Text: words}
			}
		default:
			panic(fmt.Sprintf("diagnose: row %s has no mutant, family, property or reading", r.ID))
		}
	}
	return Hint{}
}

// bearsOn is whether r's property bears on a, c's answer, and holds.
func (r Row[C, A]) bearsOn(c C, a, want A) bool {
	return (r.Bears == nil || r.Bears(c, a)) && r.Prop(c, a, want)
}

// holds reports whether r's property holds of the learner's answers on
// every probe it bears on, at least MinBearing of them with the
// counterexample (a probe the learner panicked on bears on nothing).
func (r Row[C, A]) holds(probes []C, answers []A, ok []bool, ref func(C) A) bool {
	n := 1
	for i, p := range probes {
		if !ok[i] || r.Bears != nil && !r.Bears(p, answers[i]) {
			continue
		}
		want, wok := Try(func() A { return ref(p) })
		if !wok || !r.Prop(p, answers[i], want) {
			return false
		}
		n++
	}
	return n >= MinBearing
}

// Named is the row of a whole mistake: the hint h names mutant.
func Named[C, A any](h Hint, mutant func(C) A) Row[C, A] {
	return Row[C, A]{ID: h.ID, Words: h.Text, Mutant: mutant}
}

// On is t's hint for the learner on c, its answer and the reference's
// there asked here; a learner that panics on c itself gets none.
func On[C, A any](t Table[C, A], c C, probes []C, learner, ref func(C) A) Hint {
	got, ok := Try(func() A { return learner(c) })
	if !ok {
		return Hint{}
	}
	want, _ := Try(func() A { return ref(c) })
	return t.Diagnose(c, got, want, probes, learner, ref)
}

// IDs are the table's hint IDs, in precedence order.
func (t Table[C, A]) IDs() []string {
	out := make([]string, 0, len(t.Rows))
	for _, r := range t.Rows {
		if !slices.Contains(out, r.ID) {
			out = append(out, r.ID)
		}
	}
	return out
}

// Words are the table's fixed hints (a family's vary with its parameter
// and are left out, as are a reading's that carry figures).
func (t Table[C, A]) Words() []string {
	var out []string
	for _, r := range t.Rows {
		if r.Words != "" {
			out = append(out, r.Words)
		}
	}
	return out
}

// Set is the named hints of one TODO that a reading of the probes gives
// (a part of the function on its own: the cap on the wrong side, a token
// taken before the refill), declared where they are written, so the list
// of a TODO's hints is derived, never kept by hand.
type Set struct {
	ids   []string
	words []string
}

// Name declares a named hint of the set.
func (s *Set) Name(id, words string) Hint {
	if slices.Contains(s.ids, id) {
		panic("diagnose: hint ID declared twice: " + id)
	}
	s.ids, s.words = append(s.ids, id), append(s.words, words)
	return Hint{ID: id, Text: words}
}

// Family declares a named hint whose words carry figures: it gives the
// hint for given words.
func (s *Set) Family(id string) func(words string) Hint {
	if slices.Contains(s.ids, id) {
		panic("diagnose: hint ID declared twice: " + id)
	}
	s.ids = append(s.ids, id)
	return func(words string) Hint { return Hint{ID: id, Text: words} }
}

// IDs are the set's hint IDs, in declaration order.
func (s *Set) IDs() []string { return slices.Clone(s.ids) }

// Words are the set's fixed hints.
func (s *Set) Words() []string { return slices.Clone(s.words) }

// Sets are a day's named hints, one Set per TODO number.
type Sets map[int]*Set

// Words are TODO n's fixed named hints (a family's words carry figures:
// IDs names it).
func (s Sets) Words(n int) []string {
	if set := s[n]; set != nil {
		return set.Words()
	}
	return nil
}

// IDs are TODO n's named hint IDs, the state between calls among them.
func (s Sets) IDs(n int) []string {
	if set := s[n]; set != nil {
		ids := set.IDs()
		if !slices.Contains(ids, BetweenCalls) {
			ids = append(ids, BetweenCalls)
		}
		return ids
	}
	return nil
}

// Read is the first reading of t that holds of the learner's function on
// the probes, for a failure that is no one call (a spread over many
// tenants, an impossible answer stopped mid-run); or no hint. Only Reads
// rows are asked.
func (t Table[C, A]) Read(probes []C, learner, ref func(C) A) Hint {
	for _, r := range t.Rows {
		if r.Reads == nil {
			continue
		}
		var c C
		if w, holds := r.Reads(c, probes, learner, ref); holds {
			if w == "" {
				w = r.Words
			}
			return Hint{ID: r.ID, Text: w}
		}
	}
	return Hint{}
}

// Check reports the first row of t that is not a named mistake: one with
// no ID, a plain ID, or not exactly one of Mutant, Family, Prop, Reads and
// Part. A part's row alone may have a plain ID: what a part reads off the
// probes may be said plainly, naming no mistake, where a reading after it
// must not be asked.
func (t Table[C, A]) Check() error {
	for i, r := range t.Rows {
		kinds := 0
		for _, set := range []bool{r.Mutant != nil, r.Family != nil, r.Prop != nil, r.Reads != nil, r.Part != nil} {
			if set {
				kinds++
			}
		}
		switch {
		case r.ID == "" || r.ID == PlainPrefix || !(Hint{ID: r.ID}).Named() && r.Part == nil:
			return fmt.Errorf("row %d (%q): no ID of a named mistake", i, r.ID)
		case kinds != 1:
			return fmt.Errorf("row %d (%s): %d of mutant, family, property, reading and part, want 1", i, r.ID, kinds)
		}
	}
	return nil
}

// Checked is what Declared asks of a table (every Table is one).
type Checked interface {
	Check() error
	IDs() []string
}

// Declared reports the first table whose rows are not named mistakes of
// one kind (Check), or hold a named ID that declared (the TODO's HintIDs)
// lacks.
func Declared(declared []string, tables ...Checked) error {
	for i, t := range tables {
		if err := t.Check(); err != nil {
			return fmt.Errorf("table %d: %w", i, err)
		}
		for _, id := range t.IDs() {
			if IsNamedID(id) && !slices.Contains(declared, id) {
				return fmt.Errorf("table %d: %s is not among the declared hints", i, id)
			}
		}
	}
	return nil
}
