package course

import (
	"fmt"
	"slices"
	"sync"

	"termlab/labs"
)

// UseLearner links the learner's four functions into this process as
// labs.Learner. Only the worker programs (labs/worker/cmd/...) call it, from
// init: this package never imports the learner's, so the lab opens while the
// learner's code does not compile, and a save recompiles only the learner's
// package and the worker's main, never this one.
func UseLearner(f Funcs) { learner.Use(f) }

// LearnerFuncs is the learner's code, when this process links it (a worker
// program).
func LearnerFuncs() (Funcs, bool) { return learner.Get() }

// LearnerDir is where the learner's package lives, for pointing at lines.
const LearnerDir = learnerDir

// Checked wraps f so that t knows which TODO is running and an impossible
// answer stops the caller with a clear reason (see labs.Guard).
func (f Funcs) Checked(t *labs.Tracker) Funcs { return f.checked(t) }

// Piece is one experiment of a part that lives in a package of its own
// (Part 4: course/fleet; Part 6: course/door). Those packages need a
// network stack, a Redis client or an HTTP server, which neither the lab's
// own binary nor the lean worker links; they register their pieces from
// init, so a part is playable exactly where its package is linked.
// It is the engine's piece (labs.Piece) on this day's Funcs; Live pieces
// get LiveLimit instead of the usual bound.
type Piece = labs.Piece[Funcs]

// LiveLimit bounds one live piece: real round trips, not microseconds.
const LiveLimit = liveLimit

var (
	linkedMu sync.RWMutex
	linked   = map[string][]Piece{}
)

// Register adds pieces to their parts. Each part must be one the Day lists
// as Heavy (partInfos), so the Day value is the same in every program and
// only the ability to play the part depends on what is linked.
func Register(pieces ...Piece) {
	linkedMu.Lock()
	defer linkedMu.Unlock()
	for _, p := range pieces {
		i := slices.IndexFunc(partInfos, func(info partInfo) bool { return info.id == p.Part })
		if i < 0 || !partInfos[i].heavy {
			panic(fmt.Sprintf("course.Register: part %q is not one of the linked-only parts", p.Part))
		}
		linked[p.Part] = append(linked[p.Part], p)
	}
}

func linkedPieces(part string) []Piece {
	linkedMu.RLock()
	defer linkedMu.RUnlock()
	return linked[part]
}

// Metric, Indexes, IndexesFrom and Ints are the report helpers the
// sub-packages share with the course's own parts.
func Metric(name, label string, v float64, unit string, decimals int) labs.Metric {
	return metric(name, label, v, unit, decimals)
}

// Indexes is 0, 1, … n−1 as floats (a figure's x axis).
func Indexes(n int) []float64 { return indexes(n) }

// Ints converts counts to a figure's y values.
func Ints(xs []int) []float64 { return ints(xs) }
