package parts

import (
	"fmt"
	"slices"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
)

// Part 8: the leaky bucket as a meter (holds one, refuses what comes too
// soon) against the leaky bucket as a queue (Part 3's: holds 40 and makes
// them wait), on Part 3's bursty input; where nginx's limit_req burst and
// nodelay fall; and throttling (refusing by identity) against load shedding
// (refusing by pressure).

// The meter and its two relatives, all at Part 3's 10/s.
const (
	meterCapacity   = 1.0                   // a meter holds one: it forgives no burst at all
	nodelayCapacity = leakMaxQueue + 1      // nginx burst=40 nodelay: the burst, plus the one that passes anyway
	meterBins       = outputBins            // seconds of output shown
	meterRate       = leakRate              // per second
	shedSpan        = 20 * time.Second      // the throttling-against-shedding run
	shedFlashFrom   = 10 * time.Second      // a flash crowd of ordinary clients
	shedFlashTo     = 15 * time.Second      //
	shedCapacity    = 50.0                  // the backend serves this many per second
	shedMaxWaiting  = 25                    // shedding: refuse when this many wait (half a second of work)
	shedBudget      = 10.0                  // throttling: each client's bucket refills this many per second (and holds as many)
	shedHeavyRate   = 30.0                  // the heavy client, always
	shedLight       = 20                    // ordinary clients,
	shedLightCalm   = time.Second           // each asking once a second,
	shedLightFlash  = time.Second / 3       // three times a second in the flash crowd
	shedNoLimit     = 1 << 20               // "no shedding": the backend's line never refuses
	heavyClient     = 0                     // client 0 is the heavy one
	shedLightOffset = 50 * time.Millisecond // ordinary clients' phases: client j starts at j × this
	tieShiftSpread  = 601                   // shifts are 1 to this many µs (a prime above the 600 heavy requests)
)

// tieShift is how much later than its even schedule arrival i of this
// part's bucket inputs comes: 1 to 601 µs, all different for the first 601
// arrivals (37 is invertible modulo the prime 601). Unshifted, the inputs
// would put refills exactly on whole tokens: 3 s between bursts refills
// exactly 30 tokens at 10/s, and the heavy client's three requests per
// 100 ms add exactly one token to its 10/s bucket, so whether a request
// gets in would hang on the last bit of the float arithmetic (one correct
// TakeToken would admit 161 where another, computing the same refill in
// another order, admits 160). Arrivals a whole number of tokens apart are
// a whole number of 100 ms apart, and two different shifts never are, so
// no level comes within 1e-5 of a whole token, ten thousand times more
// than correct orderings of the arithmetic ever differ (a test nudges the
// level by ±1e-9 to check). A few hundred µs is invisible at the scale the
// part is read: the bursts still arrive each in one instant.
func tieShift(i int) time.Duration {
	return time.Duration(1+(i*37)%tieShiftSpread) * time.Microsecond
}

// meterInput is Part 3's bursty input with each burst moved by tieShift:
// burst b arrives at b × 3 s + 1 to 149 µs, all 40 requests in one instant.
func meterInput() []time.Duration {
	in := burstyInput()
	for i := range in {
		in[i] += tieShift(i / perBurst)
	}
	return in
}

// meterResult is one limiter on the bursty input.
type meterResult struct {
	Accepted, Dropped int
	PerSecond         []int // requests sent on, per second
	Peak              int
	WorstWait         time.Duration
	MeanWait          time.Duration
}

func binEmits(emits []time.Duration, bins int) (per []int, peak int) {
	per = make([]int, bins)
	for _, t := range emits {
		if s := int(t / time.Second); s < bins {
			per[s]++
		}
	}
	return per, slices.Max(per)
}

// meterShape sends Part 3's bursty input (meterInput) through a token bucket of the given
// capacity refilling at meterRate: capacity 1 is the meter, 41 is nginx's
// burst=40 nodelay. Accepted requests leave at once.
func meterShape(take limit.TakeTokenFunc, capacity float64) meterResult {
	b := limit.NewTokenBucket(take, capacity, meterRate)
	var r meterResult
	var emits []time.Duration
	for _, at := range meterInput() {
		if b.Allow(at) {
			r.Accepted++
			emits = append(emits, at)
		} else {
			r.Dropped++
		}
	}
	r.PerSecond, r.Peak = binEmits(emits, meterBins)
	return r
}

// queueShape is Part 3's queue (nginx's burst=40 without nodelay) on the
// same input as meterShape, with the average wait as well as the worst.
func queueShape(next limit.NextEmitFunc) meterResult {
	q := limit.NewLeakyQueue(next, leakRate, leakMaxQueue)
	var r meterResult
	var emits []time.Duration
	var waited time.Duration
	for _, at := range meterInput() {
		emit, ok := q.Offer(at)
		if !ok {
			r.Dropped++
			continue
		}
		r.Accepted++
		emits = append(emits, emit)
		waited += emit - at
		r.WorstWait = max(r.WorstWait, emit-at)
	}
	if r.Accepted > 0 {
		r.MeanWait = waited / time.Duration(r.Accepted)
	}
	r.PerSecond, r.Peak = binEmits(emits, meterBins)
	return r
}

// --- throttling against shedding ------------------------------------------------

type shedArrival struct {
	at     time.Duration
	client int // 0 is the heavy client, 1… the ordinary ones
}

// shedTraffic is the heavy client at shedHeavyRate throughout, each request
// moved by tieShift (its bucket is always short, so its refills decide), and
// shedLight ordinary clients at once a second, three times a second in the
// flash crowd (never short: their buckets are full at every request, a
// level that is exact in any order of arithmetic).
func shedTraffic() []shedArrival {
	var out []shedArrival
	for i, at := range evenArrivals(shedHeavyRate, shedSpan) {
		out = append(out, shedArrival{at + tieShift(i), heavyClient})
	}
	for j := 1; j <= shedLight; j++ {
		for at := time.Duration(j-1) * shedLightOffset; at < shedSpan; {
			out = append(out, shedArrival{at, j})
			if at >= shedFlashFrom && at < shedFlashTo {
				at += shedLightFlash
			} else {
				at += shedLightCalm
			}
		}
	}
	slices.SortStableFunc(out, func(a, b shedArrival) int {
		if a.at != b.at {
			return int(a.at - b.at)
		}
		return a.client - b.client
	})
	return out
}

// shedResult is one door in front of the backend.
type shedResult struct {
	HeavyRefused, OthersRefused             int
	HeavyRefusedPerSec, OthersRefusedPerSec []int
	WorstWait                               time.Duration // in the backend's line
}

// throttleShed runs the traffic through a door that throttles (each client
// its own bucket of shedBudget/s, the learner's TakeToken) when throttle is
// set, into a backend that serves shedCapacity per second from a line (the
// learner's NextEmit) that refuses newcomers once maxWaiting wait: load
// shedding, by pressure.
func throttleShed(take limit.TakeTokenFunc, next limit.NextEmitFunc, throttle bool, maxWaiting int) shedResult {
	buckets := make([]*limit.TokenBucket, shedLight+1)
	for i := range buckets {
		buckets[i] = limit.NewTokenBucket(take, shedBudget, shedBudget)
	}
	line := limit.NewLeakyQueue(next, shedCapacity, maxWaiting)
	bins := int(shedSpan / time.Second)
	r := shedResult{HeavyRefusedPerSec: make([]int, bins), OthersRefusedPerSec: make([]int, bins)}
	for _, a := range shedTraffic() {
		ok := !throttle || buckets[a.client].Allow(a.at)
		if ok {
			var emit time.Duration
			if emit, ok = line.Offer(a.at); ok {
				r.WorstWait = max(r.WorstWait, emit-a.at)
			}
		}
		if ok {
			continue
		}
		s := int(a.at / time.Second)
		if a.client == heavyClient {
			r.HeavyRefused++
			r.HeavyRefusedPerSec[s]++
		} else {
			r.OthersRefused++
			r.OthersRefusedPerSec[s]++
		}
	}
	return r
}

// --- the pieces ------------------------------------------------------------

func meterPiece(f limit.Funcs, r *labs.PartResult) {
	m := meterShape(f.TakeToken, meterCapacity)
	nd := meterShape(f.TakeToken, nodelayCapacity)
	r.Metrics = append(r.Metrics,
		metric("meter_accepted", "meter (holds one): accepted", float64(m.Accepted), "requests", 0),
		metric("meter_dropped", "meter: refused", float64(m.Dropped), "requests", 0),
		metric("nodelay_accepted", "burst=40 nodelay: accepted", float64(nd.Accepted), "requests", 0),
		metric("nodelay_peak", "burst=40 nodelay: most out in one second", float64(nd.Peak), "requests", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Part 3's input again: %d requests in %d bursts of %d (each burst up to %.2f ms late, so no refill lands exactly on a whole token). A meter at %g/s that holds one: %d accepted, %d refused, no one waits.", bursts*perBurst, bursts, perBurst, msOf(tieShift(bursts-1)), meterRate, m.Accepted, m.Dropped),
		"Each burst arrives in one instant and a meter forgives no burst: the first of each gets the one token, the rest come too soon.",
		fmt.Sprintf("nginx limit_req: rate=10r/s alone is the meter. burst=40 nodelay admits like a bucket holding %d and sends on at once: %d accepted, up to %d in one second.", int(nodelayCapacity), nd.Accepted, nd.Peak))
	xs := Indexes(meterBins)
	r.Figures = append(r.Figures, labs.Figure{
		Title: "Meter and burst=40 nodelay: requests sent on per second", Kind: labs.Bars, XLabel: "second", YLabel: "out",
		Series: []labs.Series{{Name: "meter", X: xs, Y: Ints(m.PerSecond)}, {Name: "nodelay", X: xs, Y: Ints(nd.PerSecond)}},
	})
}

func queuePiece(f limit.Funcs, r *labs.PartResult) {
	q := queueShape(f.NextEmit)
	r.Metrics = append(r.Metrics,
		metric("queue_accepted", "queue (burst=40): accepted", float64(q.Accepted), "requests", 0),
		metric("queue_mean_wait_s", "queue: average wait", q.MeanWait.Seconds(), "s", 2))
	r.Lines = append(r.Lines,
		fmt.Sprintf("burst=40 without nodelay is Part 3's queue: %d accepted, %d refused, none out faster than %g/s, paid for in waiting: %.2f s on average, %.1f s at worst.", q.Accepted, q.Dropped, leakRate, q.MeanWait.Seconds(), q.WorstWait.Seconds()),
		"Same rate, three promises: the meter refuses a burst, the queue delays it, nodelay passes it on. (nginx's delay=N sits between the last two: the first N of a burst go at once, the rest wait.)")
	r.Figures = append(r.Figures, labs.Figure{
		Title: "Queue (burst=40): requests sent on per second", Kind: labs.Bars, XLabel: "second", YLabel: "out",
		Series: []labs.Series{{Name: "queue", X: Indexes(len(q.PerSecond)), Y: Ints(q.PerSecond)}},
	})
}

func shedPiece(f limit.Funcs, r *labs.PartResult) {
	thr := throttleShed(f.TakeToken, f.NextEmit, true, shedNoLimit)
	shed := throttleShed(f.TakeToken, f.NextEmit, false, shedMaxWaiting)
	both := throttleShed(f.TakeToken, f.NextEmit, true, shedMaxWaiting)
	r.Metrics = append(r.Metrics,
		metric("throttle_heavy_refused", "throttling: the heavy client refused"+shedSpanLabel(), float64(thr.HeavyRefused), "requests", 0),
		metric("throttle_others_refused", "throttling: ordinary clients refused"+shedSpanLabel(), float64(thr.OthersRefused), "requests", 0),
		metric("throttle_worst_wait_s", "throttling alone: worst wait at the backend"+shedSpanLabel(), thr.WorstWait.Seconds(), "s", 2),
		metric("shed_heavy_refused", "shedding: the heavy client refused"+shedSpanLabel(), float64(shed.HeavyRefused), "requests", 0),
		metric("shed_others_refused", "shedding: ordinary clients refused"+shedSpanLabel(), float64(shed.OthersRefused), "requests", 0),
		metric("shed_worst_wait_s", "shedding: worst wait at the backend"+shedSpanLabel(), shed.WorstWait.Seconds(), "s", 2))
	r.Lines = append(r.Lines,
		fmt.Sprintf("A backend serving %g/s. One heavy client asks %g/s throughout (each request up to %.1f ms off the beat, so its refills never land exactly on a whole token); %d ordinary clients ask once a second, three times a second from %g s to %g s (a flash crowd).", shedCapacity, shedHeavyRate, msOf(tieShiftSpread*time.Microsecond), shedLight, shedFlashFrom.Seconds(), shedFlashTo.Seconds()),
		fmt.Sprintf("Throttling refuses by identity (each client %g/s): the heavy client lost %d requests, most while the backend had room; in the flash crowd no one was over budget, nothing was refused, and the line at the backend grew to a %.1f s wait.", shedBudget, thr.HeavyRefused, thr.WorstWait.Seconds()),
		fmt.Sprintf("Shedding refuses by pressure (when %d are waiting): nothing while calm, the heavy client's %g/s included; in the flash crowd it refused %d ordinary requests and %d of the heavy client's, and no one waited over %.1f s.", shedMaxWaiting, shedHeavyRate, shed.OthersRefused, shed.HeavyRefused, shed.WorstWait.Seconds()),
		fmt.Sprintf("Both at once: %d heavy and %d ordinary refused, %.1f s worst wait. A door that does both should say which it did: 429 for \"you are over your budget\", 503 for \"we are over ours\".", both.HeavyRefused, both.OthersRefused, both.WorstWait.Seconds()))
	xs := Indexes(len(thr.HeavyRefusedPerSec))
	r.Figures = append(r.Figures, labs.Figure{
		Title: "Throttling against shedding: refused per second, by whom", Kind: labs.Bars, XLabel: "second", YLabel: "refused",
		Series: []labs.Series{
			{Name: "throttle: heavy", X: xs, Y: Ints(thr.HeavyRefusedPerSec)}, {Name: "throttle: others", X: xs, Y: Ints(thr.OthersRefusedPerSec)},
			{Name: "shed: heavy", X: xs, Y: Ints(shed.HeavyRefusedPerSec)}, {Name: "shed: others", X: xs, Y: Ints(shed.OthersRefusedPerSec)},
		},
		Marks: []labs.Mark{{X: shedFlashFrom.Seconds(), Label: "flash crowd"}, {X: shedFlashTo.Seconds(), Label: "calm again"}},
	})
}

// msOf is d in milliseconds, for the lines.
func msOf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// shedSpanLabel names the span the throttling and shedding figures cover:
// the whole run, calm and flash crowd together.
func shedSpanLabel() string { return fmt.Sprintf(" (whole run, t = 0–%g s)", shedSpan.Seconds()) }
