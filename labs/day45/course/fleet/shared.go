package fleet

import (
	"context"
	"math"
	"os"
	"sync"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/fleet/local"
)

// Three of Part 4's pieces never call the learner's code: the fleet on the
// shared counter, the outage, and the cost of a shared check. On the
// embedded store the first two are the same on every run (its clock is the
// experiment's, and the outage's failed checks fail on a port nobody
// listens on), so they are played once per process and, when the worker
// names a store for the course's own runs (labs.CourseRun: the day's cache
// folder, named by this version of the course's code), once per version of
// the course: a save of the learner's file reads them. They are marked Live
// because their checks are real round trips, bounded on the wall clock,
// not because their figures vary. On a real Redis (--redis) they are played
// afresh in each process (its clock is real time), and nothing is kept.
//
// The cost of a shared check is a time, measured on this machine: it is
// measured afresh in each process (the cost piece), never kept, so
// "measured here" is said of a measurement of this run.

// sharedRun is what those pieces show.
type sharedRun struct {
	Store           string
	Embedded        bool
	Central, Outage FleetResult
	Err             string `json:",omitempty"` // the store did not answer
}

// sharedKey names the kept runs: the embedded store, the only one kept.
const sharedKey = "day45/part4/shared-runs/embedded"

var (
	sharedOnce sync.Once
	shared     sharedRun
	costOnce   sync.Once
	cost       storeCost
)

// storeCost is what a shared check and a bare round trip cost, measured.
type storeCost struct {
	Remote, Ping time.Duration
	Err          string
}

func sharedRuns() sharedRun {
	sharedOnce.Do(func() { shared = loadShared() })
	return shared
}

// loadShared is the runs kept for this version of the course, or played
// (and kept) when there are none; on a real Redis, always played.
func loadShared() sharedRun {
	if os.Getenv(RedisEnv) != "" {
		return playShared()
	}
	return labs.CourseRun(sharedKey, wellFormed, func() (sharedRun, bool) {
		s := playShared()
		return s, s.Err == "" && s.Embedded
	})
}

// storeCosts measures the store's costs once per process.
func storeCosts() storeCost {
	costOnce.Do(func() { cost = measureStoreCost() })
	return cost
}

func playShared() sharedRun {
	st, err := StoreFromEnv()
	if err != nil {
		return sharedRun{Err: err.Error()}
	}
	defer st.Close()
	s := sharedRun{Store: st.Name, Embedded: st.Embedded()}
	fail := func(err error) sharedRun { return sharedRun{Err: err.Error()} }
	if s.Central, err = FleetCentral(st); err != nil {
		return fail(err)
	}
	if s.Outage, err = FleetOutage(st); err != nil {
		return fail(err)
	}
	return s
}

func measureStoreCost() storeCost {
	st, err := StoreFromEnv()
	if err != nil {
		return storeCost{Err: err.Error()}
	}
	defer st.Close()
	var c storeCost
	if c.Remote, c.Ping, err = measureRemote(st); err != nil {
		return storeCost{Err: err.Error()}
	}
	return c
}

// wellFormed reports whether a kept run is one the runs above could have
// played: a kept file is read, not trusted, and a run that is not whole
// (cut short, edited, from an older shape of the file) is played again.
// It checks the shape and the sums each figure is drawn from, not the
// figures themselves (only a play can tell those).
func wellFormed(s sharedRun) bool {
	if s.Err != "" || !s.Embedded || s.Store == "" || len(s.Store) > 200 {
		return false
	}
	arrivals := evenArrivals(fleetOffered, fleetSpan)
	down := 0
	for _, at := range arrivals {
		if at >= outageFrom && at < outageTo {
			down++
		}
	}
	secs := int(fleetSpan / time.Second)
	if !fleetWhole(s.Central, len(arrivals), secs) || !fleetWhole(s.Outage, len(arrivals), secs) {
		return false
	}
	o := s.Outage
	if len(o.OutageOpen) != secs || len(o.OutageClosed) != secs || o.OutageOffered != down {
		return false
	}
	d := (outageTo - outageFrom).Seconds()
	return counts(o.OutageOpen) && counts(o.OutageClosed) &&
		rateOf(o.OutageRateOpen, down, d) && rateOf(o.OutageRateClosed, down, d) && o.OutageRateClosed <= o.OutageRateOpen
}

// fleetWhole reports whether r is a whole run of servers over secs seconds
// of offered arrivals: every count in range and every total its parts' sum.
func fleetWhole(r FleetResult, offered, secs int) bool {
	if r.Servers != fleetServers || r.Offered != offered || len(r.PerSecond) != secs ||
		len(r.PerServerSecond) != r.Servers || len(r.ServerOffered) != r.Servers || len(r.ServerAccepted) != r.Servers {
		return false
	}
	if !counts(r.PerSecond) || !counts(r.ServerOffered) || !counts(r.ServerAccepted) ||
		sum(r.ServerOffered) != r.Offered || sum(r.ServerAccepted) != r.Accepted || r.Accepted > r.Offered {
		return false
	}
	for i, per := range r.PerServerSecond {
		if len(per) != secs || !counts(per) || sum(per) > r.ServerAccepted[i] || r.ServerAccepted[i] > r.ServerOffered[i] {
			return false
		}
	}
	for t := range secs {
		all := 0
		for _, per := range r.PerServerSecond {
			all += per[t]
		}
		if all != r.PerSecond[t] {
			return false
		}
	}
	span := fleetSpan.Seconds()
	return rateOf(r.Rate, r.Accepted, span) && rateOf(r.SteadyRate, r.Accepted, span-local.Warm.Seconds())
}

// counts reports whether every x is a count (not negative).
func counts(xs []int) bool {
	for _, x := range xs {
		if x < 0 {
			return false
		}
	}
	return true
}

// rateOf reports whether rate is a number of at most n things over secs
// seconds.
func rateOf(rate float64, n int, secs float64) bool {
	return rate >= 0 && rate <= float64(n)/secs && !math.IsInf(rate, 0) && !math.IsNaN(rate)
}

// measureRemote times a shared check (a round trip and the script) and a
// bare round trip (PING), to show which part is the network.
func measureRemote(st *Store) (remote, ping time.Duration, err error) {
	const checks = 200
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := st.Take(ctx, "cost-warmup", fleetLimit, fleetLimit); err != nil {
		return 0, 0, err
	}
	start := time.Now()
	for range checks {
		if _, err := st.Take(ctx, "cost", fleetLimit, fleetLimit); err != nil {
			return 0, 0, err
		}
	}
	remote = time.Since(start) / checks
	start = time.Now()
	for range checks {
		if err := st.Ping(ctx); err != nil {
			return 0, 0, err
		}
	}
	return remote, time.Since(start) / checks, nil
}
