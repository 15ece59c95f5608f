package course_test

import (
	"crypto/sha256"
	"encoding/hex"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"os"
	"reflect"
	"strconv"
	"sync"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/grade"
	"termlab/labs/day46/course/parts"
	"termlab/labs/day46/course/shipped"
	"termlab/runner/testrun"
	"termlab/solutions/day46"
)

var day = course.New(day46.Funcs)

// reference is the reference's outcome, played and graded once for the
// tests that read it (none changes it); TestFiguresRepeatExactly plays the
// day again beside it.
var reference = sync.OnceValue(func() labs.Outcome { return day.Execute(labs.Reference) })

// The limits are bounds for hangs, not speed tests: -race runs the
// experiments several times slower than the worker ever would.
func TestMain(m *testing.M) {
	course.PartLimit, grade.Limit, grade.DiagnosisLimit = 5*time.Minute, 5*time.Minute, 5*time.Minute
	testrun.CollectLess()
	os.Exit(m.Run())
}

// The reference run, figure for figure (CONTRACT.md). These are the
// figures the contract promises; a change here is a change of contract.
func TestReferenceFigures(t *testing.T) {
	m := reference().Metrics()
	want := map[string]float64{
		"fifo_quiet_error_alone_pct": 0,
		"fair_share_quiet":           10,
		"fair_share_used_pct":        100,
		"static_share_used_pct":      60,
		"fair_busy_share":            20,
		"weighted_share_quiet":       12.5,
		"rr_big_share_pct":           80,
		"drr_quiet_error_pct":        0,
		"shard_combinations":         28,
		"shard_formula_pct":          100.0 / 28,
		"apf_stuck_1":                0,
		"apf_taken_1":                8,
		// Measured on the seeded traffic (repeatable to the last bit).
		"fifo_quiet_p99_alone_ms":  40.213526,
		"drr_quiet_p99_ms":         87.432659,
		"apf_stuck_8":              284,
		"apf_taken_8":              42,
		"drr_list_quiet_p50_ms_32": 315.6,
		"shuffle_hurt_pct":         3.3,
	}
	for name, w := range want {
		got, ok := m[name]
		if !ok {
			t.Errorf("metric %s missing", name)
			continue
		}
		if math.Abs(got-w) > 1e-9*max(1, math.Abs(w)) {
			t.Errorf("%s = %v, want %v", name, got, w)
		}
	}
	// Every prediction's answer, pinned by a digest of its metric's name
	// and figure (ten significant digits): written out here, they would
	// be every answer in plain text in a file a learner can open
	// (labs/registry/tracked). No file does: the authors' command
	// (go run ./author/reference 46) prints them from the reference run.
	answers := map[string]string{
		"fifo_quiet_p99_ms":       "c0bf70f78c819fc2", // P1
		"fifo_quiet_error_pct":    "a27eefaec2da8bd8", // P2
		"quota_idle_pct":          "bc43ee756ab7e5ca", // P3
		"fair_share_noisy":        "a58ec6daf4548657", // P4
		"weighted_share_noisy":    "dd11a533c35bc9f9", // P5
		"drr_noisy_rate":          "99feb75efb512ec8", // P6
		"drr_quiet_p50_ms":        "b752149905489df0", // P7
		"drr_big_share_pct":       "9549d8e2697009ca", // P8
		"shuffle_hurt_mean_pct":   "40d3f44ad38240c8", // P9
		"shuffle_any_overlap_pct": "84eee8d17dbc906b", // P10
		"apf_stuck_mean_8":        "dd0f380a0b2e3d8a", // P11
		"fleet_local_rate":        "dbc7c2ffbc6134b2", // P12
		"vtfq_quiet_p50_ms_32":    "c3e65e58f07835d8", // P13
	}
	for _, p := range day.Predictions {
		got, ok := m[p.Metric]
		if !ok {
			t.Errorf("%s: metric %s missing", p.ID, p.Metric)
			continue
		}
		if d := figureDigest(p.Metric, got); d != answers[p.Metric] {
			t.Errorf("%s: %s = %v, whose digest %s is not the pinned %q", p.ID, p.Metric, got, d, answers[p.Metric])
		}
	}
}

// figureDigest is the first 16 hex digits of the SHA-256 of "metric=v",
// v to ten significant digits.
func figureDigest(metric string, v float64) string {
	sum := sha256.Sum256([]byte(metric + "=" + strconv.FormatFloat(v, 'g', 10, 64)))
	return hex.EncodeToString(sum[:8])
}

// Each prediction's actual, checked against what it must be by an
// independent argument: a closed form, arithmetic by hand, or a count made
// here without the part's code.
func TestEachPredictionsActualIndependently(t *testing.T) {
	m := reference().Metrics()
	for _, p := range day.Predictions {
		if _, ok := m[p.Metric]; !ok {
			t.Errorf("%s: metric %s missing", p.ID, p.Metric)
		}
	}
	within := func(id string, got, want, tol float64) {
		t.Helper()
		if math.Abs(got-want) > tol {
			t.Errorf("%s = %v, want %v ± %v", id, got, want, tol)
		}
	}
	// P1: a full FIFO of 100 at 10 ms each: about a second, give or take
	// the request in service.
	within("P1", m["fifo_quiet_p99_ms"], float64(parts.FIFOBound)*10, 2*10)
	// P2: a full queue refuses everyone alike: 1 − capacity / offered,
	// with offered counted here from the seeded arrivals.
	offered := 0
	for i := range parts.Tenants {
		rate := parts.QuietRate
		if i == parts.Noisy {
			rate = parts.NoisyRate
		}
		offered += len(fair.Poisson(parts.Seed+uint64(i), rate, parts.Span))
	}
	within("P2", m["fifo_quiet_error_pct"], 100*(1-parts.Capacity/(float64(offered)/parts.Span.Seconds())), 1.5)
	// P3: idle = 1 − (quiet + A's quota) / capacity, up to Poisson noise.
	within("P3", m["quota_idle_pct"], 100*(1-(4*parts.QuietRate+parts.QuotaRate)/parts.Capacity), 2)
	// P4, P5: water-filling by hand (see the prediction's Why).
	within("P4", m["fair_share_noisy"], 100-4*10, 1e-9)
	within("P5", m["weighted_share_noisy"], 4*100.0/8, 1e-9)
	// P6: work-conserving: A gets capacity minus what the quiet tenants
	// were served, both counted in the run.
	within("P6", m["drr_noisy_rate"], m["drr_utilisation_pct"]-4*parts.QuietRate, 1.5)
	// P7: A is in service most of the time, and after A's visit the ring
	// passes B, C, D and E before it comes back to A, so most quiet requests
	// that find their queue empty wait only for the rest of the request in
	// service (0–10 ms) and their own 10 ms: that group is over half of them,
	// so the median sits at its top, just under 20 ms. (A round, A's 10 ms
	// on top, would give about 25.) And the p99 stays far below the FIFO's
	// second, above the unloaded p99.
	if p50 := m["drr_quiet_p50_ms"]; p50 <= 15 || p50 > 20 {
		t.Errorf("P7 = %v ms, want within the top of 10–20 ms (rest of one request + its own)", p50)
	}
	if p99 := m["drr_quiet_p99_ms"]; p99 >= 200 || p99 <= m["fifo_quiet_p99_alone_ms"] {
		t.Errorf("DRR's quiet p99 = %v ms, want between the unloaded p99 (%v) and 200 ms", p99, m["fifo_quiet_p99_alone_ms"])
	}
	// P8: DRR shares work equally; round robin gives 40/(10+40).
	within("P8", m["drr_big_share_pct"], 50, 0.5)
	within("rr", m["rr_big_share_pct"], 80, 0.5)
	// P9: averaged over 100 deals, at least the 1/C(8,2) whose shard is
	// the noisy tenant's (within four standard deviations of 100 × 5000
	// draws), and only a little more: those whose retry found a loaded
	// worker full. The one deal's share stays within its own spread.
	p := 1 / fair.Binomial(8, 2)
	sd := 100 * math.Sqrt(p*(1-p)/(5000*parts.ShardDeals))
	if got := m["shuffle_hurt_mean_pct"]; got < 100*p-4*sd || got > 100*p+0.5 {
		t.Errorf("P9 = %v %%, want between %v and %v", got, 100*p-4*sd, 100*p+0.5)
	}
	within("one deal", m["shuffle_hurt_pct"], 100*p, 400*math.Sqrt(p*(1-p)/5000)+0.3)
	// P10: 1 − C(6,2)/C(8,2) = 13/28.
	q := 13.0 / 28
	within("P10", m["shuffle_any_overlap_pct"], 100*q, 400*math.Sqrt(q*(1-q)/5000))
	// P11: the expected count over deals, worked out here exactly: the
	// number of queues eight random hands of 8 cover, hand by hand (a hand
	// shares j of c covered queues with hypergeometric chance), then
	// 10,000 × E[C(c, 8)]/C(64, 8), about 297.8, within four standard
	// deviations of an average over APFDeals deals (one deal's count has a
	// spread of about 153). Not the plug-in C(42, 8)/C(64, 8) × 10,000 ≈ 267:
	// C(c, 8) is convex in c. One deal's count, counted from the queues
	// that deal covered; one elephant alone: 10,000 × 1/C(64,8), none.
	covered := map[int]float64{0: 1}
	for range 8 {
		next := map[int]float64{}
		for c, pc := range covered {
			for j := 0; j <= 8; j++ {
				next[c+8-j] += pc * fair.Binomial(c, j) * fair.Binomial(64-c, 8-j) / fair.Binomial(64, 8)
			}
		}
		covered = next
	}
	expected := 0.0
	for c, pc := range covered {
		expected += pc * parts.APFMice * fair.Binomial(c, 8) / fair.Binomial(64, 8)
	}
	within("P11", m["apf_stuck_mean_8"], expected, 4*153/math.Sqrt(parts.APFDeals))
	if plugIn := parts.APFMice * fair.Binomial(42, 8) / fair.Binomial(64, 8); m["apf_stuck_mean_8"] < plugIn+15 {
		t.Errorf("P11 = %v, want well above the plug-in %v", m["apf_stuck_mean_8"], plugIn)
	}
	taken := m["apf_taken_8"]
	within("queues 8 elephants cover", taken, 64*(1-math.Pow(7.0/8, 8)), 4)
	stuck := parts.APFMice * fair.Binomial(int(taken), 8) / fair.Binomial(64, 8)
	within("one deal", m["apf_stuck_8"], stuck, 4*math.Sqrt(stuck))
	within("one elephant", m["apf_stuck_1"], 0, 0)
	// P12: each server sees a quarter of A, under the share it enforces, so
	// the fleet admits nearly A's whole stream, counted here from its arrivals.
	arrivals := float64(len(fair.Poisson(parts.Seed+100, parts.NoisyRate, parts.Span))) / parts.Span.Seconds()
	within("P12", m["fleet_local_rate"], arrivals, 0.01*arrivals) // a few clumps over a bucket of 10
	// P13 and the rest of Part 8: active-list DRR puts the quiet request
	// behind N − 1 busy requests and the rest of the one in service; VTFQ
	// behind the rest of the one in service only, nearly always: median
	// Q/2 + L whatever N, against (N − 1)·Q + Q/2 + L.
	const busyQ, quietL = 10.0, 0.7
	within("P13", m["vtfq_quiet_p50_ms_32"], busyQ/2+quietL, 1)
	within("VTFQ, one busy", m["vtfq_quiet_p50_ms_1"], busyQ/2+quietL, 1)
	within("DRR, 32 busy", m["drr_list_quiet_p50_ms_32"], 31*busyQ+busyQ/2+quietL, 1)
	within("DRR, one busy", m["drr_list_quiet_p50_ms_1"], busyQ/2+quietL, 1)
	if w := m["drr_list_quiet_max_ms_32"]; w > 32*busyQ+quietL+1e-9 {
		t.Errorf("DRR's worst quiet delay with 32 busy = %v ms, above a round (%v)", w, 32*busyQ+quietL)
	}
	if w := m["vtfq_quiet_max_ms_32"]; w > 33*quietL+busyQ+1e-9 {
		t.Errorf("VTFQ's worst quiet delay with 32 busy = %v ms, above Parekh and Gallager's bound (%v)", w, 33*quietL+busyQ)
	}
	// The shared counter holds the share (plus the opening burst), however
	// A's traffic lands; a split quota holds it only when spread evenly.
	burst := parts.FleetBurst / parts.Span.Seconds()
	within("shared", m["fleet_shared_rate"], 60+burst/2, burst/2+0.01)
	within("shared, skewed", m["fleet_shared_skewed_rate"], 60+burst/2, burst/2+0.01)
	// Skewed: one server gets 85% (far over its 15/s), the others 5% of
	// 200 = 10/s each, all admitted: 15 + 3×10 = 45, less the Poisson clumps.
	if r := m["fleet_split_skewed_rate"]; r > 45 || r < 40 {
		t.Errorf("split, skewed admits %v/s, want a little under 45", r)
	}
}

func TestClosedForms(t *testing.T) {
	for _, tt := range []struct {
		n, k int
		want float64
	}{{8, 2, 28}, {10, 3, 120}, {64, 8, 4426165368}, {100, 5, 75287520}, {5, 0, 1}, {3, 4, 0}} {
		if got := fair.Binomial(tt.n, tt.k); got != tt.want {
			t.Errorf("C(%d,%d) = %v, want %v", tt.n, tt.k, got, tt.want)
		}
	}
	sum := 0.0
	for j := range 3 {
		sum += fair.Hypergeometric(8, 2, j)
	}
	if math.Abs(sum-1) > 1e-12 || math.Abs(fair.Hypergeometric(8, 2, 2)-1.0/28) > 1e-15 {
		t.Errorf("hypergeometric over 0..2 sums to %v, P(2) = %v", sum, fair.Hypergeometric(8, 2, 2))
	}
}

// Percentile is nearest-rank: always one of the values.
func TestPercentile(t *testing.T) {
	ds := []time.Duration{5, 1, 4, 2, 3}
	for _, tt := range []struct {
		p    float64
		want time.Duration
	}{{50, 3}, {99, 5}, {100, 5}, {1, 1}, {0, 1}, {20, 1}, {21, 2}} {
		if got := parts.Percentile(ds, tt.p); got != tt.want {
			t.Errorf("p%v = %v, want %v", tt.p, got, tt.want)
		}
	}
	if parts.Percentile(nil, 50) != 0 {
		t.Error("percentile of nothing")
	}
}

func TestFiguresRepeatExactly(t *testing.T) {
	a, b := reference().Parts, day.Run(labs.Reference)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two reference runs differ")
	}
	for _, p := range a {
		if p.Status != labs.OK {
			t.Errorf("part %s: %s %s", p.ID, p.Status, p.Detail)
		}
		for _, f := range p.Figures {
			for _, s := range f.Series {
				if len(s.X) != len(s.Y) || len(s.X) == 0 {
					t.Errorf("part %s figure %q series %q: %d x, %d y", p.ID, f.Title, s.Name, len(s.X), len(s.Y))
				}
			}
		}
	}
}

// No knife edges: shares off by a relative 1e-12 (another order of
// additions) and a DRR that forgives 1e-9 give the same figures to 1e-9.
func TestFiguresSurviveTinyPerturbations(t *testing.T) {
	bent := day46.Funcs
	bent.FairShare = func(c float64, d []float64) []float64 {
		s := day46.FairShare(c, d)
		for i := range s {
			s[i] *= 1 - 1e-12
		}
		return s
	}
	bent.DRRVisit = func(deficit, quantum float64, queue []float64) (int, float64) {
		n, left := day46.DRRVisit(deficit+1e-9, quantum, queue)
		if n < len(queue) {
			left = max(0, left-1e-9)
		}
		return n, left
	}
	for _, id := range []string{"3", "4"} {
		a, b := parts.Run(id, day46.Funcs, time.Minute), parts.Run(id, bent, time.Minute)
		if len(a.Metrics) != len(b.Metrics) {
			t.Fatalf("part %s: %d metrics against %d", id, len(a.Metrics), len(b.Metrics))
		}
		for i := range a.Metrics {
			if d := math.Abs(a.Metrics[i].Value - b.Metrics[i].Value); d > 1e-9*max(1, math.Abs(a.Metrics[i].Value)) {
				t.Errorf("part %s %s: %v against %v", id, a.Metrics[i].Name, a.Metrics[i].Value, b.Metrics[i].Value)
			}
		}
	}
}

// The shipped stubs, read from the embedded copy (never from the
// learner's file): each of the four panics with notDone (labs.NotDone, from
// the lab's notdone.go), and parts
// and grades on stubs say unfinished with the right TODO.
func TestShippedStubsAreUnfinished(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "todo.go", shipped.TODO, 0)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, d := range file.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || len(fn.Body.List) != 1 {
			continue
		}
		call, ok := fn.Body.List[0].(*ast.ExprStmt).X.(*ast.CallExpr)
		if ok && call.Fun.(*ast.Ident).Name == "panic" {
			if id, ok := call.Args[0].(*ast.Ident); ok && id.Name == "notDone" {
				found[fn.Name.Name] = true
			}
		}
	}
	stub := fair.Funcs{
		FairShare: func(float64, []float64) []float64 { panic(labs.NotDone) },
		DRRVisit:  func(float64, float64, []float64) (int, float64) { panic(labs.NotDone) },
		ShardOf:   func(uint64, int, int) []int { panic(labs.NotDone) },
		Overlap:   func([]int, []int) int { panic(labs.NotDone) },
	}
	for _, td := range day.TODOs {
		if !found[td.Func] {
			t.Errorf("the shipped %s is not panic(notDone)", td.Func)
		}
		if g := course.GradeWith(td.Number, stub, day46.Funcs); g.Status != labs.Unfinished {
			t.Errorf("stub TODO %d: %s", td.Number, g.Status)
		}
	}
	for _, p := range day.Parts {
		r := parts.Run(p.ID, stub, time.Minute)
		if len(p.Uses) == 0 {
			if r.Status != labs.OK {
				t.Errorf("part %s needs no TODO but is %s", p.ID, r.Status)
			}
			continue
		}
		if r.Status != labs.Unfinished || r.TODO == 0 {
			t.Errorf("part %s on stubs: %s waiting on TODO %d", p.ID, r.Status, r.TODO)
		}
	}
}

// Every prediction names a part that exists and TODOs that part runs.
func TestPredictionsAreWiredToParts(t *testing.T) {
	partUses := map[string][]int{}
	for _, p := range day.Parts {
		partUses[p.ID] = p.Uses
	}
	for _, p := range day.Predictions {
		uses, ok := partUses[p.Part]
		if !ok {
			t.Errorf("%s: no part %s", p.ID, p.Part)
		}
		for _, n := range p.Needs {
			found := false
			for _, u := range uses {
				found = found || u == n
			}
			if !found {
				t.Errorf("%s needs TODO %d, which part %s does not run", p.ID, n, p.Part)
			}
		}
	}
}
