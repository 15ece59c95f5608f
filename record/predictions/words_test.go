package predictions

import (
	"strings"
	"testing"

	"termlab/labs"
)

// TestAnswersInWords: an answer stated without its figure is found, as a
// multiple of two figures its question states or as one of its Tells, in
// any text shown before the guess; a coincidence of numbers, an allowed
// phrase and a drill that waits for the guess are not.
func TestAnswersInWords(t *testing.T) {
	fleet := labs.Prediction{ID: "P7", Part: "4", Metric: "local",
		Question: "Four servers each let a client through at 10 requests/s on its own. The client sends 60/s. How many per second get through?"}
	shared := labs.Prediction{ID: "P8", Part: "4", Metric: "shared",
		Question: "The same four servers ask one shared bucket of 10/s. How many per second get through?",
		Tells:    []string{"keeps the promise"}}
	ref := labs.Metrics{"local": 40, "shared": 10}
	tests := []struct {
		name, title string
		drill       labs.Drill
		allowed     []labs.Allowed
		want        []string // "P7 “multiply”" …
	}{
		{name: "a neutral title", title: "The fleet: four servers, local buckets or one shared one"},
		{name: "a multiple in words", title: "The fleet: local limits multiply", want: []string{"P7 “multiply”"}},
		{name: "a multiple as a sign", title: "The fleet lets in 4× the limit", want: []string{"P7 “4×”"}},
		{name: "spelled out", title: "The fleet lets in four times the limit", want: []string{"P7 “four times”"}},
		{name: "inside a longer number is not it", title: "14× faster than a cold build"},
		{name: "a Tell", title: "One shared counter keeps the promise", want: []string{"P8 “keeps the promise”"}},
		{name: "a Tell in any case", title: "One shared counter Keeps The Promise", want: []string{"P8 “Keeps The Promise”"}},
		{name: "allowed where it is reviewed", title: "local limits multiply",
			allowed: []labs.Allowed{{Prediction: "P7", Figure: "multiply", In: "part 4 title", Reason: "test"}}},
		{name: "a drill's model answer", drill: labs.Drill{ID: "D5", Question: "Ten servers of 100/s: what does a client get?", Model: "Ten times the intent: the limits multiply."},
			want: []string{"P7 “multiply”", "P7 “Ten times”"}},
		{name: "a drill that waits for the guess", drill: labs.Drill{ID: "D5", Question: "Ten servers of 100/s: what does a client get?", Model: "Ten times the intent: the limits multiply.", After: []string{"P7", "P8"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// P8's 10 is the shared bucket's rate, stated everywhere.
			allowed := append([]labs.Allowed{{Prediction: "P8", Figure: "10", Reason: "a setting"}}, tt.allowed...)
			day := labs.Day{Predictions: []labs.Prediction{fleet, shared}, Allowed: allowed,
				Parts: []labs.Part{{ID: "4", Title: tt.title, Beyond: true}}}
			if tt.drill.ID != "" {
				day.Drills = []labs.Drill{tt.drill}
			}
			var got []string
			for _, l := range Hindsight(day, ref) {
				got = append(got, l.Prediction+" "+strings.SplitN(l.Figure, " (", 2)[0])
			}
			if strings.Join(got, "; ") != strings.Join(tt.want, "; ") {
				t.Errorf("found %q, want %q", got, tt.want)
			}
		})
	}
}

// TestUntold: a prediction whose answer is a setting its question states
// must list its Tells; one whose answer is no stated figure need not.
func TestUntold(t *testing.T) {
	day := labs.Day{Predictions: []labs.Prediction{
		{ID: "P1", Metric: "a", Question: "A bucket holds 20 and gets 50 at once. How many get in?"},
		{ID: "P2", Metric: "a", Question: "A bucket holds 20 and gets 50 at once. How many get in?", Tells: []string{"nothing refills"}},
		{ID: "P3", Metric: "b", Question: "Four servers at 10/s each; how many get through?"},
		{ID: "P4", Metric: "c", Question: "A stream of 30/s meets a bucket of 10/s: how many a second?"}, // 10.3 is within 5% of 10
	}}
	got := Untold(day, labs.Metrics{"a": 20, "b": 40, "c": 10.3})
	if len(got) != 2 || !strings.HasPrefix(got[0], "P1's") || !strings.HasPrefix(got[1], "P4's") {
		t.Errorf("Untold = %q, want P1 and P4", got)
	}
}
