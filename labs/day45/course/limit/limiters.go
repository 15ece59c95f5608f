package limit

import (
	"time"
	"unsafe"
)

// The limiters below are the stateful machines the experiments drive. Each
// keeps its own state and asks one of the four TODO functions for the one
// decision that defines it, so the same limiter runs the learner's idea or
// the reference's.

// TokenBucket lets a burst of up to Capacity through, then meters at Rate.
type TokenBucket struct {
	Capacity float64
	Rate     float64 // tokens per second
	take     TakeTokenFunc
	tokens   float64
	last     time.Duration
}

// NewTokenBucket returns a bucket that starts full at time zero: a fresh
// client has its whole allowance.
func NewTokenBucket(take TakeTokenFunc, capacity, rate float64) *TokenBucket {
	return &TokenBucket{Capacity: capacity, Rate: rate, take: take, tokens: capacity}
}

// Allow decides one request arriving at now (never earlier than the last).
func (b *TokenBucket) Allow(now time.Duration) bool {
	var ok bool
	b.tokens, ok = b.take(b.tokens, b.Capacity, b.Rate, now-b.last)
	b.last = now
	return ok
}

// Tokens is the level after the last decision.
func (b *TokenBucket) Tokens() float64 { return b.tokens }

// FixedWindow allows Limit requests per clock-aligned window.
type FixedWindow struct {
	Limit  int
	Window time.Duration
	id     WindowIDFunc
	cur    int64
	count  int
}

// NewFixedWindow returns an empty fixed-window counter.
func NewFixedWindow(id WindowIDFunc, limit int, window time.Duration) *FixedWindow {
	return &FixedWindow{Limit: limit, Window: window, id: id}
}

// Allow decides one request arriving at now.
func (w *FixedWindow) Allow(now time.Duration) bool {
	if id := w.id(now, w.Window); id != w.cur {
		w.cur, w.count = id, 0 // a new window: the counter resets on the clock
	}
	if w.count >= w.Limit {
		return false
	}
	w.count++
	return true
}

// Count is how many requests the current window has accepted.
func (w *FixedWindow) Count() int { return w.count }

// SlidingLog allows Limit requests in any trailing Window. It keeps the
// stamp of every accepted request still inside the window: exact, and at most
// Limit stamps of memory per key.
type SlidingLog struct {
	Limit   int
	Window  time.Duration
	expired ExpiredFunc
	stamps  ring // accepted, oldest first
}

// NewSlidingLog returns an empty sliding-window log.
func NewSlidingLog(expired ExpiredFunc, limit int, window time.Duration) *SlidingLog {
	return &SlidingLog{Limit: limit, Window: window, expired: expired}
}

// Allow decides one request arriving at now.
func (l *SlidingLog) Allow(now time.Duration) bool {
	for l.stamps.n > 0 && l.expired(l.stamps.front(), now, l.Window) {
		l.stamps.pop()
	}
	if l.stamps.n >= l.Limit {
		return false
	}
	l.stamps.push(now, l.Limit)
	return true
}

// Count is how many stamps still count against the limit.
func (l *SlidingLog) Count() int { return l.stamps.n }

// Cap is the memory held for stamps, in stamps (for measuring the log's cost).
// It never exceeds the largest Limit the log has run with.
func (l *SlidingLog) Cap() int { return len(l.stamps.buf) }

// LeakyQueue is the leaky bucket as a queue: accepted requests wait their
// turn and leave one every 1/Rate; when MaxWaiting are already waiting, a new
// one overflows.
type LeakyQueue struct {
	Interval   time.Duration // 1/Rate, exact in Duration arithmetic
	MaxWaiting int
	next       NextEmitFunc
	nextEmit   time.Duration
	waiting    ring // emit times not yet reached, ascending
}

// NewLeakyQueue returns an empty queue draining rate requests per second.
func NewLeakyQueue(next NextEmitFunc, rate float64, maxWaiting int) *LeakyQueue {
	return &LeakyQueue{Interval: time.Duration(float64(time.Second) / rate), MaxWaiting: maxWaiting, next: next}
}

// Offer decides one request arriving at now: when it leaves, or ok=false if
// the queue is full. A request whose emit time has come has left; it no
// longer waits.
func (q *LeakyQueue) Offer(now time.Duration) (emit time.Duration, ok bool) {
	for q.waiting.n > 0 && q.waiting.front() <= now {
		q.waiting.pop()
	}
	if q.waiting.n >= q.MaxWaiting {
		return 0, false
	}
	emit = q.next(now, q.nextEmit)
	q.nextEmit = emit + q.Interval
	q.waiting.push(emit, q.MaxWaiting)
	return emit, true
}

// Waiting is how many accepted requests have not left yet.
func (q *LeakyQueue) Waiting() int { return q.waiting.n }

// ring is a first-in, first-out queue of times in a circular buffer. It
// grows by doubling up to the bound its owner passes (the limit, which it
// never needs to exceed), so a log or queue that runs for days holds at most
// one slot per request it may keep, and popping the oldest moves nothing.
type ring struct {
	buf  []time.Duration
	head int // the oldest, when n > 0
	n    int
}

func (r *ring) front() time.Duration { return r.buf[r.head] }

func (r *ring) pop() {
	if r.head++; r.head == len(r.buf) {
		r.head = 0
	}
	r.n--
}

// push appends t; the caller has checked that fewer than bound are held.
func (r *ring) push(t time.Duration, bound int) {
	if r.n == len(r.buf) {
		r.grow(bound)
	}
	i := r.head + r.n
	if i >= len(r.buf) {
		i -= len(r.buf)
	}
	r.buf[i] = t
	r.n++
}

func (r *ring) grow(bound int) {
	size := min(max(2*len(r.buf), 8), bound) // never past the bound,
	size = max(size, r.n+1)                  // but always room for one more
	buf := make([]time.Duration, size)
	k := copy(buf, r.buf[r.head:])
	copy(buf[k:], r.buf[:r.head])
	r.buf, r.head = buf, 0
}

// NewTokenBucketAt is NewTokenBucket whose clock starts at now instead of
// zero: a client first seen at now starts full, with no idle time behind it.
func NewTokenBucketAt(take TakeTokenFunc, capacity, rate float64, now time.Duration) *TokenBucket {
	b := NewTokenBucket(take, capacity, rate)
	b.last = now
	return b
}

// ID is the number of the window now falls in (the window's TODO 2).
func (w *FixedWindow) ID(now time.Duration) int64 { return w.id(now, w.Window) }

// Oldest is the oldest stamp the log still holds (its count ends when that
// stamp stops counting).
func (l *SlidingLog) Oldest() time.Duration { return l.stamps.front() }

// Bytes is what the log holds for one key: its ring's header and the room
// for the stamps it has grown to.
func (l *SlidingLog) Bytes() int {
	var stamp time.Duration
	return int(unsafe.Sizeof(l.stamps)) + l.Cap()*int(unsafe.Sizeof(stamp))
}
