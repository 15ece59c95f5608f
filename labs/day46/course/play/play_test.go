package play_test

import (
	"math"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/play"
	ref "termlab/solutions/day46"
)

func figure(t *testing.T, id string) labs.PlayFigure {
	t.Helper()
	for _, f := range play.Figures(func(w labs.Impl) (fair.Funcs, bool) { return ref.Funcs, w == labs.Reference }) {
		if f.ID == id {
			return f
		}
	}
	t.Fatalf("no figure %q", id)
	return labs.PlayFigure{}
}

func readout(t *testing.T, f labs.PlayFigure, v labs.Values, name string) float64 {
	t.Helper()
	fr := f.Play(labs.Reference, f.Settle(v))
	if fr.Error != "" {
		t.Fatal(fr.Error)
	}
	r, ok := fr.Readout(name)
	if !ok {
		t.Fatalf("no readout %q", name)
	}
	return r.Value
}

// FIFO: the greedy tenant's load raises the quiet tenants' latency, and
// the more it sends the worse (a hand argument: one queue, every request
// waits behind the greedy one's).
func TestFIFOGreedyRaisesQuietLatency(t *testing.T) {
	f := figure(t, "neighbour")
	last := -1.0
	for _, g := range []float64{0, 50, 90, 150, 300} {
		p99 := readout(t, f, labs.Values{"scheduler": 0, "greedy": g}, "quiet_p99")
		if p99 < last {
			t.Errorf("greedy %g/s: quiet p99 %g ms fell below %g ms", g, p99, last)
		}
		last = p99
	}
	if calm, loud := readout(t, f, labs.Values{"scheduler": 0, "greedy": 0}, "quiet_p99"), last; loud < 10*calm {
		t.Errorf("a greedy tenant at 3× the server raised the quiet p99 only from %g to %g ms", calm, loud)
	}
}

// The fair schedulers keep the quiet tenants' p99 within about a round
// whatever the greedy tenant sends; DRR, round robin and fair queuing are
// work-conserving: overloaded, the server never idles (utilisation 1), and
// under load it serves all that comes (utilisation = offered ÷ capacity).
func TestFairSchedulers(t *testing.T) {
	f := figure(t, "neighbour")
	for _, s := range []float64{2, 3, 4} {
		for _, q := range []float64{1, 10, 50} {
			for _, g := range []float64{0, 30, 150, 400} {
				v := labs.Values{"scheduler": s, "greedy": g, "quiet": 3, "quantum": q}
				offered := (g + 3*10) / 100 // requests of 10 ms on one server
				u := readout(t, f, v, "utilisation")
				if want := math.Min(1, offered); math.Abs(u-want) > 0.06 {
					t.Errorf("%v: utilisation %g, want %g (work-conserving)", v, u, want)
				}
				// A quiet request waits at most about a round: every tenant's
				// visit (a quantum of work, one 10 ms request at least).
				if p99, round := readout(t, f, v, "quiet_p99"), 4*math.Max(q, 10)+60; p99 > round {
					t.Errorf("%v: quiet p99 %g ms: the greedy tenant is not held off", v, p99)
				}
			}
		}
	}
	// The quota holds the greedy tenant to its equal share: a quarter.
	if sh := readout(t, f, labs.Values{"scheduler": 1, "greedy": 300, "quiet": 3}, "greedy_share"); sh > 0.6 {
		t.Errorf("quota: greedy share %g", sh)
	}
}

// Shards: the share of tenants that get the noisy tenant's whole shard is
// 1/C(n,k), within sampling error of 4000 tenants.
func TestShardsOneInCnk(t *testing.T) {
	f := figure(t, "shards")
	for _, n := range []float64{4, 8, 16, 32} {
		for _, k := range []float64{1, 2, 3} {
			v := labs.Values{"n": n, "k": k}
			p := 1 / fair.Binomial(int(n), int(k))
			got := readout(t, f, v, "same_shard")
			if sd := math.Sqrt(p * (1 - p) / 4000); math.Abs(got-p) > 4*sd+1e-9 {
				t.Errorf("%v: whole shard shared by %g of tenants, want 1/C(n,k) = %g", v, got, p)
			}
		}
	}
}

// DRR's weight: with every tenant backlogged (nine quiet tenants want 90%
// of the server, the greedy one 400%), a greedy tenant of weight w gets
// w shares of the w + 9: its share of the work is w / (w + 9).
func TestDRRWeight(t *testing.T) {
	f := figure(t, "neighbour")
	for _, w := range []float64{1, 2, 4, 8} {
		for _, q := range []float64{10, 20} {
			v := labs.Values{"scheduler": 3, "greedy": 400, "quiet": 9, "quantum": q, "weight": w}
			got, want := readout(t, f, v, "greedy_share"), w/(w+9)
			if w == 1 {
				// At weight 1 a quiet tenant's share (a tenth) is just what
				// it asks on average: over 10 s of random arrivals the quiet
				// leave a little more or less, and all of it goes to the
				// greedy one. Its share is at least its tenth, and no more
				// than what a quiet tenant two standard deviations short
				// (about 6% of 900 requests) would leave.
				if got < want-0.01 || got > want+0.06 {
					t.Errorf("%v: greedy share %g, want about %g", v, got, want)
				}
				continue
			}
			if math.Abs(got-want) > 0.03 {
				t.Errorf("%v: greedy share %g, want w/(w+9) = %g", v, got, want)
			}
		}
	}
}

// The water-filling figure plays FairShare (TODO 1) at its knobs: the
// modest are met in full, the rest split what they leave, by weight.
func TestShareFigureWaterFills(t *testing.T) {
	f := figure(t, "share")
	for _, c := range []struct {
		v         labs.Values
		a, other  float64
		handedOut float64
	}{
		{labs.Values{"capacity": 100, "a": 200, "others": 4, "demand": 10}, 60, 10, 100},
		{labs.Values{"capacity": 100, "a": 200, "others": 4, "demand": 30, "weight": 4}, 50, 12.5, 100},
		{labs.Values{"capacity": 300, "a": 50, "others": 2, "demand": 20}, 50, 20, 90},
	} {
		if got := readout(t, f, c.v, "a_share"); math.Abs(got-c.a) > 1e-9 {
			t.Errorf("%v: A gets %g, want %g", c.v, got, c.a)
		}
		if got := readout(t, f, c.v, "other_share"); math.Abs(got-c.other) > 1e-9 {
			t.Errorf("%v: each other gets %g, want %g", c.v, got, c.other)
		}
		if got := readout(t, f, c.v, "handed_out"); math.Abs(got-c.handedOut) > 1e-9 {
			t.Errorf("%v: handed out %g, want %g", c.v, got, c.handedOut)
		}
	}
	// A learner's FairShare that returns too few shares is said, not a panic.
	short := play.Figures(func(labs.Impl) (fair.Funcs, bool) {
		f := ref.Funcs
		f.FairShare = func(float64, []float64) []float64 { return []float64{1} }
		return f, true
	})
	for _, g := range short {
		if g.ID == "share" {
			if fr := g.Play(labs.Learner, g.Defaults()); fr.Error == "" {
				t.Error("a FairShare of one share for five tenants played without a word")
			}
		}
	}
}

// The neighbour figure names DRRVisit only where it calls it: DRR.
func TestNeighbourCallsDRRVisitOnlyUnderDRR(t *testing.T) {
	f := figure(t, "neighbour")
	for i, name := range []string{"FIFO", "quota", "round robin", "DRR", "fair queuing"} {
		calls := f.Calls(labs.Values{"scheduler": float64(i)})
		if (name == "DRR") != (len(calls) == 1 && calls[0] == 2) {
			t.Errorf("%s calls %v", name, calls)
		}
	}
}

// A shard size above the workers plays k = n and says so, rather than
// showing the k asked beside a figure of another.
func TestShardsSayWhenKIsAboveN(t *testing.T) {
	f := figure(t, "shards")
	fr := f.Play(labs.Reference, f.Settle(labs.Values{"n": 3, "k": 5}))
	r, ok := fr.Readout("k_played")
	if !ok || r.Value != 3 || !strings.Contains(r.Against, "k = 5 asked") {
		t.Fatalf("k = 5 of n = 3: %+v (%v)", r, ok)
	}
	if fr := f.Play(labs.Reference, f.Settle(labs.Values{"n": 8, "k": 2})); len(fr.Readouts) > 0 && fr.Readouts[0].Name == "k_played" {
		t.Error("k ≤ n said it was capped")
	}
}
