package fair_test

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/solutions/day46"
)

const ms = time.Millisecond

func reqs(tenant int, size time.Duration, at ...time.Duration) []*fair.Req {
	var out []*fair.Req
	for _, a := range at {
		out = append(out, &fair.Req{Tenant: tenant, Arrive: a, Size: size})
	}
	return out
}

func TestFIFOServesInOrderAndRefusesWhenFull(t *testing.T) {
	rs := reqs(0, 10*ms, 0, 0, 0, 25*ms)
	run := fair.Serve(rs, &fair.FIFO{Bound: 1}, time.Second)
	// The first goes straight to the server, the second waits, the third
	// finds the one place taken; the fourth comes after the second started.
	want := []struct {
		served     bool
		start, end time.Duration
	}{{true, 0, 10 * ms}, {true, 10 * ms, 20 * ms}, {false, 0, 0}, {true, 25 * ms, 35 * ms}}
	for i, w := range want {
		r := rs[i]
		if r.Served() != w.served || w.served && (r.Start != w.start || r.Done != w.end) {
			t.Errorf("request %d: served %v %v–%v, want %v %v–%v", i, r.Served(), r.Start, r.Done, w.served, w.start, w.end)
		}
	}
	if run.Busy != 30*ms {
		t.Errorf("busy %v, want 30ms", run.Busy)
	}
}

// The FIFO with Poisson arrivals and a fixed service time is an M/D/1
// queue: its mean wait is ρ / (2μ(1−ρ)) (Pollaczek–Khinchine). Ten minutes
// of seeded traffic at ρ = 0.5 must land within 10% of it.
func TestFIFOMatchesMD1MeanWait(t *testing.T) {
	tenants := []fair.Tenant{{Rate: 25, Size: 10 * ms}, {Rate: 25, Size: 10 * ms}}
	run := fair.Serve(fair.Traffic(7, tenants, 10*time.Minute), &fair.FIFO{Bound: 1 << 20}, 10*time.Minute)
	var sum time.Duration
	for _, r := range run.Reqs {
		sum += r.Start - r.Arrive
	}
	got := (sum / time.Duration(len(run.Reqs))).Seconds()
	rho, mu := 0.5, 100.0
	want := rho / (2 * mu * (1 - rho))
	if math.Abs(got-want) > 0.1*want {
		t.Errorf("mean wait %.2f ms, M/D/1 says %.2f ms", got*1e3, want*1e3)
	}
}

// DRR shares work by size: tenants with 10 ms and 30 ms requests, both
// always waiting, get half the server each; round robin gives 25% and 75%.
func TestDRRSharesWorkAndRoundRobinSharesRequests(t *testing.T) {
	mk := func() []*fair.Req {
		var rs []*fair.Req
		for range 300 {
			rs = append(rs, &fair.Req{Tenant: 0, Size: 10 * ms}, &fair.Req{Tenant: 1, Size: 30 * ms})
		}
		return rs
	}
	share := func(run fair.Run) float64 {
		var w [2]time.Duration
		for _, r := range run.Reqs {
			if r.Served() && r.Done <= run.Span {
				w[r.Tenant] += r.Size
			}
		}
		return float64(w[1]) / float64(w[0]+w[1])
	}
	for _, tt := range []struct {
		name string
		s    fair.Scheduler
		want float64
	}{
		{"DRR", fair.NewDRR(2, 1000, 10, day46.DRRVisit), 0.5},
		{"round robin", fair.NewRR(2), 0.75},
	} {
		if got := share(fair.Serve(mk(), tt.s, 6*time.Second)); math.Abs(got-tt.want) > 0.01 {
			t.Errorf("%s: the 30 ms tenant gets %.3f of the work, want %.2f", tt.name, got, tt.want)
		}
	}
}

func TestDRRQueuesAreBoundedPerTenant(t *testing.T) {
	rs := append(reqs(0, 10*ms, 0, 0, 0, 0), reqs(1, 10*ms, 0)...)
	fair.Serve(rs, fair.NewDRR(2, 2, 10, day46.DRRVisit), time.Second)
	refused := 0
	for _, r := range rs[:4] {
		if r.Overflow {
			refused++
		}
	}
	if refused != 1 || !rs[4].Served() {
		t.Errorf("tenant 0 refused %d of 4 (want 1: one served at once, two wait, one over); tenant 1 served %v", refused, rs[4].Served())
	}
}

func TestDRRStopsAVisitThatNeverServes(t *testing.T) {
	stuck := func(deficit, quantum float64, queue []float64) (int, float64) { return 0, 0 }
	defer func() {
		inv, ok := recover().(labs.Invalid)
		if !ok || inv.TODO != 2 {
			t.Fatalf("recovered %v, want labs.Invalid for TODO 2", inv)
		}
	}()
	fair.Serve(reqs(0, 10*ms, 0), fair.NewDRR(1, 5, 10, stuck), time.Second)
	t.Fatal("a DRRVisit that never serves was not stopped")
}

func TestPoolCountsWhoIsWaiting(t *testing.T) {
	p := fair.NewPool(1, 10*ms, 2)
	var got []bool
	for _, at := range []time.Duration{0, 0, 0, 0, 10 * ms, 15 * ms} {
		got = append(got, p.Try(0, at))
	}
	// One in service and two waiting; the fourth is refused; at 10 ms one
	// has left, so there is room; at 15 ms three are in again (full).
	want := []bool{true, true, true, false, true, false}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("tries %v, want %v", got, want)
		}
	}
}

func TestBucketStartsFullAndRefills(t *testing.T) {
	b := &fair.Bucket{Rate: 10, Burst: 2}
	got := []bool{b.Allow(0), b.Allow(0), b.Allow(0), b.Allow(100 * ms), b.Allow(100 * ms)}
	want := []bool{true, true, false, true, false}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("allows %v, want %v", got, want)
		}
	}
}

func TestWeightedByHand(t *testing.T) {
	for _, tt := range []struct {
		capacity float64
		demands  []float64
		weights  []int
		want     []float64
	}{
		{100, []float64{50, 50, 50}, []int{3, 1, 1}, []float64{50, 25, 25}}, // A capped at its demand
		{100, []float64{200, 30, 30, 30, 30}, []int{4, 1, 1, 1, 1}, []float64{50, 12.5, 12.5, 12.5, 12.5}},
		{100, []float64{10, 80, 80, 30}, []int{1, 2, 1, 1}, []float64{10, 45, 22.5, 22.5}},
		{100, []float64{10, 10}, []int{5, 1}, []float64{10, 10}},
		{90, []float64{90, 90, 90}, []int{1, 1, 1}, []float64{30, 30, 30}},
		{100, []float64{100, 100}, []int{3, 1}, []float64{75, 25}},
	} {
		got := fair.Weighted(day46.FairShare, tt.capacity, tt.demands, tt.weights)
		if len(got) != len(tt.want) {
			t.Errorf("Weighted(%v, %v, %v) = %v: %d shares, want %d", tt.capacity, tt.demands, tt.weights, got, len(got), len(tt.want))
			continue
		}
		for i := range tt.want {
			if math.Abs(got[i]-tt.want[i]) > 1e-9 {
				t.Errorf("Weighted(%v, %v, %v) = %v, want %v", tt.capacity, tt.demands, tt.weights, got, tt.want)
				break
			}
		}
	}
}

func TestImpossibleAnswersAreNamed(t *testing.T) {
	for _, tt := range []struct {
		name, reason string
		got          string
	}{
		{"share above demand", "asked for only", firstReason(fair.ImpossibleShares(100, []float64{10, 90}, []float64{20, 80}))},
		{"sorted shares", "order of demands", secondReason(fair.ImpossibleShares(90, []float64{60, 10}, []float64{10, 60}))},
		{"too many shares", "2 shares for 1 tenant", firstReason(fair.ImpossibleShares(100, []float64{10}, []float64{10, 0}))},
		{"a share for no tenant", "1 share for 0 tenants", firstReason(fair.ImpossibleShares(100, nil, []float64{10}))},
		{"over capacity", "more than the capacity", firstReason(fair.ImpossibleShares(10, []float64{10, 10}, []float64{10, 10}))},
		{"NaN share", "NaN", firstReason(fair.ImpossibleShares(10, []float64{10}, []float64{math.NaN()}))},
		{"served too many", "served 3 from a queue of 2", firstReason(fair.ImpossibleVisit(0, 10, []float64{1, 1}, 3, 0))},
		{"negative credit", "negative", firstReason(fair.ImpossibleVisit(0, 10, []float64{20}, 1, -10))},
		{"credit grew", "grew", firstReason(fair.ImpossibleVisit(0, 10, []float64{20}, 0, 30))},
		{"short shard", "a shard of 1", firstReason(fair.ImpossibleShard(8, 2, []int{1}))},
		{"repeat", "twice", firstReason(fair.ImpossibleShard(8, 2, []int{1, 1}))},
		{"out of range", "does not exist", firstReason(fair.ImpossibleShard(8, 2, []int{1, 8}))},
		{"fine", "", firstReason(fair.ImpossibleShard(8, 2, []int{7, 0}))},
	} {
		if tt.reason == "" && tt.got != "" || !strings.Contains(tt.got, tt.reason) {
			t.Errorf("%s: %q, want it to mention %q", tt.name, tt.got, tt.reason)
		}
	}
}

func firstReason(reason, _ string) string { return reason }
func secondReason(_, hint string) string  { return hint }

// The checked wrapper hands learner code copies: a FairShare that sorts its
// input cannot reorder the caller's demands.
func TestCheckedPassesCopies(t *testing.T) {
	f := day46.Funcs
	f.FairShare = func(c float64, d []float64) []float64 {
		out := day46.FairShare(c, d)
		for i := range d {
			d[i] = -1
		}
		return out
	}
	var track labs.Tracker
	demands := []float64{30, 10}
	// The change is caught (the contract says: do not change demands), and
	// the caller's list is untouched all the same.
	fault := labs.Guard(time.Minute, fair.LearnerDir, &track, func() { f.Checked(&track).FairShare(100, demands) })
	if fault.Status != labs.Fail || fault.TODO != 1 || !strings.Contains(fault.Detail, "changed its input") {
		t.Errorf("a FairShare that overwrites demands: %s (TODO %d, %s), want a failure of TODO 1", fault.Status, fault.TODO, fault.Detail)
	}
	if demands[0] != 30 || demands[1] != 10 {
		t.Errorf("the caller's demands became %v", demands)
	}
}

func TestPlayShardsCutsOffOnlyTheSharedShard(t *testing.T) {
	s := fair.ShardSetup{Workers: 4, Service: 10 * ms, Bound: 5, Quiet: 3, PerTenant: 20, NoisyRate: 1000, Span: 5 * time.Second, Seed: 1}
	// Tenant 1 has the noisy shard, tenant 2 shares one worker, tenant 3 none.
	shards := [][]int{{0, 1}, {1, 0}, {1, 2}, {2, 3}}
	run := fair.PlayShards(s, func(t uint64) []int { return shards[t] })
	if run.Lost[1] < 15 || run.Lost[2] != 0 || run.Lost[3] != 0 {
		t.Errorf("lost %v of %v: want tenant 1 to lose most, tenants 2 and 3 none", run.Lost, run.Sent)
	}
	if run.Hurt() != 1 {
		t.Errorf("%d hurt, want 1", run.Hurt())
	}
}

// A learner's answer may be a million long: a verdict quotes its start and
// says how much more there was, in time and text bounded by what it shows.
func TestFormatListsAreBounded(t *testing.T) {
	long := make([]float64, 1_000_000)
	ints := make([]int, 1_000_000)
	tests := []struct{ got, want string }{
		{fair.FormatFloats(nil), "[]"},
		{fair.FormatFloats([]float64{1, 0.5, 1e21, math.Inf(1), math.NaN(), -0.25}), fmt.Sprintf("%g", []float64{1, 0.5, 1e21, math.Inf(1), math.NaN(), -0.25})},
		{fair.FormatInts([]int{3, -1, 0}), fmt.Sprint([]int{3, -1, 0})},
		{fair.FormatFloats(long), "[" + strings.TrimSpace(strings.Repeat("0 ", fair.ListShown)) + " … and 999976 more]"},
		{fair.FormatInts(ints), "[" + strings.TrimSpace(strings.Repeat("0 ", fair.ListShown)) + " … and 999976 more]"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
