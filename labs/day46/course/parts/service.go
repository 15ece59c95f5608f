package parts

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
)

// Parts 1, 2 and 4 share one service and one crowd: five tenants in front
// of a server that answers 100 requests a second (10 ms each). Four are
// quiet at 10/s; tenant A is either quiet too, or noisy at 200/s. Each
// tenant's arrivals are seeded by its own number, so the quiet tenants send
// exactly the same requests in every run: only A and the scheduler change.
const (
	Span      = 60 * time.Second
	Service   = 10 * time.Millisecond // 100 requests/s
	Tenants   = 5
	Noisy     = 0 // tenant A
	QuietRate = 10.0
	NoisyRate = 200.0
	Seed      = 46

	FIFOBound  = 100  // one shared queue: a second of work
	QuotaRate  = 20.0 // capacity ÷ tenants
	QuotaBurst = 10.0
	DRRBound   = 20   // per tenant: the same 100 places in all
	Quantum    = 10.0 // ms of work per DRR visit: one request
)

// Capacity is the server's requests per second.
var Capacity = float64(time.Second / Service)

func crowd(noisyRate float64) []fair.Tenant {
	t := make([]fair.Tenant, Tenants)
	for i := range t {
		t[i] = fair.Tenant{Rate: QuietRate, Size: Service}
	}
	t[Noisy].Rate = noisyRate
	return t
}

// crowdRuns is the crowd's requests at the last noisy rate asked, as
// drawn and never served: Part 4 serves the same crowd three ways, and
// drawing it is thousands of logarithms.
var crowdRuns struct {
	sync.Mutex
	rate float64
	reqs []fair.Req
}

// crowdTraffic is the crowd's requests with A at noisyRate, fresh (Serve
// fills in what happened to each): the same as
// fair.Traffic(Seed, crowd(noisyRate), Span) every time.
func crowdTraffic(noisyRate float64) []*fair.Req {
	crowdRuns.Lock()
	defer crowdRuns.Unlock()
	if crowdRuns.reqs == nil || crowdRuns.rate != noisyRate {
		drawn := fair.Traffic(Seed, crowd(noisyRate), Span)
		crowdRuns.rate, crowdRuns.reqs = noisyRate, make([]fair.Req, len(drawn))
		for i, r := range drawn {
			crowdRuns.reqs[i] = *r
		}
	}
	return pointers(slices.Clone(crowdRuns.reqs))
}

// Stats is one run, summed up for the quiet tenants and the noisy one.
type Stats struct {
	QuietOffered, QuietServed, QuietErrors int
	QuietP50, QuietP99                     time.Duration
	NoisyOffered, NoisyServed              int
	Offered, Served                        [Tenants]int
	Utilisation                            float64 // % of the span the server worked
	P99BySecond                            []float64
	quietLat                               []time.Duration
}

func summarise(run fair.Run) Stats {
	var s Stats
	bySecond := make([][]time.Duration, int(run.Span/time.Second))
	for _, r := range run.Reqs {
		s.Offered[r.Tenant]++
		if r.Served() {
			s.Served[r.Tenant]++
		}
		if r.Tenant == Noisy {
			continue
		}
		s.QuietOffered++
		if !r.Served() {
			s.QuietErrors++
			continue
		}
		s.QuietServed++
		s.quietLat = append(s.quietLat, r.Latency())
		if sec := int(r.Arrive / time.Second); sec < len(bySecond) {
			bySecond[sec] = append(bySecond[sec], r.Latency())
		}
	}
	s.NoisyOffered, s.NoisyServed = s.Offered[Noisy], s.Served[Noisy]
	s.QuietP50, s.QuietP99 = Percentile(s.quietLat, 50), Percentile(s.quietLat, 99)
	s.Utilisation = 100 * run.Busy.Seconds() / run.Span.Seconds()
	for _, l := range bySecond {
		s.P99BySecond = append(s.P99BySecond, ms(Percentile(l, 99)))
	}
	return s
}

// The runs that use no TODO are the same every time: played once, shared.
var (
	fifoAlone = sync.OnceValue(func() Stats { return FIFORun(QuietRate) })
	fifoNoisy = sync.OnceValue(func() Stats { return FIFORun(NoisyRate) })
)

// FIFORun plays the crowd through one shared FIFO queue.
func FIFORun(noisyRate float64) Stats {
	return summarise(fair.Serve(crowdTraffic(noisyRate), &fair.FIFO{Bound: FIFOBound}, Span))
}

// QuotaRun puts a static token bucket per tenant in front of the FIFO.
func QuotaRun(noisyRate float64) Stats {
	q := &fair.Quota{Inner: &fair.FIFO{Bound: FIFOBound}}
	for range Tenants {
		q.Buckets = append(q.Buckets, &fair.Bucket{Rate: QuotaRate, Burst: QuotaBurst})
	}
	return summarise(fair.Serve(crowdTraffic(noisyRate), q, Span))
}

// DRRRun serves the crowd by deficit round robin with visit, on a fixed
// ring of tenants.
func DRRRun(visit fair.DRRVisitFunc, noisyRate float64) Stats {
	d := fair.NewDRR(Tenants, DRRBound, Quantum, visit)
	return summarise(fair.Serve(crowdTraffic(noisyRate), d, Span))
}

// ListDRRRun is DRRRun with the paper's active list instead of the ring.
func ListDRRRun(visit fair.DRRVisitFunc, noisyRate float64) Stats {
	d := fair.NewListDRR(Tenants, DRRBound, Quantum, visit)
	return summarise(fair.Serve(crowdTraffic(noisyRate), d, Span))
}

func tenantBars(title string, s Stats) labs.Figure {
	off, srv := make([]float64, Tenants), make([]float64, Tenants)
	for i := range Tenants {
		off[i] = float64(s.Offered[i]) / Span.Seconds()
		srv[i] = float64(s.Served[i]) / Span.Seconds()
	}
	return labs.Figure{Title: title, Kind: labs.Bars, XLabel: "tenant (0 = A)", YLabel: "requests/s",
		Series: []labs.Series{{Name: "offered", X: indexes(Tenants), Y: off}, {Name: "served", X: indexes(Tenants), Y: srv}}}
}

func p99Line(title string, series map[string]Stats, order ...string) labs.Figure {
	f := labs.Figure{Title: title, Kind: labs.Line, XLabel: "seconds", YLabel: "quiet p99, ms"}
	for _, name := range order {
		s := series[name]
		f.Series = append(f.Series, labs.Series{Name: name, X: indexes(len(s.P99BySecond)), Y: s.P99BySecond})
	}
	return f
}

// --- Part 1 -------------------------------------------------------------------

func fifoPiece(_ fair.Funcs, r *labs.PartResult) {
	alone, noisy := fifoAlone(), fifoNoisy()
	r.Metrics = append(r.Metrics,
		metric("fifo_quiet_p50_alone_ms", "quiet p50, A quiet too", ms(alone.QuietP50), "ms", 1),
		metric("fifo_quiet_p99_alone_ms", "quiet p99, A quiet too", ms(alone.QuietP99), "ms", 1),
		metric("fifo_quiet_error_alone_pct", "quiet errors, A quiet too", pct(alone.QuietErrors, alone.QuietOffered), "%", 1),
		metric("fifo_quiet_p50_ms", "quiet p50, A noisy", ms(noisy.QuietP50), "ms", 1),
		metric("fifo_quiet_p99_ms", "quiet p99, A noisy", ms(noisy.QuietP99), "ms", 1),
		metric("fifo_quiet_error_pct", "quiet errors, A noisy", pct(noisy.QuietErrors, noisy.QuietOffered), "%", 1),
		metric("fifo_noisy_served_rate", "A served, A noisy (the drain after the minute included)", float64(noisy.NoisyServed)/Span.Seconds(), "/s", 1),
		metric("fifo_utilisation_pct", "server busy, A noisy", noisy.Utilisation, "%", 1))
	offered := float64(noisy.QuietOffered+noisy.NoisyOffered) / Span.Seconds()
	r.Lines = append(r.Lines,
		fmt.Sprintf("One server, %.0f requests/s (%v each), one FIFO queue of %d. Four quiet tenants at %.0f/s each.", Capacity, Service, FIFOBound, QuietRate),
		fmt.Sprintf("A quiet too (%.0f/s): the server is %.0f%% busy; quiet p50 %.1f ms, p99 %.1f ms, %.1f%% errors.",
			QuietRate, alone.Utilisation, ms(alone.QuietP50), ms(alone.QuietP99), pct(alone.QuietErrors, alone.QuietOffered)),
		fmt.Sprintf("A noisy (%.0f/s, %.1f× the server): quiet p50 %.0f ms, p99 %.0f ms, %.1f%% refused at the full queue.",
			NoisyRate, offered/Capacity, ms(noisy.QuietP50), ms(noisy.QuietP99), pct(noisy.QuietErrors, noisy.QuietOffered)),
		fmt.Sprintf("The queue is full from the first second: every request waits behind about %d others (%d × %v ≈ %v), and a request that finds it full is refused whoever sent it.",
			FIFOBound, FIFOBound, Service, time.Duration(FIFOBound)*Service),
		fmt.Sprintf("Every request has the same chance of refusal, 1 − %.0f/%.0f ≈ %.0f%%, and the same wait; only the counts differ. A's answered requests come to %.1f/s, because it sends most of the traffic (counted to the end, so with the second the full queue takes to drain after the minute).",
			Capacity, offered, 100*(1-Capacity/offered), float64(noisy.NoisyServed)/Span.Seconds()))
	r.Figures = append(r.Figures,
		p99Line("Quiet tenants' p99 latency, second by second", map[string]Stats{"A quiet": alone, "A noisy": noisy}, "A quiet", "A noisy"),
		tenantBars("One FIFO with A noisy: offered and served per tenant", noisy))
}

// --- Part 2 -------------------------------------------------------------------

func quotaPiece(_ fair.Funcs, r *labs.PartResult) {
	q := QuotaRun(NoisyRate)
	throttled := q.NoisyOffered - q.NoisyServed
	idle := 100 - q.Utilisation
	r.Metrics = append(r.Metrics,
		metric("quota_quiet_p50_ms", "quiet p50 under quotas", ms(q.QuietP50), "ms", 1),
		metric("quota_quiet_p99_ms", "quiet p99 under quotas", ms(q.QuietP99), "ms", 1),
		metric("quota_quiet_error_pct", "quiet refused under quotas", pct(q.QuietErrors, q.QuietOffered), "%", 1),
		metric("quota_noisy_served_rate", "A served under quotas", float64(q.NoisyServed)/Span.Seconds(), "/s", 1),
		metric("quota_noisy_refused_pct", "A refused under quotas", pct(throttled, q.NoisyOffered), "%", 1),
		metric("quota_utilisation_pct", "server busy under quotas", q.Utilisation, "%", 1),
		metric("quota_idle_pct", "server idle under quotas", idle, "%", 1))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Each tenant gets its own token bucket: %.0f/s (the capacity ÷ %d), bursts of %.0f. Same traffic as Part 1, A noisy.", QuotaRate, Tenants, QuotaBurst),
		fmt.Sprintf("Quiet tenants: p50 %.1f ms, p99 %.1f ms, %.2f%% refused. They are safe again.", ms(q.QuietP50), ms(q.QuietP99), pct(q.QuietErrors, q.QuietOffered)),
		fmt.Sprintf("A: %.1f/s served, %.1f%% of what it sends refused at its quota.", float64(q.NoisyServed)/Span.Seconds(), pct(throttled, q.NoisyOffered)),
		fmt.Sprintf("The server is busy %.1f%% of the time and idle %.1f%%, while A is refused: a static quota is not work-conserving.", q.Utilisation, idle),
		fmt.Sprintf("Four quiet tenants at %.0f/s plus A at its %.0f/s quota is %.0f/s of %.0f: the rest is capacity nobody is allowed to use.", QuietRate, QuotaRate, 4*QuietRate+QuotaRate, Capacity))
	r.Figures = append(r.Figures, tenantBars("Static quotas with A noisy: offered and served per tenant", q))
}

// --- Part 4 -------------------------------------------------------------------

func drrPiece(f fair.Funcs, r *labs.PartResult) {
	d, list := DRRRun(f.DRRVisit, NoisyRate), ListDRRRun(f.DRRVisit, NoisyRate)
	alone, fifo := fifoAlone(), fifoNoisy()
	r.Metrics = append(r.Metrics,
		metric("drr_quiet_p50_ms", "quiet p50 under DRR", ms(d.QuietP50), "ms", 1),
		metric("drr_quiet_p99_ms", "quiet p99 under DRR", ms(d.QuietP99), "ms", 1),
		metric("drr_quiet_error_pct", "quiet refused under DRR", pct(d.QuietErrors, d.QuietOffered), "%", 1),
		metric("drr_noisy_rate", "A served under DRR", float64(d.NoisyServed)/Span.Seconds(), "/s", 1),
		metric("drr_utilisation_pct", "server busy under DRR", d.Utilisation, "%", 1),
		metric("drr_list_quiet_p50_ms", "quiet p50, DRR with the paper's active list", ms(list.QuietP50), "ms", 1),
		metric("drr_list_quiet_p99_ms", "quiet p99, DRR with the paper's active list", ms(list.QuietP99), "ms", 1),
		metric("drr_list_noisy_rate", "A served, DRR with the paper's active list", float64(list.NoisyServed)/Span.Seconds(), "/s", 1))
	r.Lines = append(r.Lines,
		fmt.Sprintf("A queue per tenant (%d places each), deficit round robin with a quantum of %g ms: one small request per visit. Same traffic, A noisy.", DRRBound, Quantum),
		fmt.Sprintf("Quiet tenants: p50 %.1f ms, p99 %.1f ms (alone: %.1f and %.1f; one FIFO: %.0f and %.0f), %.2f%% refused.",
			ms(d.QuietP50), ms(d.QuietP99), ms(alone.QuietP50), ms(alone.QuietP99), ms(fifo.QuietP50), ms(fifo.QuietP99), pct(d.QuietErrors, d.QuietOffered)),
		fmt.Sprintf("A: %.1f/s served, the slack the quiet ones leave (%.0f − 4 × %.0f); the server is busy %.1f%%: work-conserving.",
			float64(d.NoisyServed)/Span.Seconds(), Capacity, QuietRate, d.Utilisation),
		"A's queue is full and refuses A's own excess; the quiet queues stay short. A quiet request that finds its queue empty waits for the rest of the request in service, then for every busy tenant the round reaches first (A, and any quiet tenant with a request waiting), one request each, then its own: a round of up to five tenants × 10 ms.",
		fmt.Sprintf("This scheduler walks a fixed ring of tenants, so a tenant that becomes active is served when the ring's pointer next passes it. The paper keeps an active list instead: it joins the tail, behind everyone already waiting. Same traffic, same DRRVisit: quiet p50 %.1f ms, p99 %.1f ms (ring: %.1f and %.1f), A served %.1f/s (ring: %.1f/s).",
			ms(list.QuietP50), ms(list.QuietP99), ms(d.QuietP50), ms(d.QuietP99), float64(list.NoisyServed)/Span.Seconds(), float64(d.NoisyServed)/Span.Seconds()))
	r.Figures = append(r.Figures,
		// One FIFO's second would flatten the other two: it is in the text.
		p99Line("Quiet p99 latency: A quiet and one FIFO, against A noisy and DRR", map[string]Stats{"A quiet, FIFO": alone, "A noisy, DRR": d}, "A quiet, FIFO", "A noisy, DRR"),
		tenantBars("DRR with A noisy: offered and served per tenant", d))
}

// The sizes experiment: two tenants always backlogged, one with 10 ms
// requests, one with 40 ms requests, for SizesSpan.
const (
	SizesSpan  = 10 * time.Second
	SmallSize  = 10 * time.Millisecond
	BigSize    = 40 * time.Millisecond
	SizesQueue = 2000
)

// sizesTraffic is the two tenants' requests, small and big, enough of
// each that neither runs dry within SizesSpan.
func sizesTraffic(small, big time.Duration) []*fair.Req {
	n := max(SizesQueue, int(SizesSpan/min(small, big))+1)
	reqs := make([]fair.Req, 0, 2*n)
	for range n { // interleaved at t = 0: neither tenant is first by arrival
		reqs = append(reqs, fair.Req{Tenant: 0, Size: small}, fair.Req{Tenant: 1, Size: big})
	}
	return pointers(reqs)
}

// pointers is a pointer to each of reqs, in order: the requests allocated
// together rather than one by one (a part plays tens of thousands).
func pointers(reqs []fair.Req) []*fair.Req {
	out := make([]*fair.Req, len(reqs))
	for i := range reqs {
		out[i] = &reqs[i]
	}
	return out
}

// WorkShares is each tenant's share (%) of the work done within SizesSpan.
func WorkShares(run fair.Run) [2]float64 {
	var work [2]time.Duration
	for _, r := range run.Reqs {
		if r.Served() && r.Done <= run.Span {
			work[r.Tenant] += r.Size
		}
	}
	total := work[0] + work[1]
	return [2]float64{100 * work[0].Seconds() / total.Seconds(), 100 * work[1].Seconds() / total.Seconds()}
}

// SizesRun plays the sizes experiment under plain round robin (visit nil)
// or DRR with visit.
func SizesRun(visit fair.DRRVisitFunc) [2]float64 {
	return sizesRunAt(visit, SmallSize, BigSize, Quantum)
}

// sizesRunAt is the sizes experiment at any request sizes and quantum (ms),
// as the question figure "sizes" plays it.
func sizesRunAt(visit fair.DRRVisitFunc, small, big time.Duration, quantum float64) [2]float64 {
	reqs := sizesTraffic(small, big)
	var s fair.Scheduler = fair.NewRR(2)
	if visit != nil {
		s = fair.NewDRR(2, len(reqs)/2, quantum, visit)
	}
	return WorkShares(fair.Serve(reqs, s, SizesSpan))
}

func drrSizesPiece(f fair.Funcs, r *labs.PartResult) {
	rr, drr := SizesRun(nil), SizesRun(f.DRRVisit)
	r.Metrics = append(r.Metrics,
		metric("rr_big_share_pct", "round robin: big requests' share of the work", rr[1], "%", 1),
		metric("drr_big_share_pct", "DRR: big requests' share of the work", drr[1], "%", 1))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Two tenants, both always waiting: one sends %v requests, the other %v requests.", SmallSize, BigSize),
		fmt.Sprintf("Plain round robin (one request each per turn): the big-request tenant gets %.1f%% of the server.", rr[1]),
		fmt.Sprintf("DRR (%g ms of credit per visit): %.1f%% against %.1f%%. Fair in work, not in requests: the credit makes a big request wait for enough turns.", Quantum, drr[1], drr[0]))
	r.Figures = append(r.Figures, labs.Figure{Title: "Share of the server's time: round robin against DRR", Kind: labs.Bars,
		XLabel: "tenant (0 = 10 ms requests, 1 = 40 ms)", YLabel: "% of work",
		Series: []labs.Series{{Name: "round robin", X: []float64{0, 1}, Y: rr[:]}, {Name: "DRR", X: []float64{0, 1}, Y: drr[:]}}})
}
