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
)

// Piece is one experiment of a part (the engine's labs.Piece on Day 45's
// Funcs): metrics, sentences and figures computed from one run. A part is
// made of pieces that each need different TODOs, so a learner with TODO 2
// done but not TODO 3 already sees the fixed window's half of Part 2.
type Piece = labs.Piece[limit.Funcs]

type info struct {
	id, title string
	span      float64
	// heavy parts need a Redis client or an HTTP server: their pieces live
	// in packages of their own (course/fleet, course/door), which only the
	// full worker links and hands to the day (see Heavy), so their TODOs
	// are listed here.
	heavy bool
	uses  []int
}

var infos = []info{
	{"1", "The token bucket: a burst, then the refill rate", sustainedSpan.Seconds(), false, nil},
	{"2", "The fixed-window trap and the sliding window", (windowSpan + time.Second).Seconds(), false, nil},
	{"3", "Token bucket against leaky bucket: bursts out or a flat stream", outputBins, false, nil},
	{"4", "The fleet: local limits multiply; one shared counter in Redis keeps the promise", 10, true, []int{1}},
	{"5", "Sliding-window log against sliding-window counter: memory and error", (2 * counterWindow).Seconds(), false, nil},
	{"6", "The polite no: 429 and Retry-After over real HTTP", 10, true, []int{1}},
	{"7", "The reset stampede: everyone comes back at the flip", stampedeSpan.Seconds(), false, nil},
	{"8", "Meter against queue; throttling against shedding", shedSpan.Seconds(), false, nil},
}

// courseDay is the parts of the course day proper (its predictions P1–P6
// are asked up front); the others go beyond it, each asked just before it
// plays.
var courseDay = []string{"1", "2", "3"}

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

// Parts lists the parts with the TODOs each one runs.
func Parts() []labs.Part {
	var out []labs.Part
	for _, info := range infos {
		// A heavy part's uses are declared (its pieces may not be linked
		// here); the rest are worked out from the pieces.
		uses := append(slices.Clone(info.uses), labs.PartUses(pieces, info.id)...)
		slices.Sort(uses)
		p := labs.Part{ID: info.id, Title: info.title, Heavy: info.heavy, Uses: slices.Compact(uses), Beyond: !slices.Contains(courseDay, info.id)}
		out = append(out, p)
	}
	return out
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
			i := slices.IndexFunc(infos, func(in info) bool { return in.id == p.Part })
			if i < 0 || !infos[i].heavy {
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
	for _, info := range infos {
		if info.id != id {
			continue
		}
		r := labs.PartResult{ID: info.id, Title: info.title, Status: labs.OK, Span: info.span}
		from := pieces
		if info.heavy {
			from = heavy
		}
		var run []Piece
		for _, p := range from {
			if p.Part == info.id {
				run = append(run, p)
			}
		}
		if info.heavy && len(run) == 0 {
			return Unlinked(info.id, info.title)
		}
		return labs.RunPieces(r, run, bound, liveLimit, limit.LearnerDir, f.Checked)
	}
	return labs.PartResult{ID: id, Status: labs.Fail, Detail: "no such part"}
}

// Unlinked is a part played in a program that does not link what it needs.
func Unlinked(id, title string) labs.PartResult {
	return labs.PartResult{ID: id, Title: title, Status: labs.Unfinished, Detail: labs.NotLinked}
}

// PieceRun is one pure piece bound to its part, for the grader: it plays
// the piece unguarded (the grader guards the whole TODO).
type PieceRun struct {
	Part string
	Uses []int
	// Heavy is the part's flag: the grader replays no heavy part.
	Heavy bool
	Run   func(limit.Funcs, *labs.PartResult)
}

// Using lists the pieces that run TODO n, in the table's order.
func Using(n int) []PieceRun {
	var out []PieceRun
	for _, p := range pieces {
		if !slices.Contains(p.Uses, n) {
			continue
		}
		i := slices.IndexFunc(infos, func(in info) bool { return in.id == p.Part })
		out = append(out, PieceRun{Part: p.Part, Uses: p.Uses, Heavy: i < 0 || infos[i].heavy, Run: p.Run})
	}
	return out
}

// The network parts as the lab's own binary knows them, without linking
// them: Part 4's store and Part 6's door (see labs.Day's Door and Store).
const (
	// RedisEnv names the environment variable that points Part 4 at a
	// real Redis ("redis://127.0.0.1:6379/0" or "127.0.0.1:6379"). Empty
	// means the embedded one. Worker processes inherit it from the runner.
	RedisEnv = "TERMLAB_REDIS"
	// ServeAddr is where `go run . serve 45` listens unless told otherwise.
	ServeAddr = "127.0.0.1:8045"
	// ServeCommand is the full worker's command that serves the door
	// (door.ServeMain); PingCommand checks a Redis URL (fleet.PingMain).
	ServeCommand = "_serve"
	PingCommand  = "_ping"
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

// Stopwatch starts every line that reports a wall-clock measurement. Such
// lines (and metrics whose names end in _ns) differ between runs, so
// comparisons of two runs leave them out.
const Stopwatch = "⏱"

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
