package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"termlab/tui/keymap"
)

// The help line at the foot of the screen is drawn from the current key map
// and the width. Laying it out (lipgloss renders every binding, then wraps
// and drops them to fit) cost about a fifth of a frame, and layout asks for
// it in Update and twice in View. So Update draws it when what it depends
// on changes and keeps it, with the key it was drawn for; View only reads
// it. helpView checks the key first, so a state changed outside Update
// (a test setting a field) still gets a true line, just not a cached one.
// The styles are not in the key: they are set once, before the App is made.

// helpLine is the drawn help line and the key of what it was drawn from.
type helpLine struct {
	key  string
	text string
}

// helpInputs is everything the help line depends on, as a string: whether
// the long form shows, the width, the lines it may take, and every shown
// binding's help (its keys do not matter: only its help text is drawn).
func (a *App) helpInputs() (in string, km keymap.KeyMap, showAll bool, lines int) {
	w := max(a.c.Width, 0)
	showAll = a.help.ShowAll && a.c.Height >= 16
	lines = 2
	if a.c.Height < 16 {
		lines = 1
	}
	km = a.keyMap()
	var b strings.Builder
	b.WriteString(strconv.FormatBool(showAll))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(w))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(lines))
	if showAll {
		for _, g := range km.Full {
			b.WriteString("\x00g")
			writeBindings(&b, g)
		}
	} else {
		b.WriteString("\x00k")
		b.WriteString(strconv.Itoa(km.Global))
		writeBindings(&b, km.Short)
	}
	return b.String(), km, showAll, lines
}

func writeBindings(b *strings.Builder, bs []key.Binding) {
	for _, k := range bs {
		if !k.Enabled() {
			continue // left out of both forms
		}
		b.WriteByte('\x00')
		b.WriteString(k.Help().Key)
		b.WriteByte('\x01')
		b.WriteString(k.Help().Desc)
	}
}

// helpView is the help line: the one Update kept when nothing it depends
// on has changed since, else drawn now. It writes nothing.
func (a *App) helpView() string {
	in, km, showAll, lines := a.helpInputs()
	if in == a.bar.key {
		return a.bar.text
	}
	return a.drawHelp(km, showAll, lines)
}

// keepHelp draws the help line again if what it depends on changed. Only
// Update calls it (through resize), never View.
func (a *App) keepHelp() {
	in, km, showAll, lines := a.helpInputs()
	if in != a.bar.key {
		a.bar = helpLine{key: in, text: a.drawHelp(km, showAll, lines)}
	}
}

func (a *App) drawHelp(km keymap.KeyMap, showAll bool, lines int) string {
	hm := a.help
	hm.Width = max(a.c.Width, 0)
	if !showAll {
		return keymap.KeyBar(km.Short, km.Global, hm.Width, lines, a.c.Styles)
	}
	return fullHelpRows(hm, km.Full)
}
