package course

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"termlab/labs"
)

// The report layer: each experiment becomes a piece of a labs.PartResult
// (metrics, sentences and figures computed from the run). A part is made of
// pieces that each need different TODOs, so a learner with TODO 2 done but
// not TODO 3 already sees the fixed window's half of Part 2.

// piece is one experiment of a part (the engine's labs.Piece, as Piece).
type piece = Piece

type partInfo struct {
	id, title string
	span      float64
	// heavy parts live in packages of their own (see Piece): their pieces
	// are registered where linked, so their TODOs are listed here.
	heavy bool
	uses  []int
}

var partInfos = []partInfo{
	{"1", "The token bucket: a burst, then the refill rate", sustainedSpan.Seconds(), false, nil},
	{"2", "The fixed-window trap and the sliding window", (windowSpan + time.Second).Seconds(), false, nil},
	{"3", "Token bucket against leaky bucket: bursts out or a flat stream", outputBins, false, nil},
	{"4", "The fleet: local limits multiply; one shared counter in Redis keeps the promise", 10, true, []int{1}},
	{"5", "Sliding-window log against sliding-window counter: memory and error", (2 * counterWindow).Seconds(), false, nil},
	{"6", "The polite no: 429 and Retry-After over real HTTP", 10, true, []int{1}},
	{"7", "The reset stampede: everyone comes back at the flip", stampedeSpan.Seconds(), false, nil},
	{"8", "Meter against queue; throttling against shedding", shedSpan.Seconds(), false, nil},
}

// pieces are the parts that need only the virtual clock. Parts 4 and 6
// (heavy in partInfos) register theirs from their own packages (Piece); the
// grader replays only these (partsUsing).
var pieces = []piece{
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

// runPart plays one part with f, each piece guarded: a piece whose TODO is
// unfinished, wrong or crashing stops that piece and no other.
func runPart(id string, f Funcs, limit time.Duration) labs.PartResult {
	for _, info := range partInfos {
		if info.id != id {
			continue
		}
		r := labs.PartResult{ID: info.id, Title: info.title, Status: labs.OK, Span: info.span}
		var run []Piece
		if info.heavy {
			// Registered by the part's own package (Piece), or nothing:
			// this program does not link it.
			if run = linkedPieces(info.id); len(run) == 0 {
				return unlinkedPart(info.id, info.title)
			}
		} else {
			for _, p := range pieces {
				if p.Part == info.id {
					run = append(run, p)
				}
			}
		}
		return labs.RunPieces(r, run, limit, liveLimit, learnerDir, f.checked)
	}
	return labs.PartResult{ID: id, Status: labs.Fail, Detail: "no such part"}
}

// metric is a piece's metric, formatMetric how the report writes one (the
// engine's).
var (
	metric       = labs.NewMetric
	formatMetric = labs.FormatMetric
)

func seconds(ds []time.Duration) []float64 {
	out := make([]float64, len(ds))
	for i, d := range ds {
		out[i] = d.Seconds()
	}
	return out
}

func ints(xs []int) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(x)
	}
	return out
}

func indexes(n int) []float64 {
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

// --- Part 1 -------------------------------------------------------------------

func burstPiece(f Funcs, r *labs.PartResult) {
	b := Burst(f.TakeToken)
	r.Metrics = append(r.Metrics,
		metric("token_burst_accepted", "burst accepted", float64(b.Accepted), "requests", 0),
		metric("token_burst_rejected", "burst rejected", float64(b.Rejected), "requests", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Bucket: refills %g tokens/s, holds %g, starts full.", bucketRate, bucketCapacity),
		fmt.Sprintf("%d requests in the same instant: %d in, %d turned away.", burstSize, b.Accepted, b.Rejected),
		fmt.Sprintf("No time passed, so nothing refilled: the %d that got in are what a full bucket holds.", b.Accepted))
	r.Figures = append(r.Figures, labs.Figure{
		Title: "Instant burst: tokens left after each request", Kind: labs.Line,
		XLabel: "request", YLabel: "tokens",
		Series: []labs.Series{{Name: "tokens", X: indexes(len(b.Tokens)), Y: b.Tokens}},
	})
}

func sustainedPiece(f Funcs, r *labs.PartResult) {
	s := Sustained(f.TakeToken)
	r.Metrics = append(r.Metrics,
		metric("token_sustained_offered", "sustained offered", float64(s.Offered), "requests", 0),
		metric("token_sustained_accepted", "sustained accepted", float64(s.Accepted), "requests", 0),
		metric("token_sustained_rate", fmt.Sprintf("accept rate over the whole run (t = 0–%g s)", sustainedSpan.Seconds()), s.Rate, "/s", 1),
		metric("token_steady_rate", fmt.Sprintf("accept rate after warm-up (t ≥ %g s only)", warmUp.Seconds()), s.SteadyRate, "/s", 1))
	offered := float64(s.Offered) / sustainedSpan.Seconds()
	r.Lines = append(r.Lines,
		fmt.Sprintf("A minute of random arrivals: %d offered (%.1f/s, %.1f× the refill rate).", s.Offered, offered, offered/bucketRate),
		fmt.Sprintf("Accepted %d: %.1f/s over the minute; %.1f/s once the opening burst is spent (t ≥ %v).", s.Accepted, s.Rate, s.SteadyRate, warmUp),
		fmt.Sprintf("The ceiling is (capacity + rate × 60 s) / 60 s = %.1f/s: the full bucket once, then the tap.", (bucketCapacity+bucketRate*sustainedSpan.Seconds())/sustainedSpan.Seconds()))

	perSec := func(want bool) []int {
		out := make([]int, int(sustainedSpan/time.Second))
		for i, t := range s.Arrivals {
			if !want || s.Accepts[i] {
				out[int(t/time.Second)]++
			}
		}
		return out
	}
	acc, rej := split(s.Arrivals, s.Accepts, s.Tokens)
	r.Figures = append(r.Figures,
		labs.Figure{
			Title: "Sustained overload: the bucket's level, with accepts and rejects", Kind: labs.Line,
			XLabel: "seconds", YLabel: "tokens",
			Series: []labs.Series{{Name: "tokens", X: seconds(s.Arrivals), Y: s.Tokens}, acc, rej},
		},
		labs.Figure{
			Title: "Offered and accepted, per second", Kind: labs.Bars,
			XLabel: "second", YLabel: "requests",
			Series: []labs.Series{
				{Name: "offered", X: indexes(len(perSec(false))), Y: ints(perSec(false))},
				{Name: "accepted", X: indexes(len(perSec(true))), Y: ints(perSec(true))},
			},
			Marks: []labs.Mark{{X: warmUp.Seconds(), Label: "warm-up ends"}},
		})
}

// --- Part 2 -------------------------------------------------------------------

func boundaryFigure(title string, b BoundaryResult) labs.Figure {
	acc, rej := split(b.Arrivals, b.Accepts, ints(b.Count))
	return labs.Figure{
		Title: title, Kind: labs.Points, XLabel: "seconds", YLabel: "counter",
		Series: []labs.Series{{Name: "counter", X: seconds(b.Arrivals), Y: ints(b.Count)}, acc, rej},
		Marks:  []labs.Mark{{X: windowSpan.Seconds(), Label: "window boundary"}},
	}
}

func fixedPiece(f Funcs, r *labs.PartResult) {
	b := FixedBoundary(f.WindowID)
	r.Metrics = append(r.Metrics,
		metric("fixed_boundary_accepted", "fixed window accepted", float64(b.Accepted), "requests", 0),
		metric("fixed_max_trailing", "fixed window: most in any trailing 60 s", float64(b.MaxTrailing), "requests", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Limit %d per %v. %d requests in the second before the boundary, %d in the second after.", windowLimit, windowSpan, perSide, perSide),
		fmt.Sprintf("Fixed window: %d accepted (%.1f× the limit); %d inside one trailing minute.", b.Accepted, float64(b.Accepted)/windowLimit, b.MaxTrailing))
	r.Figures = append(r.Figures, boundaryFigure("Fixed window: the counter resets on the clock", b))
}

func slidingPiece(f Funcs, r *labs.PartResult) {
	b := SlidingBoundary(f.Expired)
	r.Metrics = append(r.Metrics,
		metric("sliding_boundary_accepted", "sliding window accepted", float64(b.Accepted), "requests", 0),
		metric("sliding_max_trailing", "sliding window: most in any trailing 60 s", float64(b.MaxTrailing), "requests", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Sliding window: %d accepted (%.1f× the limit); %d inside one trailing minute.", b.Accepted, float64(b.Accepted)/windowLimit, b.MaxTrailing))
	r.Figures = append(r.Figures, boundaryFigure("Sliding window: the trailing minute still remembers", b))
}

// --- Part 3 -------------------------------------------------------------------

func tokenShapePiece(f Funcs, r *labs.PartResult) {
	s := TokenShape(f.TakeToken)
	r.Metrics = append(r.Metrics,
		metric("token_bursty_accepted", "token bucket accepted", float64(s.Accepted), "requests", 0),
		metric("token_peak_output", "token bucket: most out in one second", float64(s.Peak), "requests", 0))
	r.Lines = append(r.Lines,
		fmt.Sprintf("Input: %d requests in %d bursts of %d, every %v.", bursts*perBurst, bursts, perBurst, burstEvery),
		"Token bucket out per second: "+perSecondLine(s.PerSecond),
		fmt.Sprintf("Token bucket: %d accepted, %d turned away; the busiest second let %d out.", s.Accepted, s.Rejected, s.Peak))
	r.Figures = append(r.Figures, labs.Figure{
		Title: "Token bucket: requests out per second", Kind: labs.Bars, XLabel: "second", YLabel: "out",
		Series: []labs.Series{{Name: "token bucket", X: indexes(len(s.PerSecond)), Y: ints(s.PerSecond)}},
	})
}

func leakyShapePiece(f Funcs, r *labs.PartResult) {
	s := LeakyShape(f.NextEmit)
	r.Metrics = append(r.Metrics,
		metric("leaky_emitted", "leaky bucket emitted", float64(s.Accepted), "requests", 0),
		metric("leaky_overflowed", "leaky bucket overflowed", float64(s.Rejected), "requests", 0),
		metric("leaky_worst_wait_s", "leaky bucket worst wait", s.WorstWait.Seconds(), "s", 1),
		metric("leaky_output_rate", "leaky bucket output rate (from the spacing of departures)", s.SpacingRate, "/s", 1))
	r.Lines = append(r.Lines,
		"Leaky bucket out per second: "+perSecondLine(s.PerSecond),
		fmt.Sprintf("Leaky bucket: %d sent on, %d overflowed, the longest wait %.1f s; output %.1f/s from the spacing of departures.", s.Accepted, s.Rejected, s.WorstWait.Seconds(), s.SpacingRate),
		"Durations are whole nanoseconds, so 0.1 s steps add up exactly: the per-second bins do not wobble here, unlike float seconds in the course's Python.")
	r.Figures = append(r.Figures, labs.Figure{
		Title: "Leaky bucket: requests out per second", Kind: labs.Bars, XLabel: "second", YLabel: "out",
		Series: []labs.Series{{Name: "leaky bucket", X: indexes(len(s.PerSecond)), Y: ints(s.PerSecond)}},
	})
}

// Stopwatch starts every line that reports a wall-clock measurement. Such
// lines (and metrics whose names end in _ns) differ between runs, so
// comparisons of two runs leave them out.
const Stopwatch = "⏱"

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
