package play_test

import (
	"math"
	"regexp"
	"testing"

	"termlab/labs"
	"termlab/labs/day45/course/play"
	ref "termlab/solutions/day45"
)

func figures() []labs.PlayFigure {
	return play.Figures(func(w labs.Impl) (play.Funcs, bool) {
		if w != labs.Reference {
			return play.Funcs{}, false
		}
		return ref.Funcs, true
	})
}

func figure(t *testing.T, id string) labs.PlayFigure {
	for _, f := range figures() {
		if f.ID == id {
			return f
		}
	}
	t.Fatalf("no figure %q", id)
	return labs.PlayFigure{}
}

func readout(t *testing.T, fr labs.Frame, name string) float64 {
	t.Helper()
	if fr.Error != "" {
		t.Fatalf("%s: %s", fr.Figure, fr.Error)
	}
	r, ok := fr.Readout(name)
	if !ok {
		t.Fatalf("%s has no readout %q", fr.Figure, name)
	}
	return r.Value
}

// Each row turns one knob and checks the readout against a closed form or a
// hand argument.
func TestKnobsMatchClosedForms(t *testing.T) {
	type row struct {
		name, fig string
		knobs     labs.Values
		readout   string
		want      func(v labs.Values) float64
		tol       float64 // absolute
		atMost    bool    // want is a bound from above
	}
	limit := func(v labs.Values) float64 { return v["limit"] }
	rows := []row{}
	for _, l := range []float64{10, 100, 200} {
		for _, w := range []float64{1, 10, 60} {
			burst := labs.Values{"limit": l, "window": w, "traffic": 1}
			rows = append(rows,
				// Both windows empty, the limit spent either side of the flip:
				// each window lets its whole limit through, 2× in a blink.
				row{"fixed at the flip: 2× limit", "boundary", burst, "fixed_most", func(v labs.Values) float64 { return 2 * v["limit"] }, 0, false},
				// The log never holds more than the limit inside a window.
				row{"log at the flip: the limit", "boundary", burst, "log_most", limit, 0, false},
				// The counter weighs the dying window's limit by the share of it
				// still inside the trailing window; the second half of the
				// burst lasts 2% of a window, so up to 2% more slips in.
				row{"counter at the flip: at most 1.02 × limit", "boundary", burst, "counter_most", func(v labs.Values) float64 { return math.Ceil(1.02 * v["limit"]) }, 0, true},
			)
			for _, sp := range []float64{10, 50} {
				// Where the burst falls: spread wider either side of the
				// flip, more of the first half is still weighted in, and up
				// to spread% more slips in; the fixed window still lets 2×.
				wide := labs.Values{"limit": l, "window": w, "traffic": 1, "spread": sp}
				rows = append(rows,
					row{"counter, burst spread wide: at most (1 + spread) × limit", "boundary", wide, "counter_most", func(v labs.Values) float64 { return math.Ceil((1 + v["spread"]/100) * v["limit"]) }, 0, true},
					row{"fixed, burst spread wide: 2× limit", "boundary", wide, "fixed_most", func(v labs.Values) float64 { return 2 * v["limit"] }, 0, false},
				)
			}
		}
	}
	for _, r := range []float64{2, 10, 40} {
		for _, b := range []float64{1, 15, 60} {
			flood := labs.Values{"r": r, "b": b, "traffic": 2}
			bursty := labs.Values{"r": r, "b": b, "traffic": 1}
			rows = append(rows,
				// Three times r keeps the bucket empty after its first burst:
				// the second half of the run passes r a second.
				row{"bucket long run: r", "loan", flood, "bucket_rate", func(v labs.Values) float64 { return v["r"] }, 0.1, false},
				// The meter holds one token: no more than r on average.
				row{"meter: at most r", "loan", flood, "meter_rate", func(v labs.Values) float64 { return v["r"] + 0.1 }, 0, true},
				row{"queue long run: r", "loan", flood, "queue_rate", func(v labs.Values) float64 { return v["r"] }, 0.1, false},
			)
			if 5*r >= b {
				// Refilled between cloudbursts of 2b in 0.2 s: a burst passes
				// b plus what the tap adds in 0.2 s, at most.
				rows = append(rows, row{"bucket burst: b (+ 0.2 r)", "loan", bursty, "bucket_burst", func(v labs.Values) float64 { return v["b"] + math.Ceil(0.2*v["r"]) }, 0, true},
					row{"bucket burst: at least b", "loan", bursty, "bucket_burst", func(v labs.Values) float64 { return -v["b"] }, 0, true})
			}
		}
	}
	for _, n := range []float64{1, 4, 8, 16} {
		for _, l := range []float64{5, 10, 100} {
			rows = append(rows,
				row{"local fleet: N × L", "fleet", labs.Values{"servers": n, "limit": l, "mode": 0}, "delivered", func(v labs.Values) float64 { return v["servers"] * v["limit"] }, n/5 + 0.1, false},
				row{"centralized: L", "fleet", labs.Values{"servers": n, "limit": l, "mode": 1}, "delivered", limit, 0.1, false},
				row{"centralized: a round trip per request", "fleet", labs.Values{"servers": n, "limit": l, "mode": 1}, "round_trips", func(v labs.Values) float64 { return 3 * v["servers"] * v["limit"] }, 0.1, false},
				row{"promise ÷ N: L", "fleet", labs.Values{"servers": n, "limit": l, "mode": 2}, "delivered", limit, n/5 + 0.1, false},
			)
		}
	}
	// Honest demand (the promise) all on server 0: ÷N starves it when N > 1,
	// local passes all of it.
	rows = append(rows,
		row{"skew starves ÷N", "fleet", labs.Values{"servers": 8, "limit": 40, "mode": 2, "skew": 100, "demand": 1}, "delivered", func(v labs.Values) float64 { return v["limit"] / v["servers"] }, 0.5, false},
		// A whole token per server at the start of the measured half, at most.
		row{"skew: local serves the honest key", "fleet", labs.Values{"servers": 8, "limit": 40, "mode": 0, "skew": 100, "demand": 1}, "delivered", limit, 0.5, false},
	)
	for _, r := range rows {
		f := figure(t, r.fig)
		v := f.Settle(r.knobs)
		fr := f.Play(labs.Reference, v)
		got := readout(t, fr, r.readout)
		want := r.want(v)
		switch {
		case r.atMost && want < 0 && got < -want:
			t.Errorf("%s %v: %s = %g, want at least %g", r.name, v, r.readout, got, -want)
		case r.atMost && want >= 0 && got > want:
			t.Errorf("%s %v: %s = %g, want at most %g", r.name, v, r.readout, got, want)
		case !r.atMost && math.Abs(got-want) > r.tol:
			t.Errorf("%s %v: %s = %g, want %g ± %g", r.name, v, r.readout, got, want, r.tol)
		}
	}
}

// Every knob of every figure parses its own range and refuses beyond it.
func TestKnobsParse(t *testing.T) {
	for _, f := range figures() {
		for _, k := range f.Knobs {
			if got := k.Clamp(k.Default); got != k.Default {
				t.Errorf("%s %s: default %g is not on the knob (%g)", f.ID, k.Name, k.Default, got)
			}
			if len(k.Choices) > 0 {
				if v, err := k.Parse(k.Choices[len(k.Choices)-1]); err != nil || int(v) != len(k.Choices)-1 {
					t.Errorf("%s %s: last choice parsed as %g, %v", f.ID, k.Name, v, err)
				}
				continue
			}
			if _, err := k.Parse(labs.Values{"x": k.Max + k.Step}.Encode()[2:]); err == nil {
				t.Errorf("%s %s: %g beyond the range was taken", f.ID, k.Name, k.Max+k.Step)
			}
		}
	}
}

// The learner's code is not linked into a test binary: a frame says so.
func TestUnlinked(t *testing.T) {
	for _, f := range figures() {
		if fr := f.Play(labs.Learner, f.Defaults()); fr.Error != labs.NotLinked {
			t.Errorf("%s: %q", f.ID, fr.Error)
		}
	}
}

// A readout's comparison is written for a reader: at most two decimals,
// whatever the knobs (113 of 110 once read 1.0272727272727273× promise).
func TestAgainstIsShort(t *testing.T) {
	long := regexp.MustCompile(`\d\.\d{3,}`)
	for _, f := range figures() {
		for _, k := range f.Knobs {
			// Twenty settings across a knob's range; a choice's every option.
			lo, hi, step := k.Min, k.Max, (k.Max-k.Min)/20
			if len(k.Choices) > 0 {
				lo, hi, step = 0, float64(len(k.Choices)-1), 1
			}
			if step <= 0 {
				step = 1
			}
			for v := lo; v <= hi; v += step {
				vals := f.Defaults()
				vals[k.Name] = v
				fr := f.Play(labs.Reference, f.Settle(vals))
				for _, r := range fr.Readouts {
					if long.MatchString(r.Against) {
						t.Errorf("%s %s=%g: %s reads %q", f.ID, k.Name, v, r.Name, r.Against)
					}
				}
			}
		}
	}
}
