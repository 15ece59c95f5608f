// Package editor is the free-text drill's answer box: a few lines of
// prose, soft wrapped to the box, with a cursor and the editing keys
// bubbles' textarea answers to (Keys).
//
// It is written here instead of using the kept library, bubbles/textarea,
// because of what textarea costs the learner's first `go run .` (issue 22):
// textarea memoizes its wrapping under SHA-256 keys, so it brings
// crypto/sha256 and with it the whole FIPS 140 module (crypto/internal/
// fips140/...) into the lab's binary: 31 packages with textarea's own,
// container/list and hash.
// Measured with `go build -toolexec` timing each compile and assemble on
// an empty build cache (go1.26, 2 shared cores, 2026-12-01), a Bubble Tea
// program with textinput and viewport spends 0.70 s and 0.95 s more CPU
// (two runs) on those 31 packages once it adds textarea (textarea itself
// 0.22 s); this file compiles in about 0.1 s. The drill needs nothing
// textarea has beyond what is here (line numbers, prompts, a memo cache,
// ctrl+v reading the clipboard, which never reached the drill anyway: the
// screen passes only keys on).
//
// Text is kept as grapheme clusters (uniseg, which lipgloss already
// links), each with its display width, so a CJK character or an emoji
// moves, deletes and wraps as one character of two columns.
package editor

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/runeutil"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/rivo/uniseg"

	"termlab/tui/components/textlayout"
)

// glyph is one character as the learner sees it: a grapheme cluster.
type glyph struct {
	s string
	w int // display columns
}

// edRow is one screen row of the box: glyphs [from, to) of a line.
type edRow struct{ line, from, to int }

// Styles are the box's looks.
type Styles struct {
	Text, Placeholder, Cursor lipgloss.Style
}

// Editor is the box. Its zero value is not usable: make one with New.
type Editor struct {
	lines       [][]glyph
	row, col    int // the cursor: a line, and a glyph of it (len = after the last)
	goal        int // the column up and down aim for; -1 until one of them is pressed
	width       int // the box's columns: text wraps a column short, for the cursor
	height      int // rows shown
	top         int // the first row shown
	limit       int // most characters, line breaks counted; 0 is none
	focused     bool
	placeholder string
	keys        Keys
	styles      Styles
	san         runeutil.Sanitizer
}

// New is an empty box, 40 columns by one row until SetWidth and SetHeight,
// showing placeholder while empty and holding at most limit characters
// (line breaks counted; 0 is no limit). It starts blurred.
func New(keys Keys, st Styles, placeholder string, limit int) *Editor {
	return &Editor{
		lines: [][]glyph{nil}, goal: -1, width: 40, height: 1, limit: limit,
		placeholder: placeholder, keys: keys, styles: st,
		san: runeutil.NewSanitizer(), // as textarea: a tab is four spaces, \r\n a line break
	}
}

// SetValue replaces the text, the cursor at its end.
func (e *Editor) SetValue(s string) {
	e.lines, e.row, e.col, e.top = [][]glyph{nil}, 0, 0, 0
	e.insert([]rune(s))
}

// Value is the text, lines joined by "\n".
func (e *Editor) Value() string {
	var b strings.Builder
	for i, l := range e.lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		for _, c := range l {
			b.WriteString(c.s)
		}
	}
	return b.String()
}

// Len counts the characters (grapheme clusters) and the line breaks, as
// the limit does.
func (e *Editor) Len() int {
	n := len(e.lines) - 1
	for _, l := range e.lines {
		n += len(l)
	}
	return n
}

func (e *Editor) Focus()        { e.focused = true; e.follow() }
func (e *Editor) Blur()         { e.focused = false; e.follow() }
func (e *Editor) Focused() bool { return e.focused }

// SetWidth sets the box's columns (at least 2: a character and the cursor).
func (e *Editor) SetWidth(w int) {
	e.width = max(w, 2)
	e.follow()
}

// SetHeight sets the rows shown; taller text scrolls to keep the cursor in
// view.
func (e *Editor) SetHeight(h int) {
	e.height = max(h, 1)
	e.follow()
}

// Rows is how many rows the text takes at the box's width.
func (e *Editor) Rows() int { return len(e.layout()) }

// glyphsOf splits s into glyphs.
func glyphsOf(s string) []glyph {
	var out []glyph
	state := -1
	for s != "" {
		var c string
		var w int
		c, s, w, state = uniseg.FirstGraphemeClusterInString(s, state)
		out = append(out, glyph{c, w})
	}
	return out
}

func joinGlyphs(cs []glyph) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.s)
	}
	return b.String()
}

func blank(c glyph) bool {
	r, _ := utf8.DecodeRuneInString(c.s)
	return unicode.IsSpace(r)
}

// wrapGlyphs breaks a line into rows of at most cw columns, at spaces where
// it can and inside a word longer than a row where it must. A space that
// does not fit ends its row in the spare column the cursor keeps, so the
// next row starts with a word. An empty line is one empty row.
func wrapGlyphs(l []glyph, cw int) [][2]int {
	cw = max(cw, 1)
	var out [][2]int
	start, w, brk := 0, 0, -1 // brk: just after the row's last space
	for i, c := range l {
		if c.s == " " {
			if w+c.w > cw {
				out = append(out, [2]int{start, i + 1})
				start, w, brk = i+1, 0, -1
				continue
			}
			w, brk = w+c.w, i+1
			continue
		}
		for w+c.w > cw && i > start {
			if brk > start {
				out = append(out, [2]int{start, brk})
				start, w = brk, 0
				for _, d := range l[brk:i] {
					w += d.w
				}
			} else {
				out = append(out, [2]int{start, i})
				start, w = i, 0
			}
			brk = -1
		}
		w += c.w
	}
	return append(out, [2]int{start, len(l)})
}

// layout is every row of the text at the box's width.
func (e *Editor) layout() []edRow {
	var rows []edRow
	for i, l := range e.lines {
		for _, r := range wrapGlyphs(l, e.width-1) {
			rows = append(rows, edRow{i, r[0], r[1]})
		}
	}
	return rows
}

// cursorAt is the row the cursor is on and its column in that row. A
// cursor between two rows of a line is at the start of the second.
func (e *Editor) cursorAt(rows []edRow) (int, int) {
	at := 0
	for i, r := range rows {
		if r.line == e.row && r.from <= e.col {
			at = i
		}
	}
	x := 0
	for _, c := range e.lines[e.row][rows[at].from:e.col] {
		x += c.w
	}
	return at, x
}

// follow scrolls so that the cursor's row is in view, and no further than
// the text's end; a box without the focus shows its text from the top.
func (e *Editor) follow() {
	if !e.focused {
		e.top = 0
		return
	}
	rows := e.layout()
	at, _ := e.cursorAt(rows)
	if at < e.top {
		e.top = at
	}
	if at >= e.top+e.height {
		e.top = at - e.height + 1
	}
	e.top = textlayout.Clamp(e.top, 0, max(len(rows)-e.height, 0))
}

// Update applies one key; the box must have the focus.
func (e *Editor) Update(msg tea.Msg) {
	k, ok := msg.(tea.KeyMsg)
	if !ok || !e.focused {
		return
	}
	goal := -1 // kept only by up and down
	switch ks := e.keys; {
	case key.Matches(k, ks.Newline):
		e.insert([]rune{'\n'})
	case key.Matches(k, ks.Left):
		if e.col > 0 {
			e.col--
		} else if e.row > 0 {
			e.row--
			e.col = len(e.lines[e.row])
		}
	case key.Matches(k, ks.Right):
		if e.col < len(e.lines[e.row]) {
			e.col++
		} else if e.row < len(e.lines)-1 {
			e.row, e.col = e.row+1, 0
		}
	case key.Matches(k, ks.Up):
		goal = e.vertical(-1)
	case key.Matches(k, ks.Down):
		goal = e.vertical(+1)
	case key.Matches(k, ks.WordLeft):
		e.wordLeft()
	case key.Matches(k, ks.WordRight):
		e.wordRight(nil)
	case key.Matches(k, ks.LineStart):
		e.col = 0
	case key.Matches(k, ks.LineEnd):
		e.col = len(e.lines[e.row])
	case key.Matches(k, ks.Begin):
		e.row, e.col = 0, 0
	case key.Matches(k, ks.End):
		e.row = len(e.lines) - 1
		e.col = len(e.lines[e.row])
	case key.Matches(k, ks.DeleteBack):
		if e.col == 0 {
			e.joinAbove()
		} else {
			e.cut(e.col-1, e.col)
		}
	case key.Matches(k, ks.DeleteForward):
		if e.col == len(e.lines[e.row]) {
			e.joinBelow()
		} else {
			e.cut(e.col, e.col+1)
		}
	case key.Matches(k, ks.DeleteWordBack):
		if e.col == 0 {
			e.joinAbove()
		} else {
			e.cut(e.wordStart(), e.col)
		}
	case key.Matches(k, ks.DeleteWordForward):
		if e.col == len(e.lines[e.row]) {
			e.joinBelow()
		} else {
			e.cut(e.col, e.wordEnd())
		}
	case key.Matches(k, ks.DeleteToStart):
		if e.col == 0 {
			e.joinAbove()
		} else {
			e.cut(0, e.col)
		}
	case key.Matches(k, ks.DeleteToEnd):
		if e.col == len(e.lines[e.row]) {
			e.joinBelow()
		} else {
			e.cut(e.col, len(e.lines[e.row]))
		}
	case key.Matches(k, ks.Transpose):
		e.transpose()
	case key.Matches(k, ks.Upper):
		e.wordRight(func(i int, s string) string { return strings.ToUpper(s) })
	case key.Matches(k, ks.Lower):
		e.wordRight(func(i int, s string) string { return strings.ToLower(s) })
	case key.Matches(k, ks.Capitalize):
		e.wordRight(func(i int, s string) string {
			if i == 0 {
				return strings.ToTitle(s)
			}
			return s
		})
	case (k.Type == tea.KeyRunes || k.Type == tea.KeySpace) && (!k.Alt || k.Paste):
		// Typed or pasted (a terminal's bracketed paste arrives as runes,
		// line breaks and all); alt with an unbound letter types nothing.
		e.insert(k.Runes)
	}
	e.goal = goal
	e.follow()
}

// insert puts runes at the cursor, cut to the limit, tabs and other
// control characters cleaned as textarea cleans them. The line is
// segmented again, so a combining mark joins the character before it.
func (e *Editor) insert(runes []rune) {
	// A paste's "\r\n" is one line break: the sanitizer alone makes two.
	runes = []rune(strings.ReplaceAll(string(runes), "\r\n", "\n"))
	glyphs := glyphsOf(string(e.san.Sanitize(runes)))
	if e.limit > 0 {
		glyphs = glyphs[:min(len(glyphs), max(e.limit-e.Len(), 0))]
	}
	if len(glyphs) == 0 {
		return
	}
	l := e.lines[e.row]
	before, after := joinGlyphs(l[:e.col]), joinGlyphs(l[e.col:])
	var news []string
	cur := before
	for _, c := range glyphs {
		if c.s == "\n" {
			news, cur = append(news, cur), ""
			continue
		}
		cur += c.s
	}
	var lines [][]glyph
	for _, s := range news {
		lines = append(lines, glyphsOf(s))
	}
	col := len(glyphsOf(cur))
	last := glyphsOf(cur + after)
	lines = append(lines, last)
	e.lines = append(e.lines[:e.row], append(lines, e.lines[e.row+1:]...)...)
	e.row += len(lines) - 1
	e.col = min(col, len(last))
}

// cut deletes glyphs [from, to) of the cursor's line, the cursor at from.
func (e *Editor) cut(from, to int) {
	l := e.lines[e.row]
	e.lines[e.row] = append(l[:from:from], l[to:]...)
	e.col = from
}

func (e *Editor) joinAbove() {
	if e.row == 0 {
		return
	}
	e.row--
	e.col = len(e.lines[e.row])
	e.joinBelow()
}

func (e *Editor) joinBelow() {
	if e.row == len(e.lines)-1 {
		return
	}
	l := e.lines[e.row]
	e.lines[e.row] = append(l[:len(l):len(l)], e.lines[e.row+1]...)
	e.lines = append(e.lines[:e.row+1], e.lines[e.row+2:]...)
}

// wordStart is where the word before the cursor starts, the spaces before
// the cursor with it (ctrl+w).
func (e *Editor) wordStart() int {
	l, j := e.lines[e.row], e.col
	for j > 0 && blank(l[j-1]) {
		j--
	}
	for j > 0 && !blank(l[j-1]) {
		j--
	}
	return j
}

// wordEnd is where the word after the cursor ends, the spaces before it
// with it (alt+d).
func (e *Editor) wordEnd() int {
	l, j := e.lines[e.row], e.col
	for j < len(l) && blank(l[j]) {
		j++
	}
	for j < len(l) && !blank(l[j]) {
		j++
	}
	return j
}

// wordLeft moves to the start of the word before the cursor, across line
// breaks.
func (e *Editor) wordLeft() {
	for {
		if e.col == 0 {
			if e.row == 0 {
				return
			}
			e.row--
			e.col = len(e.lines[e.row])
			continue
		}
		if !blank(e.lines[e.row][e.col-1]) {
			break
		}
		e.col--
	}
	e.col = e.wordStart()
}

// wordRight moves past the end of the next word, across line breaks,
// changing each of its characters with change (its index in the word)
// when that is not nil.
func (e *Editor) wordRight(change func(i int, s string) string) {
	for {
		l := e.lines[e.row]
		if e.col == len(l) {
			if e.row == len(e.lines)-1 {
				return
			}
			e.row, e.col = e.row+1, 0
			continue
		}
		if !blank(l[e.col]) {
			break
		}
		e.col++
	}
	l := e.lines[e.row]
	for i := 0; e.col < len(l) && !blank(l[e.col]); i++ {
		if change != nil {
			s := change(i, l[e.col].s)
			l[e.col] = glyph{s, uniseg.StringWidth(s)}
		}
		e.col++
	}
}

// transpose swaps the characters either side of the cursor (at a line's
// end, the last two) and moves past them, as textarea's ctrl+t does.
func (e *Editor) transpose() {
	l := e.lines[e.row]
	if e.col == 0 || len(l) < 2 {
		return
	}
	if e.col == len(l) {
		e.col--
	}
	l[e.col-1], l[e.col] = l[e.col], l[e.col-1]
	if e.col < len(l) {
		e.col++
	}
}

// vertical moves the cursor d rows, to the column it had when the first
// of a run of ups and downs was pressed (or the last character before
// it), and returns that column. A move past the first or last row stays.
func (e *Editor) vertical(d int) int {
	rows := e.layout()
	at, x := e.cursorAt(rows)
	goal := e.goal
	if goal < 0 {
		goal = x
	}
	j := at + d
	if j < 0 || j >= len(rows) {
		return goal
	}
	r := rows[j]
	end := r.to
	if j+1 < len(rows) && rows[j+1].line == r.line {
		end = max(r.to-1, r.from) // the row's end is the next row's start
	}
	l := e.lines[r.line]
	col, w := r.from, 0
	for col < end && w+l[col].w <= goal {
		w += l[col].w
		col++
	}
	e.row, e.col = r.line, col
	return goal
}

// CursorLine is the row of View the cursor is on.
func (e *Editor) CursorLine() int {
	if e.Len() == 0 {
		return 0
	}
	at, _ := e.cursorAt(e.layout())
	return at - e.top
}

// View is the box's rows: exactly its height, the cursor a block on the
// character it is before (a space at a line's end) while focused.
func (e *Editor) View() string {
	out := make([]string, 0, e.height)
	if e.Len() == 0 && e.placeholder != "" {
		for i, l := range strings.Split(textlayout.Wrap(e.placeholder, e.width-1), "\n") {
			if i == 0 && e.focused {
				c, rest, _, _ := uniseg.FirstGraphemeClusterInString(l, -1)
				l = e.styles.Cursor.Render(c) + e.styles.Placeholder.Render(rest)
			} else {
				l = e.styles.Placeholder.Render(l)
			}
			out = append(out, l)
		}
	} else {
		rows := e.layout()
		at, _ := e.cursorAt(rows)
		for i := e.top; i < len(rows) && len(out) < e.height; i++ {
			r := rows[i]
			l := e.lines[r.line]
			if i != at || !e.focused {
				out = append(out, e.styles.Text.Render(joinGlyphs(l[r.from:r.to])))
				continue
			}
			under, after := " ", ""
			if e.col < r.to {
				under, after = l[e.col].s, joinGlyphs(l[e.col+1:r.to])
			}
			out = append(out, e.styles.Text.Render(joinGlyphs(l[r.from:e.col]))+e.styles.Cursor.Render(under)+e.styles.Text.Render(after))
		}
	}
	for len(out) < e.height {
		out = append(out, "")
	}
	return strings.Join(out[:e.height], "\n")
}

// Keys edit a free-text answer: bubbles' textarea's
// keys, with ctrl+left/right for words too, and a new line on alt+enter
// or ctrl+j because enter checks the answer.
type Keys struct {
	Newline, Left, Right, Up, Down, WordLeft, WordRight key.Binding
	LineStart, LineEnd, Begin, End                      key.Binding
	DeleteBack, DeleteForward, DeleteWordBack           key.Binding
	DeleteWordForward, DeleteToStart, DeleteToEnd       key.Binding
	Transpose, Upper, Lower, Capitalize                 key.Binding
}

// DefaultKeys are the box's keys as the drills bind them.
func DefaultKeys() Keys {
	b := func(keys ...string) key.Binding { return key.NewBinding(key.WithKeys(keys...)) }
	return Keys{
		Newline:           key.NewBinding(key.WithKeys("alt+enter", "ctrl+j"), key.WithHelp("alt+enter", "new line")),
		Left:              b("left", "ctrl+b"),
		Right:             b("right", "ctrl+f"),
		Up:                b("up", "ctrl+p"),
		Down:              b("down", "ctrl+n"),
		WordLeft:          b("alt+left", "ctrl+left", "alt+b"),
		WordRight:         b("alt+right", "ctrl+right", "alt+f"),
		LineStart:         b("home", "ctrl+a"),
		LineEnd:           b("end", "ctrl+e"),
		Begin:             b("ctrl+home", "alt+<"),
		End:               b("ctrl+end", "alt+>"),
		DeleteBack:        b("backspace", "ctrl+h"),
		DeleteForward:     b("delete", "ctrl+d"),
		DeleteWordBack:    b("alt+backspace", "ctrl+w"),
		DeleteWordForward: b("alt+delete", "alt+d"),
		DeleteToStart:     b("ctrl+u"),
		DeleteToEnd:       b("ctrl+k"),
		Transpose:         b("ctrl+t"),
		Upper:             b("alt+u"),
		Lower:             b("alt+l"),
		Capitalize:        b("alt+c"),
	}
}
