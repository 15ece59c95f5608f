package parts

import (
	"testing"

	"termlab/labs/day46/course/fair"
	"termlab/solutions/day46"
)

// P7's why says what the ring does to a quiet request: A's request is
// ahead of only about a third of them, and just over half wait for nothing
// but the request in service and their own, so the median sits at the top
// of that 10–20 ms group. Counted here from every request's start and end.
func TestRingDelaysAsP7SaysWhy(t *testing.T) {
	reqs := fair.Serve(fair.Traffic(Seed, crowd(NoisyRate), Span), fair.NewDRR(Tenants, DRRBound, Quantum, day46.Funcs.DRRVisit), Span).Reqs
	var served []*fair.Req
	for _, r := range reqs {
		if r.Served() {
			served = append(served, r)
		}
	}
	quiet, aAhead, nothingAhead := 0, 0, 0
	for _, q := range served {
		if q.Tenant == Noisy {
			continue
		}
		quiet++
		ahead, a := 0, false
		for _, r := range served {
			if r.Start >= q.Arrive && r.Start < q.Start {
				ahead++
				a = a || r.Tenant == Noisy
			}
		}
		if a {
			aAhead++
		}
		if ahead == 0 {
			nothingAhead++
			if q.Latency() > 2*Service {
				t.Fatalf("a quiet request with nothing ahead waited %v, over the rest of one request and its own", q.Latency())
			}
		}
	}
	if got := pct(aAhead, quiet); got < 30 || got > 40 {
		t.Errorf("A ahead of %.1f%% of the quiet requests, the why says about 35%%", got)
	}
	if got := pct(nothingAhead, quiet); got < 50 || got > 55 {
		t.Errorf("%.1f%% wait only for the request in service, the why says 52%%", got)
	}
}
