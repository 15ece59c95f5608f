package history

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/history"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/keymap"
)

// historyModel is the History screen: the day's runs, newest first, each
// with what it moved since the one before (record/history); enter lays the
// selected run beside the latest. Every run that lands on the screens is
// appended to the history (record), as `run` and `grade` do from a shell.
type Model struct {
	c      *common.Common
	recs   []history.Record // oldest first, as in the file
	err    error            // why the history could not be read or written
	sel    int              // the selected run, as an index into recs
	open   bool             // comparing the selected run with the latest
	moved  string           // what the latest run of this session moved
	short  string           // the same in fewer words: its first change (movedLine)
	scroll int              // of the comparison
	w, h   int
}

func New(c *common.Common) *Model { return &Model{c: c} }

// HistoryMsg is a day's history as read, or as written after a run
// (appended), with whether RESULTS.md holds the day's one-line answer.
type HistoryMsg struct {
	Day      int
	Recs     []history.Record
	Err      error
	appended bool
	Answered bool
}

// loadHistoryCmd reads a day's history and whether its answer is written.
func loadHistoryCmd(d common.Deps, day labs.Day) tea.Cmd {
	return func() tea.Msg {
		recs, err := history.Load(d.PredictionsDir(), day.Number)
		return HistoryMsg{Day: day.Number, Recs: recs, Err: err, Answered: common.Answered(d, day)}
	}
}

// LoadHistoriesCmd reads every day's history, for the day list.
func LoadHistoriesCmd(d common.Deps) tea.Cmd {
	var cmds []tea.Cmd
	for _, day := range d.Course {
		cmds = append(cmds, loadHistoryCmd(d, day))
	}
	return tea.Batch(cmds...)
}

// Record appends a run that landed to the day's history. Only the parts
// about to be revealed keep their figures (those whose predictions are
// made or skipped), judged as the reveal will judge them: the history is a
// file in the repository, and must not hold an actual the learner has not
// been shown.
func (m *Model) Record(d common.Deps, s *common.Session, o labs.Outcome) tea.Cmd {
	// Kept by the day's record (record/session): no wall-clock figure, no
	// run that repeats the last, no idle first run.
	keep, day := s.Rec.KeepRun(o, history.FromScreens, d.Now), s.Day
	return func() tea.Msg {
		recs, added, err := keep()
		msg := HistoryMsg{Day: day.Number, Recs: recs, Err: err, appended: added, Answered: common.Answered(d, day)}
		if err != nil && !added {
			msg.Err = fmt.Errorf("this run was not added to the history: %w", err)
		}
		return msg
	}
}

// Took takes a day's history in; after a run, what the run moved is kept
// for the status line (movedLine).
func (m *Model) Took(msg HistoryMsg, s *common.Session) tea.Cmd {
	if Older(msg, m.recs) {
		return nil // a read begun before the latest write
	}
	if msg.Recs != nil || msg.Err == nil {
		keepLatest := m.sel >= len(m.recs)-1
		m.recs = msg.Recs
		if keepLatest || m.sel >= len(m.recs) {
			m.sel = len(m.recs) - 1
		}
	}
	m.err = msg.Err
	switch {
	case msg.Err != nil:
		s.SetNote(msg.Err.Error(), true)
	case msg.appended && len(m.recs) > 1:
		moved := history.Moved(m.recs, len(m.recs)-1)
		m.moved = history.Summary(moved, 2)
		m.short = m.moved
		if len(moved) > 0 {
			m.moved = "since the last run: " + m.moved
			m.short = history.Short(moved)
		}
	case msg.appended:
		m.moved, m.short = "", ""
	}
	return nil
}

// ResultsUpdatedNote is the note of RESULTS.md refreshed after a run: what
// the run moved is still worth the status line beside it, unlike a note
// about something the learner did.
const ResultsUpdatedNote = "RESULTS.md updated"

// RunStarted forgets what the last run moved: a new run is under way, and
// what it moves comes with its record (took).
func (m *Model) RunStarted() { m.moved, m.short = "", "" }

// MovedLine is what the latest run moved, for the day's status line; ""
// before the first run of the session lands.
func (m *Model) MovedLine() string { return m.moved }

// MovedShort is MovedLine for a line with little room: one change (a
// verdict's first, history.Short) and how many more, without "since the last run" (the status line sits
// under the run it follows).
func (m *Model) MovedShort() string { return m.short }

// Older reports whether a history read (not a write) ends before recs
// does: Cmds run concurrently, so a read can land after a newer write.
func Older(msg HistoryMsg, recs []history.Record) bool {
	if msg.appended || msg.Err != nil || len(recs) == 0 || len(msg.Recs) == 0 {
		return false
	}
	return msg.Recs[len(msg.Recs)-1].At.Before(recs[len(recs)-1].At)
}

func (m *Model) Title() string                      { return "History" }
func (m *Model) Typing() bool                       { return false }
func (m *Model) Resize(_ *common.Session, w, h int) { m.w, m.h = w, h }
func (m *Model) Enter(s *common.Session) tea.Cmd {
	m.open = false
	return loadHistoryCmd(m.c.Deps, s.Day) // another shell may have run since
}

func (m *Model) Update(msg tea.Msg, s *common.Session) tea.Cmd {
	k, ok := msg.(tea.KeyMsg)
	if !ok || len(m.recs) == 0 {
		return nil
	}
	lk := m.c.Keys.List
	if m.open {
		if key.Matches(k, m.c.Keys.Compare) {
			m.open = false
			return nil
		}
		m.scroll = common.ScrollKey(m.c.Keys.Scroll, k, m.scroll, m.h, textlayout.LineCount(m.compare(m.w)))
		return nil
	}
	switch {
	case key.Matches(k, lk.Up): // newest first: up is newer
		m.sel = min(m.sel+1, len(m.recs)-1)
	case key.Matches(k, lk.Down):
		m.sel = max(m.sel-1, 0)
	case key.Matches(k, m.c.Keys.Compare):
		m.open, m.scroll = true, 0
	}
	return nil
}

func (m *Model) View(s *common.Session, w, h int) string {
	st := m.c.Styles
	var head []string
	path := history.Path(m.c.Deps.PredictionsDir(), s.Day.Number)
	if rel, err := filepath.Rel(m.c.Deps.Root, path); err == nil {
		path = rel
	}
	if m.err != nil {
		head = append(head, textlayout.StyleLines(st.Warn, textlayout.Wrap("! "+m.err.Error(), w)))
	}
	if len(m.recs) == 0 {
		head = append(head, st.Title.Render("History"), textlayout.StyleLines(st.Dim, textlayout.Wrap("No runs yet. Every run is kept here, in "+path+", with what it changed: save your code, or press r.", w)))
		return strings.Join(head, "\n")
	}
	if m.open {
		if len(head) == 0 {
			return textlayout.Scrolled(m.compare(w), m.scroll, h, st.Dim)
		}
		hdr := strings.Join(head, "\n")
		return hdr + "\n" + textlayout.Scrolled(m.compare(w), m.scroll, h-textlayout.LineCount(hdr), st.Dim)
	}
	head = append(head, textlayout.Trunc(st.Title.Render("History")+st.Dim.Render(fmt.Sprintf(" · %d runs · %s", len(m.recs), path)), w))
	var lines []string
	top, end := 0, 0
	for i := len(m.recs) - 1; i >= 0; i-- {
		cur := "  "
		line := fmt.Sprintf("%3d  %s", i+1, history.Headline(m.recs[i]))
		if i == m.sel {
			cur = st.Cursor.Render("› ")
			line = st.Cursor.Render(line)
			top = len(lines)
		}
		lines = append(lines, textlayout.Trunc(cur+line, w))
		if moved := history.Moved(m.recs, i); len(moved) > 0 {
			lines = append(lines, textlayout.StyleLines(st.Dim, textlayout.Indent(textlayout.Wrap(history.Summary(moved, 0), max(w-7, 8)), "       ")))
		}
		if i == m.sel {
			end = len(lines)
		}
	}
	body := h - len(head)
	off := 0
	if end > body {
		off = end - body
	}
	if top < off {
		off = top
	}
	out, _ := textlayout.Window(strings.Join(lines, "\n"), off, body)
	return strings.Join(head, "\n") + "\n" + out
}

// compare is the selected run beside the latest: every TODO, figure and
// judged prediction, a star on what differs.
func (m *Model) compare(w int) string {
	st := m.c.Styles
	j := history.Against(m.recs, m.sel)
	then, now := m.recs[m.sel], m.recs[j]
	n, last := m.sel+1, j+1
	col := textlayout.Clamp((w-6)/4, 5, 14)
	what := max(w-2*col-4, 6)
	var b []string
	b = append(b, textlayout.StyleLines(st.Title, textlayout.Wrap(fmt.Sprintf("Run %d beside %s", n, history.Beside(m.recs, m.sel, j)), w)))
	b = append(b, textlayout.Trunc(st.Dim.Render(fmt.Sprintf("%d  %s", n, history.Headline(then))), w))
	b = append(b, textlayout.Trunc(st.Dim.Render(fmt.Sprintf("%d  %s", last, history.Headline(now))), w))
	b = append(b, st.Dim.Render(textlayout.Pad("", what+3)+textlayout.Pad(fmt.Sprintf("run %d", n), col+1)+fmt.Sprintf("run %d", last)))
	for _, r := range history.Compare(then, now) {
		mark, style := "  ", st.Body
		if r.Differs {
			mark, style = st.Accent.Render("* "), st.Accent
		}
		b = append(b, mark+style.Render(textlayout.Pad(textlayout.Trunc(r.What, what), what)+" "+textlayout.Pad(textlayout.Trunc(orDash(r.Then), col), col)+" "+textlayout.Trunc(orDash(r.Now), col)))
	}
	b = append(b, "", st.Dim.Render(fmt.Sprintf("* differs from run %d", last)))
	return strings.Join(b, "\n")
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func (m *Model) Help(*common.Session) keymap.KeyMap {
	lk, ck, sk := m.c.Keys.List, m.c.Keys.Compare, m.c.Keys.Scroll
	if m.open {
		back := key.NewBinding(key.WithKeys(ck.Keys()...), key.WithHelp(ck.Help().Key, "back to the runs"))
		return keymap.KeyMap{Short: []key.Binding{back, sk.Up}, Full: [][]key.Binding{{back}, {sk.Up, sk.PageUp, sk.Top}}}
	}
	if len(m.recs) == 0 {
		return keymap.KeyMap{}
	}
	return keymap.KeyMap{Short: []key.Binding{lk.Up, lk.Down, ck}, Full: [][]key.Binding{{lk.Up, lk.Down, ck}}}
}
