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
	"unicode"

	"termlab/labs"
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
}

// kept is one task's result (a grade or a part) and the last run, of its
// day's, that used it or found it.
type kept struct {
	grade labs.Grade
	part  labs.PartResult
	run   int
}

// keepRun is one run's use of a Keep: each task's key ("" when it is
// never reused), what it found, and the results to keep when it ends.
type keepRun struct {
	keep   *Keep
	day    int
	grades []string // by TODO index
	parts  []string // by part index
	have   map[string]kept

	mu    sync.Mutex
	fresh map[string]kept
	void  bool
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
	k := &keepRun{keep: r.Keep, day: day.Number, grades: make([]string, len(day.TODOs)), parts: make([]string, len(parts)), fresh: map[string]kept{}}
	for i, t := range day.TODOs {
		k.grades[i] = key("grade", strconv.Itoa(t.Number), []string{t.Func})
	}
	for i, p := range parts {
		if p.Heavy {
			continue
		}
		var roots []string
		for _, n := range p.Uses {
			if n >= 1 && n <= len(todos) {
				roots = append(roots, todos[n-1])
			}
		}
		k.parts[i] = key("part", p.ID, roots)
	}
	r.Keep.mu.Lock()
	if d := r.Keep.days[day.Number]; d != nil {
		k.have = maps.Clone(d.results) // later runs change the Keep's
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

// part is the kept result of part index i, if any.
func (k *keepRun) part(i int) (labs.PartResult, bool) {
	if k == nil || k.parts[i] == "" {
		return labs.PartResult{}, false
	}
	v, ok := k.have[k.parts[i]]
	return v.part, ok
}

// reuse lands the run's kept grades and parts in out, in one update, and
// keeps them for the runs to come; runBuilt starts a worker for the rest
// alone.
func (r *Runner) reuse(out *labs.Outcome, update func(set func())) {
	k := r.keep
	if k == nil || !slices.ContainsFunc(k.grades, k.has) && !slices.ContainsFunc(k.parts, k.has) {
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
				k.put(k.parts[i], kept{part: p})
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
