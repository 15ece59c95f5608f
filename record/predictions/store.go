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

	"termlab/labs"
	"termlab/record/atomicfile"
)

// Path is where the answers for a day live in dir.
func Path(dir string, day int) string {
	return filepath.Join(dir, fmt.Sprintf("day%d.json", day))
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
	for id := range a.Practice {
		if _, ok := day.Prediction(id); !ok {
			delete(a.Practice, id)
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
		if !g.Confidence.valid() {
			return &keyError{id, fmt.Errorf("%s's confidence is %q, which is not sure, likely or guess", id, g.Confidence)}
		}
		if g.Explanation != "" {
			if _, err := CleanExplanation(g.Explanation); err != nil {
				return &keyError{id, fmt.Errorf("%s's explanation: %v", id, err)}
			}
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
	if err := a.checkPractice(); err != nil {
		return err
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
	// A change that changes nothing writes nothing: an unchanged file
	// keeps git's status clean and wakes no watcher, and a day never opened
	// gets no file from a command that only looked at it.
	if loadErr == nil && unchanged(path, a) {
		return a, nil
	}
	if err := save(root, dir, &a); err != nil {
		return Answers{}, err
	}
	return a, loadErr
}

// unchanged reports whether writing a would leave the file at path as it
// is: the same bytes, or no file and nothing in a to keep.
func unchanged(path string, a Answers) bool {
	old, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return len(a.Predictions) == 0 && len(a.Drills) == 0 && len(a.LastRun) == 0 && a.TODOsPassed == 0 && len(a.Practice) == 0
	}
	if err != nil {
		return false
	}
	data, err := encode(a)
	return err == nil && bytes.Equal(old, data)
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
	a.LastRun = finiteOnly(a.LastRun)
	return writeJSON(root, Path(dir, a.Day), *a)
}

// finiteOnly is m without the metrics JSON cannot hold.
func finiteOnly(m labs.Metrics) labs.Metrics {
	if m == nil {
		return nil
	}
	clean := make(labs.Metrics, len(m))
	for k, v := range m {
		if finite(v) {
			clean[k] = v
		}
	}
	return clean
}

// encode is the bytes save writes for a.
func encode(a Answers) ([]byte, error) {
	a.LastRun = finiteOnly(a.LastRun)
	data, err := json.MarshalIndent(a, "", "  ")
	return append(data, '\n'), err
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
