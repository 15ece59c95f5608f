// Package parts is Day 46's experiments: Parts 1–8, each on the virtual
// clock, each made of pieces that need different TODOs, so a learner with
// TODO 1 done already sees its half of the day. A piece turns one run into
// metrics, sentences computed from the run, and figures.
package parts

import (
	"math"
	"slices"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/words"
)

// piece is one experiment of a part (the engine's labs.Piece).
type piece = labs.Piece[fair.Funcs]

// spans are the virtual seconds each part covers, by part; the parts'
// titles, flags and the TODOs each one runs are the day's words
// (course/words).
var spans = map[string]float64{
	"1": Span.Seconds(), "2": Span.Seconds(), "3": Span.Seconds(), "4": Span.Seconds(),
	"5": Shards.Span.Seconds(), "6": 0, "7": Span.Seconds(), "8": VTSpan.Seconds(),
}

var pieces = []piece{
	{Part: "1", Run: fifoPiece},
	{Part: "2", Run: quotaPiece},
	{Part: "3", Uses: []int{1}, Run: fairTablePiece},
	{Part: "3", Uses: []int{1}, Run: weightedPiece},
	{Part: "3", Uses: []int{1}, Run: fairOverTimePiece},
	{Part: "4", Uses: []int{2}, Run: drrPiece},
	{Part: "4", Uses: []int{2}, Run: drrSizesPiece},
	{Part: "5", Run: shardBaselinePiece},
	{Part: "5", Uses: []int{3}, Run: shuffleHurtPiece}, // shuffleHurtAt
	{Part: "5", Uses: []int{3, 4}, Run: overlapPiece},
	{Part: "6", Uses: []int{3, 4}, Run: apfPiece},
	{Part: "7", Uses: []int{1}, Run: fleetPiece},
	{Part: "8", Uses: []int{2}, Run: vtfqPiece},
}

// verdicts are the pieces whose figures a grader judges only in part, by
// their place in pieces: the judged figures alone (PieceRun.Verdict).
var verdicts = map[int]func(fair.Funcs) []labs.Metric{
	shuffleHurtAt: shuffleHurtVerdict,
}

// Parts lists the parts as the day's words declare them (words.Parts).
// This package's test holds each one's Uses against the TODOs its pieces
// call (labs.PartUses).
func Parts() []labs.Part { return words.Parts() }

// Pieces are the day's pieces, for that test.
func Pieces() []labs.Piece[fair.Funcs] { return slices.Clone(pieces) }

// PieceRun is one piece bound to its part, for the grader: the metrics it
// produces with f, unguarded (the grader guards the whole TODO).
type PieceRun struct {
	Part string
	// Key names the piece among the day's (its part and its place in the
	// table): the grader keeps the reference's figures by it
	// (labs.ReferenceMetrics).
	Key     string
	Uses    []int
	Metrics func(fair.Funcs) []labs.Metric
	// Verdict is the metrics a grader that judges only some of them
	// needs, in Metrics' order, with the same values: every call of the
	// learner's functions Metrics makes, with the same arguments in the
	// same order, and none of the work that only the other figures need.
	// It is Metrics where the piece has no cheaper form.
	Verdict func(fair.Funcs) []labs.Metric
}

// Using lists the pieces that run TODO n.
func Using(n int) []PieceRun {
	var out []PieceRun
	for i, p := range pieces {
		if slices.Contains(p.Uses, n) {
			metrics := func(f fair.Funcs) []labs.Metric {
				var r labs.PartResult
				p.Run(f, &r)
				return r.Metrics
			}
			verdict := metrics
			if v, ok := verdicts[i]; ok {
				verdict = v
			}
			out = append(out, PieceRun{Part: p.Part, Key: labs.PieceKey(46, p.Part, i), Uses: p.Uses, Metrics: metrics, Verdict: verdict})
		}
	}
	return out
}

// Run plays one part with f, each piece guarded: a piece whose TODO is
// unfinished, wrong or crashing stops that piece and no other.
func Run(id string, f fair.Funcs, limit time.Duration) labs.PartResult {
	r, run, ok := part(id)
	if !ok {
		return r
	}
	return labs.RunPieces(r, run, limit, limit, fair.LearnerDir, f.Checked)
}

// RunOnly plays the pieces of part id at the places in only, as Run plays
// them (labs.Day.PlayPieces).
func RunOnly(id string, f fair.Funcs, limit time.Duration, only []int) labs.PlayedPieces {
	r, run, ok := part(id)
	if !ok {
		return labs.PlayedPieces{Part: r}
	}
	return labs.PlayOnly(r, run, only, limit, limit, fair.LearnerDir, f.Checked)
}

// part is part id before its pieces play, and its pieces; not ok (and a
// failed part) when the day has no such part.
func part(id string) (labs.PartResult, []piece, bool) {
	for _, info := range words.Parts() {
		if info.ID != id {
			continue
		}
		var run []piece
		for _, p := range pieces {
			if p.Part == info.ID {
				run = append(run, p)
			}
		}
		return labs.PartResult{ID: info.ID, Title: info.Title, Status: labs.OK, Span: spans[info.ID]}, run, true
	}
	return labs.PartResult{ID: id, Status: labs.Fail, Detail: "no such part"}, nil, false
}

// metric is a piece's metric (the engine's labs.NewMetric).
var metric = labs.NewMetric

func indexes(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(i)
	}
	return out
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Percentile is the nearest-rank percentile (p in 0…100) of ds: the
// smallest value with at least p% of the values at or below it. No
// interpolation, so the answer is always one of the measured latencies.
func Percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	rank := int(math.Ceil(p / 100 * float64(len(s))))
	return s[min(max(rank, 1), len(s))-1]
}

func pct(part, whole int) float64 {
	if whole == 0 {
		return 0
	}
	return 100 * float64(part) / float64(whole)
}

func tenantName(i int) string {
	if i == Noisy {
		return "A (noisy)"
	}
	return string(rune('A' + i))
}
