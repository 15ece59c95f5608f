package fair

import (
	"fmt"
	"math"
	"time"

	"termlab/labs"
)

// ListDRR is deficit round robin as Shreedhar and Varghese (1995) give it:
// an active list of the tenants with requests waiting. A tenant that
// becomes active joins the list at its tail with no credit; the tenant at
// the head is visited (the learner's DRRVisit) and, if it still has
// requests waiting, goes back to the tail once its requests are served. A
// tenant whose queue empties leaves the list and keeps no credit.
//
// Linux's sch_drr keeps such a list too (drr_enqueue adds a class that
// becomes active at the tail). DRR above walks a fixed ring of tenants
// instead, a simplification of this lab: a tenant that becomes active is
// visited when the ring's pointer next reaches it, which can be before
// tenants that were waiting already. The
// shares and the throughput are the same; the latency of a tenant that
// comes and goes is not (Part 4 shows both).
type ListDRR struct {
	Bound   int
	Quantum float64 // milliseconds of work per visit
	Visit   DRRVisitFunc

	queues  [][]*Req
	deficit []float64
	active  []int // tenants with requests waiting, head first
	listed  []bool
	// serving is the tenant whose visit the server is working through, -1
	// for none: it goes back to the tail when the batch is done.
	serving int
}

// NewListDRR returns an empty active-list DRR for n tenants.
func NewListDRR(n, bound int, quantum float64, visit DRRVisitFunc) *ListDRR {
	return &ListDRR{Bound: bound, Quantum: quantum, Visit: visit,
		queues: make([][]*Req, n), deficit: make([]float64, n), listed: make([]bool, n), serving: -1}
}

// Offer queues r unless its tenant's queue is full; a tenant that was idle
// joins the tail of the active list with credit 0.
func (d *ListDRR) Offer(r *Req, _ time.Duration) bool {
	i := r.Tenant
	if len(d.queues[i]) >= d.Bound {
		r.Overflow = true
		return false
	}
	wasEmpty := len(d.queues[i]) == 0
	d.queues[i] = append(d.queues[i], r)
	// The tenant being served is back at the tail after its visit; one the
	// visit emptied is idle, and joins now like any other.
	if !d.listed[i] && (i != d.serving || wasEmpty) {
		d.listed[i], d.deficit[i] = true, 0
		d.active = append(d.active, i)
	}
	return true
}

// Next visits the head of the active list until a visit serves something.
func (d *ListDRR) Next() []*Req {
	if i := d.serving; i >= 0 { // the last visit's requests are done
		d.serving = -1
		if len(d.queues[i]) > 0 && !d.listed[i] {
			d.listed[i] = true
			d.active = append(d.active, i)
		}
	}
	for idle := 0; len(d.active) > 0; {
		i := d.active[0]
		d.active = d.active[1:]
		d.listed[i] = false
		q := d.queues[i]
		served, left := d.Visit(d.deficit[i], d.Quantum, visible(q, d.deficit[i]+d.Quantum))
		d.deficit[i] = left
		if served > 0 {
			d.queues[i] = q[served:]
			d.serving = i
			return q[:served:served]
		}
		d.listed[i] = true
		d.active = append(d.active, i)
		if idle++; idle >= maxIdleVisits {
			panic(labs.Invalid{TODO: 2, Reason: fmt.Sprintf("%d visits in a row served nothing", maxIdleVisits),
				Hint: "each visit adds quantum to the credit, so a waiting request fits sooner or later"})
		}
	}
	return nil
}

// visible is the head of q a visit with credit can reach, in milliseconds:
// the requests that fit one after another, and the first that does not
// (so the visit sees that requests still wait). A backlog of thousands is
// then not copied on every visit; a visit that serves from the head while
// the head fits gives the same answer on it as on the whole queue.
func visible(q []*Req, credit float64) []float64 {
	var sizes []float64
	if len(q) > 0 { // mostly one that fits and one that does not
		sizes = make([]float64, 0, min(len(q), 4))
	}
	for _, r := range q {
		s := millis(r.Size)
		sizes = append(sizes, s)
		if credit -= s; credit < 0 {
			break
		}
	}
	return sizes
}

// VTFQ is virtual-time fair queuing as Demers, Keshav and Shenker (1989)
// define it. The virtual clock R is the service each backlogged tenant
// would have had by now in the fluid ideal, where the server is shared out
// exactly (bit by bit, or here nanosecond by nanosecond) among the tenants
// that are active in it: R advances at 1/n of real time, n being the
// number of tenants whose last stamp is still ahead of R. A request is
// stamped on arrival with a virtual finish time, max(R, its tenant's last
// stamp) + its size, and the server takes the waiting request with the
// smallest stamp. Served that way, every request finishes no later than it
// would in the fluid ideal plus one largest request (Parekh and Gallager).
//
// Kubernetes' API Priority and Fairness (its queueset) runs the same
// scheme within a priority level, with three changes: n counts the queues
// of the real system that hold a request waiting or executing; several
// seats run at once, R advancing at min(seats, seats in use)/n; and sizes
// are seat-seconds, estimated when a request is queued and corrected when
// it completes. Here there is one seat and sizes are known, so stamps are
// exact.
type VTFQ struct {
	Bound int

	queues [][]*Req
	finish [][]float64   // each waiting request's stamp, in virtual ms
	last   []float64     // each tenant's last stamp
	r      float64       // the virtual clock, in ms of per-tenant service
	at     time.Duration // when r was last brought up to date
}

// NewVTFQ returns an empty virtual-time fair queue for n tenants.
func NewVTFQ(n, bound int) *VTFQ {
	return &VTFQ{Bound: bound, queues: make([][]*Req, n), finish: make([][]float64, n), last: make([]float64, n)}
}

// advance brings the virtual clock up to now, in steps: between two
// moments when a tenant's last stamp is reached (and it leaves the fluid
// ideal), R grows at 1/n with n fixed.
func (v *VTFQ) advance(now time.Duration) {
	left := float64(now-v.at) / float64(time.Millisecond) // real ms to account for
	v.at = now
	for left > 0 {
		n, next := 0, math.Inf(1)
		for _, f := range v.last {
			if f > v.r {
				n, next = n+1, min(next, f)
			}
		}
		if n == 0 {
			return // the fluid ideal is idle: R waits
		}
		if step := (next - v.r) * float64(n); step < left {
			v.r, left = next, left-step
			continue
		}
		v.r += left / float64(n)
		return
	}
}

// R is the virtual clock at its last update, for tests.
func (v *VTFQ) R() float64 { return v.r }

// Offer stamps r with its virtual finish time and queues it, unless its
// tenant's queue is full.
func (v *VTFQ) Offer(r *Req, now time.Duration) bool {
	i := r.Tenant
	if len(v.queues[i]) >= v.Bound {
		r.Overflow = true
		return false
	}
	v.advance(now)
	f := max(v.r, v.last[i]) + float64(r.Size)/float64(time.Millisecond)
	v.last[i] = f
	v.queues[i] = append(v.queues[i], r)
	v.finish[i] = append(v.finish[i], f)
	return true
}

// Next starts the waiting request with the smallest stamp; ties go to the
// earlier arrival, then the lower tenant.
func (v *VTFQ) Next() []*Req {
	best := -1
	for i := range v.queues {
		if len(v.queues[i]) == 0 {
			continue
		}
		if best < 0 || v.finish[i][0] < v.finish[best][0] ||
			(v.finish[i][0] == v.finish[best][0] && v.queues[i][0].Arrive < v.queues[best][0].Arrive) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	r := v.queues[best][0]
	v.queues[best], v.finish[best] = v.queues[best][1:], v.finish[best][1:]
	return []*Req{r}
}
