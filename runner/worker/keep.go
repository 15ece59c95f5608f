package worker

// A save re-runs only what it changed. A learner edits one function per
// save; the other TODOs' grades, and the parts that never call the
// changed code, would give the same result as the run before, yet each
// costs a worker process and up to most of a second of CPU (Day 46's
// passing TODOs 2–4 and Parts 4–6). A Keep holds those results between
// the runs of one runner, and a run reuses one only when nothing it can
// depend on has changed:
//
//   - its key is the course's version (the day's cache folder name: every
//     build input but the learners' files, and the Go version), the run's
//     settings, the environment the workers inherit and the task, hashed,
//     and the learner's folder with only the bodies of the TODO functions
//     the task cannot reach left out (labs.LearnerSource.Source), as text;
//   - only a settled verdict is kept: a grade that passed or failed, a part
//     that played, answered by the worker itself, naming no file:line of
//     the learner's code (another function that grows moves every line
//     below it). A timeout, a crash, a starved run, a lab error or a stub
//     runs again, as does any part that reaches beyond the process (a
//     heavy part's servers and wall clock);
//   - a run stopped (a newer save, Ctrl-C), failed, or whose files changed
//     while it built keeps nothing; one that ends keeps what it used and
//     found, for its day's next keptRuns runs at least (a mistake tried
//     and undone finds the results of the code it goes back to), so the
//     memory is a few runs' worth per day.
//
// A part whose pieces say what each runs (labs.Part.Pieces) is kept piece
// by piece, each under a key of its own roots, and played in the pieces a
// save reached (pieces.go).
//
// The build still runs on every save: it is the compile check, and the
// tasks that do run need it. Only the learner's own front ends (the
// screens) set Runner.Keep: a class's grading, `grade` and the reference
// run everything, every time.

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"termlab/labs"
	"termlab/labs/gofunc"
)

// Keep is the results a learner's runner keeps between its runs (see
// above). The zero Keep is ready to use; Runner.Keep points at one, so the
// copies RunStream makes share it.
type Keep struct {
	mu   sync.Mutex
	days map[int]*keptDay
}

// keptRuns is how many of a day's last runs a result is kept for after
// the last that used it: a save that undoes the last few (a mistake tried
// and taken back) finds the results of the code it goes back to.
const keptRuns = 8

// keptDay is one day's kept results, by key, and its runs so far.
type keptDay struct {
	runs    int
	results map[string]kept
	// took is how long each piece last played ("part:piece"), whatever
	// its code: the next save plays the longest parts first (costs).
	took map[string]time.Duration
}

// kept is one task's result (a grade, a part, or a piece of a part with
// the part before its pieces) and the last run, of its day's, that used it
// or found it.
type kept struct {
	grade labs.Grade
	part  labs.PartResult
	piece playedPiece
	base  labs.PartResult
	run   int
}

// keepRun is one run's use of a Keep: each task's key ("" when it is
// never reused), what it found, and the results to keep when it ends.
type keepRun struct {
	keep   *Keep
	day    int
	grades []string // by TODO index
	parts  []string // by part index
	// pieces are the keys of each piece of a part kept piece by piece
	// (pieces.go), by part index: nil for a part kept whole.
	pieces [][]string
	have   map[string]kept
	took   map[string]time.Duration // keptDay's, as the run began

	mu      sync.Mutex
	fresh   map[string]kept
	tookNow map[string]time.Duration
	void    bool
}

// keepFor is run's keepRun for day, reading the learner's folder as it
// was before the build (snap): nil when the runner keeps nothing, or
// nothing can be said of what the tasks reach.
func (r *Runner) keepFor(day labs.Day, parts []labs.Part, snap []labs.SourceFile) *keepRun {
	if r.Keep == nil || r.Confine || r.ref != nil || r.cache == "" || snap == nil {
		return nil
	}
	todos := make([]string, len(day.TODOs))
	for i, t := range day.TODOs {
		todos[i] = t.Func
	}
	src, err := labs.ParseLearner(snap, todos)
	if err != nil || namesLearner(r.Root, day, snap) {
		return nil
	}
	env := os.Environ()
	slices.Sort(env)
	settings := fmt.Sprintf("%s\x00%s\x00%v %v %v %v %d\x00%q\x00%q",
		r.cache, r.Go, r.Confine, r.Prints, r.GradesOnly, r.PartsOnly, day.Number, env, gcEnv())
	// The key holds the learner's text itself, not a hash of it: FNV (see
	// rootName) is no defence against inputs chosen to collide, and the
	// learner chooses this text. A few kB a task, for a few runs.
	key := func(kind, id string, roots []string) string {
		h := fnv.New128a()
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00", settings, kind, id)
		return fmt.Sprintf("%x\x00", h.Sum(nil)) + string(src.Source(roots))
	}
	k := &keepRun{keep: r.Keep, day: day.Number, grades: make([]string, len(day.TODOs)), parts: make([]string, len(parts)),
		pieces: make([][]string, len(parts)), fresh: map[string]kept{}, tookNow: map[string]time.Duration{}}
	apart := !keepsState(day, snap) // parts may be played piece by piece
	for i, t := range day.TODOs {
		k.grades[i] = key("grade", strconv.Itoa(t.Number), []string{t.Func})
	}
	for i, p := range parts {
		if p.Heavy {
			continue
		}
		roots := func(uses []int) []string {
			var out []string
			for _, n := range uses {
				if n >= 1 && n <= len(todos) {
					out = append(out, todos[n-1])
				}
			}
			return out
		}
		if apart && len(p.Pieces) > 0 {
			k.pieces[i] = make([]string, len(p.Pieces))
			for j, uses := range p.Pieces {
				k.pieces[i][j] = key("piece", p.ID+":"+strconv.Itoa(j), roots(uses))
			}
			continue
		}
		k.parts[i] = key("part", p.ID, roots(p.Uses))
	}
	r.Keep.mu.Lock()
	if d := r.Keep.days[day.Number]; d != nil {
		k.have = maps.Clone(d.results) // later runs change the Keep's
		k.took = maps.Clone(d.took)
	}
	r.Keep.mu.Unlock()
	return k
}

// namesLearner reports whether a file of the learner's folder names
// another learner's folder by import path (an import, or anything else:
// reading more than the imports only costs a key), whose files no key
// covers.
func namesLearner(root string, day labs.Day, files []labs.SourceFile) bool {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return true
	}
	mod := modulePath(data) + "/"
	own := strings.Trim(day.LearnerDir, "/")
	for _, f := range files {
		text := string(f.Data)
		for {
			i := strings.Index(text, mod)
			if i < 0 {
				break
			}
			text = text[i+len(mod):]
			end := strings.IndexFunc(text, func(r rune) bool {
				return r != '/' && r != '_' && r != '.' && r != '-' && !unicode.IsLetter(r) && !unicode.IsDigit(r)
			})
			if end < 0 {
				end = len(text)
			}
			for p := strings.TrimRight(text[:end], "/"); p != "" && p != "."; p = path.Dir(p) {
				if p != own && learnerFolder(root, filepath.Join(root, filepath.FromSlash(p))) {
					return true
				}
			}
		}
	}
	return false
}

// keepsState reports whether the learner's folder may keep state between
// calls of its functions: a Go file of theirs (one that is not as the
// course ships it) declares a package-level variable, or cannot be read
// for one. Such a folder's parts are played whole (pieces.go).
func keepsState(day labs.Day, files []labs.SourceFile) bool {
	for _, f := range files {
		if !strings.HasSuffix(f.Name, ".go") || day.Shipped[f.Name] == string(f.Data) {
			continue
		}
		if vars, err := gofunc.DeclaresVars(f.Data); err != nil || vars {
			return true
		}
	}
	return false
}

// snapshot is every file of the learner's folder (not its subfolders,
// which are the course's and in the day's cache folder name); nil when
// one cannot be read.
func snapshot(root string, day labs.Day) []labs.SourceFile {
	dir := filepath.Join(root, filepath.FromSlash(day.LearnerDir))
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	files := []labs.SourceFile{}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil
		}
		files = append(files, labs.SourceFile{Name: e.Name(), Data: data})
	}
	return files
}

// sameFiles reports whether two snapshots hold the same files.
func sameFiles(a, b []labs.SourceFile) bool {
	return a != nil && b != nil && slices.EqualFunc(a, b, func(x, y labs.SourceFile) bool {
		return x.Name == y.Name && string(x.Data) == string(y.Data)
	})
}

// grade is the kept grade of TODO index i, if any.
func (k *keepRun) grade(i int) (labs.Grade, bool) {
	if k == nil || k.grades[i] == "" {
		return labs.Grade{}, false
	}
	v, ok := k.have[k.grades[i]]
	return v.grade, ok
}

// has reports whether a result is kept under key.
func (k *keepRun) has(key string) bool {
	_, ok := k.have[key]
	return key != "" && ok
}

// pieceName names piece j of part index i for took.
func pieceName(i, j int) string { return strconv.Itoa(i) + ":" + strconv.Itoa(j) }

// costs is how long each part of parts whose pieces the run must play is
// expected to take, by how long those pieces last took (zero for a part it
// does not play so); not ok when the run keeps no part piece by piece, or
// any piece to play has never been timed.
func (k *keepRun) costs(parts []labs.Part) (cost []time.Duration, ok bool) {
	if k == nil {
		return nil, false
	}
	cost = make([]time.Duration, len(parts))
	for i, p := range parts {
		if p.Heavy {
			continue
		}
		if k.pieces[i] == nil {
			return nil, false
		}
		only, _ := k.missing(i)
		for _, j := range only {
			d, timed := k.took[pieceName(i, j)]
			if !timed {
				return nil, false
			}
			cost[i] += d
		}
	}
	return cost, true
}

// lacks reports whether no result is kept under key.
func (k *keepRun) lacks(key string) bool { return !k.has(key) }

// part is the kept result of part index i, if any: kept whole, or every
// piece of it kept, joined.
func (k *keepRun) part(i int) (labs.PartResult, bool) {
	if k == nil {
		return labs.PartResult{}, false
	}
	if keys := k.pieces[i]; keys != nil {
		only, kept := k.missing(i)
		if len(only) > 0 {
			return labs.PartResult{}, false
		}
		return joinPlayed(k.have[keys[0]].base, kept), true
	}
	if k.parts[i] == "" {
		return labs.PartResult{}, false
	}
	v, ok := k.have[k.parts[i]]
	return v.part, ok
}

// missing is, for part index i kept piece by piece, the places of its
// pieces not kept and the pieces kept; nil, nil for a part kept whole (or
// not at all).
func (k *keepRun) missing(i int) (only []int, kept []playedPiece) {
	if k == nil || k.pieces[i] == nil {
		return nil, nil
	}
	only = []int{}
	for j, key := range k.pieces[i] {
		if v, ok := k.have[key]; ok {
			kept = append(kept, v.piece)
		} else {
			only = append(only, j)
		}
	}
	return only, kept
}

// notePieces keeps the pieces of part index i that played, with the part
// before its pieces, each a settled result as notePart keeps a part's,
// and the kept pieces it was joined with; a part whose worker died keeps
// none of them.
func (k *keepRun) notePieces(i int, played playedPieces) {
	if k == nil || k.pieces[i] == nil || played.Pieces == nil {
		return
	}
	for j, key := range k.pieces[i] {
		if v, ok := k.have[key]; ok && !slices.ContainsFunc(played.Pieces, func(p playedPiece) bool { return p.Piece == j }) {
			k.put(key, v)
		}
	}
	for _, p := range played.Pieces {
		if p.Piece < 0 || p.Piece >= len(k.pieces[i]) {
			continue
		}
		k.mu.Lock()
		k.tookNow[pieceName(i, p.Piece)] = p.Took
		k.mu.Unlock()
		if p.Result.Where != "" || namesLine(p) {
			continue
		}
		if s := p.Result.Status; s != labs.OK && s != labs.Fail {
			continue
		}
		k.put(k.pieces[i][p.Piece], kept{piece: p, base: played.Part})
	}
}

// reuse lands the run's kept grades and parts in out, in one update, and
// keeps them for the runs to come; runBuilt starts a worker for the rest
// alone.
func (r *Runner) reuse(out *labs.Outcome, update func(set func())) {
	k := r.keep
	if k == nil || !slices.ContainsFunc(k.grades, k.has) && !slices.ContainsFunc(k.parts, k.has) &&
		!slices.ContainsFunc(k.pieces, func(keys []string) bool { return keys != nil && !slices.ContainsFunc(keys, k.lacks) }) {
		return
	}
	update(func() {
		for i := range out.Grades {
			if g, ok := k.grade(i); ok {
				out.Grades[i] = g
				k.put(k.grades[i], kept{grade: g})
			}
		}
		for i := range out.Parts {
			if p, ok := k.part(i); ok {
				out.Parts[i] = p
				if k.pieces[i] == nil {
					k.put(k.parts[i], kept{part: p})
				}
				for _, key := range k.pieces[i] {
					k.put(key, k.have[key])
				}
			}
		}
	})
}

// noteGrade keeps TODO index i's grade when it is a settled verdict.
func (k *keepRun) noteGrade(i int, g labs.Grade, fault *labs.Fault) {
	if k == nil || k.grades[i] == "" || fault != nil || (g.Status != labs.Pass && g.Status != labs.Fail) || g.Where != "" || namesLine(g) {
		return
	}
	k.put(k.grades[i], kept{grade: g})
}

// notePart keeps part index i's result (as the worker answered it, before
// any blame) when it is a settled one.
func (k *keepRun) notePart(i int, p labs.PartResult, fault *labs.Fault) {
	if k == nil || k.parts[i] == "" || fault != nil || (p.Status != labs.OK && p.Status != labs.Fail) || p.Where != "" || namesLine(p) {
		return
	}
	k.put(k.parts[i], kept{part: p})
}

func (k *keepRun) put(key string, v kept) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.fresh[key] = v
}

// forget makes the run keep nothing (its file never finished loading).
func (k *keepRun) forget() {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.void = true
}

// commit adds what this run used and found to the day's kept results,
// and forgets those no run has used for keptRuns runs; a forgotten run
// leaves the Keep as it was.
func (k *keepRun) commit() {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.void {
		return
	}
	k.keep.mu.Lock()
	defer k.keep.mu.Unlock()
	if k.keep.days == nil {
		k.keep.days = map[int]*keptDay{}
	}
	d := k.keep.days[k.day]
	if d == nil {
		d = &keptDay{results: map[string]kept{}}
		k.keep.days[k.day] = d
	}
	d.runs++
	if d.took == nil {
		d.took = map[string]time.Duration{}
	}
	maps.Copy(d.took, k.tookNow)
	for key, v := range k.fresh {
		v.run = d.runs
		d.results[key] = v
	}
	maps.DeleteFunc(d.results, func(_ string, v kept) bool { return v.run <= d.runs-keptRuns })
}

// fileLine is a place in a Go file: a result that names one is not kept.
var fileLine = regexp.MustCompile(`\.go:\d`)

// namesLine reports whether v, as JSON, names a file:line anywhere.
func namesLine(v any) bool {
	data, err := json.Marshal(v)
	return err != nil || fileLine.Match(data)
}
