package fleet

import (
	"fmt"
	"math"
	"reflect"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
	"termlab/solutions/day45"
)

// No Part 4 figure may sit on a knife edge: the reference TakeToken with its
// level nudged by one part in a billion, up or down (what another equally
// correct float ordering, FMA or a tolerance gives), must give the same
// figures. Arrivals that land exactly on a whole token would flip here.
func TestPart4FiguresSurviveAPerturbedLevel(t *testing.T) {
	figures := func(take limit.TakeTokenFunc) map[string]float64 {
		f := day45.Funcs
		f.TakeToken = take
		var r labs.PartResult
		fleetLocalPiece(f, &r)
		fleetSplitPiece(f, &r)
		out := map[string]float64{}
		for _, m := range r.Metrics {
			out[m.Name] = m.Value
		}
		for _, fig := range r.Figures {
			for _, s := range fig.Series {
				out[fig.Title+"/"+s.Name] = sumOf(s.Y)
			}
		}
		return out
	}
	want := figures(day45.TakeToken)
	for _, rel := range []float64{-1e-9, 1e-9} {
		t.Run(fmt.Sprintf("level×(1%+g)", rel), func(t *testing.T) {
			nudged := func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
				// The refill the reference would compute, nudged, then the
				// reference's own decision on it.
				level := math.Min(capacity, tokens+elapsed.Seconds()*rate) * (1 + rel)
				level = math.Min(capacity, level)
				if level >= 1 {
					return level - 1, true
				}
				return level, false
			}
			got := figures(nudged)
			if !reflect.DeepEqual(got, want) {
				for k, v := range want {
					if got[k] != v {
						t.Errorf("%s: %v with the nudged level, %v with the reference", k, got[k], v)
					}
				}
			}
		})
	}
}

func sumOf(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t
}
