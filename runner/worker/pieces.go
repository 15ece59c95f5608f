package worker

// A part played piece by piece. A part is a table of pieces that each call
// their own TODOs (labs.Piece): Day 46's Part 5 deals the shards of its
// tenants with ShardOf alone, then counts their overlap with Overlap. A
// save of Overlap need not deal them again: the screens' runner (Keep)
// keeps each piece's result under a key of its own (keep.go) and asks a
// worker for the pieces it has not got ("pieces" tasks), on a day whose
// parts say what each piece runs (labs.Part.Pieces) and can play them
// apart (labs.Day.PlayPieces); it joins them as the worker joins a whole
// part (labs.JoinPieces), and makes the join fit to show as the worker
// makes a part (finite, clean), so a part played in pieces is the part
// played whole, to the last bit.
//
// Pieces run one after another in one process: a learner's function that
// keeps state between calls (a package-level variable) would see other
// calls before a piece played alone than before the same piece in its
// part, so a learner's folder that declares one gets its parts played
// whole (keepFor).

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"termlab/labs"
)

// PiecesKind is the task that plays some pieces of a part: its ID is the
// part's, a colon, and the pieces' places, from 0, comma-separated ("5:2").
const PiecesKind = "pieces"

// playedPieces is a pieces task's answer: the part before its pieces, and
// each piece played, made fit for JSON.
type playedPieces struct {
	Part   labs.PartResult `json:"part"`
	Pieces []playedPiece   `json:"pieces"`
}

// playedPiece is one piece's result, its text cleaned and the numbers that
// are not finite dropped (JSON has none), each named in Bad, as finite
// names them for a whole part.
type playedPiece struct {
	labs.PieceResult
	Bad []string `json:"bad,omitempty"`
}

// piecesID is a pieces task's ID.
func piecesID(part string, only []int) string {
	s := make([]string, len(only))
	for i, n := range only {
		s[i] = strconv.Itoa(n)
	}
	return part + ":" + strings.Join(s, ",")
}

// parsePiecesID reads a pieces task's ID.
func parsePiecesID(id string) (part string, only []int, err error) {
	part, list, ok := strings.Cut(id, ":")
	if !ok || part == "" || list == "" {
		return "", nil, fmt.Errorf("bad pieces task %q: want part:piece,piece", id)
	}
	for _, w := range strings.Split(list, ",") {
		n, err := strconv.Atoi(w)
		if err != nil || n < 0 {
			return "", nil, fmt.Errorf("bad piece %q in %q", w, id)
		}
		only = append(only, n)
	}
	return part, only, nil
}

// servePieces is the worker's side of a pieces task.
func servePieces(day labs.Day, id string, impl labs.Impl) (any, error) {
	if day.PlayPieces == nil {
		return nil, fmt.Errorf("day %d plays its parts whole only", day.Number)
	}
	part, only, err := parsePiecesID(id)
	if err != nil {
		return nil, err
	}
	return fitPieces(day.PlayPieces(impl, part, only)), nil
}

// fitPieces makes pieces played fit to answer: what Serve does to a part,
// piece by piece (finite, clean), with the numbers finite would name kept
// apart for the join.
func fitPieces(played labs.PlayedPieces) playedPieces {
	out := playedPieces{Part: played.Part}
	dropNonFinite(&out.Part)
	out.Part.Detail, out.Part.Where = clean(out.Part.Detail), clean(out.Part.Where)
	for _, p := range played.Pieces {
		r := &p.Result
		bad := dropNonFinite(r)
		r.Detail, r.Where = clean(r.Detail), clean(r.Where)
		for i := range r.Lines {
			r.Lines[i] = clean(r.Lines[i])
		}
		out.Pieces = append(out.Pieces, playedPiece{PieceResult: p, Bad: bad})
	}
	return out
}

// joinPlayed is the part base with its pieces (every one of them, by
// place), as a worker answers a part played whole (Serve).
func joinPlayed(base labs.PartResult, pieces []playedPiece) labs.PartResult {
	pieces = slices.Clone(pieces)
	slices.SortFunc(pieces, func(a, b playedPiece) int { return a.Piece - b.Piece })
	results := make([]labs.PieceResult, len(pieces))
	var bad []string
	for i, p := range pieces {
		results[i] = p.PieceResult
		if p.Result.Status == labs.OK { // a piece that faulted shows nothing
			bad = append(bad, p.Bad...)
		}
	}
	r := labs.JoinPieces(base, results)
	if failNonFinite(&r, bad) {
		r.Detail = clean(r.Detail)
	}
	return r
}

// pieces plays the pieces of part p at the places in only (pieces task t)
// and joins them with those kept: the part's result, as r.part gives it,
// and the pieces played, to keep. A worker that died gives the part its
// fault, and nothing to keep.
func (r *Runner) pieces(ctx context.Context, bin string, day labs.Day, t Task, p labs.Part, kept []playedPiece) (labs.PartResult, *labs.Fault, playedPieces) {
	var got playedPieces
	if fault := r.exec(ctx, bin, day, t, &got, nil, nil); fault != nil {
		return labs.PartResult{ID: p.ID, Title: p.Title, Status: fault.Status, TODO: fault.TODO, Detail: fault.Detail, Where: fault.Where}, fault, playedPieces{}
	}
	return joinPlayed(got.Part, append(slices.Clone(kept), got.Pieces...)), nil, got
}
