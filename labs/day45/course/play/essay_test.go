package play_test

import (
	"math"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/play"
	ref "termlab/solutions/day45"
)

// The essay ("The Bucket", shared/seeds) says what each figure shows at
// its own settings; each claim is a row here, on the reference.
func TestTheEssaysClaims(t *testing.T) {
	at := func(fig string, v labs.Values) labs.Frame {
		f := figure(t, fig)
		return f.Play(labs.Reference, f.Settle(v))
	}
	near := func(name string, got, want, rel float64) {
		t.Helper()
		if math.Abs(got-want) > rel*want {
			t.Errorf("%s: %g, want %g within %g%%", name, got, want, 100*rel)
		}
	}
	// "BURSTY + token bucket (b=15): each cloudburst largely passes — the
	// bucket had been quietly refilling between rains — and the long-run
	// rate lands on r."
	bursty := at("loan", labs.Values{"b": 15, "r": 10, "traffic": 1})
	near("bursty: the long run", readout(t, bursty, "bucket_rate"), 10, 0.01)
	refused := readout(t, bursty, "bucket_refused")
	if burst := readout(t, bursty, "bucket_burst"); burst < 15 {
		t.Errorf("bursty: a cloudburst passed %g at most, want the whole bucket, 15", burst)
	}
	// 18 a cloudburst, 15 pass: a sixth refused, "largely passes". The
	// run is 30 s: 20 cloudbursts of 18.
	if share := refused / (20 * 18); share > 0.2 {
		t.Errorf("bursty: %.0f%% of the rain refused, want most of each cloudburst to pass", 100*share)
	}
	// "BURSTY + leaky: the same rain, and the door admits a metronome."
	if m := readout(t, bursty, "meter_burst"); m > 3 {
		t.Errorf("bursty meter: %g in 0.2 s, want at most the tap's 0.2 r + 1 = 3", m)
	}
	// "FLOOD + anything: the door holds at r forever" — for every r and
	// b, the span long enough that the opening burst is over.
	for _, r := range []float64{1, 2, 10, 33, 50} {
		for _, b := range []float64{1, 15, 60} {
			flood := at("loan", labs.Values{"b": b, "r": r, "traffic": 2})
			name := "flood r=" + fmtG(r) + " b=" + fmtG(b)
			near(name+" queue", readout(t, flood, "queue_rate"), r, 0.02)
			if b > 1 {
				near(name+" bucket", readout(t, flood, "bucket_rate"), r, 0.02)
			}
			// A bucket of one (the meter, or b = 1) passes at most r, and
			// less when arrivals fall just short of a whole token: 3r
			// evenly can pass one in four, not one in three.
			for _, k := range []string{"meter_rate", "bucket_rate"} {
				if got := readout(t, flood, k); (k == "meter_rate" || b == 1) && (got > r*1.001 || got < 0.74*r) {
					t.Errorf("%s %s: %g, want at most r and at least three quarters of it", name, k, got)
				}
			}
		}
	}
	// "the key's true allowance is N × L": eight servers of 10/s pass 80.
	near("fleet: N × L", readout(t, at("fleet", labs.Values{}), "delivered"), 80, 0.02)
	near("fleet: centralized", readout(t, at("fleet", labs.Values{"mode": 1}), "delivered"), 10, 0.02)
	near("fleet: promise ÷ N", readout(t, at("fleet", labs.Values{"mode": 2}), "delivered"), 10, 0.05)
	// The slowest long run: 16 servers of 1/s ÷ 16 still reaches its 1/s.
	near("fleet: 16 × 1 ÷ N", readout(t, at("fleet", labs.Values{"servers": 16, "limit": 1, "mode": 2}), "delivered"), 1, 0.2)
	// "the starvation of ÷N": honest demand all on one server.
	if d := readout(t, at("fleet", labs.Values{"mode": 2, "skew": 100, "demand": 1}), "delivered"); d > 2 {
		t.Errorf("÷N with all of an honest key on one server delivered %g/s, want about L/N", d)
	}
	// "The client got twice the promise in a blink", and the sliding
	// counter smooths the page turn (the log holds it exactly).
	boundary := at("boundary", labs.Values{"limit": 100, "window": 10, "traffic": 1})
	if got := readout(t, boundary, "fixed_most"); got != 200 {
		t.Errorf("fixed window at the flip: %g in a window, want 200", got)
	}
	if got := readout(t, boundary, "log_most"); got != 100 {
		t.Errorf("sliding log at the flip: %g, want 100", got)
	}
	if got := readout(t, boundary, "counter_most"); got > 102 {
		t.Errorf("sliding counter at the flip: %g, want at most 102", got)
	}
	// The counter's reset is drawn: the fixed window's count falls to zero
	// at each flip.
	var count labs.Series
	for _, s := range boundary.Chart.Series {
		if s.Name == "fixed window's count" {
			count = s
		}
	}
	reset := false
	for i := 1; i < len(count.Y); i++ {
		reset = reset || count.Y[i-1] >= 100 && count.Y[i] == 0
	}
	if !reset {
		t.Errorf("the fixed window's count is not drawn back to zero at the flip: %v", count.Y)
	}
}

func fmtG(v float64) string { return labs.Values{"v": v}.Encode()[2:] }

// A wrong TakeToken that forgets the cap overfills the bucket, and the
// figure shows it: the level climbs past b where the reference's stays
// at most b.
func TestTheOverfilledBucketShows(t *testing.T) {
	wrong := play.Funcs{TakeToken: func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
		tokens += rate * elapsed.Seconds() // no cap
		if tokens >= 1 {
			return tokens - 1, true
		}
		return tokens, false
	}, WindowID: ref.WindowID, Expired: ref.Expired, NextEmit: ref.NextEmit}
	for _, f := range play.Figures(func(labs.Impl) (play.Funcs, bool) { return wrong, true }) {
		if f.ID != "loan" {
			continue
		}
		v := f.Settle(labs.Values{"traffic": 0})
		mine := readout(t, f.Play(labs.Learner, v), "bucket_level")
		theirs := readout(t, figure(t, "loan").Play(labs.Reference, v), "bucket_level")
		if mine <= v["b"] || theirs > v["b"] {
			t.Errorf("steady traffic: the wrong bucket's fullest %g, the reference's %g, b = %g", mine, theirs, v["b"])
		}
	}
}
