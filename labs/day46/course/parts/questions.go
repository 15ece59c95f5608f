package parts

import (
	"slices"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/words"
)

// Questions gives the words' question figures their bodies: each answers
// predictions at any setting of its knobs (labs.Variant), on the same
// service and crowd Parts 1 and 2 play, so at a question's own setting it
// reads exactly the part's figure.
func Questions(impl func(labs.Impl) (fair.Funcs, bool)) []labs.PlayFigure {
	return labs.PlayFigures(words.Questions(), impl, map[string]func(fair.Funcs, labs.Values, *labs.Frame){
		"crowd":   playCrowd,
		"sizes":   playSizes,
		"overlap": playOverlap,
		"vtfq":    playVTFQ,
		"fleet":   playFleet,
		"apf":     playAPF,
		"hurt":    playHurt,
	})
}

// crowdFrom is the five tenants' minute with the quiet ones at quiet/s and
// A at noisy/s from the moment from on (quiet/s before it). Each tenant's
// arrivals are seeded as Traffic seeds them, so with from = 0 this is
// exactly Part 1's traffic.
func crowdFrom(quiet, noisy float64, from time.Duration) []*fair.Req {
	t := make([]fair.Tenant, Tenants)
	for i := range t {
		t[i] = fair.Tenant{Rate: quiet, Size: Service}
	}
	before := fair.Traffic(Seed, t, Span)
	t[Noisy].Rate = noisy
	var out []*fair.Req
	for _, r := range fair.Traffic(Seed, t, Span) {
		if r.Tenant != Noisy || r.Arrive >= from {
			out = append(out, r)
		}
	}
	for _, r := range before {
		if r.Tenant == Noisy && r.Arrive < from {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b *fair.Req) int {
		if a.Arrive != b.Arrive {
			return int(a.Arrive - b.Arrive)
		}
		return a.Tenant - b.Tenant
	})
	return out
}

// playCrowd plays the crowd through one FIFO (Part 1), through a quota per
// tenant in front of it (Part 2) and by deficit round robin (Part 4, with
// the implementation's DRRVisit).
func playCrowd(f fair.Funcs, v labs.Values, fr *labs.Frame) {
	from := time.Duration(0)
	if v["from"] == 1 {
		from = Span / 2
	}
	bound := int(v["bound"])
	fifo := summarise(fair.Serve(crowdFrom(v["quiet"], v["a"], from), &fair.FIFO{Bound: bound}, Span))
	q := &fair.Quota{Inner: &fair.FIFO{Bound: bound}}
	for range Tenants {
		q.Buckets = append(q.Buckets, &fair.Bucket{Rate: v["quota"], Burst: v["burst"]})
	}
	quota := summarise(fair.Serve(crowdFrom(v["quiet"], v["a"], from), q, Span))
	var drr Stats
	fr.Try("deficit round robin (DRRVisit)", func() {
		drr = summarise(fair.Serve(crowdFrom(v["quiet"], v["a"], from), fair.NewDRR(Tenants, DRRBound, Quantum, f.DRRVisit), Span))
	})
	fr.Chart = p99Line("Quiet tenants' p99 latency, second by second", map[string]Stats{"one FIFO": fifo, "quotas": quota}, "one FIFO", "quotas")
	fr.Readouts = append(fr.Readouts,
		labs.Readout{Name: "fifo_p99", Label: "one FIFO: quiet p99", Value: ms(fifo.QuietP99), Unit: "ms"},
		labs.Readout{Name: "fifo_refused", Label: "one FIFO: quiet refused", Value: pct(fifo.QuietErrors, fifo.QuietOffered), Unit: "%"},
		labs.Readout{Name: "quota_idle", Label: "quotas: server idle", Value: 100 - quota.Utilisation, Unit: "%"},
		labs.Readout{Name: "drr_a_rate", Label: "DRR: A served", Value: float64(drr.NoisyServed) / Span.Seconds(), Unit: "/s"},
		labs.Readout{Name: "drr_quiet_p50", Label: "DRR: quiet p50", Value: ms(drr.QuietP50), Unit: "ms"})
}

// playSizes is Part 4's two always-waiting tenants at any request sizes
// and quantum: the big tenant's share of the work under DRR (P8), and
// under plain round robin for comparison.
func playSizes(f fair.Funcs, v labs.Values, fr *labs.Frame) {
	small, big := time.Duration(v["small"])*time.Millisecond, time.Duration(v["big"])*time.Millisecond
	rr := sizesRunAt(nil, small, big, v["quantum"])
	var drr [2]float64
	fr.Try("deficit round robin (DRRVisit)", func() { drr = sizesRunAt(f.DRRVisit, small, big, v["quantum"]) })
	fr.Chart = labs.Figure{Title: "The big tenant's share of the work", Kind: labs.Bars, XLabel: "0 = round robin, 1 = DRR", YLabel: "%",
		Series: []labs.Series{{Name: "big", X: indexes(2), Y: []float64{rr[1], drr[1]}}}}
	fr.Readouts = append(fr.Readouts,
		labs.Readout{Name: "drr_big_share", Label: "DRR: the big tenant's share", Value: drr[1], Unit: "%"},
		labs.Readout{Name: "rr_big_share", Label: "round robin: the big tenant's share", Value: rr[1], Unit: "%"})
}

// playOverlap deals Part 5's shards at any count of workers, shard size
// and tenants: the share of quiet tenants that share a worker with tenant
// 0 (P10).
func playOverlap(f fair.Funcs, v labs.Values, fr *labs.Frame) {
	n, k, quiet := int(v["workers"]), min(int(v["shard"]), int(v["workers"])), int(v["tenants"])
	var counts []int
	fr.Try("shuffle sharding (ShardOf, Overlap)", func() { _, _, counts = overlaps(f, n, k, quiet) })
	if counts == nil {
		return
	}
	shares := make([]float64, len(counts))
	for j, c := range counts {
		shares[j] = pct(c, quiet)
	}
	fr.Chart = labs.Figure{Title: "Workers shared with the noisy tenant", Kind: labs.Bars, XLabel: "workers shared", YLabel: "% of tenants",
		Series: []labs.Series{{Name: "tenants", X: indexes(len(shares)), Y: shares}}}
	fr.Readouts = append(fr.Readouts,
		labs.Readout{Name: "any_overlap", Label: "share at least one worker", Value: 100 - shares[0], Unit: "%"},
		labs.Readout{Name: "full_overlap", Label: "share every worker", Value: shares[k], Unit: "%"})
}

// playVTFQ is Part 8's busy tenants, any number of them with requests of
// any size, and the quiet tenant's 0.7 ms requests, under virtual-time
// fair queuing: the quiet tenant's median delay (P13). The quiet size
// stays the part's: the question states it, and a variant keeps it.
func playVTFQ(_ fair.Funcs, v labs.Values, fr *labs.Frame) {
	r := vtRunAt(int(v["busy"]), time.Duration(v["size"])*time.Millisecond, nil)
	ys := make([]float64, len(r.Delays))
	for i, d := range r.Delays {
		ys[i] = ms(d)
	}
	fr.Chart = labs.Figure{Title: "The quiet tenant's delay, request by request", Kind: labs.Line, XLabel: "request", YLabel: "ms",
		Series: []labs.Series{{Name: "delay", X: indexes(len(ys)), Y: ys}}}
	fr.Readouts = append(fr.Readouts,
		labs.Readout{Name: "quiet_p50", Label: "the quiet tenant's median delay", Value: ms(r.P50), Unit: "ms"},
		labs.Readout{Name: "quiet_max", Label: "the quiet tenant's worst delay", Value: ms(r.Max), Unit: "ms"})
}

// playFleet is Part 7's fleet at any number of servers and any rate of
// A's, each server enforcing on its own the whole of A's share as the
// implementation's FairShare gives it over Part 1's load (P12), with the
// balancer spreading A evenly.
func playFleet(f fair.Funcs, v labs.Values, fr *labs.Frame) {
	n := int(v["servers"])
	var quota float64
	fr.Try("A's fair share (FairShare)", func() { quota = f.FairShare(Capacity, CalmDemands)[Noisy] })
	even := make([]float64, n)
	for i := range even {
		even[i] = 1 / float64(n)
	}
	local := fleetAdmittedAt(quota, v["a"], "local", even)
	shared := fleetAdmittedAt(quota, v["a"], "shared", even)
	fr.Chart = labs.Figure{Title: "A admitted: each server on its own, and one shared counter", Kind: labs.Bars, XLabel: "0 = local, 1 = shared", YLabel: "requests/s",
		Series: []labs.Series{{Name: "admitted", X: indexes(2), Y: []float64{local, shared}}}}
	fr.Readouts = append(fr.Readouts,
		labs.Readout{Name: "local_rate", Label: "A admitted, each server enforcing the whole share", Value: local, Unit: "/s"},
		labs.Readout{Name: "shared_rate", Label: "A admitted, one shared counter", Value: shared, Unit: "/s"})
}

// playAPF deals the elephants' hands as Part 6 does, at any number of
// queues, hand size, elephants and other flows: the mice stuck behind the
// elephants, expected over the part's 10,000 deals (P11).
func playAPF(f fair.Funcs, v labs.Values, fr *labs.Frame) {
	queues, hand := int(v["queues"]), min(int(v["hand"]), int(v["queues"]))
	var mean, lo, hi float64
	fr.Try("shuffle sharding (ShardOf, Overlap)", func() {
		mean, lo, hi = apfStuckAt(f, int(v["elephants"]), queues, hand, int(v["mice"]))
	})
	fr.Chart = labs.Figure{Title: "Mice stuck: the fewest in one deal, the mean, the most", Kind: labs.Bars, XLabel: "0 = fewest, 1 = mean, 2 = most", YLabel: "flows",
		Series: []labs.Series{{Name: "stuck", X: indexes(3), Y: []float64{lo, mean, hi}}}}
	fr.Readouts = append(fr.Readouts,
		labs.Readout{Name: "stuck_mean", Label: "mice stuck, expected over the deals", Value: mean, Unit: "flows"},
		labs.Readout{Name: "stuck_most", Label: "mice stuck, the worst deal", Value: hi, Unit: "flows"})
}

// playHurt is Part 5's flood at any number of workers, shard size and
// quiet tenants (the flood, the queues and the requests' timing stay the
// part's): the share of quiet tenants that lose a request, averaged over
// the part's deals of the shards (P9).
func playHurt(f fair.Funcs, v labs.Values, fr *labs.Frame) {
	setup := Shards
	setup.Workers, setup.Quiet = int(v["workers"]), int(v["tenants"])
	k := min(int(v["shard"]), setup.Workers)
	var shares []float64
	var mean float64
	fr.Try("shuffle sharding (ShardOf)", func() { shares, _, mean = hurtShares(f, setup, k) })
	fr.Chart = labs.Figure{Title: "Quiet tenants hurt, deal by deal", Kind: labs.Bars, XLabel: "deal", YLabel: "% of tenants",
		Series: []labs.Series{{Name: "hurt", X: indexes(len(shares)), Y: shares}}}
	fr.Readouts = append(fr.Readouts,
		labs.Readout{Name: "hurt_mean", Label: "quiet tenants hurt, the mean over the deals", Value: mean, Unit: "%"})
}
