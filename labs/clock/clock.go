// Package clock is the lab's virtual time: a clock that only moves when the
// next scheduled event says so, and the queue of those events.
//
// Nothing here sleeps. An experiment schedules what happens at which virtual
// instant, and Run replays those instants in order as fast as the machine
// allows, so a minute of traffic takes microseconds and every run is the same.
package clock

import "time"

// Sim is a discrete-event simulation on a virtual clock that starts at zero.
// Events at the same instant run in the order they were scheduled, which keeps
// every run deterministic.
type Sim struct {
	now   time.Duration
	seq   uint64
	queue events
}

// Now is the virtual time of the event being run (or of the last one run).
func (s *Sim) Now() time.Duration { return s.now }

// At schedules fn to run at virtual time at. A time in the past runs at the
// current instant: the clock never goes backwards.
func (s *Sim) At(at time.Duration, fn func()) {
	if at < s.now {
		at = s.now
	}
	s.seq++
	s.queue.push(event{at: at, seq: s.seq, fn: fn})
}

// After schedules fn to run d after the current virtual time.
func (s *Sim) After(d time.Duration, fn func()) { s.At(s.now+d, fn) }

// Pending reports how many events are waiting to run.
func (s *Sim) Pending() int { return len(s.queue) }

// Run replays events in time order until none are left or the next one is
// later than until. It returns the number of events run.
func (s *Sim) Run(until time.Duration) int {
	ran := 0
	for len(s.queue) > 0 && s.queue[0].at <= until {
		e := s.queue.pop()
		s.now = e.at
		e.fn()
		ran++
	}
	return ran
}

// Seconds turns a float number of seconds into a Duration, rounding to the
// nearest nanosecond. Experiments that compute times in float64 (as the
// course's Python original does) convert only at the end, with this.
func Seconds(s float64) time.Duration {
	if s >= 0 {
		return time.Duration(s*1e9 + 0.5)
	}
	return -time.Duration(-s*1e9 + 0.5)
}

type event struct {
	at  time.Duration
	seq uint64
	fn  func()
}

// events is a binary min-heap ordered by (at, seq). It is written out for
// the one element type rather than through container/heap, whose interface
// boxes every event: that cost two allocations per event and most of a
// simulation's time (labs/BENCHMARKS.md).
type events []event

func (q events) less(i, j int) bool {
	if q[i].at != q[j].at {
		return q[i].at < q[j].at
	}
	return q[i].seq < q[j].seq
}

func (q *events) push(e event) {
	*q = append(*q, e)
	h := *q
	for i := len(h) - 1; i > 0; {
		parent := (i - 1) / 2
		if !h.less(i, parent) {
			break
		}
		h[i], h[parent] = h[parent], h[i]
		i = parent
	}
}

func (q *events) pop() event {
	h := *q
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h[last] = event{} // let the closure be collected
	h = h[:last]
	for i := 0; ; {
		small, l, r := i, 2*i+1, 2*i+2
		if l < len(h) && h.less(l, small) {
			small = l
		}
		if r < len(h) && h.less(r, small) {
			small = r
		}
		if small == i {
			break
		}
		h[i], h[small] = h[small], h[i]
		i = small
	}
	*q = h
	return top
}
