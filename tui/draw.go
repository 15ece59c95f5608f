package tui

import (
	"io"
	"strings"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Bubble Tea v1's renderer draws on a ticker: it wakes renderFPS times a
// second for as long as the program runs, to see whether the view changed.
// Sitting idle, that ticker was all the CPU the lab used. Where the
// terminal allows (term_unix.go), the lab draws itself instead: the
// program runs without a renderer, and each frame is drawn when Update has
// made it, only the rows that changed. No message, no frame, no wake-up.

// drawer writes frames to a terminal, row by row, skipping the rows that
// are as they were.
type drawer struct {
	out  io.Writer
	mu   sync.Mutex
	rows []string // what is on the terminal
	w, h int
}

// draw puts frame on the terminal, w×h. A frame of another size is drawn
// whole; otherwise only its changed rows are.
func (d *drawer) draw(frame string, w, h int) {
	if w <= 0 || h <= 0 {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	rows := strings.Split(frame, "\n")
	if len(rows) > h {
		rows = rows[:h]
	}
	full := d.rows == nil || w != d.w || h != d.h
	var b strings.Builder
	if full {
		b.WriteString(ansi.CursorHomePosition + ansi.EraseEntireScreen)
	}
	for i, r := range rows {
		if !full && i < len(d.rows) && d.rows[i] == r {
			continue
		}
		if width(r) > w {
			r = ansi.Truncate(r, w, "")
		}
		b.WriteString(ansi.CursorPosition(1, i+1))
		b.WriteString(r)
		b.WriteString(ansi.ResetStyle)
		// Erase what was right of it, but not after a row as wide as the
		// terminal: the cursor waits on its last column, and erasing would
		// take that column's character.
		if width(r) < w {
			b.WriteString(ansi.EraseLineRight)
		}
	}
	if !full && len(rows) < len(d.rows) {
		b.WriteString(ansi.CursorPosition(1, len(rows)+1) + ansi.EraseScreenBelow)
	}
	d.rows, d.w, d.h = rows, w, h
	if b.Len() > 0 {
		io.WriteString(d.out, b.String())
	}
}

// redraw forgets what is on the terminal, so the next frame is drawn whole.
func (d *drawer) redraw() {
	d.mu.Lock()
	d.rows = nil
	d.mu.Unlock()
}

// drawn is a model (the App) with the drawer: each View, which Bubble Tea
// asks for after every Update, draws the frame on the terminal.
type drawn struct {
	inner tea.Model
	d     *drawer
	w, h  int
}

func (m *drawn) Init() tea.Cmd { return m.inner.Init() }

func (m *drawn) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s, ok := msg.(tea.WindowSizeMsg); ok {
		m.w, m.h = s.Width, s.Height
		m.d.redraw()
	}
	var cmd tea.Cmd
	m.inner, cmd = m.inner.Update(msg)
	return m, cmd
}

// View draws and gives Bubble Tea nothing: it runs without a renderer.
func (m *drawn) View() string {
	m.d.draw(m.inner.View(), m.w, m.h)
	return ""
}

// screenStart and screenEnd take the terminal over and give it back: the
// alternate screen, the cursor hidden, bracketed paste (as Bubble Tea's
// renderer does).
const (
	screenStart = "\x1b[?1049h" + "\x1b[?25l" + "\x1b[?2004h"
	screenEnd   = "\x1b[?2004l" + "\x1b[?25h" + "\x1b[?1049l"
)
