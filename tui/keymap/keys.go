// Package keymap is every key the lab answers, with the words the help line
// shows (KeyMap, KeyBar), for the shell and every screen.
package keymap

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"termlab/tui/components/textlayout"
	"termlab/tui/styles"
)

// Every key the lab answers, in one place, with the words the help line
// shows. Screens pick the bindings that apply to their state (see each
// screen's help method), so the help line never offers a key that does
// nothing.
//
// One rule keeps typing safe: a text box takes keys only once the learner
// has opened it (enter or e), and while it is open plain letters and digits
// go into it, so every command that works while typing is a control key
// (ctrl+…), enter, esc, tab or an arrow. Tab and shift+tab change screens
// everywhere, open box or not.

// globalKeys work on every screen.
type globalKeys struct {
	Quit      key.Binding // q, when not typing
	ForceQuit key.Binding // ctrl+c, always
	Help      key.Binding
	Back      key.Binding // to the day list
	NextTab   key.Binding
	PrevTab   key.Binding
	Jump      key.Binding // 1–7 opens a tab by number
	Rerun     key.Binding
	Redraw    key.Binding // ctrl+l, always: after another program scribbled on the terminal
}

func newGlobalKeys() globalKeys {
	return globalKeys{
		Quit:      key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "more keys")),
		Back:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "days")),
		NextTab:   key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next screen")),
		PrevTab:   key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous")),
		Jump:      key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("1-9", "jump to screen")),
		Rerun:     key.NewBinding(key.WithKeys("r", "ctrl+r"), key.WithHelp("r", "re-run now")),
		Redraw:    key.NewBinding(key.WithKeys("ctrl+l"), key.WithHelp("ctrl+l", "redraw")),
	}
}

// listKeys move a cursor through rows.
type listKeys struct {
	Up, Down, Open key.Binding
}

func newListKeys(open string) listKeys {
	return listKeys{
		Up:   key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down: key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Open: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", open)),
	}
}

// scrollKeys page through text.
type ScrollKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
}

func newScrollKeys() ScrollKeys {
	return ScrollKeys{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/↓", "scroll")),
		Down:     key.NewBinding(key.WithKeys("down", "j")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "b"), key.WithHelp("pgup/pgdn", "page")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", " ", "f")),
		Top:      key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/G", "top/bottom")),
		Bottom:   key.NewBinding(key.WithKeys("end", "G")),
	}
}

// formKeys work while a text box has the focus.
type formKeys struct {
	Next, Prev, Submit, Skip, StopTyping, Type key.Binding
	Think                                      key.Binding // "how to think about it", on request
	Sure                                       key.Binding // how sure: sure, likely, guess, not said
}

func newFormKeys() formKeys {
	return formKeys{
		Next:   key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "next")),
		Prev:   key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "previous")),
		Submit: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "record")),
		Skip:   key.NewBinding(key.WithKeys("ctrl+x"), key.WithHelp("ctrl+x", "skip this one")),
		Think:  key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "how to think about it")),
		// ctrl+g: no text box binds it, and it works with the box open or
		// closed, as ctrl+t does.
		Sure:       key.NewBinding(key.WithKeys("ctrl+g"), key.WithHelp("ctrl+g", "how sure")),
		StopTyping: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop typing")),
		Type:       key.NewBinding(key.WithKeys("enter", "e", "i"), key.WithHelp("enter/e", "type")),
	}
}

// runKeys drive the replay.
type runKeys struct {
	Pause, Step, Faster, Slower, Skip, SkipAll, PrevPart, NextPart, Predict key.Binding
}

func newRunKeys() runKeys {
	return runKeys{
		Pause:    key.NewBinding(key.WithKeys(" ", "p"), key.WithHelp("space", "pause/play")),
		Step:     key.NewBinding(key.WithKeys("."), key.WithHelp(".", "step")),
		Faster:   key.NewBinding(key.WithKeys("+", "=", "]"), key.WithHelp("+/-", "speed")),
		Slower:   key.NewBinding(key.WithKeys("-", "_", "[")),
		Skip:     key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "skip part")),
		SkipAll:  key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "skip all")),
		PrevPart: key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/→", "part")),
		NextPart: key.NewBinding(key.WithKeys("right", "l")),
		Predict:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "go predict")),
	}
}

// todoKeys act on the selected TODO.
type todoKeys struct {
	Hint, Solution, Reset, ResetDay key.Binding
}

func newTodoKeys() todoKeys {
	return todoKeys{
		Hint:     key.NewBinding(key.WithKeys("h"), key.WithHelp("h", "next hint")),
		Solution: key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "view solution")),
		Reset:    key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "reset TODO")),
		ResetDay: key.NewBinding(key.WithKeys("X"), key.WithHelp("X", "reset day")),
	}
}

// confirmKeys answer a yes/no question.
type confirmKeys struct {
	Yes, No key.Binding
}

func newConfirmKeys() confirmKeys {
	return confirmKeys{
		Yes: key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes")),
		No:  key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("n/esc", "no")),
	}
}

// drillKeys mark a self-assessed drill.
type drillKeys struct {
	Got, Partly, Missed key.Binding
}

func newDrillKeys() drillKeys {
	return drillKeys{
		Got:    key.NewBinding(key.WithKeys("g"), key.WithHelp("g/p/m", "mark: got it, partly, missed")),
		Partly: key.NewBinding(key.WithKeys("p")),
		Missed: key.NewBinding(key.WithKeys("m")),
	}
}

// keyMap is what the help line shows for the current state: the screen's
// own keys first, then the global ones.
type KeyMap struct {
	Short  []key.Binding
	Full   [][]key.Binding
	Global int // the last global bindings of short, kept when room is short
}

func (k KeyMap) ShortHelp() []key.Binding  { return k.Short }
func (k KeyMap) FullHelp() [][]key.Binding { return k.Full }

// Keys gathers every key map, so a screen reads them from one place.
type Keys struct {
	Global  globalKeys
	List    listKeys
	Scroll  ScrollKeys
	Form    formKeys
	Run     runKeys
	TODO    todoKeys
	Confirm confirmKeys
	Drill   drillKeys
	Write   key.Binding // RESULTS.md
	Compare key.Binding // History: a run beside the latest
	Score   scoreKeys
}

// scoreKeys are the Scoreboard's own: the learner's line on a miss, and
// practice with new numbers (scoreask.go). In a box, enter records and esc
// passes or closes, as the help line says for the state.
type scoreKeys struct {
	Explain, Record, Pass, Practice, Pick, Guess, Close key.Binding
}

func newScoreKeys() scoreKeys {
	return scoreKeys{
		Explain:  key.NewBinding(key.WithKeys("e", "enter"), key.WithHelp("e", "say why it differed")),
		Record:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "record")),
		Pass:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "pass")),
		Practice: key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new numbers")),
		Pick:     key.NewBinding(key.WithKeys("left", "right", "h", "l"), key.WithHelp("←/→", "which question")),
		Guess:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "judge it")),
		Close:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
	}
}

func New() Keys {
	return Keys{
		Global:  newGlobalKeys(),
		List:    newListKeys("open"),
		Scroll:  newScrollKeys(),
		Form:    newFormKeys(),
		Run:     newRunKeys(),
		TODO:    newTodoKeys(),
		Confirm: newConfirmKeys(),
		Drill:   newDrillKeys(),
		Write:   key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "write RESULTS.md")),
		Compare: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "compare with the latest")),
		Score:   newScoreKeys(),
	}
}

// keyBar is the short help line, wrapped at the bindings rather than cut
// with "…" as bubbles' help does when it runs out of width: a learner at
// 80 columns must still see that q quits. It takes at most maxLines lines;
// when the bindings need more, the screen's own keys go first from the
// last, and the global ones (the last keep) stay. Bindings without help
// text, or disabled, are left out, as bubbles does.
func KeyBar(bindings []key.Binding, keep, w, maxLines int, st styles.Styles) string {
	var shown []item
	for _, b := range bindings {
		if b.Enabled() && b.Help().Key != "" {
			s := st.Key.Render(b.Help().Key) + " " + st.Dim.Render(b.Help().Desc)
			shown = append(shown, item{s, textlayout.Width(s)})
		}
	}
	keep = min(keep, len(shown))
	sep := st.Faint.Render(" • ")
	sepW := textlayout.Width(sep)
	for {
		lines := keyLines(shown, w, sep, sepW)
		if len(lines) <= max(maxLines, 1) || len(shown) <= 1 {
			for i, l := range lines {
				lines[i] = textlayout.Trunc(l, w) // only when one binding is wider than the screen
			}
			if len(lines) > max(maxLines, 1) {
				lines = lines[:max(maxLines, 1)]
			}
			return strings.Join(lines, "\n")
		}
		drop := len(shown) - keep - 1
		if drop < 0 {
			drop = 0
		}
		shown = append(shown[:drop:drop], shown[drop+1:]...)
	}
}

// item is one binding as the bar shows it, drawn once and measured once:
// KeyBar lays the same items out again each time it drops one.
type item struct {
	s string
	w int
}

// keyLines lays items out in lines of at most w columns, sep between two
// on a line.
func keyLines(items []item, w int, sep string, sepW int) []string {
	var lines []string
	cur, curW := "", 0
	for _, it := range items {
		switch {
		case curW == 0:
			cur, curW = it.s, it.w
		case curW+sepW+it.w <= w:
			cur += sep + it.s
			curW += sepW + it.w
		default:
			lines = append(lines, cur)
			cur, curW = it.s, it.w
		}
	}
	if curW > 0 {
		lines = append(lines, cur)
	}
	return lines
}
