// Package parts is Day 45's experiments: Parts 1–8, one file per part,
// each on the virtual clock, each made of pieces that need different TODOs.
// Parts 4 and 6 need a Redis client or an HTTP server: their pieces are in
// course/fleet and course/door (the heavy parts), which only the full
// worker links; this package lists them and plays what it is handed.
package parts

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/words"
)

// Piece is one experiment of a part (the engine's labs.Piece on Day 45's
// Funcs): metrics, sentences and figures computed from one run. A part is
// made of pieces that each need different TODOs, so a learner with TODO 2
// done but not TODO 3 already sees the fixed window's half of Part 2.
type Piece = labs.Piece[limit.Funcs]

// spans are the virtual seconds each part covers, by part; the parts'
// titles, flags and the TODOs each one runs are the day's words
// (course/words).
var spans = map[string]float64{
	"1": sustainedSpan.Seconds(), "2": (windowSpan + time.Second).Seconds(), "3": outputBins,
	"4": 10, "5": (2 * counterWindow).Seconds(), "6": 10, "7": stampedeSpan.Seconds(), "8": shedSpan.Seconds(),
}

// pieces are the parts that need only the virtual clock; the heavy parts'
// come from their own packages (Heavy).
var pieces = []Piece{
	{Part: "1", Uses: []int{1}, Run: burstPiece},
	{Part: "1", Uses: []int{1}, Run: sustainedPiece},
	{Part: "2", Uses: []int{2}, Run: fixedPiece},
	{Part: "2", Uses: []int{3}, Run: slidingPiece},
	{Part: "3", Uses: []int{1}, Run: tokenShapePiece},
	{Part: "3", Uses: []int{4}, Run: leakyShapePiece},
	{Part: "5", Uses: []int{3}, Run: counterMemoryPiece},
	{Part: "5", Uses: []int{2, 3}, Run: counterErrorPiece},
	{Part: "7", Uses: []int{2}, Run: stampedeFixedPiece},
	{Part: "7", Uses: []int{3}, Run: stampedeSlidingPiece},
	{Part: "8", Uses: []int{1}, Run: meterPiece},
	{Part: "8", Uses: []int{4}, Run: queuePiece},
	{Part: "8", Uses: []int{1, 4}, Run: shedPiece},
}

// liveLimit bounds one live piece: real round trips, not microseconds.
const liveLimit = 8 * time.Second

// Parts lists the parts as the day's words declare them (words.Parts).
// This package's test holds each one's Uses against the TODOs its pieces
// call (labs.PartUses); a heavy part's pieces are in its own package.
func Parts() []labs.Part { return words.Parts() }

// Pieces are the pure parts' pieces, for that test.
func Pieces() []Piece { return slices.Clone(pieces) }

// part is the part id as the words list it.
func part(id string) (labs.Part, bool) {
	for _, p := range words.Parts() {
		if p.ID == id {
			return p, true
		}
	}
	return labs.Part{}, false
}

// Heavy joins the heavy packages' pieces (each package's Pieces), as the
// full worker's generated link file hands them to course.New. A piece of a
// part the table does not mark heavy is an author's mistake and panics as
// the program starts, so the Day value is the same in every program and
// only the ability to play a heavy part depends on what is linked.
func Heavy(lists ...[]Piece) []Piece {
	var out []Piece
	for _, l := range lists {
		for _, p := range l {
			if info, ok := part(p.Part); !ok || !info.Heavy {
				panic(fmt.Sprintf("parts.Heavy: part %q is not one of the heavy parts", p.Part))
			}
			out = append(out, p)
		}
	}
	return out
}

// Run plays one part with f, each piece guarded: a piece whose TODO is
// unfinished, wrong or crashing stops that piece and no other. A heavy
// part plays the pieces of heavy (see Heavy) or, when there are none, says
// this program does not link it.
func Run(id string, f limit.Funcs, bound time.Duration, heavy []Piece) labs.PartResult {
	info, ok := part(id)
	if !ok {
		return labs.PartResult{ID: id, Status: labs.Fail, Detail: "no such part"}
	}
	r := labs.PartResult{ID: info.ID, Title: info.Title, Status: labs.OK, Span: spans[info.ID]}
	from := pieces
	if info.Heavy {
		from = heavy
	}
	var run []Piece
	for _, p := range from {
		if p.Part == info.ID {
			run = append(run, p)
		}
	}
	if info.Heavy && len(run) == 0 {
		return Unlinked(info.ID, info.Title)
	}
	return labs.RunPieces(r, run, bound, liveLimit, limit.LearnerDir, f.Checked)
}

// Unlinked is a part played in a program that does not link what it needs.
func Unlinked(id, title string) labs.PartResult {
	return labs.PartResult{ID: id, Title: title, Status: labs.Unfinished, Detail: labs.NotLinked}
}

// PieceRun is one pure piece bound to its part, for the grader: it plays
// the piece unguarded (the grader guards the whole TODO).
type PieceRun struct {
	Part string
	// Key names the piece among the day's (its part and its place in the
	// table): the grader keeps the reference's figures by it
	// (labs.ReferenceMetrics).
	Key  string
	Uses []int
	// Heavy is the part's flag: the grader replays no heavy part.
	Heavy bool
	Run   func(limit.Funcs, *labs.PartResult)
}

// Using lists the pieces that run TODO n, in the table's order.
func Using(n int) []PieceRun {
	var out []PieceRun
	for i, p := range pieces {
		if !slices.Contains(p.Uses, n) {
			continue
		}
		info, ok := part(p.Part)
		out = append(out, PieceRun{Part: p.Part, Key: labs.PieceKey(45, p.Part, i), Uses: p.Uses, Heavy: !ok || info.Heavy, Run: p.Run})
	}
	return out
}

// The network parts' names (the day's words declare them: the lab's own
// binary reads them there without linking this package).
const (
	RedisEnv     = words.RedisEnv
	ServeAddr    = words.ServeAddr
	ServeCommand = words.ServeCommand
	PingCommand  = words.PingCommand
)

// metric is a piece's metric (the engine's).
var metric = labs.NewMetric

func seconds(ds []time.Duration) []float64 {
	out := make([]float64, len(ds))
	for i, d := range ds {
		out[i] = d.Seconds()
	}
	return out
}

// Ints converts counts to a figure's y values.
func Ints(xs []int) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(x)
	}
	return out
}

// Indexes is 0, 1, … n−1 as floats (a figure's x axis).
func Indexes(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(i)
	}
	return out
}

// split separates events into accepted and rejected point series at y.
func split(at []time.Duration, ok []bool, y []float64) (acc, rej labs.Series) {
	acc.Name, rej.Name = "accepted", "rejected"
	acc.Events, rej.Events = true, true
	for i, t := range at {
		s := &rej
		if ok[i] {
			s = &acc
		}
		s.X = append(s.X, t.Seconds())
		s.Y = append(s.Y, y[i])
	}
	return acc, rej
}

func perSecondLine(counts []int) string {
	var b strings.Builder
	for i, n := range counts {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d:%d", i, n)
	}
	return b.String()
}

// Stopwatch starts every line that reports a wall-clock measurement: the
// engine's mark (labs.Stopwatch), which comparisons of two runs leave out.
const Stopwatch = labs.Stopwatch

// IndexesFrom is from, from+1, … to as floats (a figure's x axis).
func IndexesFrom(from, to int) []float64 {
	var out []float64
	for i := from; i <= to; i++ {
		out = append(out, float64(i))
	}
	return out
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// Thousands writes a whole number with thin spaces between thousands.
func Thousands(x float64) string {
	n := strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	var b strings.Builder
	for i, c := range n {
		if i > 0 && (len(n)-i)%3 == 0 {
			b.WriteString("\u2009")
		}
		b.WriteRune(c)
	}
	return b.String()
}

// evenArrivals is n requests per second spread evenly over span.
func evenArrivals(perSecond float64, span time.Duration) []time.Duration {
	n := int(perSecond * span.Seconds())
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = time.Duration(float64(i) * float64(time.Second) / perSecond)
	}
	return out
}
