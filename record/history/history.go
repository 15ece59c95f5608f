// Package history keeps a short record of every run of a day: when it ran,
// what the learner's file looked like (a digest, and one per TODO body),
// each TODO's verdict, each part's status and figures, and each judged
// prediction's verdict. It is what lets the lab say what an edit moved
// ("TODO 1 fail → pass; Part 1 burst accepted 50 → 20") and show a day's
// progress without running anything.
//
// The history of a day is one file, predictions/day45.history.jsonl: one
// JSON object per line, oldest first, so that a diff of two sessions shows
// the runs added (and the oldest dropped) and nothing else. It is bounded
// (MaxRuns and MaxBytes; the oldest runs go first) and written as the
// answers are: under a lock, reloaded, changed and replaced atomically, so
// two processes appending at once both keep their run.
package history

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"termlab/labs"
	"termlab/labs/gofunc"
	"termlab/record/atomicfile"
	"termlab/record/predictions"
)

// The bound of one day's history: at most MaxRuns runs and MaxBytes bytes,
// the oldest dropped first. A run of Day 45 or 46 with every part played
// and every figure kept takes about 8 KB (each figure carries its label,
// so the history reads without the day), so 100 of them fit in the byte
// cap, with room for a day with twice as many figures; the cap bites only
// on a day with far more (TestTheHistoryKeepsWhatItPromises holds every
// day to it).
const (
	MaxRuns  = 100
	MaxBytes = 2 << 20
)

// Where a run came from.
const (
	FromScreens = "save"  // the lab's screens (a save, or r)
	FromRun     = "run"   // go run . run
	FromGrade   = "grade" // go run . grade: TODO verdicts only, no parts played
)

// Record is one run of a day, as kept in the history.
type Record struct {
	At   time.Time `json:"at"` // UTC, to the second
	From string    `json:"from"`
	// Digest is a digest of the learner's files (LearnerDir's .go files,
	// names and contents), shown and never compared (FNV-1a since issue
	// 22, SHA-256 before); Bodies is one per TODO, of its function's body
	// as written (comments in it count), "" when the function was not
	// found (see bodyDigest). Changed lists the TODOs whose body differs
	// from the run before (nil on the first run).
	Digest  string         `json:"digest"`
	Bodies  map[int]string `json:"bodies,omitempty"`
	Changed []int          `json:"changed,omitempty"`
	// TODOs is each TODO's verdict; Parts each part played, in the day's
	// order (none for a grade). A part's figures are kept only once the
	// learner may see them (its predictions are revealed): the history is
	// a file in the repository too.
	TODOs map[int]labs.Status `json:"todos"`
	Parts []Part              `json:"parts,omitempty"`
	// Scores is each judged prediction's verdict ("spot on", "close
	// enough", "off") against this run's figures.
	Scores map[string]predictions.Kind `json:"scores,omitempty"`
}

// Part is one part of a run.
type Part struct {
	ID      string        `json:"id"`
	Status  labs.Status   `json:"status"`
	TODO    int           `json:"todo,omitempty"` // the TODO it waits on or failed in
	Figures []labs.Metric `json:"figures,omitempty"`
}

// Idle reports whether a run found nothing done: every TODO unfinished.
// AppendNew keeps no such run as a day's first: opening the lab, running
// or grading the shipped stubs changes no file.
func (r Record) Idle() bool {
	for _, s := range r.TODOs {
		if s != labs.Unfinished {
			return false
		}
	}
	return true
}

// Ran reports whether the run played the parts (a grade does not).
func (r Record) Ran() bool { return len(r.Parts) > 0 }

// Passed counts the TODOs that pass.
func (r Record) Passed() int {
	n := 0
	for _, s := range r.TODOs {
		if s == labs.Pass {
			n++
		}
	}
	return n
}

// Path is the history file of day in dir (the predictions folder).
func Path(dir string, day int) string {
	return filepath.Join(dir, fmt.Sprintf("day%d.history.jsonl", day))
}

func lockPath(dir string, day int) string {
	return filepath.Join(dir, fmt.Sprintf(".day%d.history.lock", day))
}

// Snapshot is the learner's files as a run found them.
type Snapshot struct {
	Digest string
	Bodies map[int]string
}

// Take reads day's learner files under root. A file that cannot be read or
// parsed still gives a digest (of what could be read), and the TODOs whose
// function could not be found get "".
func Take(root string, day labs.Day) Snapshot {
	dir := filepath.Join(root, day.LearnerDir)
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	sort.Strings(names)
	h := fnv.New64a()
	files := map[string][]byte{}
	for _, n := range names {
		data, err := atomicfile.ReadBounded(n, atomicfile.MaxSource)
		if err != nil {
			continue
		}
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.Base(n), len(data))
		h.Write(data)
		files[n] = data
	}
	s := Snapshot{Digest: hex.EncodeToString(h.Sum(nil))[:12], Bodies: map[int]string{}}
	bodies := map[string]string{}
	for _, n := range names {
		for fn, b := range Bodies(files[n]) {
			bodies[fn] = b
		}
	}
	for _, t := range day.TODOs {
		s.Bodies[t.Number] = bodies[t.Func]
	}
	return s
}

// Bodies digests the body of every top-level function in a Go source file,
// by name. A file with syntax errors still gives the functions whole before
// the fault. (labs/gofunc reads the tokens: go/parser would cost the
// learner's first build of the lab more than all of this package.)
func Bodies(src []byte) map[string]string {
	out := map[string]string{}
	funcs, _ := gofunc.Funcs(src)
	for _, f := range funcs {
		from, to := f.Body[0], f.Body[1]
		if from < 0 || to > len(src) || from >= to {
			continue
		}
		out[f.Name] = bodyDigest(src[from:to])
	}
	return out
}

// A TODO body's digest is FNV-1a (64 bits, the first 32 kept, as
// SHA-256's first 32 were) tagged "fnv:". It only has to tell a learner's
// edit from no edit, and crypto/sha256 would bring the FIPS 140 module
// into the lab's binary, which the learner's first `go run .` compiles
// (issue 22). Histories written before the switch hold untagged SHA-256
// digests; sameBody never compares the two kinds, so a run either side of
// the switch is neither "edited" nor "unchanged" for that reason.
const bodyTag = "fnv:"

func bodyDigest(body []byte) string {
	h := fnv.New64a()
	h.Write(body)
	return bodyTag + hex.EncodeToString(h.Sum(nil)[:4])
}

// sameBody says whether two body digests are of the same body; known is
// false when they cannot say: one of each kind (SHA-256 and FNV). ""
// (the function was not found) against a digest of either kind is a
// change: the function appeared or went.
func sameBody(a, b string) (same, known bool) {
	if a == "" || b == "" || strings.HasPrefix(a, bodyTag) == strings.HasPrefix(b, bodyTag) {
		return a == b, true
	}
	return false, false
}

// New makes the record of one run of the learner's code. show says which
// parts' figures may be kept (their predictions are revealed); answers
// are the learner's, with this run's reveals made, and give the verdicts.
func New(day labs.Day, o labs.Outcome, snap Snapshot, from string, at time.Time, answers predictions.Answers, show func(part string) bool) Record {
	r := Record{At: at.UTC().Truncate(time.Second), From: from, Digest: snap.Digest, Bodies: snap.Bodies, TODOs: map[int]labs.Status{}}
	for _, g := range o.Grades {
		r.TODOs[g.TODO] = g.Status
	}
	shown := labs.Metrics{}
	for _, p := range o.Parts {
		part := Part{ID: p.ID, Status: p.Status, TODO: p.TODO}
		if show == nil || show(p.ID) {
			for _, m := range p.Metrics {
				// A wall-clock figure differs every run: not in a tracked file.
				if finite(m.Value) && !Stopwatch(m) {
					part.Figures = append(part.Figures, m)
					shown[m.Name] = m.Value
				}
			}
		}
		r.Parts = append(r.Parts, part)
	}
	// Judged as the scoreboard judges (against the system, not a bug): with
	// no reference figures at hand, a verdict is kept only where every TODO
	// the prediction needs passed, so the learner's figure is the system's.
	for _, row := range predictions.ScoreAgainst(day, answers, shown, nil, o.Grades) {
		if row.Verdict != nil && answers.Predictions[row.ID].Revealed {
			if r.Scores == nil {
				r.Scores = map[string]predictions.Kind{}
			}
			r.Scores[row.ID] = row.Verdict.Kind
		}
	}
	return r
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// CorruptError says lines of a history could not be used. The file as it
// was is kept aside (KeptAs) and the good lines go on.
type CorruptError struct {
	Path     string
	Line     int    // the first bad line
	Problem  string // what was wrong with it
	Bad      int    // how many lines were bad
	KeptAs   string // "" when it was not (Load) or could not be (Append) moved aside
	Appended bool   // set by Append: the file was rewritten with the good lines
}

func (e *CorruptError) Error() string {
	more := ""
	if e.Bad > 1 {
		more = fmt.Sprintf(" (and %d more bad lines)", e.Bad-1)
	}
	s := fmt.Sprintf("%s:%d: a run in the history could not be read (%s)%s", e.Path, e.Line, e.Problem, more)
	switch {
	case e.KeptAs != "":
		return s + "; the file was kept as " + e.KeptAs + " and the history goes on without it"
	case e.Appended:
		return s + "; it could not be kept aside, and the history goes on without it"
	}
	return s + "; it is left out, and kept aside on the next run"
}

// Load reads day's history from dir, oldest first. A missing file is an
// empty history. Lines that cannot be used are left out and reported in a
// *CorruptError, with the good ones returned beside it.
func Load(dir string, day int) ([]Record, error) {
	recs, _, err := load(Path(dir, day), day)
	return recs, err
}

// load reads the history at path: its good runs, and each one's line as
// read (so that Append writes them back without encoding them again).
func load(path string, day int) ([]Record, [][]byte, error) {
	// Bounded before it is read: the history writes at most MaxBytes (and
	// one run beyond, when a single run is larger), so a file of twice
	// that is not one it wrote.
	data, err := atomicfile.ReadBounded(path, 2*MaxBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	var big *atomicfile.TooBigError
	if errors.As(err, &big) {
		return nil, nil, &CorruptError{Path: path, Line: 1, Bad: 1, Problem: fmt.Sprintf("it is %d bytes, more than a history keeps (%d at most)", big.Size, MaxBytes)}
	}
	if err != nil {
		return nil, nil, &CorruptError{Path: path, Line: 1, Bad: 1, Problem: "it could not be read: " + unwrapPath(err).Error()}
	}
	var recs []Record
	var lines [][]byte
	var bad *CorruptError
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), MaxBytes+1)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var r Record
		problem := ""
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			problem = "not a run: " + err.Error()
		} else if err := r.check(); err != nil {
			problem = err.Error()
		}
		if problem != "" {
			if bad == nil {
				bad = &CorruptError{Path: path, Line: n, Problem: problem}
			}
			bad.Bad++
			continue
		}
		recs = append(recs, r)
		lines = append(lines, append(append([]byte(nil), line...), '\n'))
	}
	if err := sc.Err(); err != nil {
		if bad == nil {
			bad = &CorruptError{Path: path, Line: n + 1, Problem: "a line is longer than a history may be"}
		}
		bad.Bad++
	}
	if bad != nil {
		return recs, lines, bad
	}
	return recs, lines, nil
}

// check refuses what no run would have written.
func (r Record) check() error {
	if r.At.IsZero() {
		return errors.New(`it has no "at"`)
	}
	switch r.From {
	case FromScreens, FromRun, FromGrade:
	default:
		return fmt.Errorf("%q is not where a run comes from", r.From)
	}
	for n, s := range r.TODOs {
		if !knownStatus(s) {
			return fmt.Errorf("TODO %d has the verdict %q", n, s)
		}
	}
	for _, p := range r.Parts {
		if p.ID == "" {
			return errors.New("a part has no id")
		}
		if !knownStatus(p.Status) {
			return fmt.Errorf("part %s has the status %q", p.ID, p.Status)
		}
	}
	for id, k := range r.Scores {
		switch k {
		case predictions.Spot, predictions.Close, predictions.Off:
		default:
			return fmt.Errorf("%s has the verdict %q", id, k)
		}
	}
	return nil
}

func knownStatus(s labs.Status) bool {
	switch s {
	case labs.Pass, labs.OK, labs.Fail, labs.Unfinished, labs.Crash, labs.Timeout, labError:
		return true
	}
	return false
}

// labError is the worker's status for a run the lab itself could not make
// (runner/worker); it is kept as it came.
const labError labs.Status = "lab-error"

// Append adds r to day's history in dir, setting r.Changed against the run
// before it, drops the oldest runs beyond the bound, and returns the
// history as written. Like the answers it is written under a lock
// (predictions/.day45.history.lock), reloaded first, and replaced
// atomically, and only inside dir's parent (the repository).
//
// Lines that could not be used are left out; the file as it was is kept
// aside first, and a *CorruptError comes back with the history written.
// Any other error means nothing was written.
func Append(dir string, day int, r Record) ([]Record, error) {
	return appendRun(dir, day, r, false)
}

// AppendNew is Append that leaves the file alone when r repeats the last
// run (Repeats), or would be the first and found nothing done (Idle):
// re-running unchanged code is no new record, so the tracked file does not
// change. added says whether r was written.
func AppendNew(dir string, day int, r Record) (recs []Record, added bool, err error) {
	recs, err = appendRun(dir, day, r, true)
	if errors.Is(err, errRepeat) {
		return recs, false, nil
	}
	return recs, err == nil || errors.As(err, new(*CorruptError)), err
}

// errRepeat is appendRun's word that it wrote nothing: r repeats the last.
var errRepeat = errors.New("the same run as the last")

// Repeats reports whether r is the same run as last: the same files, the
// same verdicts, parts, figures and scores, when and from where aside.
func Repeats(last, r Record) bool {
	if !r.Ran() {
		// A grade plays no part: it repeats any run of the same files
		// with the same verdicts.
		last.Parts, last.Scores = nil, nil
	}
	last.At, r.At, last.From, r.From, last.Changed, r.Changed = time.Time{}, time.Time{}, "", "", nil, nil
	return bytes.Equal(line(last), line(r))
}

func appendRun(dir string, day int, r Record, skipRepeat bool) ([]Record, error) {
	path := Path(dir, day)
	root := filepath.Dir(filepath.Clean(dir))
	if _, err := atomicfile.Within(root, path); err != nil {
		return nil, err
	}
	if err := r.check(); err != nil {
		return nil, fmt.Errorf("recording a run of day %d: %v", day, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("recording a run in %s: %v", path, err)
	}
	unlock, err := atomicfile.Lock(lockPath(dir, day))
	if err != nil {
		return nil, fmt.Errorf("recording a run in %s: %v", path, err)
	}
	defer unlock()
	recs, lines, loadErr := load(path, day)
	var bad *CorruptError
	if loadErr != nil {
		if !errors.As(loadErr, &bad) {
			return nil, loadErr
		}
		bad.Appended = true
		bad.KeptAs = predictions.KeepAside(path)
		if bad.KeptAs == "" {
			// The bad lines stay in the file we failed to move: writing over
			// it would lose them, and they are the learner's to look at.
			return nil, fmt.Errorf("%v; nothing was recorded", bad)
		}
	}
	if skipRepeat && loadErr == nil && (len(recs) > 0 && Repeats(recs[len(recs)-1], r) || len(recs) == 0 && r.Idle()) {
		return recs, errRepeat
	}
	r.Changed = changed(recs, r)
	recs, lines = append(recs, r), append(lines, line(r))
	from := keepFrom(lines, MaxRuns, MaxBytes)
	recs = recs[from:]
	data := bytes.Join(lines[from:], nil)
	if err := atomicfile.WriteWithin(root, path, data, 0o644); err != nil {
		var ro *atomicfile.ReadOnlyError
		var out *atomicfile.OutsideError
		if errors.As(err, &ro) || errors.As(err, &out) {
			return nil, err
		}
		return nil, fmt.Errorf("recording a run in %s: %v", path, err)
	}
	if bad != nil {
		return recs, bad
	}
	return recs, nil
}

// changed is the TODOs whose body differs from the last run's; a TODO
// whose two digests are of different kinds (sameBody) is not listed.
func changed(recs []Record, r Record) []int {
	if len(recs) == 0 {
		return nil
	}
	prev := recs[len(recs)-1]
	var out []int
	for n, b := range r.Bodies {
		if old, ok := prev.Bodies[n]; ok {
			if same, known := sameBody(old, b); known && !same {
				out = append(out, n)
			}
		}
	}
	sort.Ints(out)
	return out
}

// Bound keeps the newest runs that fit in maxRuns and maxBytes (as
// encoded); the newest always stays.
func Bound(recs []Record, maxRuns, maxBytes int) []Record {
	lines := make([][]byte, len(recs))
	for i, r := range recs {
		lines[i] = line(r)
	}
	return recs[keepFrom(lines, maxRuns, maxBytes):]
}

// keepFrom is the first of lines to keep within the bound.
func keepFrom(lines [][]byte, maxRuns, maxBytes int) int {
	from := max(len(lines)-maxRuns, 0)
	total := 0
	for i := len(lines) - 1; i >= from; i-- {
		total += len(lines[i])
		if total > maxBytes && i < len(lines)-1 {
			return i + 1
		}
	}
	return from
}

// Encode writes runs one per line, oldest first. encoding/json sorts map
// keys and keeps the fields' order, so the same run always gives the same
// line.
func Encode(recs []Record) []byte {
	var b bytes.Buffer
	for _, r := range recs {
		b.Write(line(r))
	}
	return b.Bytes()
}

func line(r Record) []byte {
	data, err := json.Marshal(r)
	if err != nil {
		return nil // only non-finite figures could fail, and New leaves them out
	}
	return append(data, '\n')
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// TODOName is "TODO 1" as the screens write it.
func TODOName(n int) string { return "TODO " + strconv.Itoa(n) }
