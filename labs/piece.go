package labs

import (
	"slices"
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
	played := make([]PieceResult, len(pieces))
	for i, p := range pieces {
		played[i] = PlayPiece(i, p, limit, live, learnerDir, checked)
	}
	return JoinPieces(r, played)
}

// PieceResult is what one piece of a part gave: its metrics, lines and
// figures with an OK status, or its fault (Status, TODO, Detail, Where) and
// nothing else. Piece is its place among its part's pieces, from 0. A
// runner that keeps results between saves keeps them piece by piece
// (runner/worker/keep.go) and joins them (JoinPieces) as RunPieces does.
type PieceResult struct {
	Piece  int        `json:"piece"`
	Result PartResult `json:"result"`
	// Took is how long the piece played, on the wall clock: what a runner
	// orders the next save's parts by (never a figure).
	Took time.Duration `json:"took,omitempty"`
}

// PlayPiece plays piece p, at place i among its part's, as RunPieces does.
func PlayPiece[F any](i int, p Piece[F], limit, live time.Duration, learnerDir string, checked func(*Tracker) F) PieceResult {
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
	start := time.Now()
	fault := guard(pieceLimit, learnerDir, &track, func() { p.Run(checked(&track), &got) })
	took := time.Since(start)
	if !fault.OK() {
		got = PartResult{Status: fault.Status, TODO: fault.TODO, Detail: fault.Detail, Where: fault.Where}
		if got.TODO == 0 && len(p.Uses) > 0 {
			got.TODO = p.Uses[0]
		}
		return PieceResult{Piece: i, Result: got, Took: took}
	}
	return PieceResult{Piece: i, Result: PartResult{Status: OK, Metrics: got.Metrics, Lines: got.Lines, Figures: got.Figures}, Took: took}
}

// PlayedPieces is some of a part's pieces played apart (Day.PlayPieces):
// the part before any piece (its ID, title, span and an OK status), and
// the results of the pieces asked for, in their order.
type PlayedPieces struct {
	Part   PartResult    `json:"part"`
	Pieces []PieceResult `json:"pieces"`
}

// PlayOnly plays the pieces of r's part at the places in only, as
// RunPieces would play them (Day.PlayPieces).
func PlayOnly[F any](r PartResult, pieces []Piece[F], only []int, limit, live time.Duration, learnerDir string, checked func(*Tracker) F) PlayedPieces {
	out := PlayedPieces{Part: r}
	for i, p := range pieces {
		if slices.Contains(only, i) {
			out.Pieces = append(out.Pieces, PlayPiece(i, p, limit, live, learnerDir, checked))
		}
	}
	return out
}

// PieceUses is the TODOs each of part's pieces calls, in the pieces'
// order (Part.Pieces).
func PieceUses[F any](pieces []Piece[F], part string) [][]int {
	var out [][]int
	for _, p := range pieces {
		if p.Part == part {
			out = append(out, slices.Clone(p.Uses))
		}
	}
	return out
}

// JoinPieces is part r with its pieces' results, in their order: the
// metrics, lines and figures of those that played, and the first fault.
func JoinPieces(r PartResult, pieces []PieceResult) PartResult {
	for _, p := range pieces {
		got := p.Result
		if got.Status != OK {
			if r.Status == OK { // report the first fault of the part
				r.Status, r.TODO, r.Detail, r.Where = got.Status, got.TODO, got.Detail, got.Where
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
