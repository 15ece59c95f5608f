package tui

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"termlab/record/predictions"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/keymap"
	"termlab/tui/pages/history"
	"termlab/tui/pages/picker"
	"termlab/watch"
)

// App is the root model: the day list, the open day, and what frames them
// (a header with the tabs, a status line, the help line). It routes keys:
// global keys first, unless a text box or a question has the keyboard.
type App struct {
	c    *common.Common
	help help.Model

	picker   *picker.Model
	day      *dayModel // the open day; it stays open behind the day list
	onPicker bool

	loaded   bool
	warnings []string

	storeWatch *watch.Watcher // on predictions/, for saves from a shell

	bar helpLine // the help line as Update last drew it (helpbar.go)
}

func newApp(c *common.Common) *App {
	h := help.New()
	st := c.Styles
	h.Styles.ShortKey, h.Styles.FullKey = st.Key, st.Key
	h.Styles.ShortDesc, h.Styles.FullDesc = st.Dim, st.Dim
	h.Styles.ShortSeparator, h.Styles.FullSeparator, h.Styles.Ellipsis = st.Faint, st.Faint, st.Faint
	return &App{c: c, help: h, picker: picker.New(c), onPicker: true}
}

// Init loads the learner's progress and watches it for saves made from a
// shell; nothing else starts until a day opens.
func (a *App) Init() tea.Cmd {
	if a.c.Deps.Watch {
		a.storeWatch = newStoreWatcher(a.c.Deps)
		return tea.Batch(loadCmd(a.c.Deps), history.LoadHistoriesCmd(a.c.Deps), startStoreWatchCmd(a.c.Deps, a.storeWatch))
	}
	return tea.Batch(loadCmd(a.c.Deps), history.LoadHistoriesCmd(a.c.Deps))
}

func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := a.handle(msg)
	a.resize()
	return a, cmd
}

func (a *App) handle(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.c.Width, a.c.Height = msg.Width, msg.Height
		return nil
	case readMsg:
		if msg.first {
			a.loaded = true
			for i, d := range a.c.Deps.Course {
				if d.Number == msg.lastDay {
					a.picker.Sel = i
				}
			}
		}
		return a.read(msg)
	case picker.OpenDayMsg:
		return a.open(msg.Index)

	case watchMsg:
		if msg.w == a.storeWatch {
			return a.storeChanged(msg)
		}
	case common.SavedMsg:
		if a.day != nil && a.day.s.Day.Number == msg.Day {
			return a.day.update(msg)
		}
		// A day closed while it was saving: its record has the result,
		// and writes what it put back, if anything.
		if day, err := a.c.Deps.Course.Find(msg.Day); err == nil && a.c.Deps.Records.Of(day).Pending() {
			return common.WriteCmd(a.c.Deps.Records.Of(day))
		}
		return nil
	case history.HistoryMsg:
		a.picker.Took(msg)
		if a.day != nil && a.day.s.Day.Number == msg.Day {
			return a.day.update(msg)
		}
		return nil
	case tea.KeyMsg:
		return a.key(msg)
	}
	if a.day != nil {
		return a.day.update(msg)
	}
	return nil
}

// open opens a day, or goes back to it if it is the one open.
func (a *App) open(i int) tea.Cmd {
	if i < 0 || i >= len(a.c.Deps.Course) {
		return nil
	}
	day := a.c.Deps.Course[i]
	a.onPicker = false
	if a.day != nil && a.day.s.Day.Number == day.Number {
		a.day.visible = true
		return a.day.update(nil) // wakes the replay if it was playing
	}
	var cmds []tea.Cmd
	if a.day != nil {
		cmds = append(cmds, a.day.close())
	}
	a.day = newDay(a.c, day)
	a.day.visible = true
	a.resize()
	return tea.Batch(append(cmds, a.day.init())...)
}

// typing reports whether keys should go to a text box or a question first.
func (a *App) typing() bool {
	return !a.onPicker && a.day != nil && (a.day.current().Typing() || a.day.modal())
}

func (a *App) key(k tea.KeyMsg) tea.Cmd {
	g := a.c.Keys.Global
	if key.Matches(k, g.ForceQuit) {
		return a.quit()
	}
	if key.Matches(k, g.Redraw) {
		return tea.ClearScreen // the next frame is drawn whole
	}
	if a.typing() {
		switch {
		case k.String() == "ctrl+r":
			return a.day.rerun()
		case !a.day.modal() && key.Matches(k, g.NextTab):
			// Tab changes screens from every screen; leaving closes the
			// box (an edit not recorded goes, a recorded guess stays).
			return a.day.update(common.SwitchTabMsg{Tab: a.day.tab + 1})
		case !a.day.modal() && key.Matches(k, g.PrevTab):
			return a.day.update(common.SwitchTabMsg{Tab: a.day.tab - 1})
		}
		return a.day.update(k)
	}
	switch {
	case key.Matches(k, g.Quit):
		return a.quit()
	case key.Matches(k, g.Help):
		a.help.ShowAll = !a.help.ShowAll
		return nil
	}
	if a.onPicker || a.day == nil {
		if key.Matches(k, g.Back) && a.day != nil {
			// esc on the list goes back to the open day
			a.onPicker, a.day.visible = false, true
			return a.day.update(nil)
		}
		return a.picker.Update(k)
	}
	switch {
	case key.Matches(k, g.Back):
		a.onPicker, a.day.visible = true, false
		return nil // a replay in progress stops at its next tick
	case key.Matches(k, g.NextTab):
		return a.day.update(common.SwitchTabMsg{Tab: a.day.tab + 1})
	case key.Matches(k, g.PrevTab):
		return a.day.update(common.SwitchTabMsg{Tab: a.day.tab - 1})
	case key.Matches(k, g.Jump):
		return a.day.update(common.SwitchTabMsg{Tab: int(k.Runes[0] - '1')})
	case key.Matches(k, g.Rerun):
		return a.day.rerun()
	}
	return a.day.update(k)
}

func (a *App) quit() tea.Cmd {
	if a.day != nil {
		return tea.Sequence(a.day.close(), tea.Quit)
	}
	return tea.Quit
}

// Close releases what the open day holds (its watcher, its run). Run calls
// it once the program has ended.
func (a *App) Close() {
	if a.storeWatch != nil {
		a.storeWatch.Close()
		a.storeWatch = nil
	}
	if a.day != nil {
		if cmd := a.day.close(); cmd != nil {
			cmd()
		}
	}
}

// layout splits the terminal: header lines, body height, and whether the
// status line fits. It depends only on sizes and state, so Update (sizing
// the screens) and View (drawing them) agree.
func (a *App) layout() (header, body int, status bool) {
	h := a.c.Height
	header = 1
	if !a.onPicker && a.day != nil && h >= 12 {
		header = 2
	}
	status = h >= 8
	foot := textlayout.LineCount(a.helpView())
	if status {
		foot += textlayout.LineCount(a.statusView())
	}
	return header, max(h-header-foot, 0), status
}

func (a *App) resize() {
	a.keepHelp()
	if a.day == nil {
		return
	}
	_, body, _ := a.layout()
	a.day.resize(a.c.Width, body)
	a.keepHelp() // a screen's keys may change with its size (scrolling)
}

func (a *App) keyMap() keymap.KeyMap {
	g := a.c.Keys.Global
	var km keymap.KeyMap
	switch {
	case a.onPicker || a.day == nil:
		km = a.picker.Help()
		km.Full = append(km.Full, []key.Binding{g.Redraw, g.Help, g.Quit})
		km.Short = append(km.Short, g.Help, g.Quit)
		km.Global = 2
		return km
	case a.typing():
		km = a.day.current().Help(&a.day.s)
		km.Short = append(km.Short, g.ForceQuit)
		km.Global = 1
		km.Full = append(km.Full, []key.Binding{key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "re-run now")), g.Redraw, g.ForceQuit})
		if !a.day.modal() {
			km.Full = append(km.Full, []key.Binding{g.NextTab, g.PrevTab})
		}
		return km
	}
	km = a.day.current().Help(&a.day.s)
	km.Short = append(km.Short, g.NextTab, g.Help, g.Quit)
	km.Global = 3
	km.Full = append(km.Full, []key.Binding{g.NextTab, g.PrevTab, g.Jump}, []key.Binding{g.Rerun, g.Back, g.Redraw, g.Help, g.Quit})
	return km
}

// fullHelpRows lays the key groups out as bubbles' help does, in columns,
// but starts a new row of columns where the next would pass the screen's
// edge: bubbles cuts that column with "…" ("jump to scree…" at 80 columns).
func fullHelpRows(hm help.Model, groups [][]key.Binding) string {
	w := hm.Width
	hm.Width = 0 // measure each row whole
	var rows []string
	var row [][]key.Binding
	for _, g := range groups {
		if len(row) > 0 && w > 0 && lipgloss.Width(hm.FullHelpView(append(slices.Clone(row), g))) > w {
			rows = append(rows, hm.FullHelpView(row))
			row = nil
		}
		row = append(row, g)
	}
	if len(row) > 0 {
		rows = append(rows, hm.FullHelpView(row))
	}
	return strings.Join(rows, "\n")
}

func (a *App) View() string {
	w, h := a.c.Width, a.c.Height
	if w <= 0 || h <= 0 {
		return ""
	}
	st := a.c.Styles
	header, bodyH, status := a.layout()
	var out []string
	out = append(out, a.header(w, header)...)

	var body string
	switch {
	case a.help.ShowAll && h < 16:
		// No room for the long help under the screen: it takes the
		// screen's place until ? closes it, so ? always does something.
		body = a.fullHelp(w)
	case !a.loaded:
		body = st.Dim.Render("Loading your progress…")
	case a.onPicker || a.day == nil:
		body = a.picker.View(a.listAnswers(), a.warnings, w, bodyH)
	default:
		body = a.day.view(w, bodyH)
	}
	body = a.c.Fit(body, w, bodyH)
	if n := textlayout.LineCount(body); bodyH > 0 {
		body += textlayout.Repeat("\n", bodyH-n) // keep the footer at the bottom
		out = append(out, body)
	}
	if status {
		out = append(out, a.statusView())
	}
	out = append(out, a.helpView())
	return a.c.Fit(strings.Join(out, "\n"), w, h)
}

// fullHelp is every key of the current state, one a line, for a screen
// too short for bubbles' columns.
func (a *App) fullHelp(w int) string {
	st := a.c.Styles
	var items []key.Binding
	for _, group := range a.keyMap().Full {
		for _, b := range group {
			if b.Enabled() && b.Help().Key != "" {
				items = append(items, b)
			}
		}
	}
	_, bodyH, _ := a.layout()
	cols := 1
	if len(items)+1 > bodyH && w >= 40 {
		cols = 2 // side by side, so every key is on screen
	}
	cw := w / cols
	item := func(b key.Binding) string {
		return textlayout.Trunc(st.Key.Render(b.Help().Key)+" "+st.Dim.Render(b.Help().Desc), cw-1)
	}
	lines := []string{st.Title.Render("Keys") + st.Dim.Render(" · ? closes")}
	rows := (len(items) + cols - 1) / cols
	for r := range rows {
		line := item(items[r])
		if cols == 2 && r+rows < len(items) {
			line = textlayout.Pad(line, cw) + item(items[r+rows])
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// listAnswers is what the day list shows: every day's answers as its
// record holds them, with the open day's as its screens hold them and its
// TODOs passing counted from the verdicts on screen, so the list moves in
// the same frame as the rows.
func (a *App) listAnswers() map[int]predictions.Answers {
	out := make(map[int]predictions.Answers, len(a.c.Deps.Course))
	for _, day := range a.c.Deps.Course {
		out[day.Number] = a.c.Deps.Records.Of(day).Answers()
	}
	if a.day == nil {
		return out
	}
	ans := a.day.s.Answers
	if a.day.s.Graded() {
		ans.TODOsPassed = a.day.s.Passed()
	}
	out[a.day.s.Day.Number] = ans
	return out
}

// read takes every day's answers read again: the open day draws them, a
// problem found on the way is said where the learner is looking, and a day
// whose record put answers back writes them.
func (a *App) read(msg readMsg) tea.Cmd {
	var cmds []tea.Cmd
	notes := msg.other
	open := 0
	if a.day != nil {
		open = a.day.s.Day.Number
	}
	for _, n := range slices.Sorted(maps.Keys(msg.notes)) {
		if n != open {
			notes = append(notes, msg.notes[n])
		}
	}
	if len(notes) > 0 {
		a.warnings = append(a.warnings, notes...)
		if a.day != nil {
			a.day.s.SetNote(strings.Join(notes, "; "), true)
		}
	}
	for _, n := range msg.again {
		if day, err := a.c.Deps.Course.Find(n); err == nil && n != open {
			cmds = append(cmds, common.WriteCmd(a.c.Deps.Records.Of(day)))
		}
	}
	if a.day != nil {
		cmds = append(cmds, a.day.reloaded(msg.notes[open]))
		// The day has its answers: what they open follows (update), the
		// parts whose predictions are now in, the Play screen.
		cmds = append(cmds, a.day.update(msg))
	}
	return tea.Batch(cmds...)
}

// statusView is the status line, wrapped onto a second line when a
// message needs it rather than cut (a third, rare, is cut).
func (a *App) statusView() string {
	line, bad := "", false
	if !a.onPicker && a.day != nil {
		line, bad = a.day.statusLine(max(a.c.Width, 1))
	}
	style := a.c.Styles.Status
	if bad {
		style = a.c.Styles.StatusErr
	}
	line = a.c.Relative(line)
	lines := strings.Split(textlayout.Wrap(line, max(a.c.Width, 1)), "\n")
	if len(lines) > 2 {
		lines = []string{lines[0], textlayout.Trunc(strings.Join(lines[1:], " "), a.c.Width)}
	}
	return textlayout.StyleLines(style, strings.Join(lines, "\n"))
}

// header is the brand and the day, then the tabs (on one line when short).
func (a *App) header(w, lines int) []string {
	st := a.c.Styles
	brand := st.Brand.Render("termlab")
	if a.onPicker || a.day == nil {
		return []string{textlayout.Trunc(brand+st.Dim.Render(" · pick a day"), w)}
	}
	day := a.day.s.Day
	title := brand + st.Dim.Render(" › ") + st.DayTitle.Render(fmt.Sprintf("Day %d · %s", day.Number, day.Title))
	tabs := a.tabs(w)
	if lines < 2 {
		return []string{textlayout.Trunc(tabs, w)}
	}
	return []string{textlayout.Trunc(title, w), textlayout.Trunc(tabs, w)}
}

// tabs names every screen with its number; the open one is in brackets. When
// the names do not fit, only the open one is named.
func (a *App) tabs(w int) string {
	st := a.c.Styles
	var full, tight, brief, short []string
	for i, sc := range a.day.screens {
		name := fmt.Sprintf("%d %s", i+1, sc.Title())
		abbr := name
		if b, ok := sc.(interface{ BriefTitle() string }); ok {
			abbr = fmt.Sprintf("%d %s", i+1, b.BriefTitle())
		}
		if i == a.day.tab {
			full = append(full, st.ActiveTab.Render("["+name+"]"))
			tight = append(tight, st.ActiveTab.Render("["+name+"]"))
			brief = append(brief, st.ActiveTab.Render("["+abbr+"]"))
			short = append(short, st.ActiveTab.Render("["+name+"]"))
		} else {
			full = append(full, st.Tab.Render(" "+name+" "))
			tight = append(tight, st.Tab.Render(name))
			brief = append(brief, st.Tab.Render(abbr))
			short = append(short, st.Tab.Render(fmt.Sprint(i+1)))
		}
	}
	// Every name, closer together, then with the long ones cut short
	// (nine screens fit 80 columns so), before only the open one's.
	for _, s := range []string{strings.Join(full, " "), strings.Join(tight, " "), strings.Join(brief, " ")} {
		if textlayout.Width(s) <= w {
			return s
		}
	}
	return strings.Join(short, " ")
}
