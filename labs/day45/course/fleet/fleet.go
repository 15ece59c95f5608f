// Package fleet is Day 45's Part 4: one client against a fleet of servers,
// with local limits and with one shared bucket in Redis. It needs a Redis
// client and an embedded Redis (miniredis, gopher-lua), so it lives apart
// from the course: the lab's own binary and the lean worker never link it;
// the full worker does, and its generated link file hands Pieces to the
// course (course.New, course.FullWorker).
package fleet

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/fleet/local"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/parts"
)

// Part 4: one client against a fleet of servers behind an even load
// balancer. Each server limits the client with its own token bucket (the
// learner's TakeToken), so the fleet grants N times the promise; then the
// same fleet asks one shared bucket in Redis; then the promise divided by N
// per server, under uneven traffic; then the shared store goes down.

const (
	fleetServers = 4
	fleetLimit   = 10.0 // the promise, per client: requests per second (and a second's burst)
	fleetOffered = 60.0 // what the client sends, evenly spread: far more than the promise
	fleetSpan    = local.Span
	fleetMaxN    = 10 // the delivered-against-servers figure goes up to this

	// The split limit: the promise divided among the servers, under traffic
	// that prefers one of them (session affinity, one big tenant, a hot shard).
	affinityOffered = fleetLimit // the client stays inside its promise
	affinityPerMil  = 700        // of each thousand requests, this many land on server 1

	// The outage: the shared store is unreachable for a while.
	outageFrom = 4 * time.Second
	outageTo   = 7 * time.Second
)

// Span is how long each of the part's runs lasts (Part 4's row in parts
// says the same; a test checks).
const Span = fleetSpan

// Pieces are Part 4's pieces, for course.New (the full worker's link file).
var Pieces = []parts.Piece{
	{Part: "4", Uses: []int{1}, Run: fleetLocalPiece},
	{Part: "4", Uses: []int{1}, Run: fleetSplitPiece},
	{Part: "4", Live: true, Run: fleetCentralPiece},
	{Part: "4", Live: true, Run: fleetOutagePiece},
	{Part: "4", Uses: []int{1}, Live: true, Run: fleetCostPiece},
}

// FleetResult is one run of the fleet (fleet/local, which the lean
// worker links too: the question figure of P7 plays it).
type FleetResult = local.Result

// FleetLocal runs a fleet of servers, each with its own bucket
// (local.Run).
func FleetLocal(take limit.TakeTokenFunc, servers int, perServer, offered float64, span time.Duration, assign func(int) int) FleetResult {
	return local.Run(take, servers, perServer, offered, span, assign)
}

func evenArrivals(perSecond float64, span time.Duration) []time.Duration {
	return local.EvenArrivals(perSecond, span)
}

func balancer(servers int) func(int) int { return local.Balancer(servers) }

func newFleetResult(servers int, span time.Duration) FleetResult {
	return local.NewResult(servers, span)
}

// affinity sends affinityPerMil of every thousand requests to server 0 and
// deals the rest out to the others in turn, in a fixed pattern.
func affinity(servers int) func(int) int {
	hot := affinityPerMil / 100 // of every ten requests
	return func(i int) int {
		if i%10 < hot || servers == 1 {
			return 0
		}
		other := i/10*(10-hot) + i%10 - hot // how many went elsewhere before this one
		return 1 + other%(servers-1)
	}
}

// FleetSplit is the promise divided among the servers under uneven traffic:
// the client sends only what it was promised, most of it to one server.
func FleetSplit(take limit.TakeTokenFunc) FleetResult {
	r := FleetLocal(take, fleetServers, fleetLimit/fleetServers, affinityOffered, fleetSpan, affinity(fleetServers))
	r.PromiseRefusedShare = float64(r.Offered-r.Accepted) / float64(r.Offered)
	return r
}

// FleetCentral runs the fleet against one shared bucket in the store: every
// server, on every request, asks Redis (local.Shared, which the question
// figure of P8 plays on a bucket held in process instead).
func FleetCentral(st *Store) (FleetResult, error) {
	ss, err := st.session("fleet")
	if err != nil {
		return FleetResult{}, err
	}
	return local.Shared(func(at time.Duration) (bool, time.Duration, error) {
		ss.at(at)
		d, when, err := ss.take(fleetLimit, fleetLimit)
		return d.OK, when, err
	}, fleetServers, fleetOffered, fleetSpan)
}

// FleetOutage runs the shared bucket with the store unreachable between
// outageFrom and outageTo. While it is down each check fails for real (a
// connection to a closed port); a fleet that fails open lets every such
// request through, one that fails closed refuses it. Outside the outage the
// two are the same fleet, so one pass measures both.
func FleetOutage(st *Store) (FleetResult, error) {
	ss, err := st.session("outage")
	if err != nil {
		return FleetResult{}, err
	}
	r := newFleetResult(fleetServers, fleetSpan)
	r.OutageOpen = make([]int, len(r.PerSecond))
	r.OutageClosed = make([]int, len(r.PerSecond))
	assign := balancer(fleetServers)
	open, closed := 0, 0
	for i, at := range evenArrivals(fleetOffered, fleetSpan) {
		ss.at(at)
		down := at >= outageFrom && at < outageTo
		ss.down = down
		d, when, err := ss.take(fleetLimit, fleetLimit)
		if err != nil && !(down && isDown(err)) {
			return r, err
		}
		if err != nil {
			when = at // no store, no store time: the arrival's own
		}
		sec := min(len(r.PerSecond)-1, max(0, int(when/time.Second)))
		if down {
			r.OutageOffered++
		}
		if d.OK || err != nil { // failing open, an unanswered check lets the request through
			r.OutageOpen[sec]++
			if down {
				open++
			}
		}
		if d.OK { // failing closed, only a yes from the store does
			r.OutageClosed[sec]++
			if down {
				closed++
			}
		}
		r.Record(assign(i), when, d.OK)
	}
	d := (outageTo - outageFrom).Seconds()
	r.OutageRateOpen, r.OutageRateClosed = float64(open)/d, float64(closed)/d
	r.Finish(fleetSpan, 0)
	return r, nil
}

// CheckCost is what one decision costs, measured for real on this machine.
type CheckCost struct {
	Local, Remote, Ping time.Duration // per check
	RemoteChecks        int
}

// MeasureCheckCost times the local bucket (the learner's TakeToken, a
// function call) against the shared one (a round trip to the store and a Lua
// script), and a bare round trip (PING) to show which part is the network.
func MeasureCheckCost(take limit.TakeTokenFunc, st *Store) (CheckCost, error) {
	c := CheckCost{Local: measureLocal(take), RemoteChecks: 200}
	var err error
	c.Remote, c.Ping, err = measureRemote(st)
	return c, err
}

// measureLocal times one decision of a server's own bucket.
func measureLocal(take limit.TakeTokenFunc) time.Duration {
	const localChecks = 200_000
	b := limit.NewTokenBucket(take, fleetLimit, fleetLimit)
	start := time.Now()
	for i := range localChecks {
		b.Allow(time.Duration(i) * time.Millisecond)
	}
	return time.Since(start) / localChecks
}

// --- the pieces ------------------------------------------------------------

func fleetLocalPiece(f limit.Funcs, r *labs.PartResult) {
	res := FleetLocal(f.TakeToken, fleetServers, fleetLimit, fleetOffered, fleetSpan, balancer(fleetServers))
	var delivered, promised []float64
	for n := 1; n <= fleetMaxN; n++ {
		// The client always sends twice what n servers could grant.
		run := FleetLocal(f.TakeToken, n, fleetLimit, 2*float64(n)*fleetLimit, fleetSpan, balancer(n))
		delivered = append(delivered, run.SteadyRate)
		promised = append(promised, fleetLimit)
	}
	r.Metrics = append(r.Metrics,
		labs.NewMetric("fleet_servers", "servers in the fleet", fleetServers, "", 0),
		labs.NewMetric("fleet_local_limit", "each server's limit for the client", fleetLimit, "/s", 0),
		labs.NewMetric("fleet_offered_rate", "what the client sends", fleetOffered, "/s", 0),
		labs.NewMetric("fleet_local_delivered_rate", "local limits: delivered from t = 3 s on, after the opening bursts", res.SteadyRate, "/s", 1))
	r.Lines = append(r.Lines,
		fmt.Sprintf("One client sends %g/s; an even load balancer deals it out to %d servers, each of which allows it %g/s (a bucket of %g).", fleetOffered, fleetServers, fleetLimit, fleetLimit),
		fmt.Sprintf("Local limits: %d of %d accepted over the whole run; %.1f/s from t = 3 s on, once the opening bursts are spent: %.1f× the %g/s promised.", res.Accepted, res.Offered, res.SteadyRate, res.SteadyRate/fleetLimit, fleetLimit),
		fmt.Sprintf("Each server kept its word (it let through %s in %g s); none knows what the others granted.", minMax(res.ServerAccepted), fleetSpan.Seconds()),
		fmt.Sprintf("Add servers and the grant grows with them: %.0f/s with 1, %.0f/s with %d.", delivered[0], delivered[fleetMaxN-1], fleetMaxN))
	r.Figures = append(r.Figures,
		perServerFigure("Local limits: accepted per second, by server", res.PerServerSecond, nil),
		labs.Figure{Title: "Local limits: delivered rate as the fleet grows", Kind: labs.Bars, XLabel: "servers", YLabel: "/s",
			Series: []labs.Series{
				{Name: "delivered", X: parts.IndexesFrom(1, fleetMaxN), Y: delivered},
				{Name: "promised", X: parts.IndexesFrom(1, fleetMaxN), Y: promised},
			}})
}

func fleetSplitPiece(f limit.Funcs, r *labs.PartResult) {
	res := FleetSplit(f.TakeToken)
	per := fleetLimit / fleetServers
	idle := 0.0
	for s := 1; s < fleetServers; s++ {
		idle += per*fleetSpan.Seconds() - float64(res.ServerAccepted[s])
	}
	r.Metrics = append(r.Metrics,
		labs.NewMetric("fleet_split_limit", "split limit per server", per, "/s", 2),
		labs.NewMetric("fleet_split_delivered_rate", "split limit: delivered from t = 3 s on, after the opening bursts", res.SteadyRate, "/s", 1),
		labs.NewMetric("fleet_split_refused_pct", "split limit: refused though inside the promise, over the whole run", 100*res.PromiseRefusedShare, "%", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Split limit: %g/s ÷ %d = %g/s per server. The client sends only its %g/s, but %d%% of it lands on server 1.", fleetLimit, fleetServers, per, affinityOffered, affinityPerMil/10),
		fmt.Sprintf("Server 1 saw %d and let %d through; servers 2–%d let all %d of theirs through and left about %.0f of their allowance unused.", res.ServerOffered[0], res.ServerAccepted[0], fleetServers, sum(res.ServerOffered[1:]), idle),
		fmt.Sprintf("Delivered %.1f/s of the %g/s promised from t = 3 s on; over the whole run %.0f%% refused from a client that never broke its limit. The promise holds; the busy server starves while the others idle.", res.SteadyRate, fleetLimit, 100*res.PromiseRefusedShare))
	xs := parts.IndexesFrom(1, fleetServers)
	r.Figures = append(r.Figures, labs.Figure{
		Title: "Split limit under uneven traffic: offered and accepted, by server", Kind: labs.Bars, XLabel: "server", YLabel: "requests",
		Series: []labs.Series{{Name: "offered", X: xs, Y: parts.Ints(res.ServerOffered)}, {Name: "accepted", X: xs, Y: parts.Ints(res.ServerAccepted)}},
	})
}

// storePiece runs a piece on the shared runs (sharedRuns); when the store
// did not answer, the piece says so in a line and shows nothing else.
func storePiece(r *labs.PartResult, run func(s sharedRun)) {
	s := sharedRuns()
	if s.Err != "" {
		r.Lines = append(r.Lines, "The shared store did not answer, so this step was skipped: "+s.Err)
		return
	}
	run(s)
}

func fleetCentralPiece(_ limit.Funcs, r *labs.PartResult) {
	storePiece(r, func(s sharedRun) {
		res := s.Central
		r.Metrics = append(r.Metrics,
			labs.NewMetric("fleet_central_delivered_rate", "shared counter: delivered from t = 3 s on, after the opening burst", res.SteadyRate, "/s", 1),
			labs.NewMetric("fleet_central_accepted", "shared counter: accepted over the whole run", float64(res.Accepted), "requests", 0))
		r.Lines = append(r.Lines,
			fmt.Sprintf("Shared counter: every server, on every request, runs one Lua script in %s: read Redis's own clock, refill, spend, all in one atomic step.", s.Store),
			fmt.Sprintf("Shared counter: %d of %d accepted over the whole run; %.1f/s from t = 3 s on, after the opening burst: the %g/s promised, however many servers ask.", res.Accepted, res.Offered, res.SteadyRate, fleetLimit))
		if !s.Embedded {
			r.Lines = append(r.Lines, fmt.Sprintf("A real server's clock cannot be set, so these %g s ran %d× faster in real time (the script was told %g tokens/s) and the store's times were scaled back.", fleetSpan.Seconds(), realSpeedup, fleetLimit*realSpeedup))
		}
		r.Figures = append(r.Figures, perServerFigure("Shared counter: accepted per second, by server", res.PerServerSecond, nil))
	})
}

func fleetOutagePiece(_ limit.Funcs, r *labs.PartResult) {
	storePiece(r, func(s sharedRun) {
		res := s.Outage
		r.Metrics = append(r.Metrics,
			labs.NewMetric("fleet_failopen_rate", "store down, failing open: let through", res.OutageRateOpen, "/s", 1),
			labs.NewMetric("fleet_failclosed_rate", "store down, failing closed: let through", res.OutageRateClosed, "/s", 1))
		r.Lines = append(r.Lines,
			fmt.Sprintf("From %g s to %g s the store is unreachable: each of the %d checks in that stretch fails to connect.", outageFrom.Seconds(), outageTo.Seconds(), res.OutageOffered),
			fmt.Sprintf("Failing open, the fleet let them all through: %.0f/s, %.0f× the promise, straight at whatever the limit protects.", res.OutageRateOpen, res.OutageRateOpen/fleetLimit),
			fmt.Sprintf("Failing closed, it let %.0f/s through: the client is refused even the %g/s it was promised. The shared store is now a dependency of every request.", res.OutageRateClosed, fleetLimit))
		r.Figures = append(r.Figures, labs.Figure{
			Title: "The store goes down: let through per second, failing open and failing closed", Kind: labs.Bars, XLabel: "second", YLabel: "requests",
			Series: []labs.Series{
				{Name: "fail open", X: parts.Indexes(len(res.OutageOpen)), Y: parts.Ints(res.OutageOpen)},
				{Name: "fail closed", X: parts.Indexes(len(res.OutageClosed)), Y: parts.Ints(res.OutageClosed)},
			},
			Marks: []labs.Mark{{X: outageFrom.Seconds(), Label: "store down"}, {X: outageTo.Seconds(), Label: "store back"}},
		})
	})
}

// fleetCostPiece measures wall-clock costs, which differ from run to run:
// its metrics end in _ns and its lines start with the stopwatch, so that the
// authors' check leaves them out of its run-twice comparison. Both are timed
// now: the local check is the learner's, the shared check the store's
// (storeCosts, never kept).
func fleetCostPiece(f limit.Funcs, r *labs.PartResult) {
	storePiece(r, func(s sharedRun) {
		sc := storeCosts()
		if sc.Err != "" {
			r.Lines = append(r.Lines, "The shared store did not answer, so this step was skipped: "+sc.Err)
			return
		}
		c := CheckCost{Local: measureLocal(f.TakeToken), Remote: sc.Remote, Ping: sc.Ping}
		r.Metrics = append(r.Metrics,
			labs.NewMetric("fleet_local_check_ns", "one local check", float64(c.Local.Nanoseconds()), "ns", 0),
			labs.NewMetric("fleet_redis_check_ns", "one shared check", float64(c.Remote.Nanoseconds()), "ns", 0),
			labs.NewMetric("fleet_redis_ping_ns", "one bare round trip", float64(c.Ping.Nanoseconds()), "ns", 0))
		ratio := float64(c.Remote) / float64(max(1, c.Local))
		r.Lines = append(r.Lines,
			fmt.Sprintf("%s Measured here: a local check (a bucket deciding with TakeToken) takes %d ns; a shared check on %s takes %.1f µs, of which a bare round trip (PING) is %.1f µs.", parts.Stopwatch, c.Local.Nanoseconds(), s.Store, micros(c.Remote), micros(c.Ping)),
			fmt.Sprintf("%s The cure costs about %s× the local check, on every request.", parts.Stopwatch, roughly(ratio)))
		if s.Embedded {
			r.Lines = append(r.Lines, parts.Stopwatch+" The embedded store interprets Lua in Go, so its scripts run slower than a real Redis's; --redis=URL measures a real one.")
		}
	})
}

func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

func perServerFigure(title string, perServer [][]int, marks []labs.Mark) labs.Figure {
	fig := labs.Figure{Title: title, Kind: labs.Bars, XLabel: "second", YLabel: "accepted", Marks: marks}
	for i, s := range perServer {
		fig.Series = append(fig.Series, labs.Series{Name: fmt.Sprintf("server %d", i+1), X: parts.Indexes(len(s)), Y: parts.Ints(s)})
	}
	return fig
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func minMax(xs []int) string {
	lo, hi := xs[0], xs[0]
	for _, x := range xs {
		lo, hi = min(lo, x), max(hi, x)
	}
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// roughly writes x to two significant figures, with thin spaces between
// thousands: 11958 becomes "12 000".
func roughly(x float64) string {
	if x < 100 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	p := math.Pow(10, math.Floor(math.Log10(x))-1)
	return parts.Thousands(math.Round(x/p) * p)
}
