package pyrand

import "testing"

// The vectors come from CPython's random.Random(45), as the course spec lists them.
func TestMatchesCPython(t *testing.T) {
	tests := []struct {
		name string
		draw func(r *Random) any
		want []any
	}{
		{"getrandbits(32)", func(r *Random) any { return r.Uint32() },
			[]any{uint32(1167696004), uint32(1793969994), uint32(2096065187)}},
		{"random()", func(r *Random) any { return r.Float64() },
			[]any{0.2718754143840908, 0.48802820785090784, 0.08187934237116656}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := New(45)
			for i, want := range tt.want {
				if got := tt.draw(r); got != want {
					t.Fatalf("draw %d: got %v, want %v", i, got, want)
				}
			}
		})
	}
}

func TestArrivalTimesMatchCPython(t *testing.T) {
	want := []float64{0.010576103711314375, 0.03289229534195218, 0.03573984406438503}
	r := New(45)
	at := 0.0
	for i, w := range want {
		at += r.ExpFloat64(30)
		if at != w {
			t.Fatalf("arrival %d: got %v, want %v", i, at, w)
		}
	}
}
