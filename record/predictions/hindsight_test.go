package predictions

import (
	"slices"
	"strings"
	"testing"

	"termlab/labs"
)

func TestFindFigure(t *testing.T) {
	tests := []struct {
		text, f string
		want    int // matches
	}{
		{"holds 20 tokens", "20", 1},
		{"200 requests", "20", 0},
		{"1,020 requests", "20", 0},
		{"20.5 requests", "20", 0},
		{"0.20 s", "20", 0},
		{"ends at 20.", "20", 1},
		{"20, 30 and 20", "20", 2},
		{"1,010 of them", "1,010", 1},
		{"2049.9 ms", "2049.9", 1},
		{"Part 5 and TODO 5", "5", 0},
		{"5 bursts", "5", 1},
	}
	for _, tt := range tests {
		if got := len(findFigure(tt.text, tt.f)); got != tt.want {
			t.Errorf("findFigure(%q, %q) = %d matches, want %d", tt.text, tt.f, got, tt.want)
		}
	}
}

func TestPrintedForms(t *testing.T) {
	tests := []struct {
		v    float64
		want []string
	}{
		{60, []string{"60", "60.0"}},
		{2049.926759, []string{"2,050", "2,049.9", "2049.9", "2050", "2050.0"}},
		{10.516666, []string{"10.5"}},
		{87.432659, []string{"87.4", "87"}},
		{63.074, []string{"63.1", "63"}},
	}
	for _, tt := range tests {
		got := printedForms(tt.v)
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("printedForms(%v) = %q, missing %q", tt.v, got, w)
			}
		}
	}
}

// TestHindsight: a figure is found wherever a learner sees it before the
// guess, an allowed one is not, and a "why" counts only before the
// predictions of later stages.
func TestHindsight(t *testing.T) {
	day := labs.Day{
		Lesson: []labs.Section{{Title: "Part 1", Body: "The bucket holds 20 and gives 60 a second."}},
		Parts:  []labs.Part{{ID: "1"}, {ID: "2", Beyond: true}},
		Predictions: []labs.Prediction{
			{ID: "P1", Metric: "a", Part: "1", Question: "How many get in (holds 20)?", Why: "the capacity, 20; and 7"},
			{ID: "P2", Metric: "b", Part: "1", Question: "What rate?", Think: "count the tokens"},
			{ID: "P3", Metric: "c", Part: "2", Question: "Later?", Why: "1,010 is why"},
		},
		Allowed: []labs.Allowed{{Prediction: "P1", Figure: "20", In: "P1 question", Reason: "a setting"}},
	}
	ref := labs.Metrics{"a": 20, "b": 60, "c": 7}
	var got []string
	for _, l := range Hindsight(day, ref) {
		got = append(got, l.Prediction+" "+l.Figure+" "+l.In)
	}
	want := []string{
		"P1 20 lesson: Part 1", // not allowed there
		"P2 60 lesson: Part 1",
		"P3 7 P1 why", // P1's why shows before Part 2's guess
	}
	if !slices.Equal(got, want) {
		t.Errorf("Hindsight = %q\nwant %q", got, want)
	}
}

// TestHindsightAcrossUnits: a question that states another's answer in
// another unit ("about a second" for 1,012.4 ms) is a leak; a rate ("100
// requests a second") and a far-off span are not.
func TestHindsightAcrossUnits(t *testing.T) {
	day := labs.Day{
		Parts: []labs.Part{{ID: "1"}},
		Predictions: []labs.Prediction{
			{ID: "P1", Metric: "a", Part: "1", Unit: "ms", Question: "Its p99, in ms? The server does 100 requests a second."},
			{ID: "P7", Metric: "b", Part: "1", Unit: "ms", Question: "Under DRR, its median in ms? (It was about a second through one FIFO.)"},
			{ID: "P8", Metric: "c", Part: "1", Unit: "s", Question: "How long, in s? Each takes 10 ms; it was 1.5 s before."},
		},
	}
	ref := labs.Metrics{"a": 1012.4, "b": 21.3, "c": 0.25}
	var got []string
	for _, l := range Hindsight(day, ref) {
		got = append(got, l.Prediction+" "+l.Figure+" "+l.In)
	}
	want := []string{"P1 about a second P7 question"}
	if len(got) != 1 || !strings.HasPrefix(got[0], "P1 ") || !strings.Contains(got[0], "a second P7 question") {
		t.Errorf("Hindsight = %q\nwant %q", got, want)
	}
}
