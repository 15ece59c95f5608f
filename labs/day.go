// Package labs is the course engine: what a day is (its lesson, TODOs, parts,
// predictions and drills), what running and grading a day produce, and the
// guard that keeps learner code from taking the runner down with it.
//
// The engine knows nothing about any particular day. A day is a package under
// labs/ that returns a Day; the generated registry (labs/registry, see
// author/kit) lists it, so registering a day is one step, not a list to edit.
package labs

import (
	"fmt"
	"slices"
)

// Day is one course day as the runner sees it.
type Day struct {
	Number  int
	Title   string
	Summary string // one line for the day list

	// LearnerDir is the learner's package, relative to the module root
	// (for example "labs/day45"). Its files are theirs; the runner reads them
	// to point at lines, and only writes them on an explicit reset.
	LearnerDir string
	// Shipped holds the files of LearnerDir as the course ships them, by
	// file name, so a TODO or the whole day can be put back after a mistake:
	// the learner's stubs, and the lab's own file beside them (Day 45's
	// notdone.go, the marker the stubs panic with). The learner's start with
	// //go:build termlab (worker.BuildTag): only the worker's build compiles
	// them, so `go test ./...` passes whatever state they are in.
	Shipped map[string]string

	// Door and Store are the day's network parts, nil when it has none: a
	// door the lab serves for real (`go run . serve N`), a store the heavy
	// parts can be pointed at (`--redis=URL`). The command line reads them
	// here, so it names no day (see network.go).
	Door  *Door
	Store *Store

	Lesson      []Section
	TODOs       []TODO
	Parts       []Part
	Predictions []Prediction
	Drills      []Drill
	Figures     []PlayFigure // the playground (play.go), in the order shown
	// Questions is the figures that answer predictions at any setting
	// (Prediction.Variant): not on the playground, played by the authors'
	// check and by practice variants (variant.go).
	Questions []PlayFigure

	// Allowed is the reviewed exceptions to the hindsight check
	// (predictions.Hindsight): places where a prediction's reference figure
	// appears in text shown before its guess and does not give the answer
	// away, each with the reason a reviewer accepted.
	Allowed []Allowed

	// Imports is every package the day's TODOs may import: the allow-list
	// of runner/gate, which refuses any other import in a submission graded
	// for someone else (grade-class, grade --format). The lab's own
	// packages are never allowed, whatever this says.
	Imports []string

	// Deliverable is the one-line answer the day asks the learner to write
	// in RESULTS.md.
	Deliverable string

	// Carry writes "the number to carry": the one comparison the day wants
	// the learner to remember, from the metrics of a run.
	Carry func(Metrics) string

	// RunPart plays one part on one implementation. GradeTODO checks one
	// TODO of one implementation. Both are called only where that
	// implementation is linked in (see Impl).
	RunPart   func(which Impl, part string) PartResult
	GradeTODO func(which Impl, todo int) Grade
	// PlayPieces plays some pieces of one part, by their places in it
	// (Part.Pieces), as RunPart plays them: a runner that keeps each
	// piece's result between saves joins them (JoinPieces) into what
	// RunPart gives. Nil on a day whose parts cannot be played apart.
	PlayPieces func(which Impl, part string, only []int) PlayedPieces

	// LearnerCalls answers the learner's functions the heavy parts call
	// (callpipe.go), in a program that links the learner's code; false
	// elsewhere or on a day whose heavy parts call none. CallAcross makes
	// the learner's functions, in a program that does not link them (the
	// full worker), the ones answered across p. Both nil on a day without
	// heavy parts.
	LearnerCalls func() (map[CallKind]CallHandler, bool)
	CallAcross   func(p *CallPipe)
}

// Run plays every part on one implementation, in process.
func (d Day) Run(which Impl) []PartResult {
	out := make([]PartResult, 0, len(d.Parts))
	for _, p := range d.Parts {
		out = append(out, d.RunPart(which, p.ID))
	}
	return out
}

// Grade checks every TODO of one implementation, in process.
func (d Day) Grade(which Impl) []Grade {
	out := make([]Grade, 0, len(d.TODOs))
	for _, t := range d.TODOs {
		out = append(out, d.GradeTODO(which, t.Number))
	}
	return out
}

// Execute runs and grades one implementation in process.
func (d Day) Execute(which Impl) Outcome {
	return Outcome{Day: d.Number, Impl: which, Parts: d.Run(which), Grades: d.Grade(which)}
}

// Section is one titled piece of the lesson.
type Section struct {
	Title string
	Part  string // the part it introduces, if any
	Body  string // plain text, paragraphs separated by blank lines
}

// TODO is one function the learner writes.
type TODO struct {
	Number int
	Func   string // the function's name in LearnerDir
	Title  string
	Goal   string   // one line: what to compute
	Hints  []string // a nudge first, then more; never the answer itself
	// Checked says what the grader checks and with what tolerance, so the
	// learner knows what "correct" means before the first verdict.
	Checked string
	// Points is the TODO's weight in a course's gradebook (staff/autograde,
	// grade-class); zero counts as 1, so a day's TODOs weigh the same
	// unless it says otherwise.
	Points float64
}

// Weight is t's points in a gradebook: Points, or 1 when unset.
func (t TODO) Weight() float64 {
	if t.Points > 0 {
		return t.Points
	}
	return 1
}

// Part is one experiment of the day.
type Part struct {
	ID    string
	Title string
	Uses  []int // the TODOs the part runs
	// Pieces is the TODOs each of the part's pieces runs, in order, on a
	// day that can play a part's pieces apart (Day.PlayPieces); nil
	// elsewhere.
	Pieces [][]int
	// Heavy parts need a network stack, a database client or a server,
	// which the lab's own binary and the lean worker leave out so that
	// they build and start fast: only the full worker program plays them
	// (see runner/worker). Elsewhere RunPart answers NotLinked.
	Heavy bool
	// Beyond marks a part past the course day: its predictions are asked
	// just before it plays, not with the course day's up front.
	Beyond bool
}

// CacheEnv names a folder a worker process may keep results in that do not
// depend on the learner's code, for this version of the day's own code: the
// runner sets it (runner/worker) and clears it when the day's code changes.
const CacheEnv = "TERMLAB_CACHE"

// NotLinked is the Detail of a part played in a program that does not link
// what it needs (the learner's code, or a heavy part's package).
const NotLinked = "not linked into this program"

// Prediction is a number the learner commits to before anything runs.
type Prediction struct {
	ID       string // "P1"
	Question string
	// Span names the stretch of the experiment the answer covers ("over the
	// whole minute", "in any one second"); the metric measures that same
	// stretch, and the screens show it beside the question.
	Span   string
	Unit   string // shown after the number: "requests", "/s"
	Metric string // the metric that answers it
	Part   string // the part that reveals it
	// Needs lists the TODOs whose code the actual depends on, so a screen
	// can say which one a missing actual waits for.
	Needs []int
	// Count is true for whole numbers of things: a fractional or negative
	// guess is refused.
	Count bool
	// Why explains, in a sentence, why the actual comes out as it does. It is
	// shown when a guess was off, so it may state the answer.
	Why string
	// Think is "how to think about it": the reasoning a learner can follow
	// to an estimate, shown only on request before the guess (the request
	// is recorded). It never states the answer (see Hindsight).
	Think string
	// Tells are phrases that would state the answer without its figure
	// ("keeps the promise" for a fleet held to its 10/s): no text shown
	// before the guess may hold one (predictions.Hindsight). A prediction
	// whose answer is a setting its own question states must list some
	// (predictions.Untold), since all it asks is whether that setting
	// carries through, and a sentence can say so with no figure.
	Tells []string
	// Variant, when set, is the figure that answers the question at any
	// setting, and the question with its settings marked (variant.go).
	Variant *Variant
	// Fixed, when there is no Variant, says why the question cannot be
	// asked again with new numbers (the authors' check wants one or the
	// other); practice shows it to a learner who asks.
	Fixed string
}

// Computing is the standard library's packages that only compute: none
// reads or writes a file, starts a process or dials. A day's Imports is
// this list plus what its TODOs need beyond it.
var Computing = []string{
	"bytes", "cmp", "container/heap", "container/list", "container/ring",
	"crypto/md5", "crypto/sha1", "crypto/sha256", "crypto/sha512",
	"encoding/binary", "encoding/hex", "errors", "fmt", "hash", "hash/crc32",
	"hash/fnv", "hash/maphash", "maps", "math", "math/big", "math/bits",
	"math/cmplx", "math/rand", "math/rand/v2", "slices", "sort", "strconv",
	"strings", "unicode", "unicode/utf8",
}

// Allowed is one reviewed exception to the hindsight check: the figure
// Figure of prediction Prediction may appear in the text at In (a place as
// the check names it, such as "P1 question" or "lesson: Part 1 — …", matched
// as a prefix) because Reason. The usual reason is that the figure is a
// setting the question gives (a bucket that holds 20, asked how many of 50
// get in at once), and the answer is whether it carries through.
type Allowed struct {
	Prediction, Figure, In, Reason string
}

// DrillKind says how a drill is answered.
type DrillKind string

// How drills are answered.
const (
	DrillNumbers DrillKind = "numbers" // one or more numbers, checked
	DrillChoice  DrillKind = "choice"  // pick one option, checked
	DrillSelf    DrillKind = "self"    // free text, judged by the learner against the model answer
)

// Drill is one of the day's paper exercises.
type Drill struct {
	ID       string
	Question string
	Kind     DrillKind
	Fields   []DrillField // DrillNumbers
	Choices  []string     // DrillChoice
	Correct  int          // DrillChoice: index into Choices
	Model    string       // the model answer, revealed after an attempt
	// After is the predictions this drill asks again in other numbers: its
	// model answer would give theirs away, so it opens only once each is
	// in (guessed, skipped or revealed; record/session.DrillWaiting).
	After []string
}

// DrillField is one number a numeric drill asks for.
type DrillField struct {
	Label string
	Unit  string
	Want  float64
	// Tolerance is the relative error accepted (0.05 for 5%); zero means the
	// answer must be exact.
	Tolerance float64
}

// Prediction returns the prediction with the given ID.
func (d Day) Prediction(id string) (Prediction, bool) {
	for _, p := range d.Predictions {
		if p.ID == id {
			return p, true
		}
	}
	return Prediction{}, false
}

// TODO returns the TODO with the given number.
func (d Day) TODO(n int) (TODO, bool) {
	for _, t := range d.TODOs {
		if t.Number == n {
			return t, true
		}
	}
	return TODO{}, false
}

// Course is the ordered list of registered days.
type Course []Day

// Find returns the day with the given number.
func (c Course) Find(number int) (Day, error) {
	for _, d := range c {
		if d.Number == number {
			return d, nil
		}
	}
	return Day{}, fmt.Errorf("there is no day %d in this course (days: %s)", number, c.numbers())
}

// Only is the days of c whose numbers are in numbers, in c's order: a
// worker built with one day's learner code answers for that day alone.
func (c Course) Only(numbers []int) Course {
	var out Course
	for _, d := range c {
		if slices.Contains(numbers, d.Number) {
			out = append(out, d)
		}
	}
	return out
}

func (c Course) numbers() string {
	s := ""
	for i, d := range c {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(d.Number)
	}
	return s
}
