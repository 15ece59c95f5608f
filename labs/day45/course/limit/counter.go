package limit

import (
	"time"
	"unsafe"
)

// SlidingCounter estimates the trailing window from two fixed-window
// counts: all of the current window's, plus the previous window's scaled
// by the share of it the trailing window still covers. That assumes the
// previous window's requests were spread evenly.
type SlidingCounter struct {
	Limit  int
	Window time.Duration
	id     WindowIDFunc
	state  counterState
}

// counterState is everything a counter keeps per key.
type counterState struct {
	cur        int64 // the current window's number
	curN, prev int   // its count, and the previous window's
}

// NewSlidingCounter returns an empty counter.
func NewSlidingCounter(id WindowIDFunc, limit int, window time.Duration) *SlidingCounter {
	return &SlidingCounter{Limit: limit, Window: window, id: id}
}

// roll moves the counter to the window now falls in.
func (c *SlidingCounter) roll(now time.Duration) {
	id := c.id(now, c.Window)
	switch {
	case id == c.state.cur:
	case id == c.state.cur+1:
		c.state.prev, c.state.curN = c.state.curN, 0
	default: // a window or more with nothing in it
		c.state.prev, c.state.curN = 0, 0
	}
	c.state.cur = id
}

// Estimate is the counter's guess of how many requests fall in the trailing
// window that ends at now.
func (c *SlidingCounter) Estimate(now time.Duration) float64 {
	c.roll(now)
	into := now - time.Duration(c.state.cur)*c.Window
	still := 1 - float64(into)/float64(c.Window) // share of the previous window still inside
	return float64(c.state.prev)*still + float64(c.state.curN)
}

// Allow decides one request arriving at now.
func (c *SlidingCounter) Allow(now time.Duration) bool {
	if c.Estimate(now) >= float64(c.Limit) {
		return false
	}
	c.state.curN++
	return true
}

// CountAt is how many stamps still count at now, forgetting the expired ones
// as Allow would, without adding a request.
func (l *SlidingLog) CountAt(now time.Duration) int {
	for l.stamps.n > 0 && l.expired(l.stamps.front(), now, l.Window) {
		l.stamps.pop()
	}
	return l.stamps.n
}

// StateBytes is the memory the counter keeps per key: its two counts and
// the current window's number.
func StateBytes() int { return int(unsafe.Sizeof(counterState{})) }
