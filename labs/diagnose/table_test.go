package diagnose

import "testing"

type call struct{ now, w int64 }

func ref(c call) int64 { return c.now / c.w }

var probes = func() []call {
	var out []call
	for i := int64(1); i < 40; i++ {
		out = append(out, call{i * 37, 1 + i%7})
	}
	return out
}()

var table = Table[call, int64]{
	Same: func(_ call, a, b int64) bool { return a == b },
	Rows: []Row[call, int64]{
		{ID: "plus-one", Words: "numbered from 0", Mutant: func(c call) int64 { return c.now/c.w + 1 }},
		{ID: "off-by-k", Family: func(c call, got, want int64) (func(call) int64, string, bool) {
			k := got - want
			return func(c call) int64 { return c.now/c.w + k }, "off by k", k != 0
		}},
		{ID: "never-negative", Words: "never negative", Prop: func(_ call, a, _ int64) bool { return a >= 0 }, Bears: func(c call, _ int64) bool { return c.now < 0 }},
	},
}

// A row names its mistake only when it reproduces the learner on every
// probe; the table's order is the precedence; a property with too few
// probes to bear on names nothing.
func TestDiagnoseHoldsTheRule(t *testing.T) {
	c := call{100, 7}
	for _, tc := range []struct {
		name    string
		learner func(call) int64
		want    string
	}{
		{"plus one: the first row, before the family that also fits", func(c call) int64 { return c.now/c.w + 1 }, "plus-one"},
		{"plus three: the family, k read off c", func(c call) int64 { return c.now/c.w + 3 }, "off-by-k"},
		{"plus three only here: no name", func(c call) int64 {
			if c == (call{100, 7}) {
				return c.now/c.w + 3
			}
			return c.now / c.w
		}, ""},
		{"a panic on a probe: no name", func(c call) int64 {
			if c.now == 37 {
				panic("x")
			}
			return c.now/c.w + 1
		}, ""},
	} {
		h := table.Diagnose(c, tc.learner(c), ref(c), probes, tc.learner, ref)
		if h.ID != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, h.ID, tc.want)
		}
	}
	if ids := table.IDs(); len(ids) != 3 || ids[0] != "plus-one" {
		t.Errorf("IDs %v", ids)
	}
}

func TestTwoPassesTellsState(t *testing.T) {
	var origin int64 = -1
	kept := func(c call) (int64, bool) {
		if origin < 0 {
			origin = c.now
		}
		return (c.now - origin) / c.w, true
	}
	same := func(a, b int64) bool { return a == b }
	show := func(a int64) string { return "x" }
	if h := TwoPasses(probes, kept, same, show); h.ID != "" {
		// kept answers each call the same twice over: its state is
		// shown only by answers from before (ChangedSince).
		t.Logf("two passes: %v", h)
	}
	if h := ChangedSince([]call{{500, 7}}, func(c call) (int64, bool) { return kept(c) }, ref, same, show); h.ID != BetweenCalls {
		t.Errorf("a function numbering windows from its first call: %+v, want %s", h, BetweenCalls)
	}
	n := int64(0)
	counter := func(c call) (int64, bool) { n++; return n, true }
	if h := TwoPasses(probes, counter, same, show); h.ID != BetweenCalls {
		t.Errorf("a counter: %+v", h)
	}
	if h := TwoPasses(probes, func(c call) (int64, bool) { return ref(c), true }, same, show); !h.None() {
		t.Errorf("a pure function: %+v", h)
	}
	if !(Hint{ID: "x"}).Named() || Plain("y", "t").Named() {
		t.Error("Named")
	}
}

// A property row names its mistake only where the counterexample shows it
// (the learner's answer has it, the task's does not), At admits the
// counterexample, and it holds on every probe it bears on (at least
// MinBearing); a reading is asked only when no row before it holds.
func TestPropertyAndReadingRows(t *testing.T) {
	even := Row[call, int64]{ID: "even", Words: "always even",
		Bears: func(c call, _ int64) bool { return c.w > 1 },
		Prop:  func(_ call, a, _ int64) bool { return a%2 == 0 }}
	far := Row[call, int64]{ID: "far", Words: "far too big",
		At:   func(_ call, got, want int64) bool { return got > want },
		Prop: func(_ call, a, want int64) bool { return a >= want+100 }}
	asked := 0
	reads := Row[call, int64]{ID: "reads", Words: "read off the function", Reads: func(c call, probes []call, learner, _ func(call) int64) (string, bool) {
		asked++
		return "", learner(c) < 0
	}}
	tbl := Table[call, int64]{Same: func(_ call, a, b int64) bool { return a == b }, Rows: []Row[call, int64]{even, far, reads}}
	c := call{105, 7} // ref: 15
	for _, tc := range []struct {
		name    string
		learner func(call) int64
		want    string
	}{
		{"twice the answer: even wherever it bears", func(c call) int64 { return 2 * (c.now / c.w) }, "even"},
		{"twice plus one where w is 1: even where it bears", func(c call) int64 {
			if c.w == 1 {
				return 2*(c.now/c.w) + 1
			}
			return 2 * (c.now / c.w)
		}, "even"},
		{"even only here: the probes show otherwise", func(c call) int64 {
			if c == (call{105, 7}) {
				return 16
			}
			return c.now / c.w
		}, ""},
		{"a hundred too big, odd: far", func(c call) int64 { return c.now/c.w + 101 }, "far"},
		{"a hundred too small: At keeps far out; the reading", func(c call) int64 { return c.now/c.w - 101 }, "reads"},
	} {
		h := tbl.Diagnose(c, tc.learner(c), ref(c), probes, tc.learner, ref)
		if h.ID != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, h.ID, tc.want)
		}
	}
	if asked != 2 {
		t.Errorf("the reading was asked %d times, want 2 (only when no row before it held)", asked)
	}
	// The task's own property names nothing: the task's 14 is even too.
	c = call{100, 7}
	evenRef := Table[call, int64]{Same: tbl.Same, Rows: []Row[call, int64]{{ID: "even", Prop: func(_ call, a, _ int64) bool { return a%2 == 0 }}}}
	if h := evenRef.Diagnose(c, 16, 14, probes, func(c call) int64 { return 2 * (c.now / c.w) }, ref); !h.None() {
		t.Errorf("a property the task's answer has on the counterexample named %q", h.ID)
	}
}

// A part's rows hold when it names their ID, in the table's order among
// other rows, and one diagnosis reads the part once, however many rows
// share it.
func TestPartRows(t *testing.T) {
	asked := 0
	off := &Part[call, int64]{Read: func(c call, probes []call, learner, ref func(call) int64) Hint {
		asked++
		if learner(c) == 0 {
			return Hint{ID: "zero", Text: "zero here"}
		}
		d := learner(c) - ref(c)
		for _, p := range probes {
			if learner(p)-ref(p) != d {
				return Hint{}
			}
		}
		switch {
		case d > 0:
			return Hint{ID: "too-high", Text: "too high by a constant"}
		case d < 0:
			return Hint{ID: "too-low", Text: "too low by a constant"}
		}
		return Hint{}
	}}
	tbl := Table[call, int64]{Same: table.Same, Rows: append([]Row[call, int64]{table.Rows[0]},
		PartRows(off, Hint{ID: "too-high"}, Hint{ID: "too-low"})...)}
	if err := tbl.Check(); err != nil {
		t.Fatal(err)
	}
	// A part's row may say plainly what it read; no other row may, and no
	// row is without an ID.
	plain := PartRows(off, Plain("not-constant", ""))
	if err := (Table[call, int64]{Rows: plain}).Check(); err != nil {
		t.Errorf("a part's plain row: %v", err)
	}
	for _, bad := range []Row[call, int64]{PartRows(off, Hint{})[0], {ID: Plain("p", "").ID, Mutant: ref}} {
		if (Table[call, int64]{Rows: []Row[call, int64]{bad}}).Check() == nil {
			t.Errorf("row %q passed Check", bad.ID)
		}
	}
	c := call{105, 7}
	for _, tc := range []struct {
		name    string
		learner func(call) int64
		want    string
		asked   int
	}{
		{"plus one: the mutant row before the part", func(c call) int64 { return c.now/c.w + 1 }, "plus-one", 0},
		{"plus three: the part's first row", func(c call) int64 { return c.now/c.w + 3 }, "too-high", 1},
		{"minus two: the part's second row, read once", func(c call) int64 { return c.now/c.w - 2 }, "too-low", 1},
		{"not constant: none", func(c call) int64 { return c.now }, "", 1},
		{"zero: the part's own, unlisted, never lost", func(c call) int64 { return 0 }, "zero", 1},
	} {
		asked = 0
		h := tbl.Diagnose(c, tc.learner(c), ref(c), probes, tc.learner, ref)
		if h.ID != tc.want || asked != tc.asked {
			t.Errorf("%s: %q, read %d times; want %q, %d", tc.name, h.ID, asked, tc.want, tc.asked)
		}
		if h.ID == "too-low" && h.Text != "too low by a constant" {
			t.Errorf("%s: words %q, want the part's own", tc.name, h.Text)
		}
	}
}
