package parts

import (
	"fmt"
	"math"
	"strings"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
)

// Part 3: max-min fair shares, computed by the learner's FairShare, for
// Part 1's load, for a busier hour with and without weights, and second by
// second for a minute of changing demand against static quotas.

// Part 1's load as demands (requests/s), A first.
var (
	CalmDemands   = []float64{NoisyRate, QuietRate, QuietRate, QuietRate, QuietRate}
	BusyDemands   = []float64{NoisyRate, 30, 30, 30, 30}
	BusyWeights   = []int{4, 1, 1, 1, 1} // A buys four times the weight
	StaticQuota   = Capacity / Tenants
	DemandSeconds = int(Span.Seconds())
)

func sharesLine(name string, xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprintf("%s %s", tenantName(i)[:1], trim(x))
	}
	return name + strings.Join(parts, ", ")
}

func trim(x float64) string { return fmt.Sprintf("%.4g", x) }

func shareBars(title string, demands []float64, series ...labs.Series) labs.Figure {
	ask := labs.Series{Name: "asks", X: indexes(len(demands)), Y: demands}
	return labs.Figure{Title: title, Kind: labs.Bars, XLabel: "tenant (0 = A)", YLabel: "requests/s",
		Series: append([]labs.Series{ask}, series...)}
}

func fairTablePiece(f fair.Funcs, r *labs.PartResult) {
	calm := f.FairShare(Capacity, CalmDemands)
	static := make([]float64, len(CalmDemands))
	used := 0.0
	for i, d := range CalmDemands {
		static[i] = math.Min(d, StaticQuota)
		used += static[i]
	}
	total := 0.0
	for _, s := range calm {
		total += s
	}
	r.Metrics = append(r.Metrics,
		metric("fair_share_noisy", "A's max-min share, Part 1's load", calm[Noisy], "/s", 1),
		metric("fair_share_quiet", "a quiet tenant's max-min share", calm[1], "/s", 1),
		metric("fair_share_used_pct", "capacity handed out, max-min", 100*total/Capacity, "%", 1),
		metric("static_share_used_pct", "capacity handed out, static quotas", 100*used/Capacity, "%", 1))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Capacity %.0f/s. Demands: %s.", Capacity, sharesLine("", CalmDemands)),
		sharesLine("Max-min fair shares: ", calm)+".",
		fmt.Sprintf("Every quiet tenant gets all it asks (%s < an equal split of %s); A gets what they leave: %s/s. %.0f%% of the capacity is handed out.",
			trim(QuietRate), trim(Capacity/Tenants), trim(calm[Noisy]), 100*total/Capacity),
		fmt.Sprintf("Static quotas of %s/s each would hand out %.0f%%: A is capped at %s while %s/s sits unused.", trim(StaticQuota), 100*used/Capacity, trim(StaticQuota), trim(Capacity-used)))
	r.Figures = append(r.Figures, shareBars("Part 1's load: asks, static quota, max-min share", CalmDemands,
		labs.Series{Name: "static quota", X: indexes(len(static)), Y: static},
		labs.Series{Name: "max-min", X: indexes(len(calm)), Y: calm}))
}

func weightedPiece(f fair.Funcs, r *labs.PartResult) {
	plain := f.FairShare(Capacity, BusyDemands)
	weighted := fair.Weighted(f.FairShare, Capacity, BusyDemands, BusyWeights)
	r.Metrics = append(r.Metrics,
		metric("fair_busy_share", "busy hour: everyone's max-min share", plain[Noisy], "/s", 1),
		metric("weighted_share_noisy", "busy hour, A weighted 4: A's share", weighted[Noisy], "/s", 1),
		metric("weighted_share_quiet", "busy hour, A weighted 4: a quiet tenant's share", weighted[1], "/s", 2))
	r.Lines = append(r.Lines,
		fmt.Sprintf("A busier hour: %s. Everyone asks for more than %s, so the water level is an equal split:", sharesLine("", BusyDemands), trim(Capacity/Tenants)),
		sharesLine("  max-min: ", plain)+".",
		fmt.Sprintf("Weighted, A at weight %d and the others at 1: the level is per unit of weight, %s ÷ %d = %s.", BusyWeights[Noisy], trim(Capacity), sum(BusyWeights), trim(Capacity/float64(sum(BusyWeights)))),
		sharesLine("  weighted: ", weighted)+".",
		"Your FairShare computed the weighted shares too: a tenant of weight w stands in as w tenants asking for a w-th each.")
	r.Figures = append(r.Figures, shareBars("A busier hour: max-min, then A at weight 4", BusyDemands,
		labs.Series{Name: "max-min", X: indexes(len(plain)), Y: plain},
		labs.Series{Name: "weighted", X: indexes(len(weighted)), Y: weighted}))
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// DemandAt is the minute of changing demand, second by second: A floods
// from 10 s to 50 s, C joins at 30 s, D is busy from 20 s to 40 s.
func DemandAt(sec int) []float64 {
	d := []float64{5, QuietRate, 0, 5, QuietRate}
	if sec >= 10 && sec < 50 {
		d[Noisy] = NoisyRate
	}
	if sec >= 30 {
		d[2] = 15
	}
	if sec >= 20 && sec < 40 {
		d[3] = 30
	}
	return d
}

func fairOverTimePiece(f fair.Funcs, r *labs.PartResult) {
	xs := indexes(DemandSeconds)
	demand, fairUsed, staticUsed, aFair := make([]float64, DemandSeconds), make([]float64, DemandSeconds), make([]float64, DemandSeconds), make([]float64, DemandSeconds)
	var fairSum, staticSum, demandSum float64
	for sec := range DemandSeconds {
		d := DemandAt(sec)
		shares := f.FairShare(Capacity, d)
		for i := range d {
			demand[sec] += d[i]
			fairUsed[sec] += shares[i]
			staticUsed[sec] += math.Min(d[i], StaticQuota)
		}
		aFair[sec] = shares[Noisy]
		fairSum += fairUsed[sec]
		staticSum += staticUsed[sec]
		demandSum += math.Min(demand[sec], Capacity)
	}
	r.Metrics = append(r.Metrics,
		metric("fair_minute_used_pct", "a minute of changing demand: capacity used, max-min", 100*fairSum/(Capacity*float64(DemandSeconds)), "%", 1),
		metric("static_minute_used_pct", "a minute of changing demand: capacity used, static quotas", 100*staticSum/(Capacity*float64(DemandSeconds)), "%", 1))
	r.Lines = append(r.Lines,
		"A minute of changing demand: A floods from 10 s to 50 s, D is busy from 20 s to 40 s, C joins at 30 s.",
		fmt.Sprintf("Max-min hands out %.1f%% of the capacity over the minute, all that was asked for up to the capacity (%.1f%%); static quotas %.1f%%.",
			100*fairSum/(Capacity*float64(DemandSeconds)), 100*demandSum/(Capacity*float64(DemandSeconds)), 100*staticSum/(Capacity*float64(DemandSeconds))))
	r.Figures = append(r.Figures, labs.Figure{Title: "Capacity handed out each second: max-min against static quotas", Kind: labs.Line,
		XLabel: "seconds", YLabel: "requests/s",
		Series: []labs.Series{{Name: "max-min", X: xs, Y: fairUsed}, {Name: "static quotas", X: xs, Y: staticUsed}, {Name: "A's max-min share", X: xs, Y: aFair}},
		Marks:  []labs.Mark{{X: 10, Label: "A floods"}, {X: 50, Label: "A stops"}}})
}
