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
// request carries (see runner/worker's play task).
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
	// Partial is what of the figure was left out because the learner's
	// code failed in it (a stub's panic in NextEmit leaves the leaky queue
	// out), one line each; the rest of the frame is theirs as played.
	Partial []string `json:"partial,omitempty"`
}

// Try runs one piece of a figure (one limiter, one scheduler): a panic in
// it, the learner's code failing there, leaves that piece out of the
// frame, said in Partial as what, and the rest plays on.
func (f *Frame) Try(what string, fn func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			f.Partial = append(f.Partial, what+" left out: your code panicked: "+fmt.Sprint(r))
			ok = false
		}
	}()
	fn()
	return true
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
	// Needs is the TODOs the figure calls (at some setting); CallsAt, when
	// set, narrows them to one setting (see Calls). The learner's frames
	// are labelled with them (Whose).
	Needs   []int
	CallsAt func(v Values) []int
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

// Calls is the TODOs the figure calls at setting v: CallsAt's answer when
// the figure has one (a choice of scheduler may call none of them), Needs
// otherwise.
func (f PlayFigure) Calls(v Values) []int {
	if f.CallsAt != nil {
		return f.CallsAt(v)
	}
	return f.Needs
}

// Whose labels a frame of figure f at setting v played on impl, given the
// grades on hand (nil: not known yet). The reference's is "reference".
// The learner's names only the TODOs the figure calls there: "your
// TakeToken, NextEmit" when they all pass, "yours (TODO 1 failing)" when
// one does not, so a figure that differs from the reference says which
// code made it differ.
func Whose(d Day, f PlayFigure, v Values, impl Impl, grades []Grade) string {
	if impl == Reference {
		return "reference"
	}
	calls := f.Calls(v)
	if len(calls) == 0 {
		return "yours (no TODO of yours is called at this setting)"
	}
	if grades == nil {
		return "yours (not graded yet)"
	}
	passed := map[int]bool{}
	for _, g := range grades {
		passed[g.TODO] = g.Status == Pass
	}
	var funcs, failing []string
	for _, n := range calls {
		t, _ := d.TODO(n)
		funcs = append(funcs, t.Func)
		if !passed[n] {
			failing = append(failing, strconv.Itoa(n))
		}
	}
	switch {
	case len(failing) == 1:
		return "yours (TODO " + failing[0] + " failing)"
	case len(failing) > 1:
		return "yours (TODOs " + strings.Join(failing, ", ") + " failing)"
	}
	return "your " + strings.Join(funcs, ", ")
}

// PlayGate is what stands between the learner and figure f. The
// playground is a reveal: a figure whose readouts can come out as the
// answer of a prediction (its Parts' predictions: the stage each part
// plays in, the course day's parts being one stage and each part beyond it
// its own) opens only once those predictions are revealed. Waiting is the
// ones not made or skipped yet: the figure stays shut. Reveal is the ones
// made or skipped but not revealed: opening the figure reveals them (the
// guesses on record are the ones judged, as a run's reveal does), which
// the screens and the CLI say and ask before they do it. A knob setting is
// never taken as a guess.
type PlayGate struct {
	Waiting []string
	Reveal  []string
}

// Open reports whether the figure may play now.
func (g PlayGate) Open() bool { return len(g.Waiting) == 0 && len(g.Reveal) == 0 }

// PlayShows is the predictions figure f's readouts can show: every
// prediction of the stages of its Parts, in the day's order.
func (d Day) PlayShows(f PlayFigure) []string {
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
	var ids []string
	for _, pr := range d.Predictions {
		if inStage[pr.Part] {
			ids = append(ids, pr.ID)
		}
	}
	return ids
}

// PlayGate says whether figure f may open, given which predictions are
// made or skipped (answered) and which are revealed.
func (d Day) PlayGate(f PlayFigure, answered, revealed func(id string) bool) PlayGate {
	var g PlayGate
	for _, id := range d.PlayShows(f) {
		switch {
		case revealed(id):
		case !answered(id):
			g.Waiting = append(g.Waiting, id)
		default:
			g.Reveal = append(g.Reveal, id)
		}
	}
	return g
}

// PlayOpen reports whether figure f's predictions are all made or skipped,
// and the IDs still waiting: the first half of PlayGate, for callers that
// reveal on opening.
func (d Day) PlayOpen(f PlayFigure, answered func(id string) bool) (bool, []string) {
	g := d.PlayGate(f, answered, func(string) bool { return false })
	return len(g.Waiting) == 0, g.Waiting
}

// Clone is a copy of v, for a request that must not see later turns.
func (v Values) Clone() Values {
	out := make(Values, len(v))
	for n, x := range v {
		out[n] = x
	}
	return out
}
