package labs

import "fmt"

// Impl names whose code a run uses.
type Impl string

// The two implementations of a day's TODOs.
const (
	Learner   Impl = "learner"   // the learner's package, run out of process
	Reference Impl = "reference" // solutions/, linked into the runner
)

// Status is how a part or a TODO came out.
type Status string

// Statuses. Parts use OK where TODOs use Pass.
const (
	Pass       Status = "pass"
	OK         Status = "ok"
	Fail       Status = "fail"       // ran, gave a wrong or impossible answer
	Unfinished Status = "unfinished" // still the shipped stub
	Crash      Status = "crash"      // panicked
	Timeout    Status = "timeout"    // did not return in time
)

// Metric is one measured figure of a run.
type Metric struct {
	Name  string  `json:"name"`
	Label string  `json:"label"`
	Value float64 `json:"value"`
	Unit  string  `json:"unit,omitempty"`
	// Decimals is how many decimals to show; the value itself is exact.
	Decimals int `json:"decimals"`
}

// Metrics is a run's figures by name.
type Metrics map[string]float64

// PartResult is what one part of a day produced on one implementation.
type PartResult struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Status Status `json:"status"`
	// TODO is the TODO the part waits on or that failed, when Status is not OK.
	TODO   int    `json:"todo,omitempty"`
	Detail string `json:"detail,omitempty"`
	Where  string `json:"where,omitempty"` // file:line in the learner's code

	Metrics []Metric `json:"metrics,omitempty"`
	// Lines is the part's report: what happened, in sentences computed from
	// the run (never canned figures).
	Lines   []string `json:"lines,omitempty"`
	Figures []Figure `json:"figures,omitempty"`
	// Span is the virtual time the part covers, in seconds, so a screen can
	// replay it at a pace a person can follow.
	Span float64 `json:"span"`
}

// FigureKind says how a figure is drawn.
type FigureKind string

// Figure kinds.
const (
	Bars   FigureKind = "bars"   // one bar per X (for example, output per second)
	Line   FigureKind = "line"   // a value over time (for example, tokens in the bucket)
	Points FigureKind = "points" // events in time (for example, accepts and rejects)
)

// Figure is a picture of what happened, as data: the runner computes it, the
// screen draws it and replays it along the virtual clock.
type Figure struct {
	Title  string     `json:"title"`
	Kind   FigureKind `json:"kind"`
	XLabel string     `json:"x_label,omitempty"`
	YLabel string     `json:"y_label,omitempty"`
	Series []Series   `json:"series"`
	// Marks are vertical lines worth labelling, such as a window boundary.
	Marks []Mark `json:"marks,omitempty"`
}

// Series is one named sequence of (x, y) points, x in virtual seconds (or in
// the figure's own X unit). X is ascending.
type Series struct {
	Name string    `json:"name"`
	X    []float64 `json:"x"`
	Y    []float64 `json:"y"`
	// Events marks a Line figure's series as events along its first
	// series (accepts and refusals, say), drawn as a strip under the plot.
	// The figure says so: a line that happens to lie on the first one (the
	// sliding log under steady traffic) is still a line.
	Events bool `json:"events,omitempty"`
}

// Mark is a labelled position on a figure's X axis.
type Mark struct {
	X     float64 `json:"x"`
	Label string  `json:"label"`
}

// Grade is the verdict on one TODO.
type Grade struct {
	TODO   int    `json:"todo"`
	Func   string `json:"func"`
	Status Status `json:"status"`
	Detail string `json:"detail"`
	// Counterexample is the smallest input found where the TODO is wrong.
	Counterexample *Counterexample `json:"counterexample,omitempty"`
	Hint           string          `json:"hint,omitempty"`
	// HintID names Hint's mistake, stable across inputs and wording (a
	// plain statement's starts with "plain."): how a class is grouped.
	HintID string `json:"hint_id,omitempty"`
	Where  string `json:"where,omitempty"` // file:line of a crash
	// Output is what the learner's code printed while it was graded, when
	// the runner kept it (worker.Runner.Prints; the start only).
	Output string `json:"output,omitempty"`
}

// Faulted fills g from the guard's fault when the learner's code did not run
// its checks to the end (unfinished, an impossible answer, a crash, a
// timeout) and reports whether it did; every day's grader says these the
// same way. Otherwise g is left for the checks' own verdict.
func (g *Grade) Faulted(f Fault) bool {
	switch {
	case f.Status == Unfinished:
		g.Status, g.Detail = Unfinished, fmt.Sprintf("not done yet: replace panic(notDone) in %s with your code", g.Func)
	case !f.OK():
		g.Status, g.Detail, g.Where, g.Counterexample, g.Hint = f.Status, f.Detail, f.Where, f.Counterexample, f.Hint
		if f.Hint != "" {
			g.HintID = "plain.impossible"
		}
		if f.Status == Fail {
			g.Detail = "an impossible answer: " + f.Detail
		}
		if f.Status == Crash {
			g.Hint, g.HintID = "a panic is a bug in your code: read the line it points at", "plain.panic"
		}
		if ce := f.Stopped(); ce != nil {
			g.Counterexample = ce
		}
	default:
		return false
	}
	return true
}

// Counterexample is one concrete input with what came back and what should have.
type Counterexample struct {
	Input string `json:"input"`
	Got   string `json:"got"`
	Want  string `json:"want"`
	// Answers is the predictions whose scenario this input is (a grader's
	// fixed case tagged with them): while one is open, the learner's
	// session holds back Want and the hint (record/session.Redact).
	Answers []string `json:"answers,omitempty"`
}

// Outcome is everything one run of a day produced.
type Outcome struct {
	Day    int          `json:"day"`
	Impl   Impl         `json:"impl"`
	Parts  []PartResult `json:"parts"`
	Grades []Grade      `json:"grades"`
}

// Metrics collects the figures of every part that ran.
func (o Outcome) Metrics() Metrics {
	m := Metrics{}
	for _, p := range o.Parts {
		for _, x := range p.Metrics {
			m[x.Name] = x.Value
		}
	}
	return m
}

// Passed counts the TODOs that pass.
func (o Outcome) Passed() int {
	n := 0
	for _, g := range o.Grades {
		if g.Status == Pass {
			n++
		}
	}
	return n
}
