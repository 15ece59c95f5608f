// Package parts is Day 46's experiments: Parts 1–8, each on the virtual
// clock, each made of pieces that need different TODOs, so a learner with
// TODO 1 done already sees its half of the day. A piece turns one run into
// metrics, sentences computed from the run, and figures.
package parts

import (
	"math"
	"slices"
	"strconv"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
)

type piece struct {
	part string
	uses []int
	run  func(f fair.Funcs, r *labs.PartResult)
}

// Info is one part as the Day lists it.
type Info struct {
	ID, Title string
	Span      float64 // virtual seconds the part covers
	// Beyond is a part past the course day (its predictions are asked just
	// before it plays): Kubernetes APF, the fleet, virtual-time fair queuing.
	Beyond bool
}

// Infos are the day's parts, in order.
var Infos = []Info{
	{"1", "One queue for everyone: the noisy neighbour", Span.Seconds(), false},
	{"2", "Static quotas: the quiet are safe, the capacity idles", Span.Seconds(), false},
	{"3", "Max-min fair share: water-filling, plain and weighted", Span.Seconds(), false},
	{"4", "Fair queuing: deficit round robin", Span.Seconds(), false},
	{"5", "Shuffle sharding: the blast radius of one noisy tenant", Shards.Span.Seconds(), false},
	{"6", "Kubernetes APF in these terms: seats, queues, hand size", 0, true},
	{"7", "One fair share across a fleet: a shared counter per tenant", Span.Seconds(), true},
	{"8", "Virtual-time fair queuing: a quiet tenant among many busy ones", VTSpan.Seconds(), true},
}

var pieces = []piece{
	{"1", nil, fifoPiece},
	{"2", nil, quotaPiece},
	{"3", []int{1}, fairTablePiece},
	{"3", []int{1}, weightedPiece},
	{"3", []int{1}, fairOverTimePiece},
	{"4", []int{2}, drrPiece},
	{"4", []int{2}, drrSizesPiece},
	{"5", nil, shardBaselinePiece},
	{"5", []int{3}, shuffleHurtPiece},
	{"5", []int{3, 4}, overlapPiece},
	{"6", []int{3, 4}, apfPiece},
	{"7", []int{1}, fleetPiece},
	{"8", []int{2}, vtfqPiece},
}

// Parts lists the parts with the TODOs each one runs.
func Parts() []labs.Part {
	var out []labs.Part
	for _, info := range Infos {
		p := labs.Part{ID: info.ID, Title: info.Title, Uses: []int{}, Beyond: info.Beyond}
		for _, pc := range pieces {
			if pc.part == info.ID {
				for _, u := range pc.uses {
					if !slices.Contains(p.Uses, u) {
						p.Uses = append(p.Uses, u)
					}
				}
			}
		}
		slices.Sort(p.Uses)
		out = append(out, p)
	}
	return out
}

// PieceRun is one piece bound to its part, for the grader: the metrics it
// produces with f, unguarded (the grader guards the whole TODO).
type PieceRun struct {
	Part    string
	Uses    []int
	Metrics func(fair.Funcs) []labs.Metric
}

// Using lists the pieces that run TODO n.
func Using(n int) []PieceRun {
	var out []PieceRun
	for _, p := range pieces {
		if slices.Contains(p.uses, n) {
			out = append(out, PieceRun{Part: p.part, Uses: p.uses, Metrics: func(f fair.Funcs) []labs.Metric {
				var r labs.PartResult
				p.run(f, &r)
				return r.Metrics
			}})
		}
	}
	return out
}

// Run plays one part with f, each piece guarded: a piece whose TODO is
// unfinished, wrong or crashing stops that piece and no other.
func Run(id string, f fair.Funcs, limit time.Duration) labs.PartResult {
	for _, info := range Infos {
		if info.ID != id {
			continue
		}
		r := labs.PartResult{ID: info.ID, Title: info.Title, Status: labs.OK, Span: info.Span}
		for _, p := range pieces {
			if p.part != info.ID {
				continue
			}
			var track labs.Tracker
			var got labs.PartResult
			fault := labs.Guard(limit, fair.LearnerDir, &track, func() { p.run(f.Checked(&track), &got) })
			if !fault.OK() {
				if r.Status == labs.OK { // report the first fault of the part
					r.Status, r.TODO, r.Detail, r.Where = fault.Status, fault.TODO, fault.Detail, fault.Where
					if r.TODO == 0 && len(p.uses) > 0 {
						r.TODO = p.uses[0]
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
	return labs.PartResult{ID: id, Status: labs.Fail, Detail: "no such part"}
}

func metric(name, label string, v float64, unit string, decimals int) labs.Metric {
	return labs.Metric{Name: name, Label: label, Value: v, Unit: unit, Decimals: decimals}
}

// FormatMetric writes a metric's value as the report shows it.
func FormatMetric(m labs.Metric) string {
	s := strconv.FormatFloat(m.Value, 'f', m.Decimals, 64)
	if m.Unit != "" {
		s += " " + m.Unit
	}
	return s
}

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
