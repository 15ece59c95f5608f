package tui

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/history"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/pages/drills"
	historypage "termlab/tui/pages/history"
	"termlab/tui/pages/lesson"
	"termlab/tui/pages/play"
	"termlab/tui/pages/predict"
	"termlab/tui/pages/results"
	"termlab/tui/pages/run"
	"termlab/tui/pages/score"
	"termlab/tui/pages/todos"
	"termlab/watch"
)

// dayModel is an open day: its session, its screens, the watcher on the
// learner's folder and the run in flight.
type dayModel struct {
	c       *common.Common
	s       common.Session
	tab     int
	screens []common.Screen
	visible bool // on screen (not behind the day list)

	predict *predict.Model
	run     *run.Model
	todos   *todos.Model
	results *results.Model
	history *historypage.Model
	score   *score.Model

	watcher *watch.Watcher // nil when the day does not watch
	// runGen is the generation of the learner's code the day runs: a run,
	// or a burst's timer, of another one is stale (dayrun.go).
	runGen int
	cancel context.CancelFunc
}

func newDay(c *common.Common, day labs.Day) *dayModel {
	m := &dayModel{c: c, s: common.NewSession(day, c.Deps.Records.Of(day))}
	m.predict = predict.New(c, &m.s)
	m.run = run.New(c)
	m.todos = todos.New(c)
	m.results = results.New(c)
	m.history = historypage.New(c)
	m.score = score.New(c)
	m.screens = []common.Screen{lesson.New(c), m.predict, m.run, m.score, m.todos, drills.New(c, &m.s), m.results, m.history, play.New(c)}
	// A learner who has predicted before comes back to the run; a new one
	// starts with the lesson.
	if done, _ := m.s.Predicted(); done > 0 {
		m.tab = common.TabRun
	}
	return m
}

// init starts everything a day needs: the first run, the reference figures,
// the function locations, the watcher, and remembering the day.
func (m *dayModel) init() tea.Cmd {
	d := m.c.Deps
	m.s.RefBusy = true
	refs := refCmd(d, m.s.Day)
	if d.RefCached != nil {
		refs = refCachedCmd(d, m.s.Day)
	}
	cmds := []tea.Cmd{m.startRun(), refs, todos.LocsCmd(d, m.s.Day), saveLabCmd(d, m.s.Day.Number), m.screens[m.tab].Enter(&m.s)}
	if d.Watch {
		m.watcher = watch.New(filepath.Join(d.Root, m.s.Day.LearnerDir), watch.Code)
		cmds = append(cmds, nextWatchCmd(m.watcher))
	}
	return tea.Batch(cmds...)
}

// close stops the day's watcher and run.
func (m *dayModel) close() tea.Cmd {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	if pm, ok := m.screens[common.TabPlay].(*play.Model); ok {
		pm.Close()
	}
	m.score.Close()
	if w := m.watcher; w != nil {
		m.watcher = nil
		return closeWatchCmd(w)
	}
	return nil
}

func (m *dayModel) setTab(t int) tea.Cmd {
	t = (t + len(m.screens)) % len(m.screens)
	if t == m.tab {
		return nil
	}
	if m.tab == common.TabPredict {
		m.predict.SetActive(false)
	}
	m.tab = t
	m.s.SetNote("", false) // a note is about the screen it was made on
	return m.screens[t].Enter(&m.s)
}

func (m *dayModel) current() common.Screen { return m.screens[m.tab] }

// modal reports whether the screen takes every key (a pending question).
func (m *dayModel) modal() bool { return m.tab == common.TabTODOs && m.todos.Modal() }

func (m *dayModel) update(msg tea.Msg) tea.Cmd {
	cmds := []tea.Cmd{m.handle(msg)}
	switch msg.(type) {
	case tea.KeyMsg, readMsg:
		// A prediction may have been made, here or by another program:
		// every part of the latest run whose predictions are now in lands
		// on the scoreboard at once (a run that lands does the same, in
		// its own message).
		cmds = append(cmds, m.landReady())
	}
	if m.s.Building {
		// What the last run moved is old news once another is under way:
		// the status line shows nothing of it until this run's is kept.
		m.history.RunStarted()
	}
	m.run.Active = m.visible && m.tab == common.TabRun
	cmds = append(cmds, m.run.Kick(&m.s))
	if pm, ok := m.screens[common.TabPlay].(*play.Model); ok {
		// New code graded: the playground's worker restarts in the
		// background, on whichever screen the learner is.
		cmds = append(cmds, pm.Warm(&m.s))
		if m.visible && m.tab == common.TabPlay {
			cmds = append(cmds, pm.Follow(&m.s))
		}
	}
	return tea.Batch(cmds...)
}

// handle sends a message to the family that takes it: the screens, the
// run of the learner's code, the files.
func (m *dayModel) handle(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case common.SwitchTabMsg:
		return m.switchTab(msg)
	case tea.KeyMsg:
		return m.current().Update(msg, &m.s)
	case run.TickMsg:
		return m.run.Update(msg, &m.s)
	case play.FrameMsg, play.FallbackMsg, play.TickMsg:
		return m.screens[common.TabPlay].Update(msg, &m.s)
	case score.PracticeMsg, score.AcrossMsg:
		return m.score.Update(msg, &m.s)
	case run.BuildMsg:
		return m.built(msg)
	case watchMsg, debounceMsg, run.PartialMsg, run.OutcomeMsg, refMsg, todos.LocsMsg:
		return m.handleRun(msg)
	case common.SavedMsg, historypage.HistoryMsg, labSavedMsg, todos.ResetMsg, todos.ResetRequestMsg, results.WriteRequestMsg, results.ResultsMsg, todos.SolutionMsg:
		return m.handleFiles(msg)
	}
	return nil
}

// switchTab shows another screen, opening what the message asks for.
func (m *dayModel) switchTab(msg common.SwitchTabMsg) tea.Cmd {
	cmd := m.setTab(msg.Tab)
	switch {
	case msg.Part != "" && m.tab == common.TabRun:
		m.run.ShowPart(msg.Part, &m.s)
	case msg.Open && m.tab == common.TabPredict:
		cmd = tea.Batch(cmd, m.predict.SetActive(true))
	}
	return cmd
}

// banner is the latest run's failure, shown above the screens that show
// results, while the last good results stay below it.
func (m *dayModel) banner(w, h int) string {
	if m.s.RunErr == nil || m.tab == common.TabLesson || m.tab == common.TabPredict || m.tab == common.TabDrills {
		return ""
	}
	st := m.c.Styles
	var lines []string
	if be := m.s.BuildError(); be != nil && len(be.Locations) > 0 {
		head := st.Bad.Render("✗ your code does not compile")
		if m.s.Outcome != nil {
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
		first, _, _ := strings.Cut(strings.TrimSpace(m.s.RunErr.Error()), "\n")
		lines = append(lines, st.Bad.Render("✗ "+first))
	}
	if h < 14 || w < 30 {
		return textlayout.Trunc(lines[0], w) // room for one line only
	}
	body := lines[0]
	for _, l := range lines[1:] {
		body += "\n" + textlayout.Trunc(l, w-4)
	}
	return st.ErrBox.Width(max(w-2, 1)).Render(body)
}

func (m *dayModel) view(w, h int) string {
	b := m.banner(w, h)
	bh := 0
	if b != "" {
		bh = textlayout.LineCount(b)
		if bh >= h {
			return m.c.Fit(b, w, h)
		}
	}
	body := m.current().View(&m.s, w, h-bh)
	if b != "" {
		return b + "\n" + body
	}
	return body
}

// bodySize is what a screen gets once the banner is drawn.
func (m *dayModel) resize(w, h int) {
	if b := m.banner(w, h); b != "" {
		h -= textlayout.LineCount(b)
	}
	for _, sc := range m.screens {
		sc.Resize(&m.s, w, max(h, 0))
	}
}

// status is the day's line at the bottom, whole: the build, then the last
// note.
func (m *dayModel) status() (string, bool) {
	parts, bad := m.statusParts()
	texts := make([]string, len(parts))
	for i, p := range parts {
		texts[i] = p.text
	}
	return strings.Join(texts, " · "), bad
}

// statusPart is one part of the status line, and what a narrow line may
// do with it: use its shorter form, or leave it out.
type statusPart struct {
	text  string
	short string // a shorter form; "" when there is none
	// late: the shorter form is used only once the parts a narrow line
	// does without are gone (a build's programs by name, before its why).
	late bool
	drop bool // it only explains or repeats: a narrow line does without it
}

// statusLine is the status fitted to w columns: first a part's shorter
// form (the run without its time), then the parts that only explain or
// repeat (why a build is slow, what the run moved, which parts wait) are
// left out, the last first, then the build's shorter form (its count
// without the programs' names), before the line would wrap; a line that
// still does not fit wraps (statusView). A note is never shortened: it is
// read whole, beside the other parts' short forms.
func (m *dayModel) statusLine(w int) (string, bool) {
	parts, bad := m.statusParts()
	join := func() string {
		texts := make([]string, 0, len(parts))
		for _, p := range parts {
			texts = append(texts, p.text)
		}
		return strings.Join(texts, " · ")
	}
	fits := func() bool { return textlayout.Width(join()) <= w }
	shorten := func(late bool) {
		for i := range parts {
			if parts[i].short != "" && parts[i].late == late && !fits() {
				parts[i].text = parts[i].short
			}
		}
	}
	shorten(false)
	for i := len(parts) - 1; i >= 0 && !fits(); i-- {
		if parts[i].drop {
			parts = slices.Delete(parts, i, i+1)
		}
	}
	shorten(true)
	return join(), bad
}

// statusParts is the status line's parts, in order.
func (m *dayModel) statusParts() (parts []statusPart, bad bool) {
	add := func(text string) { parts = append(parts, statusPart{text: text}) }
	switch {
	case m.s.Building:
		what, short, why := m.run.Building(&m.s)
		parts = append(parts, statusPart{text: what, short: short, late: true})
		if why != "" {
			parts = append(parts, statusPart{text: why, drop: true})
		}
		if m.s.Pending != nil && m.s.Graded() {
			// Verdicts of this run are landing: the count moves with the rows.
			add(fmt.Sprintf("%d/%d TODOs pass", m.s.Passed(), len(m.s.Day.TODOs)))
		}
	case m.s.BuildError() != nil:
		be := m.s.BuildError()
		where := ""
		if len(be.Locations) > 0 {
			l := be.Locations[0]
			where = fmt.Sprintf(": %s:%d", l.File, l.Line)
		}
		add("✗ does not compile" + where)
		bad = true
	case m.s.RunErr != nil:
		add("✗ the run failed")
		bad = true
	case m.s.Outcome != nil:
		parts = append(parts, statusPart{
			text:  fmt.Sprintf("✓ ran %s · %d/%d TODOs pass", m.s.OutcomeAt.Format("15:04:05"), m.s.Passed(), len(m.s.Day.TODOs)),
			short: fmt.Sprintf("✓ %d/%d TODOs pass", m.s.Passed(), len(m.s.Day.TODOs)),
		})
		// The run happened; what the learner holds back is its reveal.
		if g, open := m.s.Due(); open && m.s.Note == "" && m.tab != common.TabPredict {
			verb := "wait"
			if len(g.Parts) == 1 {
				verb = "waits"
			}
			// The Run screen says it too.
			parts = append(parts, statusPart{text: fmt.Sprintf("%s %s for %s (2)", common.PartNames(g.Parts), verb, common.IDs(g.Preds)), drop: true})
		}
	}
	if m.s.Note != "" {
		add(m.s.Note)
		bad = bad || m.s.NoteBad
	}
	if mv := m.history.MovedLine(); mv != "" && !m.s.Building && (m.s.Note == "" || m.s.Note == historypage.ResultsUpdatedNote) {
		// Only a change is news on a narrow line.
		parts = append(parts, statusPart{text: mv, short: m.history.MovedShort(), drop: mv == history.NothingMoved})
	}
	return parts, bad
}
