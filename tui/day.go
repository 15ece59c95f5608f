package tui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/watch"
)

// The screens of an open day, in tab order.
const (
	tabLesson = iota
	tabPredict
	tabRun
	tabScore
	tabTODOs
	tabDrills
	tabResults
	tabHistory
	tabPlay
)

// switchTabMsg asks the day to show another screen. part, for the Run
// screen, is the part the learner just made the predictions of; open, for
// the form, opens the box at once (the learner asked to predict).
type switchTabMsg struct {
	tab  int
	part string
	open bool
}

// screen is one tab of a day. Screens share the day's session; each keeps
// its own view state (cursor, scroll, inputs).
type screen interface {
	title() string
	typing() bool // a text box has the keyboard: letters are text
	resize(s *session, w, h int)
	enter(s *session) tea.Cmd // the screen comes on
	update(msg tea.Msg, s *session) tea.Cmd
	view(s *session, w, h int) string
	help(s *session) keyMap
}

// dayModel is an open day: its session, its screens, the watcher on the
// learner's folder and the run in flight.
type dayModel struct {
	c       *common
	s       session
	tab     int
	screens []screen
	visible bool // on screen (not behind the day list)

	predict *predictModel
	run     *runModel
	todos   *todoModel
	results *resultsModel
	history *historyModel

	watcher    *watch.Watcher // nil when the day does not watch
	debounceID int
	runGen     int // an outcome of another generation was cancelled
	cancel     context.CancelFunc
}

func newDay(c *common, day labs.Day, a predictions.Answers) *dayModel {
	m := &dayModel{c: c, s: newSession(day, a)}
	m.predict = newPredict(c, &m.s)
	m.run = newRun(c)
	m.todos = newTodos(c)
	m.results = newResults(c)
	m.history = newHistory(c)
	m.screens = []screen{newLesson(c), m.predict, m.run, newScore(c), m.todos, newDrills(c, &m.s), m.results, m.history, newPlay(c)}
	// A learner who has predicted before comes back to the run; a new one
	// starts with the lesson.
	if done, _ := m.s.predicted(); done > 0 {
		m.tab = tabRun
	}
	return m
}

// init starts everything a day needs: the first run, the reference figures,
// the function locations, the watcher, and remembering the day.
func (m *dayModel) init() tea.Cmd {
	d := m.c.deps
	m.s.refBusy = true
	refs := refCmd(d, m.s.day)
	if d.refCached != nil {
		refs = refCachedCmd(d, m.s.day)
	}
	cmds := []tea.Cmd{m.startRun(), refs, locsCmd(d, m.s.day), saveLabCmd(d, m.s.day.Number), m.screens[m.tab].enter(&m.s)}
	if d.watch {
		m.watcher = watch.New(filepath.Join(d.root, m.s.day.LearnerDir), watch.Code)
		cmds = append(cmds, nextWatchCmd(m.watcher))
	}
	return tea.Batch(cmds...)
}

// refAgain plays the reference after a finished run when it is still to
// be played: put off at the start (refCachedCmd), or failed before, since
// what stopped it (a busy machine, a cache folder) may have passed.
func (m *dayModel) refAgain() tea.Cmd {
	if m.s.refBusy || !(m.s.refLater || m.s.refErr != nil) {
		return nil
	}
	m.s.refBusy, m.s.refLater = true, false
	return refCmd(m.c.deps, m.s.day)
}

// close stops the day's watcher and run.
func (m *dayModel) close() tea.Cmd {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	if pm, ok := m.screens[tabPlay].(*playModel); ok {
		pm.close()
	}
	if w := m.watcher; w != nil {
		m.watcher = nil
		return closeWatchCmd(w)
	}
	return nil
}

// startRun cancels any run in flight and starts a new one.
func (m *dayModel) startRun() tea.Cmd {
	m.stopRun()
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel = cancel
	m.s.building = true
	m.run.newBuild()
	return runCmd(m.c.deps, ctx, m.runGen, m.s.day)
}

// stopRun cancels the run in flight; its outcome, when it comes, is stale.
func (m *dayModel) stopRun() {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.runGen++
	m.s.pending = nil // its verdicts were about code that has changed
}

func (m *dayModel) setTab(t int) tea.Cmd {
	t = (t + len(m.screens)) % len(m.screens)
	if t == m.tab {
		return nil
	}
	if m.tab == tabPredict {
		m.predict.setActive(false)
	}
	m.tab = t
	m.s.setNote("", false) // a note is about the screen it was made on
	return m.screens[t].enter(&m.s)
}

func (m *dayModel) current() screen { return m.screens[m.tab] }

// modal reports whether the screen takes every key (a pending question).
func (m *dayModel) modal() bool { return m.tab == tabTODOs && m.todos.modal() }

func (m *dayModel) update(msg tea.Msg) tea.Cmd {
	cmds := []tea.Cmd{m.handle(msg)}
	switch msg.(type) {
	case tea.KeyMsg, answersReloadedMsg:
		// A prediction may have been made, here or by another program:
		// every part of the latest run whose predictions are now in lands
		// on the scoreboard at once (a run that lands does the same, in
		// its own message).
		cmds = append(cmds, m.landReady())
	}
	m.run.active = m.visible && m.tab == tabRun
	cmds = append(cmds, m.run.kick(&m.s))
	if pm, ok := m.screens[tabPlay].(*playModel); ok {
		// New code graded: the playground's worker restarts in the
		// background, on whichever screen the learner is.
		cmds = append(cmds, pm.warm(&m.s))
		if m.visible && m.tab == tabPlay {
			cmds = append(cmds, pm.follow(&m.s))
		}
	}
	return tea.Batch(cmds...)
}

func (m *dayModel) handle(msg tea.Msg) tea.Cmd {
	d := m.c.deps
	switch msg := msg.(type) {
	case switchTabMsg:
		cmd := m.setTab(msg.tab)
		switch {
		case msg.part != "" && m.tab == tabRun:
			m.run.showPart(msg.part, &m.s)
		case msg.open && m.tab == tabPredict:
			cmd = tea.Batch(cmd, m.predict.setActive(true))
		}
		return cmd

	case partialMsg:
		if msg.gen != m.runGen {
			return nil // cancelled by a newer save
		}
		m.s.partial(msg.o)
		return msg.next
	case outcomeMsg:
		if msg.gen != m.runGen {
			return nil // cancelled by a newer save
		}
		m.s.pending = nil
		m.cancel = nil
		m.s.building = false
		if msg.err != nil {
			if errors.Is(msg.err, context.Canceled) {
				return nil
			}
			m.s.ranAgain()
			m.s.runErr = msg.err
			return tea.Batch(locsCmd(d, m.s.day), m.refAgain())
		}
		o := msg.o
		m.s.ranAgain()
		m.s.runErr = nil
		prev := m.s.outcome
		m.s.outcome, m.s.outcomeAt = &o, msg.at
		passed := o.Passed()
		save := m.s.change(d, func(a *predictions.Answers) { a.TODOsPassed = passed })
		m.run.load(prev, &o, m.s.day)
		cmds := []tea.Cmd{save, locsCmd(d, m.s.day), m.history.record(d, &m.s, o), m.s.revealReady(d)}
		cmds = append(cmds, m.refAgain())
		// As the command line's run does, every finished run refreshes the
		// lab's section of RESULTS.md with what the learner may see: the
		// parts whose reveal is on record. Those being recorded follow once
		// they are (see saved).
		if m.s.anyRevealed() {
			cmds = append(cmds, writeResultsCmd(d, m.s.day, reportText(&m.s), true))
		}
		return tea.Batch(cmds...)

	case refMsg:
		if msg.day == m.s.day.Number {
			m.s.refBusy = false
			if msg.later {
				m.s.refLater = true
				if !m.s.building {
					return m.refAgain() // the first run is already over
				}
				return nil
			}
			m.s.ref, m.s.refErr = msg.metrics, msg.err
		}
	case locsMsg:
		m.s.locs = msg.locs

	case watchMsg:
		return m.watched(msg)
	case debounceMsg:
		if msg.id == m.debounceID {
			return tea.Batch(m.startRun(), locsCmd(d, m.s.day))
		}

	case resetMsg:
		if msg.err != nil {
			m.s.setNote(msg.what+" was not reset: "+msg.err.Error(), true)
			return nil
		}
		note := msg.what + " is back to the shipped stub"
		if len(msg.kept) > 0 {
			note += "; your version is kept as " + strings.Join(msg.kept, ", ")
		}
		m.s.setNote(note, false)
		m.s.noteLife = 1 // it outlives the run the reset starts
		// The watcher sees the change too; both land in the same debounce.
		m.s.building = true
		return tea.Batch(m.debounce(), locsCmd(d, m.s.day))

	case writeRequestMsg:
		if why := refuse(&m.s); why != "" {
			m.s.setNote(why, true)
			return nil
		}
		return writeResultsCmd(d, m.s.day, reportText(&m.s), false)
	case resultsMsg:
		return m.results.update(msg, &m.s)
	case solutionMsg:
		return m.todos.update(msg, &m.s)

	case savedMsg:
		return m.saved(msg)
	case historyMsg:
		return m.history.took(msg, &m.s)
	case labSavedMsg:
		if msg.err != nil {
			m.s.setNote("the lab could not remember this day: "+msg.err.Error(), true)
		}

	case tickMsg:
		return m.run.update(msg, &m.s)
	case playFrameMsg, playFallbackMsg, playTickMsg:
		return m.screens[tabPlay].update(msg, &m.s)
	case tea.KeyMsg:
		return m.current().update(msg, &m.s)
	}
	return nil
}

// watched takes a message of the day's watcher: a change stops the run in
// flight, and the next starts once the burst of saves is over.
func (m *dayModel) watched(msg watchMsg) tea.Cmd {
	if msg.w == nil || msg.w != m.watcher {
		return nil // a closed day's watcher
	}
	switch {
	case errors.Is(msg.err, watch.ErrClosed):
		return nil
	case msg.err != nil:
		m.s.setNote("cannot watch your folder for saves ("+msg.err.Error()+"): press r to re-run by hand", true)
		return nil
	case msg.ev.Lost != nil:
		m.s.setNote("the file watcher reported: "+msg.ev.Lost.Error(), true)
		return nextWatchCmd(m.watcher)
	}
	// A newer save makes the run in flight pointless: stop it now, and
	// start the next once the burst of saves is over.
	if m.s.building {
		m.stopRun()
	}
	m.s.building = true
	return tea.Batch(nextWatchCmd(m.watcher), m.debounce())
}

// saved takes the answers as a write left them (or why it failed): the
// screens show the file with what is still on its way on top, and the
// parts whose reveal is now on record show their actuals (and refresh
// RESULTS.md, as a landing run does).
func (m *dayModel) saved(msg savedMsg) tea.Cmd {
	old, prev := m.s.answers, m.s.disk
	if msg.err == nil {
		m.s.fromDisk(msg.a, msg.ioSeq, msg.upTo)
	} else {
		m.s.dropPending(msg.upTo)
		m.s.setNote("your answers could not be saved: "+msg.err.Error(), true)
	}
	var cmds []tea.Cmd
	if lost := lostFile(msg.warn); lost != nil {
		// The save found the file unusable and wrote its changes on an
		// empty one: the rest goes back in.
		cmds = append(cmds, m.putBack(prev, lost))
	} else if msg.warn != nil && !(restoredOnly(msg.warn) && m.s.noteBad && m.s.note != "") {
		// (A reveal put back from the day's reveals file does not push a
		// problem off the status line: putting back a lost file's answers
		// meets one on the way, and that note says more.)
		m.s.setNote(msg.warn.Error(), true)
	}
	landed := m.s.settle(msg.a, msg.upTo, msg.err)
	m.refreshForms(old)
	if landed {
		cmds = append(cmds, writeResultsCmd(m.c.deps, m.s.day, reportText(&m.s), true))
	}
	// A save that worked after a failed reveal: the parts still waiting
	// are recorded now (revealReady does nothing while a reveal fails, so
	// this never loops).
	return tea.Batch(append(cmds, m.s.revealReady(m.c.deps))...)
}

// answersReloadedMsg tells the open day that its answers were reloaded
// (reloaded has taken them), so that what they open follows: the parts
// whose predictions are now in, the Play screen.
type answersReloadedMsg struct{}

// reloaded takes the answers as read after another program changed them.
// When the file could not be used at all (lost), the answers the day last
// read from it are put back (see lostFile).
func (m *dayModel) reloaded(a predictions.Answers, ioSeq, upTo int, lost *predictions.CorruptError) tea.Cmd {
	old, prev := m.s.answers, m.s.disk
	m.s.fromDisk(a, ioSeq, upTo)
	cmd := m.putBack(prev, lost)
	m.refreshForms(old)
	return cmd
}

// putBack queues prev's answers as a change when lost says the file
// started empty, and says what happened.
func (m *dayModel) putBack(prev predictions.Answers, lost *predictions.CorruptError) tea.Cmd {
	if lost == nil {
		return nil
	}
	if !hasAnswers(prev) {
		m.s.setNote(lost.Error(), true)
		return nil
	}
	m.s.setNote(putBackNote(lost), true)
	return m.s.change(m.c.deps, fillFrom(prev))
}

// refreshForms puts answers that changed under the screens in their boxes.
func (m *dayModel) refreshForms(old predictions.Answers) {
	m.predict.refresh(old, m.s.answers, &m.s)
	if dm, ok := m.screens[tabDrills].(*drillModel); ok {
		dm.refresh(old, m.s.answers, &m.s)
	}
}

// landReady records the reveal of the parts of the latest run whose
// predictions are all in; they land (and RESULTS.md is refreshed) once it
// is on record, in saved.
func (m *dayModel) landReady() tea.Cmd {
	return m.s.revealReady(m.c.deps)
}

func (m *dayModel) debounce() tea.Cmd {
	m.debounceID++
	return debounceCmd(m.c.deps, m.debounceID)
}

// rerun is the manual re-run key.
func (m *dayModel) rerun() tea.Cmd {
	return tea.Batch(m.startRun(), locsCmd(m.c.deps, m.s.day))
}

// banner is the latest run's failure, shown above the screens that show
// results, while the last good results stay below it.
func (m *dayModel) banner(w, h int) string {
	if m.s.runErr == nil || m.tab == tabLesson || m.tab == tabPredict || m.tab == tabDrills {
		return ""
	}
	st := m.c.styles
	var lines []string
	if be := m.s.buildError(); be != nil && len(be.Locations) > 0 {
		head := st.Bad.Render("✗ your code does not compile")
		if m.s.outcome != nil {
			head += st.Dim.Render(" · the last good run stays below")
		}
		lines = append(lines, head)
		shown := be.Locations
		if len(shown) > 3 {
			shown = shown[:3]
		}
		for _, l := range shown {
			lines = append(lines, st.Bad.Render(l.String()))
		}
		if more := len(be.Locations) - len(shown); more > 0 {
			lines = append(lines, st.Dim.Render(fmt.Sprintf("…and %d more", more)))
		}
	} else {
		first, _, _ := strings.Cut(strings.TrimSpace(m.s.runErr.Error()), "\n")
		lines = append(lines, st.Bad.Render("✗ "+first))
	}
	if h < 14 || w < 30 {
		return trunc(lines[0], w) // room for one line only
	}
	body := lines[0]
	for _, l := range lines[1:] {
		body += "\n" + trunc(l, w-4)
	}
	return st.ErrBox.Width(max(w-2, 1)).Render(body)
}

func (m *dayModel) view(w, h int) string {
	b := m.banner(w, h)
	bh := 0
	if b != "" {
		bh = lineCount(b)
		if bh >= h {
			return fit(b, w, h)
		}
	}
	body := m.current().view(&m.s, w, h-bh)
	if b != "" {
		return b + "\n" + body
	}
	return body
}

// bodySize is what a screen gets once the banner is drawn.
func (m *dayModel) resize(w, h int) {
	if b := m.banner(w, h); b != "" {
		h -= lineCount(b)
	}
	for _, sc := range m.screens {
		sc.resize(&m.s, w, max(h, 0))
	}
}

// status is the day's line at the bottom: the build, then the last note.
func (m *dayModel) status() (string, bool) {
	var parts []string
	bad := false
	switch {
	case m.s.building:
		parts = append(parts, m.run.building(&m.s))
		if m.s.pending != nil && m.s.graded() {
			// Verdicts of this run are landing: the count moves with the rows.
			parts = append(parts, fmt.Sprintf("%d/%d TODOs pass", m.s.passed(), len(m.s.day.TODOs)))
		}
	case m.s.buildError() != nil:
		be := m.s.buildError()
		where := ""
		if len(be.Locations) > 0 {
			l := be.Locations[0]
			where = fmt.Sprintf(": %s:%d", l.File, l.Line)
		}
		parts = append(parts, "✗ does not compile"+where)
		bad = true
	case m.s.runErr != nil:
		parts = append(parts, "✗ the run failed")
		bad = true
	case m.s.outcome != nil:
		parts = append(parts, fmt.Sprintf("✓ ran %s · %d/%d TODOs pass", m.s.outcomeAt.Format("15:04:05"), m.s.passed(), len(m.s.day.TODOs)))
		// The run happened; what the learner holds back is its reveal.
		if g, open := m.s.due(); open && m.s.note == "" && m.tab != tabPredict {
			verb := "wait"
			if len(g.parts) == 1 {
				verb = "waits"
			}
			parts = append(parts, fmt.Sprintf("%s %s for %s (2)", partNames(g.parts), verb, ids(g.preds)))
		}
	}
	if m.s.note != "" {
		parts = append(parts, m.s.note)
		bad = bad || m.s.noteBad
	}
	if mv := m.history.movedLine(); mv != "" && !m.s.building && (m.s.note == "" || m.s.note == resultsUpdatedNote) {
		parts = append(parts, mv)
	}
	return strings.Join(parts, " · "), bad
}
