package worker

import (
	"encoding/json"
	"math"
	"os"
	"reflect"
	"slices"
	"testing"

	"termlab/labs"
	course46 "termlab/labs/day46/course"
	"termlab/labs/day46/course/fair"
	solutions46 "termlab/solutions/day46"
)

// A part played piece by piece, each piece in a worker of its own, then
// joined, is the part a worker answers whole, to the last bit: Day 46's
// Part 5 (three pieces, each calling other TODOs) by default, every part
// of more than one piece with TERMLAB_TEST_ALL, for the reference, and
// Part 5 for an Overlap that panics (the overlap piece's fault, the other
// pieces' figures).
func TestPiecesJoinAsTheWholePart(t *testing.T) {
	panics := solutions46.Funcs
	panics.Overlap = func(a, b []int) int { panic("broken on purpose") }
	for _, tc := range []struct {
		name  string
		funcs fair.Funcs
	}{{"reference", solutions46.Funcs}, {"an Overlap that panics", panics}} {
		day := course46.New(tc.funcs)
		for _, p := range day.Parts {
			if p.ID != "5" && (os.Getenv("TERMLAB_TEST_ALL") != "1" || len(p.Pieces) < 2 || tc.name != "reference") {
				continue
			}
			whole := wire(t, fitPart(day.RunPart(labs.Reference, p.ID)))
			var apart []playedPiece
			var base labs.PartResult
			for j := range p.Pieces {
				got := wire(t, fitPieces(day.PlayPieces(labs.Reference, p.ID, []int{j})))
				if len(got.Pieces) != 1 || got.Pieces[0].Piece != j {
					t.Fatalf("%s, part %s: piece %d played %+v", tc.name, p.ID, j, got.Pieces)
				}
				base = got.Part
				apart = append(apart, got.Pieces...)
			}
			slices.Reverse(apart) // the join puts them in order
			if joined := joinPlayed(base, apart); !reflect.DeepEqual(joined, whole) {
				t.Errorf("%s, part %s: played in pieces %+v\nwhole %+v", tc.name, p.ID, joined, whole)
			}
			if tc.name != "reference" && p.ID == "5" && whole.Status != labs.Crash {
				t.Errorf("part 5 with a panicking Overlap: %s, want its overlap piece's crash", whole.Status)
			}
		}
	}
}

// A metric that is no number fails the part, joined or whole, with the
// same words; a faulted piece's numbers are never named.
func TestPiecesJoinNamesWhatIsNoNumber(t *testing.T) {
	nan := func(name string) labs.Metric { return labs.NewMetric(name, name+" label", math.NaN(), "", 0) }
	one := func(name string) labs.Metric { return labs.NewMetric(name, name+" label", 1, "", 0) }
	base := labs.PartResult{ID: "9", Title: "a part", Status: labs.OK, Span: math.Inf(1)}
	for _, tc := range []struct {
		name   string
		pieces []labs.PieceResult
	}{
		{"every piece plays", []labs.PieceResult{
			{Piece: 0, Result: labs.PartResult{Status: labs.OK, Metrics: []labs.Metric{one("a"), nan("b")}, Lines: []string{"x\x1by"}}},
			{Piece: 1, Result: labs.PartResult{Status: labs.OK, Metrics: []labs.Metric{nan("c")}, Figures: []labs.Figure{{Series: []labs.Series{{X: []float64{1, math.NaN()}, Y: []float64{2, 3}}}}}}},
		}},
		{"a piece faults", []labs.PieceResult{
			{Piece: 0, Result: labs.PartResult{Status: labs.OK, Metrics: []labs.Metric{nan("a")}}},
			{Piece: 1, Result: labs.PartResult{Status: labs.Crash, TODO: 3, Detail: "panic:\x07 boom", Where: "labs/day46/todo.go:3"}},
		}},
	} {
		whole := wire(t, fitPart(labs.JoinPieces(base, tc.pieces)))
		var apart []playedPiece
		var got labs.PartResult
		for _, p := range tc.pieces {
			played := wire(t, fitPieces(labs.PlayedPieces{Part: base, Pieces: []labs.PieceResult{p}}))
			apart = append(apart, played.Pieces...)
			got = played.Part
		}
		if joined := joinPlayed(got, apart); !reflect.DeepEqual(joined, whole) {
			t.Errorf("%s: joined %+v\nwhole %+v", tc.name, joined, whole)
		}
		if tc.name == "every piece plays" && whole.Status != labs.Fail {
			t.Errorf("%s: the whole part is %s, want a fail naming its NaNs", tc.name, whole.Status)
		}
	}
}

// A pieces task's ID is read back as written; a bad one is refused.
func TestPiecesID(t *testing.T) {
	part, only, err := parsePiecesID(piecesID("5", []int{0, 2}))
	if err != nil || part != "5" || !slices.Equal(only, []int{0, 2}) {
		t.Errorf("got %q %v %v", part, only, err)
	}
	for _, bad := range []string{"5", "5:", ":1", "5:x", "5:-1"} {
		if _, _, err := parsePiecesID(bad); err == nil {
			t.Errorf("%q read without an error", bad)
		}
	}
}

// wire is v as the runner reads it from a worker: through JSON.
func wire[T any](t *testing.T, v T) T {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out T
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
