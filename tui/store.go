package tui

import (
	"errors"
	"maps"
	"os"
	"slices"
	"sync"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/atomicfile"
	"termlab/record/predictions"
	learner "termlab/record/session"
	"termlab/watch"
)

// Saving. The screens never write back their copy of the answers: a
// command run from another shell may have saved since, and a whole copy
// would undo it. Each thing the learner does is a change, a function on
// predictions.Answers (set P1, reveal Part A, mark D4). Update applies it
// to the answers on screen at once and queues it; a Cmd then writes every
// queued change of the day, in order, with predictions.Update, which
// reloads the file under its lock and applies them to what it holds now.
//
// The answers on screen are always the file as last read or written here
// (session.disk) with the changes not yet written on top (session.unsaved),
// so a file that changes under the screens (the watcher below reloads it)
// shows at once without losing what is still on its way.
//
// Cmds run concurrently, so the order is kept by the queue, not by the
// Cmds: whichever Cmd runs first writes everything queued so far, and the
// others find nothing left. Reads and writes of this process take turns
// (io), and each is stamped (ioSeq), so a state read before a newer one was
// written can never replace it on screen.

type saver struct {
	io    sync.Mutex // one read or write of the answers at a time
	ioSeq int        // disk states read or written so far; under io

	mu      sync.Mutex
	seq     int              // the last change number handed out
	queue   map[int][]change // per day: made on screen, not yet written
	written map[int]int      // per day: the newest change number written (or dropped)
}

// change is one thing the learner did, as a function on the answers. It is
// applied twice (on screen, then to the file as reloaded), so it must set
// values rather than toggle them, and capture nothing it shares.
type change struct {
	id int
	fn func(*predictions.Answers)
}

func (s *saver) enqueue(day int, fn func(*predictions.Answers)) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	if s.queue == nil {
		s.queue, s.written = map[int][]change{}, map[int]int{}
	}
	s.queue[day] = append(s.queue[day], change{id: s.seq, fn: fn})
	return s.seq
}

// take empties the day's queue; called under io.
func (s *saver) take(day int) []change {
	s.mu.Lock()
	defer s.mu.Unlock()
	q := s.queue[day]
	delete(s.queue, day)
	if len(q) > 0 {
		s.written[day] = q[len(q)-1].id
	}
	return q
}

func (s *saver) writtenUpTo(day int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.written[day]
}

// savedMsg reports a write of a day's queued changes: the answers as now
// saved, or why nothing was.
type savedMsg struct {
	day   int
	upTo  int // the newest change the write took (written, or dropped on err)
	ioSeq int
	a     predictions.Answers
	err   error
	warn  error // the file was damaged, kept aside, and the save made anyway
}

// writeCmd writes whatever changes of day are queued.
func writeCmd(d deps, day int) tea.Cmd {
	dir := d.predictionsDir()
	return func() tea.Msg {
		d.saver.io.Lock()
		defer d.saver.io.Unlock()
		q := d.saver.take(day)
		if len(q) == 0 {
			return nil // an earlier Cmd wrote them
		}
		update := func(change func(*predictions.Answers) error) (predictions.Answers, error) {
			if known, err := d.course.Find(day); err == nil {
				return learner.Open(d.root, known).Update(change)
			}
			return predictions.Update(dir, day, change)
		}
		a, err := update(func(a *predictions.Answers) error {
			for _, c := range q {
				c.fn(a)
			}
			return nil
		})
		d.saver.ioSeq++
		msg := savedMsg{day: day, upTo: q[len(q)-1].id, ioSeq: d.saver.ioSeq, a: a, err: err}
		var corrupt *predictions.CorruptError
		if errors.As(err, &corrupt) {
			msg.err, msg.warn = nil, err
		}
		return msg
	}
}

// change applies fn to the answers on screen and queues it for the file.
func (s *session) change(d deps, fn func(*predictions.Answers)) tea.Cmd {
	fn(&s.answers)
	id := d.saver.enqueue(s.day.Number, fn)
	s.unsaved = append(s.unsaved, change{id: id, fn: fn})
	return writeCmd(d, s.day.Number)
}

// fromDisk takes a state of the file, read or written at ioSeq with every
// change up to upTo in it (or dropped), unless a newer one is already on
// screen, and puts the changes still on their way back on top.
func (s *session) fromDisk(a predictions.Answers, ioSeq, upTo int) {
	if ioSeq > s.diskSeq {
		s.disk, s.diskSeq = a, ioSeq
	}
	s.dropPending(upTo)
}

// dropPending forgets the changes up to id (they are in the file, or their
// write failed) and redraws the answers from the file and the rest.
func (s *session) dropPending(upTo int) {
	keep := s.unsaved[:0]
	for _, c := range s.unsaved {
		if c.id > upTo {
			keep = append(keep, c)
		}
	}
	s.unsaved = keep
	a := cloneAnswers(s.disk)
	for _, c := range s.unsaved {
		c.fn(&a)
	}
	s.answers = a
	// The scoreboard's saved metrics are the file's: only reveals that are
	// on record there may show.
	s.base = maps.Clone(s.disk.LastRun)
}

// A day's file that could not be used at all is moved aside and starts
// empty (predictions.CorruptError). When that happens under the screens (a
// hand edit saved half-way, a tool that wrote garbage), the lab still has
// the answers it last read from the file: it puts them back rather than
// show, and at the next save write, a day with nothing predicted. That
// keeps the guesses on record as well as the learner's work: a reveal
// forgotten with the file would let a guess be made again after its actual.

// lostFile is err's CorruptError when the whole file was unusable and has
// been kept aside, so the file now starts empty; nil otherwise.
func lostFile(err error) *predictions.CorruptError {
	var e *predictions.CorruptError
	if errors.As(err, &e) && len(e.Dropped) == 0 && e.Conflicts == 0 && e.KeptAs != "" {
		return e
	}
	return nil
}

// restoredOnly reports whether err only says that reveals the answers
// file had lost were put back (predictions' reveals file).
func restoredOnly(err error) bool {
	var e *predictions.CorruptError
	return errors.As(err, &e) && len(e.Restored) > 0 && e.Problem == "" && e.Conflicts == 0 && len(e.Dropped) == 0 && e.KeptAs == ""
}

// putBackNote says what the lab did about a lost file. Where the file went
// comes before the problem, which can be long: a status line that must cut
// the message keeps the path.
func putBackNote(e *predictions.CorruptError) string {
	return e.Where() + " could not be used: answers put back, file kept as " + e.KeptAs + " (" + e.Problem + ")"
}

func hasAnswers(a predictions.Answers) bool {
	return len(a.Predictions) > 0 || len(a.Drills) > 0 || a.LastRun != nil
}

// fillFrom is the change that puts prev back: every answer of prev that a
// has none for, and prev's last run and TODO count where a has none.
// Filling only what is missing keeps whatever was saved since, and makes
// the change safe to apply twice.
func fillFrom(prev predictions.Answers) func(*predictions.Answers) {
	prev = cloneAnswers(prev)
	return func(a *predictions.Answers) {
		if a.Predictions == nil {
			a.Predictions = map[string]predictions.Guess{}
		}
		if a.Drills == nil {
			a.Drills = map[string]predictions.DrillAnswer{}
		}
		for id, g := range prev.Predictions {
			// Missing, or only the reveal the day's reveals file put back
			// (record/predictions/reveals.go) where the lab holds that same reveal
			// with its guess.
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
	}
}

// putBackCmd puts prev back into a closed day's file (an open day's
// session queues fillFrom as a change of its own) and reads every file
// again.
func putBackCmd(d deps, day labs.Day, prev predictions.Answers, lost *predictions.CorruptError) tea.Cmd {
	fill := fillFrom(prev)
	return func() tea.Msg {
		d.saver.io.Lock()
		_, err := learner.Open(d.root, day).Update(func(a *predictions.Answers) error {
			fill(a)
			return nil
		})
		d.saver.io.Unlock()
		msg := readAll(d)
		note := putBackNote(lost)
		var saved *predictions.CorruptError // a note: the save was made
		if err != nil && !errors.As(err, &saved) {
			note = lost.Error() + "; putting back the answers the lab had failed too: " + err.Error()
		}
		msg.warnings = append(msg.warnings, note)
		return msg
	}
}

// cloneAnswers copies everything a change may alter.
func cloneAnswers(a predictions.Answers) predictions.Answers {
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
	return b
}

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

// loadedMsg carries everything the day list needs at start.
type loadedMsg struct {
	lastDay int
	answers map[int]predictions.Answers
	// warnings are files that could not be used (they were kept aside by
	// predictions.Load) and are worth telling the learner about.
	warnings []string
}

// loadCmd reads the lab's state and every day's answers.
func loadCmd(d deps) tea.Cmd {
	return func() tea.Msg {
		msg := loadedMsg{answers: map[int]predictions.Answers{}}
		st, err := predictions.LoadLab(d.predictionsDir())
		if err != nil {
			msg.warnings = append(msg.warnings, err.Error())
		}
		msg.lastDay = st.LastDay
		r := readAll(d)
		msg.answers, msg.warnings = r.answers, append(msg.warnings, r.warnings...)
		// At the start there is nothing to put back.
		msg.warnings = append(msg.warnings, r.lostNotes()...)
		return msg
	}
}

// reloadedMsg is every day's answers as read from the files, after another
// program changed them.
type reloadedMsg struct {
	answers  map[int]predictions.Answers
	upTo     map[int]int // per day: the newest change of ours in the file
	ioSeq    int
	warnings []string
	// lost is, per day, a file that could not be used at all and was kept
	// aside (lostFile); its warning is not in warnings, since the lab may
	// put the answers back.
	lost map[int]*predictions.CorruptError
}

func readAll(d deps) reloadedMsg {
	d.saver.io.Lock()
	defer d.saver.io.Unlock()
	msg := reloadedMsg{answers: map[int]predictions.Answers{}, upTo: map[int]int{}, lost: map[int]*predictions.CorruptError{}}
	for _, day := range d.course {
		a, err := predictions.LoadDay(d.predictionsDir(), day)
		if lost := lostFile(err); lost != nil {
			msg.lost[day.Number] = lost
		} else if err != nil {
			msg.warnings = append(msg.warnings, err.Error())
		}
		msg.answers[day.Number] = a
		msg.upTo[day.Number] = d.saver.writtenUpTo(day.Number)
	}
	d.saver.ioSeq++
	msg.ioSeq = d.saver.ioSeq
	return msg
}

// lostNotes are the lost files' warnings, by day.
func (msg reloadedMsg) lostNotes() []string {
	var notes []string
	for _, n := range slices.Sorted(maps.Keys(msg.lost)) {
		notes = append(notes, msg.lost[n].Error())
	}
	return notes
}

func reloadCmd(d deps) tea.Cmd {
	return func() tea.Msg { return readAll(d) }
}

// The watcher on predictions/: a save from another shell (predict, run)
// reloads the answers on screen. Like the learner's folder it is watched
// as a folder, since every save renames a new file into place; watch.Answers
// says which files are the answers.

func newStoreWatcher(d deps) *watch.Watcher {
	return watch.New(d.predictionsDir(), watch.Answers)
}

// startStoreWatch starts w. The folder may not exist before the first
// save; it is made, so a save from the shell is seen from the start.
func startStoreWatch(d deps, w *watch.Watcher) error {
	if err := os.MkdirAll(d.predictionsDir(), 0o755); err != nil {
		return err
	}
	return w.Start()
}

func startStoreWatchCmd(d deps, w *watch.Watcher) tea.Cmd {
	return func() tea.Msg {
		if err := startStoreWatch(d, w); err != nil {
			return watchMsg{w: w, err: err}
		}
		return nextWatchCmd(w)()
	}
}

// storeChanged takes a message of the watcher on predictions/. Lost
// events reload too: an overflow loses events, not the file.
func (a *App) storeChanged(msg watchMsg) tea.Cmd {
	if msg.err != nil {
		if !errors.Is(msg.err, watch.ErrClosed) {
			a.warnings = append(a.warnings, "answers saved from another shell will show only after a restart: "+msg.err.Error())
		}
		return nil
	}
	if msg.ev.Lost == nil && msg.ev.Name != "" && atomicfile.Ours(msg.ev.Name) {
		// The lab's own write: what it wrote came back to the screens
		// with the write (savedMsg, historyMsg), so nothing is re-read.
		return nextWatchCmd(msg.w)
	}
	return tea.Batch(reloadCmd(a.c.deps), loadHistoriesCmd(a.c.deps), nextWatchCmd(msg.w))
}

// labSavedMsg reports remembering the day; only a failure is shown.
type labSavedMsg struct{ err error }

func saveLabCmd(d deps, day int) tea.Cmd {
	return func() tea.Msg {
		return labSavedMsg{err: predictions.SaveLab(d.predictionsDir(), predictions.LabState{LastDay: day})}
	}
}

// progress is what the day list shows for a day.
type progress struct {
	predicted, total int
	passed, todos    int
	drills, drillsOf int
	rows             []predictions.Row // the last scoreboard, from LastRun
	carry            string
}

func dayProgress(day labs.Day, a predictions.Answers) progress {
	p := progress{total: len(day.Predictions), passed: a.TODOsPassed, todos: len(day.TODOs), drillsOf: len(day.Drills)}
	for _, pr := range day.Predictions {
		if g, ok := a.Predictions[pr.ID]; ok && (g.Value != nil || g.Skipped) {
			p.predicted++
		}
	}
	for _, d := range day.Drills {
		if a.Drills[d.ID].Attempted {
			p.drills++
		}
	}
	if len(a.LastRun) > 0 {
		p.rows = predictions.ScoreAgainst(day, a, a.LastRun, nil, savedGrades(day, a))
		if day.Carry != nil {
			p.carry = day.Carry(a.LastRun)
		}
	}
	return p
}

func sameFloat(a, b *float64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}
