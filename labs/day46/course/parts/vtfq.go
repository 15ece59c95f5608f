package parts

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
)

// Part 8: virtual-time fair queuing beside deficit round robin, on the
// same traffic. N busy tenants always have 10 ms requests waiting; one
// quiet tenant sends a 0.7 ms request every VTQuietEvery, far apart enough
// that each finds its queue empty. DRR (the paper's active list, quantum
// 10 ms, the learner's DRRVisit) puts the quiet request behind a whole
// round of the busy tenants; VTFQ stamps it with a virtual finish time
// only 0.7 ms past the virtual clock, ahead of almost every busy head.
var (
	VTBusy = []int{1, 2, 4, 8, 16, 32}
)

const (
	VTBusySize   = 10 * time.Millisecond // = Quantum: one busy request per DRR visit
	VTQuietSize  = 700 * time.Microsecond
	VTQuietEvery = 397300 * time.Microsecond // more than a 32-tenant round, and off its beat
	VTQuietFirst = 50100 * time.Microsecond
	VTSpan       = 120 * time.Second
)

// vtTraffic is the busy tenants' backlog, all queued at 0 (enough for the
// whole span), and the quiet tenant's requests; the quiet tenant is tenant
// n, last in line at the start.
func vtTraffic(n int, busy time.Duration) []*fair.Req {
	per := int(VTSpan/(time.Duration(n)*busy)) + 2
	reqs := make([]fair.Req, 0, per*n+int(VTSpan/VTQuietEvery)+1)
	for range per {
		for i := range n {
			reqs = append(reqs, fair.Req{Tenant: i, Size: busy})
		}
	}
	for at := VTQuietFirst; at < VTSpan; at += VTQuietEvery {
		reqs = append(reqs, fair.Req{Tenant: n, Arrive: at, Size: VTQuietSize})
	}
	return pointers(reqs)
}

// VTResult is one run: the quiet tenant's delays (arrival to answer).
type VTResult struct {
	Busy     int
	Delays   []time.Duration
	P50, Max time.Duration
}

// VTRun plays n busy tenants and the quiet one under VTFQ (visit nil) or
// under active-list DRR with visit.
func VTRun(n int, visit fair.DRRVisitFunc) VTResult { return vtRunAt(n, VTBusySize, visit) }

// vtRunAt is VTRun with the busy tenants' requests of any size, as the
// question figure "vtfq" plays it.
func vtRunAt(n int, busy time.Duration, visit fair.DRRVisitFunc) VTResult {
	reqs := vtTraffic(n, busy)
	bound := len(reqs)
	var s fair.Scheduler = fair.NewVTFQ(n+1, bound)
	if visit != nil {
		s = fair.NewListDRR(n+1, bound, Quantum, visit)
	}
	run := fair.Serve(reqs, s, VTSpan)
	res := VTResult{Busy: n}
	for _, r := range run.Reqs {
		if r.Tenant == n && r.Served() {
			res.Delays = append(res.Delays, r.Latency())
		}
	}
	res.P50, res.Max = Percentile(res.Delays, 50), slices.Max(res.Delays)
	return res
}

// vtfqRuns use no TODO: played once, shared.
var vtfqRuns = sync.OnceValue(func() []VTResult {
	var out []VTResult
	for _, n := range VTBusy {
		out = append(out, VTRun(n, nil))
	}
	return out
})

func vtfqPiece(f fair.Funcs, r *labs.PartResult) {
	var xs, vtP50, vtMax, drrP50, drrMax []float64
	var last [2]VTResult
	var drrFirst VTResult
	for k, n := range VTBusy {
		vt, drr := vtfqRuns()[k], VTRun(n, f.DRRVisit)
		if k == 0 {
			drrFirst = drr
		}
		xs = append(xs, float64(n))
		vtP50, vtMax = append(vtP50, ms(vt.P50)), append(vtMax, ms(vt.Max))
		drrP50, drrMax = append(drrP50, ms(drr.P50)), append(drrMax, ms(drr.Max))
		if n == VTBusy[0] {
			r.Metrics = append(r.Metrics,
				metric(fmt.Sprintf("vtfq_quiet_p50_ms_%d", n), fmt.Sprintf("VTFQ: quiet median delay, %d busy", n), ms(vt.P50), "ms", 1),
				metric(fmt.Sprintf("drr_list_quiet_p50_ms_%d", n), fmt.Sprintf("DRR: quiet median delay, %d busy", n), ms(drr.P50), "ms", 1))
		}
		last = [2]VTResult{vt, drr}
	}
	n := VTBusy[len(VTBusy)-1]
	vt, drr := last[0], last[1]
	r.Metrics = append(r.Metrics,
		metric(fmt.Sprintf("vtfq_quiet_p50_ms_%d", n), fmt.Sprintf("VTFQ: quiet median delay, %d busy", n), ms(vt.P50), "ms", 1),
		metric(fmt.Sprintf("vtfq_quiet_max_ms_%d", n), fmt.Sprintf("VTFQ: quiet worst delay, %d busy", n), ms(vt.Max), "ms", 1),
		metric(fmt.Sprintf("drr_list_quiet_p50_ms_%d", n), fmt.Sprintf("DRR: quiet median delay, %d busy", n), ms(drr.P50), "ms", 1),
		metric(fmt.Sprintf("drr_list_quiet_max_ms_%d", n), fmt.Sprintf("DRR: quiet worst delay, %d busy", n), ms(drr.Max), "ms", 1))
	q, l := ms(VTBusySize), ms(VTQuietSize)
	r.Lines = append(r.Lines,
		fmt.Sprintf("N busy tenants always have %v requests waiting; one quiet tenant sends a %v request every %v (%d of them), each finding its queue empty.", VTBusySize, VTQuietSize, VTQuietEvery, len(vt.Delays)),
		fmt.Sprintf("DRR (the paper's active list, quantum %g ms, your DRRVisit): the quiet request joins the tail behind N − 1 busy tenants and the one in service."+
			" Median %.1f ms with %d busy, %.1f ms with %d: (N − 1) × %g + about %g (half a request still in service) + %g; never more than N × %g + %g.",
			Quantum, ms(drrFirst.P50), VTBusy[0], ms(drr.P50), n, q, q/2, l, q, l),
		fmt.Sprintf("VTFQ: the quiet request is stamped R + %g ms, R the virtual clock, and the busy tenants' heads carry stamps up to %g ms past R: it goes next unless the round is within %g ms of its end.", l, q, l),
		fmt.Sprintf("  Median %.1f ms with %d busy and %.1f ms with %d: about %g (the rest of the request in service) + %g, barely moving with N. The worst case grows by about its own %g ms per busy tenant, not by a quantum: %.1f ms with %d, inside the bound (N + 1) × %g + %g (the exact sharing, plus one largest request).",
			vtP50[0], VTBusy[0], ms(vt.P50), n, q/2, l, l, ms(vt.Max), n, l, q),
		"Kubernetes' API Priority and Fairness queues this way within a priority level, with seat-seconds for sizes: estimated when a request is queued, corrected when it completes.")
	r.Figures = append(r.Figures,
		labs.Figure{Title: "Quiet tenant's median delay as busy tenants are added", Kind: labs.Line,
			XLabel: "busy tenants", YLabel: "median delay, ms",
			Series: []labs.Series{{Name: "DRR", X: xs, Y: drrP50}, {Name: "VTFQ", X: xs, Y: vtP50}}},
		labs.Figure{Title: "Quiet tenant's worst delay as busy tenants are added", Kind: labs.Line,
			XLabel: "busy tenants", YLabel: "worst delay, ms",
			Series: []labs.Series{{Name: "DRR", X: xs, Y: drrMax}, {Name: "VTFQ", X: xs, Y: vtMax}}})
}
