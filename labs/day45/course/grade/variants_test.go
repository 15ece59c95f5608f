//lint:file-ignore S1008 the variants are written as learners write them, the long way included

package grade_test

import (
	"math"
	"math/big"
	"math/bits"
	"time"

	"termlab/labs/day45/course/limit"
)

// The equivalence suite's material: the four TODOs written as learners
// write them. The correct ones are correct on every input the course can
// produce, in another order of arithmetic, another unit, another shape;
// some guard against inputs the course never gives. The wrong ones are the
// mistakes learners make, each with a word its verdict must contain (in
// the detail or the hint), so that the verdict names the mistake.

// variant is one learner's version of one TODO: exactly one func is set.
type variant struct {
	name string
	take limit.TakeTokenFunc
	id   limit.WindowIDFunc
	exp  limit.ExpiredFunc
	emit limit.NextEmitFunc
	// mentions picks out the one hint of its TODO that names this variant's
	// mistake (wrong variants); "" where the grader knows no such mistake. A
	// hint that names a mistake must be that one; any other hint must be a
	// plain statement of what differs.
	mentions string
}

func (v variant) todo() int {
	switch {
	case v.take != nil:
		return 1
	case v.id != nil:
		return 2
	case v.exp != nil:
		return 3
	}
	return 4
}

// spend is the decision half most learners write the same way.
func spend(t float64) (float64, bool) {
	if t >= 1 {
		return t - 1, true
	}
	return t, false
}

var correctTake = []variant{
	{name: "reference shape: min then spend", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+e.Seconds()*rate))
	}},
	{name: "if instead of min", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		t := tokens + e.Seconds()*rate
		if t > capacity {
			t = capacity
		}
		return spend(t)
	}},
	{name: "math.Min", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(math.Min(capacity, tokens+e.Seconds()*rate))
	}},
	{name: "via milliseconds as a float", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+float64(e)/1e6*rate/1000))
	}},
	{name: "nanoseconds times rate per nanosecond", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+float64(e.Nanoseconds())*(rate/1e9)))
	}},
	{name: "nanoseconds times 1e-9", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+float64(e)*1e-9*rate))
	}},
	{name: "rate times Duration over Second", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+rate*float64(e)/float64(time.Second)))
	}},
	{name: "time credit", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, (tokens/rate+e.Seconds())*rate))
	}},
	{name: "tokens per millisecond", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		perMs := rate / 1000
		return spend(min(capacity, tokens+float64(e)/float64(time.Millisecond)*perMs))
	}},
	{name: "math.FMA on seconds", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, math.FMA(e.Seconds(), rate, tokens)))
	}},
	{name: "math.FMA on nanoseconds", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, math.FMA(float64(e), rate/1e9, tokens)))
	}},
	{name: "threshold 1-1e-9 for float drift", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		t := min(capacity, tokens+e.Seconds()*rate)
		if t >= 1-1e-9 {
			return max(0, t-1), true
		}
		return t, false
	}},
	{name: "level rounded to 1e-9", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		t := min(capacity, math.Round((tokens+e.Seconds()*rate)*1e9)/1e9)
		return spend(t)
	}},
	{name: "minutes times sixty", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+e.Minutes()*60*rate))
	}},
	{name: "hours times 3600", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+e.Hours()*3600*rate))
	}},
	{name: "whole seconds plus the nanoseconds", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		sec, ns := e/time.Second, e%time.Second
		return spend(min(capacity, tokens+float64(sec)*rate+float64(ns)*rate/1e9))
	}},
	{name: "refill capped by the room left", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		refill := min(capacity-tokens, e.Seconds()*rate)
		return spend(tokens + refill)
	}},
	{name: "full when the wait covers the room", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		if e.Seconds() >= (capacity-tokens)/rate {
			return spend(capacity)
		}
		return spend(tokens + e.Seconds()*rate)
	}},
	{name: "refusal first", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		t := min(capacity, tokens+e.Seconds()*rate)
		if t < 1 {
			return t, false
		}
		return t - 1, true
	}},
	{name: "guards negative elapsed", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		if e < 0 {
			e = 0
		}
		return spend(min(capacity, tokens+e.Seconds()*rate))
	}},
	{name: "guards NaN and negative tokens", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		if math.IsNaN(tokens) || tokens < 0 {
			tokens = 0
		}
		return spend(min(capacity, tokens+e.Seconds()*rate))
	}},
	{name: "guards a rate of zero", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		if rate <= 0 {
			return spend(min(capacity, tokens))
		}
		return spend(min(capacity, tokens+e.Seconds()*rate))
	}},
	{name: "clamps tokens to capacity first too", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		tokens = min(tokens, capacity)
		return spend(min(capacity, tokens+e.Seconds()*rate))
	}},
	{name: "epsilon on the comparison", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		t := min(capacity, tokens+e.Seconds()*rate)
		if t+1e-12 >= 1 {
			return max(t-1, 0), true
		}
		return t, false
	}},
	{name: "rate times seconds, seconds computed by hand", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		secs := float64(e.Nanoseconds()) / float64(time.Second.Nanoseconds())
		return spend(min(capacity, rate*secs+tokens))
	}},
	{name: "microseconds as a float", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+float64(e)/float64(time.Microsecond)*rate/1e6))
	}},
	{name: "named results and an early return", take: func(tokens, capacity, rate float64, e time.Duration) (left float64, ok bool) {
		left = tokens + e.Seconds()*rate
		if left >= capacity {
			left = capacity
		}
		if left < 1 {
			return
		}
		left--
		ok = true
		return
	}},
	{name: "spends by subtracting after a copy", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		level := math.Min(tokens+rate*e.Seconds(), capacity)
		ok := level >= 1.0
		if ok {
			level -= 1.0
		}
		return level, ok
	}},
}

var wrongTake = []variant{
	{name: "no cap on the refill", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(tokens + e.Seconds()*rate)
	}},
	{name: "cap after spending", mentions: "cap comes after", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		t := tokens + e.Seconds()*rate
		if t >= 1 {
			return min(capacity, t-1), true
		}
		return min(capacity, t), false
	}},
	{name: "cap before the refill", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens) + e.Seconds()*rate)
	}},
	{name: "spend before refilling", mentions: "refill first", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		ok := tokens >= 1
		if ok {
			tokens--
		}
		return min(capacity, tokens+e.Seconds()*rate), ok
	}},
	{name: "decides on the old level, spends after the refill", mentions: "refill first", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		t := min(capacity, tokens+e.Seconds()*rate)
		if tokens >= 1 {
			return t - 1, true
		}
		return t, false
	}},
	{name: "integer seconds", mentions: "whole seconds", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+float64(e/time.Second)*rate))
	}},
	{name: "truncates to milliseconds", mentions: "whole milliseconds drop", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+float64(e.Milliseconds())/1000*rate))
	}},
	{name: "ignores refills under 1 ms", mentions: "add nothing here", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		if e < time.Millisecond {
			e = 0
		}
		return spend(min(capacity, tokens+e.Seconds()*rate))
	}},
	{name: "truncates to microseconds", mentions: "microseconds", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+float64(e.Microseconds())/1e6*rate))
	}},
	{name: "milliseconds taken for seconds", mentions: "1000", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+float64(e.Milliseconds())*rate))
	}},
	{name: "raw nanoseconds taken for seconds", mentions: "count of nanoseconds", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+float64(e)*rate))
	}},
	{name: "minutes taken for seconds", mentions: "per minute", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+e.Minutes()*rate))
	}},
	{name: "capacity used as the rate", mentions: "capacity used as the rate", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+e.Seconds()*capacity))
	}},
	{name: "rate used as the capacity", mentions: "rate used as the cap", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(rate, tokens+e.Seconds()*rate))
	}},
	{name: "floored capacity", mentions: "fractional", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(math.Floor(capacity), tokens+e.Seconds()*rate))
	}},
	{name: "more than one token needed", mentions: "≥ 1", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		t := min(capacity, tokens+e.Seconds()*rate)
		if t > 1 {
			return t - 1, true
		}
		return t, false
	}},
	{name: "says yes without spending", mentions: "did not spend", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		t := min(capacity, tokens+e.Seconds()*rate)
		return t, t >= 1
	}},
	{name: "a refusal empties the bucket", mentions: "a refusal keeps", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		t := min(capacity, tokens+e.Seconds()*rate)
		if t >= 1 {
			return t - 1, true
		}
		return 0, false
	}},
	{name: "caps the idle refill at five seconds", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+min(e, 5*time.Second).Seconds()*rate))
	}},
	{name: "caps the idle refill at an hour", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, tokens+min(e, time.Hour).Seconds()*rate))
	}},
	{name: "float32 arithmetic", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		t := min(float32(capacity), float32(tokens)+float32(e.Seconds())*float32(rate))
		return spend(float64(t))
	}},
	{name: "level rounded to a thousandth", mentions: "the level was rounded", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity, math.Round((tokens+e.Seconds()*rate)*1000)/1000))
	}},
	{name: "level floored to whole tokens", mentions: "the level was rounded", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(math.Floor(min(capacity, tokens+e.Seconds()*rate)))
	}},
	{name: "rounds the level to the nearest token for the decision", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		t := min(capacity, tokens+e.Seconds()*rate)
		if math.Round(t) >= 1 {
			return max(0, t-1), true
		}
		return t, false
	}},
	{name: "caps at capacity − 1", mentions: "capacity − 1", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		return spend(min(capacity-1, tokens+e.Seconds()*rate))
	}},
	{name: "always spends", mentions: "a no still took", take: func(tokens, capacity, rate float64, e time.Duration) (float64, bool) {
		t := min(capacity, tokens+e.Seconds()*rate)
		return t - 1, t >= 1
	}},
}

var correctID = []variant{
	{name: "Duration division", id: func(now, w time.Duration) int64 { return int64(now / w) }},
	{name: "int64 division", id: func(now, w time.Duration) int64 { return int64(now) / int64(w) }},
	{name: "subtract the remainder first", id: func(now, w time.Duration) int64 { return int64((now - now%w) / w) }},
	{name: "Nanoseconds()", id: func(now, w time.Duration) int64 { return now.Nanoseconds() / w.Nanoseconds() }},
	{name: "Truncate then divide", id: func(now, w time.Duration) int64 { return int64(now.Truncate(w) / w) }},
	{name: "unsigned division", id: func(now, w time.Duration) int64 { return int64(uint64(now) / uint64(w)) }},
	{name: "bits.Div64", id: func(now, w time.Duration) int64 {
		q, _ := bits.Div64(0, uint64(now), uint64(w))
		return int64(q)
	}},
	{name: "big.Int", id: func(now, w time.Duration) int64 {
		return new(big.Int).Quo(big.NewInt(int64(now)), big.NewInt(int64(w))).Int64()
	}},
	{name: "guards a zero window", id: func(now, w time.Duration) int64 {
		if w <= 0 {
			return 0
		}
		return int64(now / w)
	}},
	{name: "guards a negative clock", id: func(now, w time.Duration) int64 {
		if now < 0 {
			return 0
		}
		return int64(now / w)
	}},
}

var wrongID = []variant{
	{name: "rounds to the nearest window", mentions: "to the nearest", id: func(now, w time.Duration) int64 {
		return int64(math.Round(now.Seconds() / w.Seconds()))
	}},
	{name: "windows counted from one", mentions: "from 0", id: func(now, w time.Duration) int64 { return int64(now/w) + 1 }},
	{name: "float division of seconds", mentions: "float", id: func(now, w time.Duration) int64 { return int64(now.Seconds() / w.Seconds()) }},
	{name: "float division of nanoseconds", mentions: "float", id: func(now, w time.Duration) int64 { return int64(float64(now) / float64(w)) }},
	{name: "math.Floor of a float quotient", mentions: "float", id: func(now, w time.Duration) int64 {
		return int64(math.Floor(now.Seconds() / w.Seconds()))
	}},
	{name: "float division of minutes", mentions: "float", id: func(now, w time.Duration) int64 { return int64(now.Minutes() / w.Minutes()) }},
	{name: "rounds up", mentions: "not up", id: func(now, w time.Duration) int64 { return int64((now + w - 1) / w) }},
	{name: "the boundary belongs to the window before", mentions: "first instant", id: func(now, w time.Duration) int64 {
		if now == 0 {
			return 0
		}
		return int64((now - 1) / w)
	}},
	{name: "truncates now to milliseconds", mentions: "cut to a whole number of ms", id: func(now, w time.Duration) int64 {
		return int64(now.Truncate(time.Millisecond) / w)
	}},
	{name: "windows below 1 ms taken as 1 ms", mentions: "millisecond", id: func(now, w time.Duration) int64 {
		return int64(now / max(w, time.Millisecond))
	}},
	{name: "whole milliseconds", mentions: "whole milliseconds", id: func(now, w time.Duration) int64 {
		return now.Milliseconds() / max(1, w.Milliseconds())
	}},
	{name: "whole seconds", mentions: "whole seconds", id: func(now, w time.Duration) int64 {
		return int64(now/time.Second) / max(1, int64(w/time.Second))
	}},
}

var correctExpired = []variant{
	{name: "stamp at or before now - window", exp: func(s, now, w time.Duration) bool { return s <= now-w }},
	{name: "age at least window", exp: func(s, now, w time.Duration) bool { return now-s >= w }},
	{name: "not inside", exp: func(s, now, w time.Duration) bool { return !(s > now-w) }},
	{name: "stamp plus window reached", exp: func(s, now, w time.Duration) bool { return s+w <= now }},
	{name: "window start at or after the stamp", exp: func(s, now, w time.Duration) bool { return now-w >= s }},
	{name: "if-else", exp: func(s, now, w time.Duration) bool {
		if s > now-w {
			return false
		}
		return true
	}},
	{name: "int64 arithmetic", exp: func(s, now, w time.Duration) bool { return int64(now)-int64(s) >= int64(w) }},
	{name: "age not under window", exp: func(s, now, w time.Duration) bool { return !(now-s < w) }},
	{name: "future stamps still count", exp: func(s, now, w time.Duration) bool {
		if s > now {
			return false
		}
		return now-s >= w
	}},
	{name: "age over window as a float ratio (ages and windows fit 53 bits)", exp: func(s, now, w time.Duration) bool {
		return float64(now-s)/float64(w) >= 1
	}},
}

var wrongExpired = []variant{
	{name: "the edge still counts", mentions: "boundary", exp: func(s, now, w time.Duration) bool { return s < now-w }},
	{name: "age strictly over window", mentions: "boundary", exp: func(s, now, w time.Duration) bool { return now-s > w }},
	{name: "stamp plus window passed", mentions: "boundary", exp: func(s, now, w time.Duration) bool { return s+w < now }},
	{name: "inverted", mentions: "inverted", exp: func(s, now, w time.Duration) bool { return now-s < w }},
	{name: "float seconds", mentions: "float", exp: func(s, now, w time.Duration) bool {
		return now.Seconds()-s.Seconds() >= w.Seconds()
	}},
	{name: "whole milliseconds", mentions: "millisecond", exp: func(s, now, w time.Duration) bool {
		return now.Milliseconds()-s.Milliseconds() >= w.Milliseconds()
	}},
	{name: "age in whole milliseconds", mentions: "millisecond", exp: func(s, now, w time.Duration) bool {
		return (now - s).Milliseconds() >= w.Milliseconds()
	}},
	{name: "whole seconds", mentions: "whole seconds", exp: func(s, now, w time.Duration) bool {
		return int64(now/time.Second)-int64(s/time.Second) >= int64(w/time.Second)
	}},
	{name: "compares window ids", mentions: "fixed-window", exp: func(s, now, w time.Duration) bool { return now/w-s/w >= 1 }},
	{name: "a nanosecond early", mentions: "1ns early", exp: func(s, now, w time.Duration) bool { return s <= now-w+1 }},
	{name: "two windows", mentions: "two", exp: func(s, now, w time.Duration) bool { return s <= now-2*w }},
	{name: "ignores the window", mentions: "still", exp: func(s, now, w time.Duration) bool { return s < now }},
}

var correctEmit = []variant{
	{name: "max", emit: func(now, next time.Duration) time.Duration { return max(now, next) }},
	{name: "if now is later", emit: func(now, next time.Duration) time.Duration {
		if now > next {
			return now
		}
		return next
	}},
	{name: "raise the slot", emit: func(now, next time.Duration) time.Duration {
		if next < now {
			next = now
		}
		return next
	}},
	{name: "now plus the wait", emit: func(now, next time.Duration) time.Duration { return now + max(0, next-now) }},
	{name: "slot plus the lateness", emit: func(now, next time.Duration) time.Duration { return next + max(0, now-next) }},
	{name: "int64 max", emit: func(now, next time.Duration) time.Duration { return time.Duration(max(int64(now), int64(next))) }},
	{name: "switch", emit: func(now, next time.Duration) time.Duration {
		switch {
		case next >= now:
			return next
		default:
			return now
		}
	}},
	{name: "wait clamped at zero", emit: func(now, next time.Duration) time.Duration {
		wait := next - now
		if wait < 0 {
			wait = 0
		}
		return now + wait
	}},
}

var wrongEmit = []variant{
	{name: "float64 half-sum", mentions: "float", emit: func(now, next time.Duration) time.Duration {
		return time.Duration((float64(now)+float64(next))/2 + math.Abs(float64(now)-float64(next))/2)
	}},
	{name: "the idle gap through float64", mentions: "float", emit: func(now, next time.Duration) time.Duration {
		return next + time.Duration(math.Max(0, float64(now-next)))
	}},
	{name: "min", mentions: "not the earlier", emit: func(now, next time.Duration) time.Duration { return min(now, next) }},
	{name: "ignores an idle queue", mentions: "idle queue's slot", emit: func(now, next time.Duration) time.Duration { return next }},
	{name: "ignores the queue", mentions: "nextEmit", emit: func(now, next time.Duration) time.Duration { return now }},
	{name: "adds them", mentions: "sum", emit: func(now, next time.Duration) time.Duration { return now + next }},
	{name: "returns the wait", mentions: "wait", emit: func(now, next time.Duration) time.Duration { return max(0, next-now) }},
	{name: "float64 max", mentions: "float", emit: func(now, next time.Duration) time.Duration {
		return time.Duration(math.Max(float64(now), float64(next)))
	}},
	{name: "float seconds", mentions: "float", emit: func(now, next time.Duration) time.Duration {
		return time.Duration(math.Max(now.Seconds(), next.Seconds()) * 1e9)
	}},
	{name: "rounds to milliseconds", mentions: "millisecond", emit: func(now, next time.Duration) time.Duration {
		return max(now, next).Round(time.Millisecond)
	}},
	{name: "truncates to milliseconds", mentions: "millisecond", emit: func(now, next time.Duration) time.Duration {
		return max(now, next).Truncate(time.Millisecond)
	}},
	{name: "truncates to microseconds", mentions: "microseconds", emit: func(now, next time.Duration) time.Duration {
		return max(now, next).Truncate(time.Microsecond)
	}},
	{name: "drops waits over an hour", mentions: "longer ones wrong", emit: func(now, next time.Duration) time.Duration {
		if next-now > time.Hour { // "nobody waits that long"
			return now
		}
		return max(now, next)
	}},
	{name: "caps the wait at a day", mentions: "longer ones wrong", emit: func(now, next time.Duration) time.Duration {
		return min(max(now, next), now+24*time.Hour)
	}},
}
