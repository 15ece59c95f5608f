package labs

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Knob is one setting of a playground figure the learner can turn. A knob
// is either numeric (Min..Max in Step) or a choice among Choices, whose
// value is the index of the choice. A knob setting is never a prediction:
// the screens and the CLI open a part's figures only once that part's
// predictions are made or skipped.
type Knob struct {
	Name  string // the flag and JSON name: "limit", "window"
	Label string // shown beside the value
	Min   float64
	Max   float64
	Step  float64
	// Default is the value the figure opens with (a choice's index).
	Default float64
	// Unit is shown after the value; "s" makes the CLI take durations
	// (10s, 500ms) as well as plain seconds.
	Unit    string
	Choices []string
}

// Clamp returns v snapped to the knob's step and kept in its range.
func (k Knob) Clamp(v float64) float64 {
	if len(k.Choices) > 0 {
		n := float64(len(k.Choices))
		v = math.Mod(math.Mod(math.Round(v), n)+n, n) // choices wrap around
		return v
	}
	if k.Step > 0 {
		v = k.Min + math.Round((v-k.Min)/k.Step)*k.Step
	}
	return math.Max(k.Min, math.Min(k.Max, v))
}

// Range says what values the knob takes, for a usage error.
func (k Knob) Range() string {
	if len(k.Choices) > 0 {
		return "one of: " + strings.Join(k.Choices, ", ")
	}
	return fmt.Sprintf("a value from %s to %s%s in steps of %s", fmtNum(k.Min), fmtNum(k.Max), k.Unit, fmtNum(k.Step))
}

// Show writes a value of the knob as the screens show it.
func (k Knob) Show(v float64) string {
	if len(k.Choices) > 0 {
		i := int(k.Clamp(v))
		return k.Choices[i]
	}
	return fmtNum(v) + k.Unit
}

// Parse reads a value of the knob from the command line: a number in
// range, a duration for a knob in seconds, or a choice's name.
func (k Knob) Parse(s string) (float64, error) {
	bad := fmt.Errorf("--%s %q: %s takes %s", k.Name, s, k.Label, k.Range())
	if len(k.Choices) > 0 {
		for i, c := range k.Choices {
			if strings.EqualFold(c, s) {
				return float64(i), nil
			}
		}
		return 0, bad
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && k.Unit == "s" {
		d, derr := time.ParseDuration(s)
		if derr == nil {
			v, err = d.Seconds(), nil
		}
	}
	if err != nil || math.IsNaN(v) || v < k.Min || v > k.Max {
		return 0, bad
	}
	if k.Step > 0 && math.Abs(k.Clamp(v)-v) > 1e-9*math.Max(1, math.Abs(v)) {
		return 0, bad
	}
	return v, nil
}

func fmtNum(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Values is one setting of every knob of a figure, by knob name.
type Values map[string]float64

// Get returns the value of the named knob (zero when unset).
func (v Values) Get(name string) float64 { return v[name] }

// Encode writes v as name=value pairs in name order, the form a worker
// request carries (see labs/worker's play task).
func (v Values) Encode() string {
	names := make([]string, 0, len(v))
	for n := range v {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + "=" + strconv.FormatFloat(v[n], 'g', -1, 64)
	}
	return strings.Join(parts, ",")
}

// DecodeValues reads what Encode wrote.
func DecodeValues(s string) (Values, error) {
	v := Values{}
	if s == "" {
		return v, nil
	}
	for _, p := range strings.Split(s, ",") {
		n, x, ok := strings.Cut(p, "=")
		f, err := strconv.ParseFloat(x, 64)
		if !ok || err != nil {
			return nil, fmt.Errorf("bad knob setting %q", p)
		}
		v[n] = f
	}
	return v, nil
}

// Readout is one number a figure reports, with what it is measured
// against when it has a promise (the limit, N × L, r).
type Readout struct {
	Name    string  `json:"name"`
	Label   string  `json:"label"`
	Value   float64 `json:"value"`
	Unit    string  `json:"unit,omitempty"`
	Against string  `json:"against,omitempty"`
}

// Frame is a figure played once at one knob setting.
type Frame struct {
	Figure string `json:"figure"`
	Impl   Impl   `json:"impl"`
	Whose  string `json:"whose"` // "your TakeToken" or "reference: TODO 1 is not passing yet"
	Values Values `json:"values"`
	// Chart is the picture, drawn as the Run screen draws a part's
	// figures (a line or dots, each series with its own mark).
	Chart    Figure    `json:"chart"`
	Readouts []Readout `json:"readouts"`
	Error    string    `json:"error,omitempty"` // the learner's code failed on this setting
}

// Readout returns the named readout.
func (f Frame) Readout(name string) (Readout, bool) {
	for _, r := range f.Readouts {
		if r.Name == name {
			return r, true
		}
	}
	return Readout{}, false
}

// PlayFigure is one playground figure of a day: knobs and a function from a
// setting of them to a frame.
type PlayFigure struct {
	ID    string
	Title string
	// TimeScale states how the virtual clock relates to the one drawn
	// ("10 s window · time compressed").
	TimeScale string
	// Parts is the parts whose predictions must be made or skipped before
	// the figure opens: every part whose answers the figure could show.
	Parts []string
	Knobs []Knob
	// Needs is the TODOs the figure calls: it plays the learner's code only
	// when they all pass, and the reference otherwise.
	Needs []int
	// Play runs the figure on one implementation, which must be linked into
	// the calling process (the learner's only in a worker program). v is
	// already clamped to the knobs (see Settle).
	Play func(which Impl, v Values) Frame
}

// Defaults is every knob at its default.
func (f PlayFigure) Defaults() Values {
	v := Values{}
	for _, k := range f.Knobs {
		v[k.Name] = k.Default
	}
	return v
}

// Settle fills unset knobs with their defaults and clamps the rest.
func (f PlayFigure) Settle(v Values) Values {
	out := f.Defaults()
	for _, k := range f.Knobs {
		if x, ok := v[k.Name]; ok && !math.IsNaN(x) {
			out[k.Name] = k.Clamp(x)
		}
	}
	return out
}

// Knob returns the named knob.
func (f PlayFigure) Knob(name string) (Knob, bool) {
	for _, k := range f.Knobs {
		if k.Name == name {
			return k, true
		}
	}
	return Knob{}, false
}

// Playground returns the day's playground figure with the given ID.
func (d Day) Playground(id string) (PlayFigure, bool) {
	for _, f := range d.Figures {
		if f.ID == id {
			return f, true
		}
	}
	return PlayFigure{}, false
}

// Whose says whose code a frame ran, given the grades on hand: the learner's
// when every TODO the figure needs passes, else the reference and why.
func Whose(d Day, f PlayFigure, grades []Grade) (Impl, string) {
	passed := map[int]bool{}
	for _, g := range grades {
		passed[g.TODO] = g.Status == Pass
	}
	var funcs, missing []string
	for _, n := range f.Needs {
		t, _ := d.TODO(n)
		funcs = append(funcs, t.Func)
		if !passed[n] {
			missing = append(missing, strconv.Itoa(n))
		}
	}
	switch {
	case len(missing) == 1:
		return Reference, "reference: TODO " + missing[0] + " is not passing yet"
	case len(missing) > 1:
		return Reference, "reference: TODOs " + strings.Join(missing, ", ") + " are not passing yet"
	case len(funcs) == 0:
		return Reference, "reference"
	}
	return Learner, "your " + strings.Join(funcs, ", ")
}

// PlayOpen reports whether figure f may open, by the Run screen's rule for
// each of its Parts: the predictions of the stage the part plays in are all
// made or skipped (the course day's parts are one stage, each part beyond
// it its own). It returns the IDs still waiting. A knob setting is never
// taken as a guess.
func (d Day) PlayOpen(f PlayFigure, answered func(id string) bool) (bool, []string) {
	inStage := map[string]bool{}
	for _, want := range f.Parts {
		beyond := false
		for _, p := range d.Parts {
			if p.ID == want {
				beyond = p.Beyond
			}
		}
		for _, p := range d.Parts {
			if (beyond && p.ID == want) || (!beyond && !p.Beyond) {
				inStage[p.ID] = true
			}
		}
	}
	var waiting []string
	for _, pr := range d.Predictions {
		if inStage[pr.Part] && !answered(pr.ID) {
			waiting = append(waiting, pr.ID)
		}
	}
	return len(waiting) == 0, waiting
}

// Clone is a copy of v, for a request that must not see later turns.
func (v Values) Clone() Values {
	out := make(Values, len(v))
	for n, x := range v {
		out[n] = x
	}
	return out
}
