// Package play is Day 46's playground: a greedy tenant against quiet ones
// through the schedulers the day compares, and shuffle sharding's odds,
// built from the day's pure core (course/fair) and its four TODOs, so the
// same code plays the learner's functions (in the worker) and the
// reference (in the lab's process).
package play

import (
	"slices"
	"strconv"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/words"
)

// Linked returns an implementation when the calling process links it.
type Linked func(which labs.Impl) (fair.Funcs, bool)

// Figures is Day 46's playground: the figures course/words describes,
// each played by its body here.
func Figures(impl Linked) []labs.PlayFigure {
	return labs.PlayFigures(words.Figures(), impl, map[string]func(fair.Funcs, labs.Values, *labs.Frame){
		"neighbour": playNeighbour,
		"shards":    playShards,
		"share":     playShare,
	})
}

// The service: one server, every request 10 ms of work (100 a second).
const (
	size     = 10 * time.Millisecond
	span     = 10 * time.Second
	bound    = 50 // waiting, per queue
	quietHz  = 10 // each quiet tenant's requests per second
	capacity = float64(time.Second / size)
)

func scheduler(kind, n int, quantum, weight float64, visit fair.DRRVisitFunc) fair.Scheduler {
	switch kind {
	case 1:
		// An equal static share of the server each, with a small burst.
		q := &fair.Quota{Inner: &fair.FIFO{Bound: bound}}
		for range n {
			q.Buckets = append(q.Buckets, &fair.Bucket{Rate: capacity / float64(n), Burst: 10})
		}
		return q
	case 2:
		return fair.NewRR(n)
	case 3:
		if weight == 1 {
			return fair.NewDRR(n, bound, quantum, visit)
		}
		quanta := make([]float64, n)
		for i := range quanta {
			quanta[i] = quantum
		}
		quanta[0] = weight * quantum // tenant 0 is the greedy one
		return newWeightedDRR(quanta, visit)
	case 4:
		return fair.NewVTFQ(n, bound)
	}
	return &fair.FIFO{Bound: bound}
}

func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

func playNeighbour(f fair.Funcs, v labs.Values, fr *labs.Frame) {
	n := 1 + int(v.Get("quiet"))
	tenants := []fair.Tenant{{Rate: v.Get("greedy"), Size: size}}
	for range n - 1 {
		tenants = append(tenants, fair.Tenant{Rate: quietHz, Size: size})
	}
	reqs := fair.Traffic(46, tenants, span)
	run := fair.Serve(reqs, scheduler(int(v.Get("scheduler")), n, v.Get("quantum"), v.Get("weight"), f.DRRVisit), span)

	var quiet []float64
	refusedQuiet, refusedGreedy := 0, 0
	var greedyWork, allWork time.Duration
	bins := make([][]float64, int(span/time.Second))
	for _, r := range run.Reqs {
		if !r.Served() {
			if r.Tenant == 0 {
				refusedGreedy++
			} else {
				refusedQuiet++
			}
			continue
		}
		if r.Start < span {
			allWork += r.Size
			if r.Tenant == 0 {
				greedyWork += r.Size
			}
		}
		if r.Tenant != 0 {
			ms := float64(r.Latency()) / float64(time.Millisecond)
			quiet = append(quiet, ms)
			if i := int(r.Arrive / time.Second); i < len(bins) {
				bins[i] = append(bins[i], ms)
			}
		}
	}
	p99 := labs.Series{Name: "quiet p99"}
	p50 := labs.Series{Name: "quiet p50"}
	for i, b := range bins {
		p99.X, p99.Y = append(p99.X, float64(i)), append(p99.Y, quantile(b, 0.99))
		p50.X, p50.Y = append(p50.X, float64(i)), append(p50.Y, quantile(b, 0.5))
	}
	fr.Chart = labs.Figure{Title: "quiet tenants' latency, by second of arrival", Kind: labs.Line, XLabel: "virtual seconds", YLabel: "ms", Series: []labs.Series{p99, p50}}
	share := 0.0
	if allWork > 0 {
		share = float64(greedyWork) / float64(allWork)
	}
	equal := 1 / float64(n)
	fr.Readouts = []labs.Readout{
		{Name: "quiet_p50", Label: "quiet: p50", Value: quantile(quiet, 0.5), Unit: "ms"},
		{Name: "quiet_p99", Label: "quiet: p99", Value: quantile(quiet, 0.99), Unit: "ms"},
		{Name: "quiet_refused", Label: "quiet: refused", Value: float64(refusedQuiet), Unit: "requests"},
		{Name: "greedy_refused", Label: "greedy: refused", Value: float64(refusedGreedy), Unit: "requests", Against: unbounded(int(v.Get("scheduler")))},
		{Name: "greedy_share", Label: "greedy: share of the work", Value: share, Against: "an equal share is " + strconv.FormatFloat(equal, 'f', 2, 64)},
		{Name: "utilisation", Label: "server: utilisation", Value: run.Busy.Seconds() / span.Seconds()},
	}
}

// unbounded says, under round robin, why nothing is refused: the day's
// round robin (fair.NewRR) keeps a queue per tenant with no bound, so the
// greedy tenant's queue only grows and its wait with it.
func unbounded(scheduler int) string {
	if words.Schedulers[scheduler] == "round robin" {
		return "round robin's queues are unbounded: nothing is refused, the greedy queue only grows"
	}
	return ""
}

// weightedDRR is deficit round robin with a quantum per tenant (the day's
// DRR gives every tenant the same one): tenant i is visited with
// quanta[i] of credit, the learner's DRRVisit doing each visit, so a tenant
// of weight w gets w shares of a backlogged server. It is fair.DRR's loop
// with the quantum looked up per tenant.
type weightedDRR struct {
	visit   fair.DRRVisitFunc
	quanta  []float64
	queues  [][]*fair.Req
	deficit []float64
	next    int
}

func newWeightedDRR(quanta []float64, visit fair.DRRVisitFunc) *weightedDRR {
	n := len(quanta)
	return &weightedDRR{visit: visit, quanta: quanta, queues: make([][]*fair.Req, n), deficit: make([]float64, n)}
}

func (d *weightedDRR) Offer(r *fair.Req, _ time.Duration) bool {
	if len(d.queues[r.Tenant]) >= bound {
		r.Overflow = true
		return false
	}
	d.queues[r.Tenant] = append(d.queues[r.Tenant], r)
	return true
}

// maxIdleVisits bounds visits that serve nothing in a row, as fair.DRR
// does: a correct DRRVisit adds a quantum a visit, so the head fits soon.
const maxIdleVisits = 100_000

func (d *weightedDRR) Next() []*fair.Req {
	for idle := 0; idle < maxIdleVisits; idle++ {
		i, ok := -1, false
		for j := range len(d.queues) {
			if k := (d.next + j) % len(d.queues); len(d.queues[k]) > 0 {
				i, ok = k, true
				break
			}
		}
		if !ok {
			return nil
		}
		q := d.queues[i]
		sizes := make([]float64, len(q))
		for j, r := range q {
			sizes[j] = float64(r.Size) / float64(time.Millisecond)
		}
		served, left := d.visit(d.deficit[i], d.quanta[i], sizes)
		served = max(0, min(served, len(q)))
		d.deficit[i] = left
		d.next = (i + 1) % len(d.queues)
		if served > 0 {
			d.queues[i] = q[served:]
			return q[:served:served]
		}
	}
	panic(labs.Invalid{TODO: 2, Reason: "visit after visit served nothing", Hint: "each visit adds quantum to the credit, so a waiting request fits sooner or later"})
}
