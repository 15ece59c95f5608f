package worker

import (
	"slices"
	"sync"
	"time"

	"termlab/labs"
)

// The order of a run's results: parts start the longest first, so the last
// to land is short, and what they find lands only after every verdict, so
// the screens hear the grades first (runBuilt).

// afterVerdicts holds what the parts find until every verdict is in
// (open), then hands it to update in the order it came, and later finds
// at once: the screens hear the grades first, then the parts. mu is the
// run's, which update takes too.
type afterVerdicts struct {
	mu     *sync.Mutex
	update func(set func())
	opened bool
	held   []func()
}

// land sets what a part found in the outcome, now or once the verdicts
// are in.
func (a *afterVerdicts) land(set func()) {
	a.mu.Lock()
	if !a.opened {
		a.held = append(a.held, set)
		a.mu.Unlock()
		return
	}
	a.mu.Unlock()
	a.update(set)
}

// open says every verdict is in, and lands what was held.
func (a *afterVerdicts) open() {
	a.mu.Lock()
	a.opened = true
	held := a.held
	a.held = nil
	a.mu.Unlock()
	for _, set := range held {
		a.update(set)
	}
}

// longestFirst is the order to start parts in: the longest expected first,
// so that the last to land is short.
func longestFirst(parts []labs.Part) []int {
	order := make([]int, 0, len(parts))
	for i := range parts {
		order = append(order, i)
	}
	slices.SortStableFunc(order, func(a, b int) int { return -cmpDur(expected(parts[a]), expected(parts[b])) })
	return order
}

// expected is how long a part usually takes, for ordering: heavy parts
// (real round trips) are the longest, then the parts by how many TODOs they
// replay.
func expected(p labs.Part) time.Duration {
	d := time.Duration(len(p.Uses)) * time.Millisecond
	if p.Heavy {
		d += time.Second
	}
	return d
}

func cmpDur(a, b time.Duration) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
