package worker

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"termlab/labs"
)

// tail is an io.Writer that keeps only the last max bytes written to it.
type tail struct {
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

// frameRe matches one frame of a Go traceback: the function line, then its
// file:line.
var frameRe = regexp.MustCompile(`(?m)^(\S+)\(.*\)\n\s+(\S+\.go):(\d+)`)

// deathFault explains a worker that exited without an answer: typically a
// fatal runtime error no recover can catch (stack overflow from endless
// recursion, out of memory, concurrent map writes), a panic in a goroutine
// the learner started, or os.Exit / log.Fatal in learner code. The learner's
// innermost frame gives Where, and the first of the day's TODO functions on
// the stack gives TODO (0 when none is).
func deathFault(runErr error, stderr string, day labs.Day) *labs.Fault {
	f := &labs.Fault{Status: labs.Crash}
	// The runtime's own words, not whatever the learner printed before.
	cause := ""
	for _, line := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(line, "fatal error: ") || strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, workerMark+" cannot answer: ") {
			cause = strings.TrimSpace(line)
			break
		}
	}
	switch {
	case strings.Contains(stderr, stdinGone):
		f.Detail = "your file read the lab's standard input before the worker could (in an init or a package variable?), so the worker could not answer: leave os.Stdin alone"
		f.File = true
		return f
	case strings.Contains(stderr, "stack overflow") || strings.Contains(stderr, "stack exceeds"):
		f.Detail = "ran out of stack: a function that calls itself without end?"
	case strings.Contains(stderr, "out of memory") || strings.Contains(stderr, "cannot allocate memory") || strings.Contains(stderr, "pthread_create failed") || strings.Contains(stderr, "failed to reserve"):
		f.Detail = fmt.Sprintf("your code used more than %d MB, the lab's bound on a worker's memory: a slice or map that grows without end?", memoryLimit())
	case cause != "":
		f.Detail = "the worker died: " + clean(cause)
	case runErr != nil:
		f.Detail = "the worker exited without an answer (" + runErr.Error() + "): does your code call os.Exit or log.Fatal?"
	default:
		f.Detail = "the worker exited without an answer: does your code call os.Exit?"
	}
	dir := strings.Trim(day.LearnerDir, "/")
	marker := "/" + dir + "/"
	pkg := "/" + dir + "." // the learner's functions: termlab/labs/day45.Name
	inInit := false
	for _, m := range frameRe.FindAllStringSubmatch(stderr, -1) {
		if i := strings.LastIndex(m[2], marker); f.Where == "" && i >= 0 && !strings.Contains(m[2][i+len(marker):], "/") {
			f.Where = m[2][i+1:] + ":" + m[3]
		}
		if i := strings.LastIndex(m[1], pkg); f.TODO == 0 && i >= 0 {
			name, _, _ := strings.Cut(m[1][i+len(pkg):], ".")
			for _, t := range day.TODOs {
				if t.Func == name {
					f.TODO = t.Number
				}
			}
			// termlab/labs/day45.init (a package variable's initialiser)
			// or .init.0 (an init function): the file's own code, before
			// any TODO was called.
			inInit = inInit || name == "init"
		}
	}
	if inInit && f.TODO == 0 {
		f.File = true
		f.Detail = "your file crashed as the package loaded, before any TODO ran (an init function or a package variable): " + strings.TrimPrefix(f.Detail, "the worker died: ")
	}
	return f
}

// stdinGone is what a worker says when its standard input held no nonce:
// learner code read it first (see ReadNonce).
const stdinGone = "standard input held no nonce"

// maxText bounds one sentence of a verdict that quotes learner values (a
// Detail, a counterexample's got): the formatters bound their lists, this
// bounds what they do not know about.
const maxText = 4 << 10

// bounded cuts s to max bytes (on a rune boundary), saying how much went.
func bounded(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… and %d more bytes", s[:cut], len(s)-cut)
}

// clean is printable and bounded: for every text a worker hands back that
// learner code could have put words in.
func clean(s string) string { return bounded(printable(s), maxText) }

// printable replaces control characters (other than newline and tab) so
// that text from learner code cannot drive the learner's terminal.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) {
			return r
		}
		return '\uFFFD'
	}, s)
}

// fitPart makes a part's result fit to answer: JSON's numbers (finite),
// its text cleaned.
func fitPart(r labs.PartResult) labs.PartResult {
	finite(&r)
	r.Detail, r.Where = clean(r.Detail), clean(r.Where)
	for i := range r.Lines {
		r.Lines[i] = clean(r.Lines[i])
	}
	return r
}

// finite makes a part's result fit for JSON, which has no NaN or ±Inf. A
// metric that is not a finite number is dropped and fails the part, naming
// the figure; such points are dropped from figures. TODO is left for the
// runner to blame (see RunBuilt).
func finite(r *labs.PartResult) { failNonFinite(r, dropNonFinite(r)) }

// dropNonFinite drops from r the metrics and figure points that are not
// finite numbers, and names the metrics it dropped.
func dropNonFinite(r *labs.PartResult) (bad []string) {
	ok := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	kept := r.Metrics[:0]
	for _, m := range r.Metrics {
		if ok(m.Value) {
			kept = append(kept, m)
		} else {
			bad = append(bad, fmt.Sprintf("%s came out as %v", m.Label, m.Value))
		}
	}
	r.Metrics = kept
	for i := range r.Figures {
		fig := &r.Figures[i]
		marks := fig.Marks[:0]
		for _, m := range fig.Marks {
			if ok(m.X) {
				marks = append(marks, m)
			}
		}
		fig.Marks = marks
		for j := range fig.Series {
			s := &fig.Series[j]
			var x, y []float64
			for k := range min(len(s.X), len(s.Y)) {
				if ok(s.X[k]) && ok(s.Y[k]) {
					x, y = append(x, s.X[k]), append(y, s.Y[k])
				}
			}
			s.X, s.Y = x, y
		}
	}
	if !ok(r.Span) {
		r.Span = 0
	}
	return bad
}

// failNonFinite fails r, when it played, for the metrics bad names, and
// reports whether it did.
func failNonFinite(r *labs.PartResult, bad []string) bool {
	if len(bad) == 0 || r.Status != labs.OK {
		return false
	}
	r.Status, r.TODO = labs.Fail, 0
	r.Detail = strings.Join(bad, "; ") + ", which no run can measure"
	return true
}
