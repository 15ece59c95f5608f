package parts

import (
	"testing"
	"time"

	"termlab/solutions/day45"
)

func TestPerSecondOutputOfPart3(t *testing.T) {
	token := tokenShape(day45.TakeToken).PerSecond
	leaky := leakyShape(day45.NextEmit).PerSecond
	for s := range 20 {
		wantToken := 0
		if s%3 == 0 && s <= 12 {
			wantToken = 20
		}
		wantLeaky := 0
		switch {
		case s <= 15:
			wantLeaky = 10
		case s == 16:
			wantLeaky = 1
		}
		if token[s] != wantToken || leaky[s] != wantLeaky {
			t.Errorf("second %d: token %d leaky %d, want %d and %d", s, token[s], leaky[s], wantToken, wantLeaky)
		}
	}
}

func TestArrivalStreamIsTheCourses(t *testing.T) {
	a := arrivals(45, 30, 60*time.Second)
	if len(a) != 1809 {
		t.Fatalf("%d arrivals, want 1809", len(a))
	}
	want := []time.Duration{10576104, 32892295, 35739844} // 0.010576103711314375 s …, to the nanosecond
	for i, w := range want {
		if a[i] != w {
			t.Errorf("arrival %d at %v, want %v", i, a[i], w)
		}
	}
}
