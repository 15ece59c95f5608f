package session

import (
	"errors"
	"maps"
	"reflect"
	"sync"
	"time"

	"termlab/labs"
	"termlab/record/history"
	"termlab/record/predictions"
	"termlab/record/results"
)

// Record is one day's answers as a long-lived front end (the screens)
// holds them: the file as this process last read or wrote it, the changes
// the learner made since that are on their way to it, and the reveals of
// the latest run, each shown only once it is on record.
//
// Nothing writes back a whole copy: a command run from another shell may
// have saved since, and a copy would undo it. Each thing the learner does
// is a change, a function on the answers (set P1, reveal Part A, mark
// D4). Change applies it on top of the file at once and queues it; Write
// then applies every queued change, in order, to the file as reloaded
// under its lock. Reads and writes take turns (io) and set the file's
// state in the order they happen, so a state read before a newer write can
// never replace it: no stamp is needed. The one counter is the change
// number, which says which changes a write took.
//
// A Record is safe for concurrent use: the screens call Change and Reveal
// on their own goroutine and Write and Reload in the background.
type Record struct {
	s  *Session
	io sync.Mutex // one read or write of the day's files at a time

	mu    sync.Mutex
	file  predictions.Answers // the file as last read or written here
	queue []change            // made, not yet in the file (a write in flight included)
	seq   int                 // the last change number handed out
	taken int                 // the newest change a write has taken

	// The reveal (Reveal): recording is, per part, the version of a part
	// whose reveal is being written; revealed, per part, the version whose
	// figures may show. revealErr is why the last reveal could not be
	// recorded; firstShown, per prediction, the guess on screen when the
	// lab first set out to reveal it, kept until the file shows it
	// revealed: a reveal that lands after a failed write judges that
	// guess, so a guess changed in between counts as revised (RevealAs).
	recording  map[string]recording
	revealed   map[string]labs.PartResult
	revealErr  error
	firstShown map[string]predictions.Guess

	block string // RESULTS.md's block asked for, not yet written
}

type change struct {
	id int
	fn func(*predictions.Answers) error
}

type recording struct {
	res labs.PartResult
	id  int      // the change that writes its reveal
	ids []string // the predictions it reveals
}

// NewRecord is the day of s as a front end holds it, starting from a (the
// file as read; Reload reads it again).
func NewRecord(s *Session, a predictions.Answers) *Record {
	if a.Day == 0 {
		a = predictions.New(s.Day.Number)
	}
	return &Record{s: s, file: CloneAnswers(a), recording: map[string]recording{}, revealed: map[string]labs.PartResult{}}
}

// Session is the record's session: its day and files.
func (r *Record) Session() *Session { return r.s }

// Answers is what the learner sees: the file with the changes on their
// way on top. It is the caller's copy.
func (r *Record) Answers() predictions.Answers {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.view()
}

func (r *Record) view() predictions.Answers {
	a := CloneAnswers(r.file)
	for _, c := range r.queue {
		_ = c.fn(&a) // a refused change changes nothing (Try)
	}
	return a
}

// File is the answers file as last read or written here: what is on record.
func (r *Record) File() predictions.Answers {
	r.mu.Lock()
	defer r.mu.Unlock()
	return CloneAnswers(r.file)
}

// OnFile reports whether prediction id is revealed on record.
func (r *Record) OnFile(id string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.file.Predictions[id].Revealed
}

// Change applies fn on top of the file at once and queues it for Write.
// It is applied again to the file as reloaded, so it must set values
// rather than toggle them, and capture nothing it shares.
func (r *Record) Change(fn func(*predictions.Answers)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.change(func(a *predictions.Answers) error { fn(a); return nil })
}

func (r *Record) change(fn func(*predictions.Answers) error) int {
	r.seq++
	r.queue = append(r.queue, change{id: r.seq, fn: fn})
	return r.seq
}

// Pending reports whether a change waits for a Write.
func (r *Record) Pending() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.queue) > 0 && r.queue[len(r.queue)-1].id > r.taken
}

// Saved is what a Write did.
type Saved struct {
	Took bool  // it wrote (false: an earlier Write took every change)
	Err  error // nothing was saved: the changes it took are dropped
	// Note is a problem worth the learner's eye: the file was damaged,
	// kept aside, and the save made anyway (with, when the whole file was
	// lost, the answers this process had put back: Pending then).
	Note string
	// Restored: Note only says that reveals the answers file had lost
	// were put back from the reveals file.
	Restored bool
	Landed   bool // parts whose reveal is now on record may show
	// Changed is the numbers of the changes this write took (Try's): all
	// are on file unless Err, but those in Refused, which the file as
	// reloaded refused and which were dropped.
	Changed []int
	Refused map[int]error
}

// Write writes every change queued and not yet taken, in order, to the
// file as reloaded under its lock (a guess saved from another shell
// stays), and settles the reveals it carried.
func (r *Record) Write() Saved {
	r.io.Lock()
	defer r.io.Unlock()
	r.mu.Lock()
	var q []change
	for _, c := range r.queue {
		if c.id > r.taken {
			q = append(q, c)
		}
	}
	if len(q) == 0 {
		r.mu.Unlock()
		return Saved{}
	}
	upTo := q[len(q)-1].id
	r.taken = upTo
	r.mu.Unlock()

	refused := map[int]error{}
	a, err := r.s.Update(func(a *predictions.Answers) error {
		clear(refused) // Update may call this again on a file read anew
		for _, c := range q {
			if err := c.fn(a); err != nil {
				refused[c.id] = err
			}
		}
		return nil
	})
	var warn *predictions.CorruptError
	if errors.As(err, &warn) {
		err = nil
	}

	r.mu.Lock()
	defer r.mu.Unlock()
	sv := Saved{Took: true, Err: err}
	for _, c := range q {
		sv.Changed = append(sv.Changed, c.id)
	}
	if len(refused) > 0 && err == nil {
		sv.Refused = refused
	}
	prev := r.file
	if err == nil {
		r.file = a
	}
	r.drop(upTo)
	if warn != nil {
		sv.Note, sv.Restored = r.lost(warn, prev), restoredOnly(warn)
	}
	sv.Landed = r.settle(upTo, err)
	return sv
}

// drop forgets the changes up to id: they are in the file, or their
// write failed.
func (r *Record) drop(upTo int) {
	keep := r.queue[:0]
	for _, c := range r.queue {
		if c.id > upTo {
			keep = append(keep, c)
		}
	}
	r.queue = keep
}

// A day's file that could not be used at all is moved aside and starts
// empty (predictions.CorruptError). When that happens under a front end (a
// hand edit saved half-way, a tool that wrote garbage), the record still
// has the answers it last read: it puts them back rather than show, and
// at the next save write, a day with nothing predicted. That keeps the
// guesses on record as well as the learner's work: a reveal forgotten with
// the file would let a guess be made again after its actual.

// lost says what a damaged file came to and, when the whole file was
// lost, queues prev back; under mu.
func (r *Record) lost(e *predictions.CorruptError, prev predictions.Answers) string {
	if !(len(e.Dropped) == 0 && e.Conflicts == 0 && e.KeptAs != "") {
		return e.Error()
	}
	if !hasAnswers(prev) {
		return e.Error()
	}
	r.change(fillFrom(prev))
	return e.Where() + " could not be used: answers put back, file kept as " + e.KeptAs + " (" + e.Problem + ")"
}

// Reload reads the file again (another program saved it). note is a
// problem found on the way (a damaged file kept aside, and whether the
// answers were put back: Pending then).
func (r *Record) Reload() (note string) {
	r.io.Lock()
	defer r.io.Unlock()
	a, err := r.s.Answers()
	r.mu.Lock()
	defer r.mu.Unlock()
	prev := r.file
	r.file = a
	r.forget()
	var e *predictions.CorruptError
	switch {
	case errors.As(err, &e):
		return r.lost(e, prev)
	case err != nil:
		return err.Error()
	}
	return ""
}

// Reveal records the reveal of every part of o (the latest run of the
// learner's code) that may show (its stage's predictions are in, Waiting)
// and whose figures are not shown yet: one change, which reveals their
// predictions (the guesses on record are the ones judged from here on)
// and saves what has been shown as LastRun. The parts show once Write has
// it on record. It reports whether it queued anything; after a failed
// reveal it waits for a save that works rather than retrying in a loop.
func (r *Record) Reveal(o labs.Outcome) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.revealErr != nil {
		return false
	}
	day, view := r.s.Day, r.view()
	more := maps.Clone(r.revealed)
	for id, rc := range r.recording {
		more[id] = rc.res
	}
	var ids []string
	var parts []labs.PartResult
	for _, p := range o.Parts {
		rc, ok := r.recording[p.ID]
		if len(Waiting(day, view, p.ID)) > 0 || r.isRevealed(p) || ok && reflect.DeepEqual(rc.res, p) {
			continue
		}
		parts = append(parts, p)
		more[p.ID] = p
		ids = append(ids, answersOf(day, p)...)
	}
	if len(parts) == 0 {
		return false
	}
	lastRun := StableMetrics(Shown(day, r.file.LastRun, more))
	if r.firstShown == nil {
		r.firstShown = map[string]predictions.Guess{}
	}
	shown := make(map[string]predictions.Guess, len(ids))
	for _, id := range ids {
		g, ok := r.firstShown[id]
		if !ok {
			g = view.Predictions[id]
			g.Value, g.Scored = cloneFloat(g.Value), cloneFloat(g.Scored)
			r.firstShown[id] = g
		}
		shown[id] = g
	}
	n := r.change(func(a *predictions.Answers) error {
		for _, id := range ids {
			a.RevealAs(id, shown[id])
		}
		a.LastRun = maps.Clone(lastRun)
		return nil
	})
	for _, p := range parts {
		r.recording[p.ID] = recording{res: p, id: n, ids: answersOf(day, p)}
	}
	return true
}

// settle moves the parts whose reveal was in a write up to upTo: after a
// save, a part whose predictions the file shows revealed is on record and
// may show; after a failed one it stays hidden and revealErr says why.
// Under mu.
func (r *Record) settle(upTo int, err error) bool {
	landed := false
	for id, rc := range r.recording {
		if rc.id > upTo {
			continue
		}
		if err != nil {
			delete(r.recording, id)
			r.revealErr = err
			continue
		}
		onRecord := true
		for _, pid := range rc.ids {
			onRecord = onRecord && r.file.Predictions[pid].Revealed
			if r.file.Predictions[pid].Revealed {
				delete(r.firstShown, pid) // on record: the file judges now
			}
		}
		if onRecord {
			delete(r.recording, id)
			r.revealed[id] = rc.res
			landed = true
		}
	}
	if err == nil && len(r.recording) == 0 {
		r.revealErr = nil
	}
	return landed
}

// forget hides again a part whose reveal the file no longer holds (the
// answers were reset or replaced from outside): its figures show only once
// a reveal is on record again. Under mu.
func (r *Record) forget() {
	for id, p := range r.revealed {
		for _, pid := range answersOf(r.s.Day, p) {
			if !r.file.Predictions[pid].Revealed {
				delete(r.revealed, id)
				break
			}
		}
	}
}

func (r *Record) isRevealed(p labs.PartResult) bool {
	prev, ok := r.revealed[p.ID]
	return ok && reflect.DeepEqual(prev, p)
}

// Reveals is what a front end shows of the reveal: per part, the version
// whose figures may show, the parts whose reveal is being written, and why
// the last reveal could not be recorded.
type Reveals struct {
	Revealed  map[string]labs.PartResult
	Recording map[string]bool
	Err       error
}

// Reveals is the reveal as it stands (the caller's copy).
func (r *Record) Reveals() Reveals {
	r.mu.Lock()
	defer r.mu.Unlock()
	v := Reveals{Revealed: maps.Clone(r.revealed), Recording: map[string]bool{}, Err: r.revealErr}
	for id := range r.recording {
		v.Recording[id] = true
	}
	return v
}

// Shown is the metrics the learner has been shown: base (the last
// session's, Answers.LastRun) with every part of parts replacing its own.
func Shown(day labs.Day, base labs.Metrics, parts map[string]labs.PartResult) labs.Metrics {
	m := maps.Clone(base)
	if m == nil {
		m = labs.Metrics{}
	}
	for id, p := range parts {
		for _, pr := range day.Predictions {
			if pr.Part == id {
				delete(m, pr.Metric)
			}
		}
		for _, x := range p.Metrics {
			m[x.Name] = x.Value
		}
	}
	return m
}

// KeepRun is the history's side of a run of the learner's code landing:
// the run, kept (Session.Keep) with the figures of only the parts that may
// show now and their predictions judged as their reveal will judge them,
// since the history is a tracked file and must hold no actual the learner
// has not been shown. What it keeps is decided now; the returned func
// writes it (in the background).
func (r *Record) KeepRun(o labs.Outcome, from string, now func() time.Time) func() ([]history.Record, bool, error) {
	r.mu.Lock()
	a := r.view()
	r.mu.Unlock()
	day := r.s.Day
	ready := map[string]bool{}
	for _, p := range day.Parts {
		ready[p.ID] = len(Waiting(day, a, p.ID)) == 0
	}
	metrics := o.Metrics()
	for _, pr := range day.Predictions {
		if _, ran := metrics[pr.Metric]; ran && ready[pr.Part] {
			a.Reveal(pr.ID)
		}
	}
	s := *r.s
	if now != nil {
		s.Now = now
	}
	return func() ([]history.Record, bool, error) {
		return s.Keep(o, from, a, func(p string) bool { return ready[p] })
	}
}

// Results asks for the day's block of RESULTS.md to say text; WriteResults
// writes it. A later ask replaces an earlier one not yet written, so a slow
// write can never put back an older block.
func (r *Record) Results(text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.block = text
}

// WriteResults writes the block last asked for (Results); ok is false when
// an earlier call wrote it already.
func (r *Record) WriteResults() (change results.Change, ok bool, err error) {
	r.io.Lock()
	defer r.io.Unlock()
	r.mu.Lock()
	text := r.block
	r.block = ""
	r.mu.Unlock()
	if text == "" {
		return "", false, nil
	}
	change, err = r.s.WriteBlock(text)
	return change, true, err
}

// RememberDay saves which day the lab had open last (predictions/lab.json),
// the one file of the record that is not a day's.
func RememberDay(root string, day int) error {
	return predictions.SaveLab(Open(root, labs.Day{}).Dir(), predictions.LabState{LastDay: day})
}

// restoredOnly reports whether e only says that reveals the answers file
// had lost were put back (predictions' reveals file).
func restoredOnly(e *predictions.CorruptError) bool {
	return len(e.Restored) > 0 && e.Problem == "" && e.Conflicts == 0 && len(e.Dropped) == 0 && e.KeptAs == ""
}

func hasAnswers(a predictions.Answers) bool {
	return len(a.Predictions) > 0 || len(a.Drills) > 0 || a.LastRun != nil
}

// fillFrom is the change that puts prev back: every answer of prev that a
// has none for, and prev's last run and TODO count where a has none.
// Filling only what is missing keeps whatever was saved since, and makes
// the change safe to apply twice.
func fillFrom(prev predictions.Answers) func(*predictions.Answers) error {
	prev = CloneAnswers(prev)
	return func(a *predictions.Answers) error {
		if a.Predictions == nil {
			a.Predictions = map[string]predictions.Guess{}
		}
		if a.Drills == nil {
			a.Drills = map[string]predictions.DrillAnswer{}
		}
		for id, g := range prev.Predictions {
			// Missing, or only the reveal the day's reveals file put back
			// (record/predictions/reveals.go) where the record holds that
			// same reveal with its guess.
			cur, ok := a.Predictions[id]
			if !ok || (cur.Value == nil && !cur.Skipped && g.Revealed && sameFloat(cur.Scored, g.Scored)) {
				g.Value, g.Scored = cloneFloat(g.Value), cloneFloat(g.Scored)
				a.Predictions[id] = g
			}
		}
		for id, d := range prev.Drills {
			if _, ok := a.Drills[id]; !ok {
				a.Drills[id] = cloneDrill(d)
			}
		}
		if a.LastRun == nil && prev.LastRun != nil {
			a.LastRun = maps.Clone(prev.LastRun)
		}
		if a.TODOsPassed == 0 {
			a.TODOsPassed = prev.TODOsPassed
		}
		return nil
	}
}

// CloneAnswers copies everything a change may alter.
func CloneAnswers(a predictions.Answers) predictions.Answers {
	b := a
	b.Predictions = make(map[string]predictions.Guess, len(a.Predictions))
	for id, g := range a.Predictions {
		g.Value, g.Scored = cloneFloat(g.Value), cloneFloat(g.Scored)
		b.Predictions[id] = g
	}
	b.Drills = make(map[string]predictions.DrillAnswer, len(a.Drills))
	for id, d := range a.Drills {
		b.Drills[id] = cloneDrill(d)
	}
	if a.LastRun != nil {
		b.LastRun = maps.Clone(a.LastRun)
	}
	if a.Practice != nil {
		// A change deals or answers a variant in this map: the copy's own,
		// so the view never writes into the file as last read.
		b.Practice = make(map[string]predictions.Practice, len(a.Practice))
		for id, p := range a.Practice {
			p.Open = maps.Clone(p.Open)
			p.Done = append([]predictions.Tried(nil), p.Done...)
			b.Practice[id] = p
		}
	}
	return b
}

// CloneDrill copies a drill answer.
func CloneDrill(d predictions.DrillAnswer) predictions.DrillAnswer { return cloneDrill(d) }

func cloneDrill(d predictions.DrillAnswer) predictions.DrillAnswer {
	d.Answers = append([]string(nil), d.Answers...)
	if d.Correct != nil {
		c := *d.Correct
		d.Correct = &c
	}
	return d
}

func cloneFloat(p *float64) *float64 {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func sameFloat(a, b *float64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}
