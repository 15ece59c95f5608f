package local

import (
	"fmt"
	"math"
	"time"
)

// Part 4's second fleet asks one shared bucket before letting a request in.
// The part keeps that bucket in Redis and changes it with a Lua script
// (fleet's bucketLua); Shared is the same fleet whatever holds the bucket,
// and Bucket is the script's arithmetic held in this process, so that the
// question figure of P8 plays on the lean worker, which links no store.
// fleet's tests run Bucket and the script side by side on the same
// requests and want the same answers (TestBucketIsTheScript), and the
// figure against the part (TestSharedFigureIsThePart).

// Bucket is the shared token bucket as bucketLua keeps it: the level in
// whole micro-tokens, so the arithmetic is exact; time in whole
// microseconds of the store's clock, never the caller's; a full bucket for
// a key never seen (or one the store let expire, which had refilled by
// then anyway); one take per request, refill and spend in one step.
type Bucket struct {
	u, last int64 // micro-tokens, and when they were counted (µs)
	seen    bool
}

// Take is one check of the script: refill for the time since the last one,
// then spend a whole token if there is one. now is the store's clock in µs.
func (b *Bucket) Take(now int64, capacity, rate float64) bool {
	limit := int64(math.Floor(capacity*1e6 + 0.5))
	if !b.seen {
		b.u, b.last, b.seen = limit, now, true
	}
	if now > b.last {
		b.u = min(limit, b.u+int64(math.Floor(float64(now-b.last)*rate)))
	}
	ok := b.u >= 1e6
	if ok {
		b.u -= 1e6
	}
	b.last = now
	return ok
}

// Left is the level after the last take, written as the script writes it
// ("3.500000"): the tests compare the two buckets to the micro-token.
func (b *Bucket) Left() string { return fmt.Sprintf("%d.%06d", b.u/1e6, b.u%1e6) }

// Ask is one check of a shared bucket by the server a request reached, at
// virtual time at: whether it may go in, and when the store decided, on the
// store's clock in virtual time.
type Ask func(at time.Duration) (ok bool, when time.Duration, err error)

// Shared runs the fleet against one shared bucket, asked through ask: the
// client's offered requests per second for span, dealt by the even
// balancer only to say which server let each one in (any server asks the
// same bucket, so the choice changes no answer). The delivered rate counts
// by the store's clock, inside the run.
func Shared(ask Ask, servers int, offered float64, span time.Duration) (Result, error) {
	r := NewResult(servers, span)
	warm := 0
	assign := Balancer(servers)
	for i, at := range EvenArrivals(offered, span) {
		ok, when, err := ask(at)
		if err != nil {
			return r, err
		}
		r.Record(assign(i), when, ok)
		if ok && when >= Warm && when < span {
			warm++
		}
	}
	r.Finish(span, warm)
	return r, nil
}

// InProcess is an Ask of one Bucket held here, holding limit and refilling
// limit a second, whose store clock is the virtual clock to the
// microsecond (as the embedded store's TIME gives it).
func InProcess(limit float64) Ask {
	var b Bucket
	return func(at time.Duration) (bool, time.Duration, error) {
		now := at.Microseconds()
		return b.Take(now, limit, limit), time.Duration(now) * time.Microsecond, nil
	}
}
