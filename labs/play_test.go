package labs

import (
	"strings"
	"testing"
)

func TestKnobParse(t *testing.T) {
	window := Knob{Name: "window", Label: "window", Min: 1, Max: 60, Step: 1, Default: 10, Unit: "s"}
	rate := Knob{Name: "r", Label: "rate", Min: 0.5, Max: 5, Step: 0.5, Default: 1}
	mode := Knob{Name: "mode", Label: "mode", Choices: []string{"local", "centralized"}}
	for _, c := range []struct {
		k    Knob
		in   string
		want float64
		bad  string // a phrase of the error; "" for none
	}{
		{window, "10", 10, ""},
		{window, "10s", 10, ""},
		{window, "1m", 60, ""},
		{window, "500ms", 0, "from 1 to 60s in steps of 1"},
		{window, "61", 0, "from 1 to 60s"},
		{window, "NaN", 0, "from 1 to 60s"},
		{window, "soon", 0, "window takes a value"},
		{rate, "2.5", 2.5, ""},
		{rate, "2.25", 0, "in steps of 0.5"},
		{rate, "0", 0, "from 0.5 to 5"},
		{mode, "Centralized", 1, ""},
		{mode, "1", 0, "one of: local, centralized"},
	} {
		got, err := c.k.Parse(c.in)
		switch {
		case c.bad == "" && (err != nil || got != c.want):
			t.Errorf("%s %q: %g, %v; want %g", c.k.Name, c.in, got, err, c.want)
		case c.bad != "" && (err == nil || !strings.Contains(err.Error(), c.bad)):
			t.Errorf("%s %q: error %v, want one saying %q", c.k.Name, c.in, err, c.bad)
		}
	}
	if got := mode.Clamp(2); got != 0 {
		t.Errorf("a choice past the last wraps to the first: %g", got)
	}
	if got := mode.Clamp(-1); got != 1 {
		t.Errorf("a choice before the first wraps to the last: %g", got)
	}
	if got := rate.Clamp(9); got != 5 {
		t.Errorf("clamped to the top: %g", got)
	}
}

func TestValuesRoundTrip(t *testing.T) {
	v := Values{"limit": 100, "window": 2.5, "mode": 1}
	got, err := DecodeValues(v.Encode())
	if err != nil || len(got) != 3 || got["window"] != 2.5 || got["limit"] != 100 || got["mode"] != 1 {
		t.Fatalf("%q → %v, %v", v.Encode(), got, err)
	}
	if _, err := DecodeValues("limit=x"); err == nil {
		t.Error("a bad value was taken")
	}
}

func TestWhoseAndPlayOpen(t *testing.T) {
	d := Day{
		TODOs:       []TODO{{Number: 1, Func: "TakeToken"}, {Number: 2, Func: "WindowID"}},
		Parts:       []Part{{ID: "1"}, {ID: "2"}, {ID: "9", Beyond: true}},
		Predictions: []Prediction{{ID: "P1", Part: "1"}, {ID: "P2", Part: "2"}, {ID: "P9", Part: "9"}},
	}
	f := PlayFigure{Parts: []string{"1"}, Needs: []int{1, 2}}
	for _, c := range []struct {
		impl   Impl
		grades []Grade
		whose  string
	}{
		{Learner, nil, "yours (not graded yet)"},
		{Learner, []Grade{{TODO: 1, Status: Fail}, {TODO: 2, Status: Unfinished}}, "yours (TODOs 1, 2 failing)"},
		{Learner, []Grade{{TODO: 1, Status: Pass}, {TODO: 2, Status: Fail}}, "yours (TODO 2 failing)"},
		{Learner, []Grade{{TODO: 1, Status: Pass}, {TODO: 2, Status: Pass}}, "your TakeToken, WindowID"},
		{Reference, []Grade{{TODO: 1, Status: Pass}}, "reference"},
	} {
		if whose := Whose(d, f, nil, c.impl, c.grades); whose != c.whose {
			t.Errorf("%s %v: %q, want %q", c.impl, c.grades, whose, c.whose)
		}
	}
	// A setting that calls only TODO 2 names only TODO 2.
	g := f
	g.CallsAt = func(v Values) []int {
		if v["mode"] == 1 {
			return nil
		}
		return []int{2}
	}
	if w := Whose(d, g, Values{}, Learner, []Grade{{TODO: 1, Status: Fail}, {TODO: 2, Status: Pass}}); w != "your WindowID" {
		t.Errorf("narrowed: %q", w)
	}
	if w := Whose(d, g, Values{"mode": 1}, Learner, nil); !strings.Contains(w, "no TODO of yours") {
		t.Errorf("calls none: %q", w)
	}
	// The course day's parts are one stage: Part 1's figure waits for P2
	// too, not for the part beyond the day.
	answered := map[string]bool{"P1": true}
	if ok, waiting := d.PlayOpen(f, func(id string) bool { return answered[id] }); ok || strings.Join(waiting, ",") != "P2" {
		t.Errorf("open %v, waiting %v", ok, waiting)
	}
	answered["P2"] = true
	if ok, _ := d.PlayOpen(f, func(id string) bool { return answered[id] }); !ok {
		t.Error("still shut with the stage's predictions in")
	}
	if ok, waiting := d.PlayOpen(PlayFigure{Parts: []string{"9"}}, func(id string) bool { return answered[id] }); ok || strings.Join(waiting, ",") != "P9" {
		t.Errorf("beyond: open %v, waiting %v", ok, waiting)
	}
	answered = map[string]bool{"P1": true, "P2": true}
	if ok, waiting := d.PlayOpen(PlayFigure{Parts: []string{"1", "9"}}, func(id string) bool { return answered[id] }); ok || strings.Join(waiting, ",") != "P9" {
		t.Errorf("a figure of the day and beyond: open %v, waiting %v", ok, waiting)
	}
}

// The playground is a reveal: a figure opens once its predictions are
// revealed; made but unrevealed ones are the ones opening it reveals.
func TestPlayGate(t *testing.T) {
	d := Day{
		Parts:       []Part{{ID: "1"}, {ID: "2"}, {ID: "4", Beyond: true}, {ID: "9", Beyond: true}},
		Predictions: []Prediction{{ID: "P1", Part: "1"}, {ID: "P2", Part: "2"}, {ID: "P7", Part: "4"}, {ID: "P9", Part: "9"}},
	}
	f := PlayFigure{Parts: []string{"1", "4"}}
	if got := strings.Join(d.PlayShows(f), ","); got != "P1,P2,P7" {
		t.Fatalf("shows %s", got)
	}
	for _, c := range []struct {
		answered, revealed string
		waiting, reveal    string
	}{
		{"", "", "P1,P2,P7", ""},
		{"P1,P2", "P1,P2", "P7", ""},
		{"P1,P2,P7", "P1,P2", "", "P7"},
		{"P1,P2,P7", "", "", "P1,P2,P7"},
		{"P1,P2,P7", "P1,P2,P7", "", ""},
	} {
		in := func(list string) func(string) bool {
			return func(id string) bool { return strings.Contains(","+list+",", ","+id+",") }
		}
		g := d.PlayGate(f, in(c.answered), in(c.revealed))
		if strings.Join(g.Waiting, ",") != c.waiting || strings.Join(g.Reveal, ",") != c.reveal || g.Open() != (c.waiting == "" && c.reveal == "") {
			t.Errorf("answered %s revealed %s: %+v open %v", c.answered, c.revealed, g, g.Open())
		}
	}
}
