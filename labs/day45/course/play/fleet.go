package play

import (
	"math"
	"time"

	"termlab/labs"
)

// Figure 3: one key's traffic over N servers, each limiting it to L a
// second with a token bucket (capacity L): locally, through one central
// counter, or each at promise ÷ N. Skew sends that share of the traffic to
// server 0 and spreads the rest evenly.
//
// fleetSpan is 10 s, or long enough for a server at promise ÷ N (L/N
// tokens a second) to pass several tokens in the measured second half:
// 16 servers of 1/s each refill once every 16 s.
func fleetSpan(n int, l float64) time.Duration {
	return max(10*time.Second, sec(math.Ceil(10*float64(n)/l)))
}

func playFleet(f Funcs, v labs.Values, fr *labs.Frame) {
	n, l := int(v.Get("servers")), v.Get("limit")
	span := fleetSpan(n, l)
	mode, skew := int(v.Get("mode")), v.Get("skew")/100
	// Flood offers three times what the whole fleet could pass; honest
	// offers exactly the promise, L a second.
	offered := 3 * float64(n) * l
	if v.Get("demand") == 1 {
		offered = l
	}
	arrivals := even(int(offered*span.Seconds()), 0, span)
	// The balancer: request i goes to server 0 with probability skew, else
	// round robin, decided by a fixed stride so the figure is repeatable.
	type bucket struct {
		tokens float64
		last   time.Duration
	}
	capacity, rate := l, l
	if mode == 2 {
		// A bucket must hold at least one whole token to pass anything.
		capacity, rate = max(1, l/float64(n)), l/float64(n)
	}
	boxes := make([]bucket, n)
	for i := range boxes {
		boxes[i].tokens = capacity
	}
	central := bucket{tokens: l}
	var passed []time.Duration
	trips, rr, acc := 0, 0, 0.0
	for _, t := range arrivals {
		server := 0
		acc += skew
		if acc >= 1 {
			acc--
		} else {
			server = rr % n
			rr++
		}
		b := &boxes[server]
		c, r := capacity, rate
		if mode == 1 {
			b, c, r = &central, l, l
			trips++ // one synchronous check per request
		}
		left, ok := f.TakeToken(b.tokens, c, r, t-b.last)
		b.tokens, b.last = left, t
		if ok {
			passed = append(passed, t)
		}
	}
	late := 0
	for _, t := range passed {
		if t >= span/2 {
			late++
		}
	}
	s, _ := perBin("delivered", passed, time.Second, span)
	promise := flat("promise", l, span)
	fr.Chart = labs.Figure{Title: "delivered per second", Kind: labs.Line, XLabel: "virtual seconds", YLabel: "per s", Series: []labs.Series{s, promise}}
	rate2 := float64(late) / (span / 2).Seconds()
	fr.Readouts = []labs.Readout{
		{Name: "delivered", Label: "delivered (long run)", Value: rate2, Unit: "/s", Against: "promise " + fmtF(l) + "/s"},
		{Name: "ratio", Label: "delivered ÷ promise", Value: rate2 / l, Unit: "×"},
		{Name: "round_trips", Label: "round trips to the counter", Value: float64(trips) / span.Seconds(), Unit: "/s"},
		{Name: "refused", Label: "refused", Value: float64(len(arrivals) - len(passed)), Unit: "requests", Against: "offered " + itoa(len(arrivals))},
	}
	if v.Get("demand") == 1 {
		// The key sent no more than the promise: whatever was refused was
		// starved by where the balancer put it, not by the promise.
		fr.Readouts[3].Label = "refused within the promise (starved)"
	}
}
