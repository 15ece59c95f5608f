package clock

import (
	"testing"
	"time"
)

func TestRunOrdersByTimeThenSchedule(t *testing.T) {
	var s Sim
	var got []string
	s.At(2*time.Second, func() { got = append(got, "c") })
	s.At(time.Second, func() { got = append(got, "a") })
	s.At(time.Second, func() { got = append(got, "b") })
	s.At(5*time.Second, func() { got = append(got, "late") })
	if n := s.Run(3 * time.Second); n != 3 {
		t.Fatalf("ran %d events, want 3", n)
	}
	if want := "abc"; join(got) != want {
		t.Fatalf("order %q, want %q", join(got), want)
	}
	if s.Now() != 2*time.Second || s.Pending() != 1 {
		t.Fatalf("now %v pending %d", s.Now(), s.Pending())
	}
}

func TestEventsScheduleMoreEvents(t *testing.T) {
	var s Sim
	count := 0
	var tick func()
	tick = func() {
		count++
		if count < 10 {
			s.After(100*time.Millisecond, tick)
		}
	}
	s.At(0, tick)
	s.Run(time.Hour)
	if count != 10 || s.Now() != 900*time.Millisecond {
		t.Fatalf("count %d now %v", count, s.Now())
	}
}

func TestPastNeverRewindsClock(t *testing.T) {
	var s Sim
	var at time.Duration
	s.At(time.Second, func() { s.At(0, func() { at = s.Now() }) })
	s.Run(time.Hour)
	if at != time.Second {
		t.Fatalf("event in the past ran at %v, want 1s", at)
	}
}

func TestSeconds(t *testing.T) {
	tests := []struct {
		in   float64
		want time.Duration
	}{
		{0, 0}, {1.5, 1500 * time.Millisecond}, {0.010576103711314375, 10576104}, {-0.25, -250 * time.Millisecond},
	}
	for _, tt := range tests {
		if got := Seconds(tt.in); got != tt.want {
			t.Errorf("Seconds(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func join(s []string) string {
	out := ""
	for _, x := range s {
		out += x
	}
	return out
}

// Many events scheduled in a random order come out sorted by time, and in
// scheduling order among equal times.
func TestRandomScheduleRunsInOrder(t *testing.T) {
	var s Sim
	type stamp struct {
		at  time.Duration
		seq int
	}
	var got []stamp
	x := uint64(45)
	for i := range 5000 {
		x = x*6364136223846793005 + 1442695040888963407
		at := time.Duration(x>>40) % (10 * time.Millisecond) // many equal times
		s.At(at, func() { got = append(got, stamp{at, i}) })
	}
	if n := s.Run(time.Hour); n != 5000 || s.Pending() != 0 {
		t.Fatalf("ran %d, %d pending", n, s.Pending())
	}
	for i := 1; i < len(got); i++ {
		a, b := got[i-1], got[i]
		if a.at > b.at || (a.at == b.at && a.seq > b.seq) {
			t.Fatalf("event %d (%v, #%d) ran after (%v, #%d)", i, b.at, b.seq, a.at, a.seq)
		}
	}
}
