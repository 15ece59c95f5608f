package labs

import (
	"strconv"
	"time"
)

// Piece is one experiment of a part, on a day's functions F (its Funcs): a
// part is made of pieces that each need different TODOs, so a learner with
// one TODO done already sees that TODO's half of a part. Every day's parts
// are tables of pieces, run by RunPieces.
type Piece[F any] struct {
	Part string
	Uses []int // the TODOs the piece calls
	// Live pieces measure real time or talk over a real network: they get
	// the live bound of RunPieces instead of the usual one.
	Live bool
	Run  func(f F, r *PartResult)
}

// RunPieces plays pieces into r (a part with its ID, title, span and an OK
// status), each guarded: a piece whose TODO is unfinished, wrong or crashing
// stops that piece and no other, and the part reports its first fault,
// blamed on the piece's first TODO when the guard could not say. checked
// binds the functions the pieces call to the piece's tracker (the day's
// Funcs.Checked); limit bounds one piece, live one Live piece.
func RunPieces[F any](r PartResult, pieces []Piece[F], limit, live time.Duration, learnerDir string, checked func(*Tracker) F) PartResult {
	for _, p := range pieces {
		pieceLimit := limit
		if p.Live {
			pieceLimit = max(limit, live)
		}
		var track Tracker
		var got PartResult
		// A live piece waits on real round trips, which the wall clock
		// bounds; a pure one is bounded on its CPU time, like a grade.
		guard := GuardCPU
		if p.Live {
			guard = Guard
		}
		fault := guard(pieceLimit, learnerDir, &track, func() { p.Run(checked(&track), &got) })
		if !fault.OK() {
			if r.Status == OK { // report the first fault of the part
				r.Status, r.TODO, r.Detail, r.Where = fault.Status, fault.TODO, fault.Detail, fault.Where
				if r.TODO == 0 && len(p.Uses) > 0 {
					r.TODO = p.Uses[0]
				}
			}
			continue
		}
		r.Metrics = append(r.Metrics, got.Metrics...)
		r.Lines = append(r.Lines, got.Lines...)
		r.Figures = append(r.Figures, got.Figures...)
	}
	return r
}

// NewMetric is a metric of a piece, shown with decimals places.
func NewMetric(name, label string, v float64, unit string, decimals int) Metric {
	return Metric{Name: name, Label: label, Value: v, Unit: unit, Decimals: decimals}
}

// FormatMetric writes a metric's value as the report shows it.
func FormatMetric(m Metric) string {
	s := strconv.FormatFloat(m.Value, 'f', m.Decimals, 64)
	if m.Unit != "" {
		s += " " + m.Unit
	}
	return s
}
