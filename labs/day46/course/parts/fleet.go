package parts

import (
	"fmt"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/pyrand"
)

// Part 7: A's fair share, enforced by a fleet. The share comes from the
// learner's FairShare over the fleet-wide demand (Part 1's load: 60/s for
// A). Four servers admit A's requests, spread by a balancer, in one of
// three ways: each server enforces the whole share on its own (local), each
// enforces a quarter of it (split), or all consult one counter per tenant
// (shared; in a real fleet a store such as Redis, here a bucket in
// process on the virtual clock).
const (
	FleetServers = 4
	FleetBurst   = 10.0
)

// FleetEven and FleetSkewed are how the balancer spreads A's requests.
var (
	FleetEven   = []float64{0.25, 0.25, 0.25, 0.25}
	FleetSkewed = []float64{0.85, 0.05, 0.05, 0.05}
)

// FleetAdmitted is how many of A's requests per second the fleet admits
// under quota (per second, fleet-wide) enforced the given way.
func FleetAdmitted(quota float64, how string, spread []float64) float64 {
	return fleetAdmittedAt(quota, NoisyRate, how, spread)
}

// fleetAdmittedAt is FleetAdmitted with A sending rate a second, over as
// many servers as spread has shares (the question figure "fleet").
func fleetAdmittedAt(quota, rate float64, how string, spread []float64) float64 {
	servers := len(spread)
	buckets := make([]*fair.Bucket, servers)
	shared := &fair.Bucket{Rate: quota, Burst: FleetBurst}
	for i := range buckets {
		switch how {
		case "local":
			buckets[i] = &fair.Bucket{Rate: quota, Burst: FleetBurst}
		case "split":
			buckets[i] = &fair.Bucket{Rate: quota / float64(servers), Burst: FleetBurst / float64(servers)}
		default:
			buckets[i] = shared
		}
	}
	pick := pyrand.New(Seed + 101)
	admitted := 0
	// The arrivals are the only events, already in time order: a loop over
	// them is the virtual clock's run (each at its own moment, those
	// after the span not run).
	for _, at := range fair.Poisson(Seed+100, rate, Span) {
		if at > Span {
			break
		}
		u, server := pick.Float64(), servers-1
		for i, acc := 0, 0.0; i < servers; i++ {
			if acc += spread[i]; u < acc {
				server = i
				break
			}
		}
		if buckets[server].Allow(at) {
			admitted++
		}
	}
	return float64(admitted) / Span.Seconds()
}

func fleetPiece(f fair.Funcs, r *labs.PartResult) {
	quota := f.FairShare(Capacity, CalmDemands)[Noisy]
	type row struct {
		name, how string
		spread    []float64
	}
	rows := []row{
		{"local, even", "local", FleetEven}, {"split, even", "split", FleetEven}, {"shared, even", "shared", FleetEven},
		{"local, skewed", "local", FleetSkewed}, {"split, skewed", "split", FleetSkewed}, {"shared, skewed", "shared", FleetSkewed},
	}
	offered := float64(len(fair.Poisson(Seed+100, NoisyRate, Span))) / Span.Seconds()
	got := map[string]float64{}
	var ys []float64
	for _, rw := range rows {
		got[rw.name] = FleetAdmitted(quota, rw.how, rw.spread)
		ys = append(ys, got[rw.name])
	}
	r.Metrics = append(r.Metrics,
		metric("fleet_share", "A's fair share, fleet-wide", quota, "/s", 1),
		metric("fleet_local_rate", "A admitted, each server enforcing the whole share", got["local, even"], "/s", 1),
		metric("fleet_split_rate", "A admitted, a quarter each, even spread", got["split, even"], "/s", 1),
		metric("fleet_split_skewed_rate", "A admitted, a quarter each, skewed spread", got["split, skewed"], "/s", 1),
		metric("fleet_shared_rate", "A admitted, one shared counter, even spread", got["shared, even"], "/s", 1),
		metric("fleet_shared_skewed_rate", "A admitted, one shared counter, skewed spread", got["shared, skewed"], "/s", 1))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Your FairShare gives A %s/s of the fleet's %.0f/s. A sends about %.0f/s through a balancer to %d servers.", trim(quota), Capacity, NoisyRate, FleetServers),
		fmt.Sprintf("Each server enforcing the whole %s/s on its own admits %.1f/s of the %.1f/s A sends: a fleet of %d allows up to %d× the share.", trim(quota), got["local, even"], offered, FleetServers, FleetServers),
		fmt.Sprintf("A quarter each (%s/s per server): %.1f/s when the balancer spreads A evenly, %.1f/s when %.0f%% of A lands on one server, which refuses while the others sit on unused allowance.",
			trim(quota/FleetServers), got["split, even"], got["split, skewed"], 100*FleetSkewed[0]),
		fmt.Sprintf("One shared counter for A: %.1f/s even, %.1f/s skewed: the share holds however the traffic lands, at the price of asking the counter on every request.", got["shared, even"], got["shared, skewed"]),
		fmt.Sprintf("(Each counter starts full: an opening burst of %.0f adds about a sixth of a request per second over the minute.)", FleetBurst))
	r.Figures = append(r.Figures, labs.Figure{Title: "A admitted by the fleet: local, split, shared (even, then skewed)", Kind: labs.Bars,
		XLabel: "0–2 even, 3–5 skewed: local, split, shared", YLabel: "requests/s",
		Series: []labs.Series{{Name: "admitted", X: indexes(len(ys)), Y: ys}}})
}
