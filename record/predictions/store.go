package predictions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"termlab/labs"
	"termlab/record/atomicfile"
)

// Answers is everything a learner has answered on one day. It is stored as
// one JSON file per day (see Path) that a person can read and, with care,
// edit; Load checks it on the way in.
//
// Use New or Load to get one: the methods fill in missing maps, but a plain
// Answers{} has no day and cannot be saved.
type Answers struct {
	Day         int                    `json:"day"`
	Predictions map[string]Guess       `json:"predictions"` // by labs.Prediction.ID
	Drills      map[string]DrillAnswer `json:"drills"`      // by labs.Drill.ID
	// LastRun is the metrics of the latest run, so the scoreboard can be
	// shown again before anything reruns. Nil until a run finished.
	LastRun     labs.Metrics `json:"last_run"`
	TODOsPassed int          `json:"todos_passed"`
	// The file keeps no time of its last save: it is tracked by git, and a
	// stamp that changes on every save would make every diff of it noise.
	// When something happened is the history's (record/history).
}

// Guess is the learner's answer to one prediction.
type Guess struct {
	Value   *float64 `json:"value"`   // the current guess; nil when none
	Skipped bool     `json:"skipped"` // the learner chose not to guess
	// Revealed is set once the actual has been shown. Scored is the guess
	// on record at that moment (nil: there was none), the one that is
	// judged; Revised says the current guess has since moved away from it.
	Revealed bool     `json:"revealed"`
	Scored   *float64 `json:"scored"`
	Revised  bool     `json:"revised"`
	// AskedHow is set once the learner asked for "how to think about it"
	// (labs.Prediction.Think), and whether that was before the guess on
	// record: ThoughtFirst.
	AskedHow     bool `json:"asked_how,omitempty"`
	ThoughtFirst bool `json:"thought_first,omitempty"`
}

// AskHow records that the learner asked how to think about prediction id,
// and whether they had recorded no guess yet (it helped the guess).
func (a *Answers) AskHow(id string) {
	g := a.guess(id)
	if !g.AskedHow {
		g.AskedHow, g.ThoughtFirst = true, g.Value == nil && !g.Revealed
	}
	a.put(id, g)
}

// SelfMark is how a learner judged their own answer to a self-assessed
// drill against the model answer. Empty means not marked yet.
type SelfMark string

// The marks a learner can give themselves.
const (
	MarkGot    SelfMark = "got it"
	MarkPartly SelfMark = "partly"
	MarkMissed SelfMark = "missed it"
)

// DrillAnswer is the learner's work on one drill.
type DrillAnswer struct {
	Answers   []string `json:"answers"` // as typed, one per field (or the choice, or the text)
	Attempted bool     `json:"attempted"`
	// Correct is the checked result; for a self-assessed drill it stays nil
	// until the learner marks it (Mark).
	Correct *bool    `json:"correct"`
	Mark    SelfMark `json:"self_mark"`
}

// New returns empty answers for a day, ready to use and to save.
func New(day int) Answers {
	return Answers{Day: day, Predictions: map[string]Guess{}, Drills: map[string]DrillAnswer{}}
}

// Set records v as the current guess for a prediction. After the reveal the
// guess on record stays what it was; the guess is marked revised while it
// differs from that record.
func (a *Answers) Set(id string, v float64) {
	g := a.guess(id)
	g.Value, g.Skipped = &v, false
	a.put(id, g)
}

// Skip records that the learner chose not to guess.
func (a *Answers) Skip(id string) {
	g := a.guess(id)
	g.Value, g.Skipped = nil, true
	a.put(id, g)
}

// Reveal puts the current guess on record as the one to be judged. It is
// meant to be called as the actual is shown, and only the first call counts:
// nothing typed afterwards can improve the verdict. A skipped or empty
// prediction is revealed unpredicted.
func (a *Answers) Reveal(id string) { a.RevealAs(id, a.guess(id)) }

// RevealAs is Reveal judging shown: the guess as it stood when the lab first
// set out to reveal id. A reveal that reaches the file late (its first
// write failed: a full disk, a folder gone) still judges that guess, and
// one typed in between is a revision of it, not the guess on record.
func (a *Answers) RevealAs(id string, shown Guess) {
	g := a.guess(id)
	if g.Revealed {
		return
	}
	g.Revealed, g.Scored = true, nil
	if shown.Value != nil && !shown.Skipped {
		v := *shown.Value
		g.Scored = &v
	}
	a.put(id, g)
}

// RevealRun reveals every prediction of day whose metric a run produced.
func (a *Answers) RevealRun(day labs.Day, m labs.Metrics) {
	for _, p := range day.Predictions {
		if _, ok := m[p.Metric]; ok {
			a.Reveal(p.ID)
		}
	}
}

// Value is the current guess, and false when there is none.
func (a Answers) Value(id string) (float64, bool) {
	g := a.Predictions[id]
	if g.Value == nil || g.Skipped {
		return 0, false
	}
	return *g.Value, true
}

// SetDrill records the learner's work on a drill.
func (a *Answers) SetDrill(id string, d DrillAnswer) {
	if a.Drills == nil {
		a.Drills = map[string]DrillAnswer{}
	}
	a.Drills[id] = d
}

func (a *Answers) guess(id string) Guess { return a.Predictions[id] }

// put stores g, keeping Revised in step with the values so it can never
// disagree with them.
func (a *Answers) put(id string, g Guess) {
	g.Revised = g.revised()
	if a.Predictions == nil {
		a.Predictions = map[string]Guess{}
	}
	a.Predictions[id] = g
}

func (g Guess) revised() bool {
	if !g.Revealed {
		return false
	}
	if g.Value == nil || g.Scored == nil {
		return (g.Value == nil) != (g.Scored == nil)
	}
	return *g.Value != *g.Scored
}

// Path is where the answers for a day live in dir.
func Path(dir string, day int) string {
	return filepath.Join(dir, fmt.Sprintf("day%d.json", day))
}

// CorruptError says a stored file could not be used and where it was kept.
// The file is never deleted: a learner's answers are worth a look by hand.
type CorruptError struct {
	Path    string // the file that was read
	Line    int    // the line the problem is on; 0 when it is not one line's
	KeptAs  string // where it is now; empty if it could not be moved
	Problem string // what was wrong with it
	// Dropped is set when only some answers could not be used (LoadDay):
	// these ids were dropped and the rest kept.
	Dropped []string
	// Conflicts is set when the file held a git merge conflict (so many
	// conflicted regions, the first at Line) that the lab merged (Merge's
	// rules): the answers come back merged, nothing lost. A save writes
	// them, keeping the file as it was as KeptAs first; a read leaves the
	// file for that save.
	Conflicts int
	// Restored is set when the file had lost reveals (set back to
	// unrevealed by hand, a judged guess changed, the file deleted) that the
	// day's reveals file holds: they were put back, these ids.
	Restored []string
}

// Where is the file, with the line of the problem when it is one line's.
func (e *CorruptError) Where() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d", e.Path, e.Line)
	}
	return e.Path
}

func (e *CorruptError) Error() string {
	if len(e.Restored) == 0 {
		return e.error()
	}
	put := fmt.Sprintf("the reveals of %s, which %s had lost, are put back from %s (a revealed guess stays revealed; one changed since counts as revised)",
		strings.Join(e.Restored, ", "), filepath.Base(e.Path), filepath.Base(RevealsPath(filepath.Dir(e.Path), dayOf(e.Path))))
	if e.Problem == "" && e.Conflicts == 0 && len(e.Dropped) == 0 && e.KeptAs == "" {
		return e.Path + ": " + put
	}
	return e.error() + "; " + put
}

// dayOf is the day of an answers file's path, 0 when it is not one.
func dayOf(path string) int {
	var day int
	fmt.Sscanf(filepath.Base(path), "day%d.json", &day)
	return day
}

func (e *CorruptError) error() string {
	where := e.Where()
	if e.Conflicts > 0 {
		s := fmt.Sprintf("%s held a git merge conflict (%s): the answers of both sides were merged, every reveal on either side kept", where, howMany(e.Conflicts, "conflicted region"))
		if e.KeptAs != "" {
			s += "; the file now holds the merge (git add it to finish the merge) and the file as it was is kept as " + e.KeptAs
		}
		return s
	}
	if len(e.Dropped) > 0 {
		ids := e.Dropped
		more := ""
		if len(ids) > 5 {
			ids, more = ids[:5], fmt.Sprintf(" and %d more", len(e.Dropped)-5)
		}
		if e.KeptAs == "" { // the problem says why they stay
			return fmt.Sprintf("%s: %s (%s%s)", where, e.Problem, strings.Join(ids, ", "), more)
		}
		// Where the file went comes before the problem's detail, which can
		// be long: a status line that must cut the message keeps the path.
		return fmt.Sprintf("%s: the file as it was is kept as %s; %s (%s%s): they were dropped and your other answers kept", where, e.KeptAs, e.Problem, strings.Join(ids, ", "), more)
	}
	if e.KeptAs == "" {
		return fmt.Sprintf("%s could not be used (%s) and could not be moved aside either; starting empty", where, e.Problem)
	}
	return fmt.Sprintf("%s could not be used; it was kept as %s and the answers start empty (%s)", where, e.KeptAs, e.Problem)
}

// Load reads the answers for day from dir. A missing file is a first visit:
// empty answers and no error. A file that cannot be used is moved aside
// (see CorruptError) and empty answers come back with the error, so the
// caller can tell the learner and carry on.
func Load(dir string, day int) (Answers, error) {
	return loadAnswers(dir, day, nil, false)
}

// LoadDay is Load for a day the caller knows: answers to predictions and
// drills that day does not have (a hand edit, a file from another version
// of the course) are dropped. The file as it was is kept aside first, and
// a *CorruptError says what was dropped, with the answers that remain.
func LoadDay(dir string, day labs.Day) (Answers, error) {
	a, err := loadAnswers(dir, day.Number, &day, false)
	var pruned *CorruptError
	if !errors.As(err, &pruned) {
		return a, err
	}
	// (A file that could not be used at all and was kept aside is left for
	// the caller, which may hold the answers it had read from it.)
	restoredOnly := len(pruned.Restored) > 0 && pruned.KeptAs == "" && pruned.Problem == ""
	if len(pruned.Dropped) == 0 && pruned.Conflicts == 0 && !restoredOnly {
		return a, err
	}
	// Drop them (or write the merge, or the reveals put back) in the file too, under the lock (a copy of the file as it
	// was is kept first), so the note comes once and every reader agrees.
	saved, err := UpdateDay(dir, day, func(*Answers) error { return nil })
	if errors.As(err, &pruned) {
		return saved, err
	}
	pruned.Problem += fmt.Sprintf(" (they stay in the file, which could not be rewritten: %v)", err)
	return a, pruned
}

// loadAnswers is Load, dropping the answers known does not ask for when it
// is not nil; with keep (under the lock, about to save) a copy of the file
// as it was is kept aside first. Reveals the file has lost are put back
// from the day's reveals (reveals.go), with a note.
func loadAnswers(dir string, day int, known *labs.Day, keep bool) (Answers, error) {
	_, statErr := os.Lstat(Path(dir, day))
	a, err := loadFile(dir, day, known, keep)
	ledger := loadReveals(dir, day)
	if ledger == nil && errors.Is(statErr, fs.ErrNotExist) {
		// Neither the answers nor the reveals (both deleted): the history
		// still knows which were judged. Only then: while the answers are
		// there, a run's history can be written ahead of its reveal, and
		// would put back, unpredicted, the reveal about to land with its
		// guess.
		ledger = historyReveals(dir, day)
	}
	if known != nil {
		for id := range ledger {
			if _, ok := known.Prediction(id); !ok {
				delete(ledger, id)
			}
		}
	}
	restored := restoreReveals(&a, ledger)
	if len(restored) == 0 {
		return a, err
	}
	var e *CorruptError
	if !errors.As(err, &e) {
		if err != nil {
			return a, err
		}
		e = &CorruptError{Path: Path(dir, day)}
		err = e
	}
	e.Restored = restored
	return a, err
}

// loadFile is loadAnswers without the reveals' file.
func loadFile(dir string, day int, known *labs.Day, keep bool) (Answers, error) {
	path := Path(dir, day)
	var a Answers
	// A git pull that conflicted in the file: both sides merged, not the
	// file set aside as invalid JSON (which lost both).
	if data, err := atomicfile.ReadBounded(path, MaxFileBytes); err == nil && hasConflict(data) {
		merged, c, err := mergeConflict(data, day)
		if err != nil {
			line := 0
			if c, ok := splitConflict(data); ok {
				line = c.firstLine
			}
			return New(day), &CorruptError{Path: path, Line: line, KeptAs: keepAside(path), Problem: err.Error()}
		}
		a = merged
		e := &CorruptError{Path: path, Line: c.firstLine, Conflicts: c.regions}
		if known != nil {
			a.prune(*known)
		}
		if keep {
			e.KeptAs = keepCopy(path, data)
		}
		return a, e
	}
	err := load(path, &a, func() error { return a.check(day) })
	if err != nil || a.Day == 0 {
		return New(day), err
	}
	if a.Predictions == nil {
		a.Predictions = map[string]Guess{}
	}
	if a.Drills == nil {
		a.Drills = map[string]DrillAnswer{}
	}
	for id, g := range a.Predictions {
		a.put(id, g) // Revised is derived; a hand edit cannot make it lie
	}
	if known != nil {
		if dropped := a.prune(*known); len(dropped) > 0 {
			data := readBytes(path)
			e := &CorruptError{Path: path, Line: firstLine(data, dropped), Dropped: dropped,
				Problem: fmt.Sprintf("it holds %s that Day %d does not ask for", howMany(len(dropped), "answer"), day)}
			if keep {
				if e.KeptAs = keepCopy(path, data); e.KeptAs == "" {
					// No copy, no dropping: the save keeps them as they are.
					whole, err := loadFile(dir, day, nil, false)
					if err != nil {
						return whole, err
					}
					e.Problem += "; they could not be kept aside, so they stay in the file"
					return whole, e
				}
			}
			return a, e
		}
	}
	return a, nil
}

// firstLine is the earliest line among the first few of ids: looking up
// every one of a million would take longer than the lab may.
func firstLine(data []byte, ids []string) int {
	line := 0
	for _, id := range ids[:min(len(ids), 20)] {
		if l := lineOfKey(data, id); l > 0 && (line == 0 || l < line) {
			line = l
		}
	}
	return line
}

// prune drops the answers to predictions and drills day does not have, and
// returns their ids, sorted.
func (a *Answers) prune(day labs.Day) []string {
	var dropped []string
	for id := range a.Predictions {
		if _, ok := day.Prediction(id); !ok {
			dropped = append(dropped, id)
			delete(a.Predictions, id)
		}
	}
	drills := map[string]bool{}
	for _, d := range day.Drills {
		drills[d.ID] = true
	}
	for id := range a.Drills {
		if !drills[id] {
			dropped = append(dropped, id)
			delete(a.Drills, id)
		}
	}
	sort.Strings(dropped)
	return dropped
}

func howMany(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func readBytes(path string) []byte {
	data, _ := atomicfile.ReadBounded(path, MaxFileBytes)
	return data
}

// check is what Load refuses: the other day's answers, or numbers no guess
// could be (Parse would never have accepted them).
func (a Answers) check(day int) error {
	if a.Day != day {
		return &keyError{"day", fmt.Errorf("it holds day %d, not day %d", a.Day, day)}
	}
	for id, g := range a.Predictions {
		if id == "" {
			return errors.New("a prediction has no id")
		}
		for _, v := range []*float64{g.Value, g.Scored} {
			if v != nil && !(*v >= 0 && *v <= MaxValue) {
				return &keyError{id, fmt.Errorf("%s holds %v, which is not a guess from 0 to 1,000,000,000", id, *v)}
			}
		}
		if g.Skipped && g.Value != nil {
			return &keyError{id, fmt.Errorf("%s is both skipped and answered", id)}
		}
		if g.Scored != nil && !g.Revealed {
			return &keyError{id, fmt.Errorf("%s has a judged guess but was never revealed", id)}
		}
	}
	for id, d := range a.Drills {
		switch d.Mark {
		case "", MarkGot, MarkPartly, MarkMissed:
		default:
			return &keyError{id, fmt.Errorf("drill %s has the mark %q, which is not one of %q, %q or %q", id, d.Mark, MarkGot, MarkPartly, MarkMissed)}
		}
	}
	if a.TODOsPassed < 0 {
		return &keyError{"todos_passed", fmt.Errorf("todos_passed is %d", a.TODOsPassed)}
	}
	return nil
}

// Update changes day's answers on disk: under the day's lock it reloads the
// file, applies change to what it holds now, and writes the result
// atomically. It returns the answers as saved. Only what change touches
// moves, so two writers (two commands, or a command and the screens) never
// undo each other, and the no-hindsight rule of Answers holds across them:
// a guess revised after another writer's reveal is marked revised.
//
// dir is <module root>/predictions: the file must resolve inside dir's
// parent, so a link that leads outside the repository is refused
// (*atomicfile.OutsideError), as is a read-only file
// (*atomicfile.ReadOnlyError); nothing is written then.
//
// When change returns an error nothing is written and that error comes
// back. A file that cannot be used is kept aside as Load does and Update
// carries on from empty answers: the save is made and the *CorruptError
// comes back with the saved answers, for the caller to pass on. Every other
// error means nothing was written.
func Update(dir string, day int, change func(*Answers) error) (Answers, error) {
	return update(dir, day, nil, change)
}

// UpdateDay is Update for a day the caller knows: answers the day does not
// ask for are dropped on the way, as LoadDay drops them.
func UpdateDay(dir string, day labs.Day, change func(*Answers) error) (Answers, error) {
	return update(dir, day.Number, &day, change)
}

func update(dir string, day int, known *labs.Day, change func(*Answers) error) (Answers, error) {
	if day <= 0 {
		return Answers{}, fmt.Errorf("saving answers: they belong to no day (got day %d)", day)
	}
	path := Path(dir, day)
	root := filepath.Dir(filepath.Clean(dir))
	// Refuse before taking the lock: the lock file is created beside the
	// answers, and it must not be created outside the repository either.
	// (A read-only file is refused by the write; a damaged one is first
	// kept aside by Load.)
	if _, err := atomicfile.Within(root, path); err != nil {
		return Answers{}, saveError(path, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Answers{}, saveError(path, err)
	}
	unlock, err := atomicfile.Lock(lockPath(dir, day))
	if err != nil {
		return Answers{}, saveError(path, err)
	}
	defer unlock()
	// predictions/ is the lab's: temporary files a killed command left, of
	// any day, go once stale.
	atomicfile.SweepDir(dir)
	a, loadErr := loadAnswers(dir, day, known, true)
	var corrupt *CorruptError
	if loadErr != nil && !errors.As(loadErr, &corrupt) {
		return Answers{}, loadErr
	}
	if err := change(&a); err != nil {
		return Answers{}, err
	}
	a.Day = day
	// The reveals first: a crash between the two writes leaves a reveal on
	// record that the answers lack, which the next load puts back; never
	// the other way round.
	if err := a.check(day); err == nil {
		if err := saveReveals(root, dir, a, loadReveals(dir, day)); err != nil {
			return Answers{}, err
		}
	}
	if err := save(root, dir, &a); err != nil {
		return Answers{}, err
	}
	return a, loadErr
}

// lockPath is the lock file that serialises the writers of a day's
// answers: predictions/.day45.lock (ignored by git).
func lockPath(dir string, day int) string {
	return filepath.Join(dir, fmt.Sprintf(".day%d.lock", day))
}

// saveError names the file, unless the error already does.
func saveError(path string, err error) error {
	var ro *atomicfile.ReadOnlyError
	var out *atomicfile.OutsideError
	if errors.As(err, &ro) || errors.As(err, &out) {
		return err
	}
	return fmt.Errorf("saving %s: %v", path, err)
}

// save writes a to Path(dir, a.Day). It is only ever
// called by Update, under the lock, with what it has just reloaded and
// changed: writing a copy held for a while would undo every save made
// since. Metrics that are not finite numbers are left out of LastRun,
// since JSON cannot hold them; to a reader they look like a part that did
// not run.
func save(root, dir string, a *Answers) error {
	// Refuse now what Load would refuse later, rather than write a file
	// that is moved aside on the next start.
	if err := a.check(a.Day); err != nil {
		return fmt.Errorf("saving answers for day %d: %v", a.Day, err)
	}
	if a.LastRun != nil {
		clean := make(labs.Metrics, len(a.LastRun))
		for k, v := range a.LastRun {
			if finite(v) {
				clean[k] = v
			}
		}
		a.LastRun = clean
	}
	return writeJSON(root, Path(dir, a.Day), *a)
}

// LabState is what the lab remembers across days.
type LabState struct {
	LastDay int `json:"last_day"` // the day open when the lab last closed
}

const labFile = "lab.json"

// LoadLab reads the lab's state from dir; a missing file is a zero state.
// A file that cannot be used is handled as in Load.
func LoadLab(dir string) (LabState, error) {
	var s LabState
	if err := load(filepath.Join(dir, labFile), &s, s.check); err != nil {
		return LabState{}, err
	}
	return s, nil
}

// SaveLab writes the lab's state to dir atomically.
func SaveLab(dir string, s LabState) error {
	path := filepath.Join(dir, labFile)
	if err := s.check(); err != nil {
		return fmt.Errorf("saving %s: %v", path, err)
	}
	return writeJSON(filepath.Dir(filepath.Clean(dir)), path, s)
}

func (s *LabState) check() error {
	if s.LastDay < 0 {
		return fmt.Errorf("last_day is %d, below zero", s.LastDay)
	}
	return nil
}

// now is the clock for the names of kept-aside files; tests replace it.
var now = time.Now

// load decodes the JSON file at path into v and runs check on it. A missing
// file leaves v untouched and is no error. Anything else that goes wrong
// moves the file aside and returns a *CorruptError.
func load(path string, v any, check func() error) error {
	// Bounded before it is read: a 3 GB file is refused by its size.
	data, err := atomicfile.ReadBounded(path, MaxFileBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	problem, line := "", 0
	var big *atomicfile.TooBigError
	switch {
	case errors.As(err, &big):
		problem = fmt.Sprintf("it is %d bytes, far more than answers take (at most %d)", big.Size, MaxFileBytes)
	case err != nil:
		problem = "it could not be read: " + unwrapPath(err).Error()
	case len(bytes.TrimSpace(data)) == 0:
		problem = "it is empty"
	default:
		if err := json.Unmarshal(data, v); err != nil {
			problem, line = "it is not valid JSON: "+err.Error(), jsonLine(data, err)
		} else if err := check(); err != nil {
			problem = err.Error()
			var k *keyError
			if errors.As(err, &k) {
				line = lineOfKey(data, k.key)
			}
		}
	}
	if problem == "" {
		return nil
	}
	return &CorruptError{Path: path, Line: line, KeptAs: keepAside(path), Problem: problem}
}

// MaxFileBytes bounds an answers file the lab will read: a day's answers
// take a few kilobytes, and a file far past that (a hand edit, another
// program) must not take the screens' memory with it.
const MaxFileBytes = 64 << 20

// keyError is a problem with one entry of the file, by its key.
type keyError struct {
	key string
	err error
}

func (e *keyError) Error() string { return e.err.Error() }

// jsonLine is the line a decoding error points at, 0 when it points nowhere.
func jsonLine(data []byte, err error) int {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return lineAt(data, se.Offset)
	case errors.As(err, &te):
		return lineAt(data, te.Offset)
	}
	return 0
}

func lineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return 1 + bytes.Count(data[:off], []byte("\n"))
}

// lineOfKey is the line where the entry "key": first appears, 0 when it
// does not.
func lineOfKey(data []byte, key string) int {
	k, _ := json.Marshal(key)
	i := bytes.Index(data, append(k, ':'))
	if i < 0 {
		return 0
	}
	return lineAt(data, int64(i))
}

// KeepAside moves a file the lab cannot use out of the way, as Load does
// with a damaged answers file, and returns its new name ("" when it could
// not be moved). Other stores of the learner's (record/history) use it so
// that every kept file is named alike.
func KeepAside(path string) string { return keepAside(path) }

// unwrapPath drops the path from an *fs.PathError, which CorruptError
// already names.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// keepAside renames path to path.corrupt-<UTC time>, adding -2, -3, … when
// that name is taken, and returns the new name ("" if it could not move it).
// The new name is first claimed with O_EXCL, then the rename replaces only
// that empty placeholder: a file kept earlier is never overwritten, even by
// two loads racing in the same second.
func keepAside(path string) string {
	base := path + ".corrupt-" + now().UTC().Format("20060102-150405")
	for n := 1; n < 1000; n++ {
		name := base
		if n > 1 {
			name = fmt.Sprintf("%s-%d", base, n)
		}
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return ""
		}
		f.Close()
		if err := os.Rename(path, name); err != nil {
			// A directory cannot replace a file; free the name and move it
			// there instead.
			os.Remove(name)
			if err := os.Rename(path, name); err != nil {
				return ""
			}
		}
		return name
	}
	return ""
}

// keepCopy writes data, the file at path as it was, to a new name as
// keepAside would move it there ("" if it could not), leaving path in place
// for the save that follows.
func keepCopy(path string, data []byte) string {
	base := path + ".corrupt-" + now().UTC().Format("20060102-150405")
	for n := 1; n < 1000; n++ {
		name := base
		if n > 1 {
			name = fmt.Sprintf("%s-%d", base, n)
		}
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return ""
		}
		_, werr := f.Write(data)
		if cerr := f.Close(); werr != nil || cerr != nil {
			os.Remove(name)
			return ""
		}
		return name
	}
	return ""
}

// writeJSON writes v as indented JSON with a trailing newline. Struct fields
// keep their order and encoding/json sorts map keys, so the same answers
// always give the same bytes and a diff of two saves shows only changes.
func writeJSON(root, path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("saving %s: %v", path, err)
	}
	// Replaced atomically (see record/atomicfile): a reader, a crash or
	// another writer never sees a half-written file.
	if err := atomicfile.WriteWithin(root, path, append(data, '\n'), 0o644); err != nil {
		return saveError(path, err)
	}
	return nil
}
