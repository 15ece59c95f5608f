// Package termdraw draws a Bubble Tea program's frames on the terminal
// itself, only the rows that changed, so a program run without Bubble
// Tea's renderer wakes for messages alone.
package termdraw

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
// terminal allows (tui/term_unix.go), the lab draws itself instead: the
// program runs without a renderer, and each frame is drawn when Update has
// made it, only the rows that changed. No message, no frame, no wake-up.

// Drawer writes frames to a terminal, row by row, skipping the rows that
// are as they were. It is safe for use by more than one goroutine.
type Drawer struct {
	out  io.Writer
	mu   sync.Mutex
	rows []string // what is on the terminal
	w, h int
}

// New is a Drawer writing to out, which it takes to be blank.
func New(out io.Writer) *Drawer { return &Drawer{out: out} }

// Draw puts frame on the terminal, w×h. A frame of another size is drawn
// whole; otherwise only its changed rows are.
func (d *Drawer) Draw(frame string, w, h int) {
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
		if ansi.StringWidth(r) > w {
			r = ansi.Truncate(r, w, "")
		}
		b.WriteString(ansi.CursorPosition(1, i+1))
		b.WriteString(r)
		b.WriteString(ansi.ResetStyle)
		// Erase what was right of it, but not after a row as wide as the
		// terminal: the cursor waits on its last column, and erasing would
		// take that column's character.
		if ansi.StringWidth(r) < w {
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

// Redraw forgets what is on the terminal, so the next frame is drawn whole.
func (d *Drawer) Redraw() {
	d.mu.Lock()
	d.rows = nil
	d.mu.Unlock()
}

// Model is a model (the App) with a Drawer: each View, which Bubble Tea
// asks for after every Update, draws the frame on the terminal.
type Model struct {
	inner tea.Model
	d     *Drawer
	w, h  int
}

// Wrap puts inner on d: run the result with tea.WithoutRenderer.
func Wrap(inner tea.Model, d *Drawer) *Model { return &Model{inner: inner, d: d} }

// Inner is the model drawn.
func (m *Model) Inner() tea.Model { return m.inner }

func (m *Model) Init() tea.Cmd { return m.inner.Init() }

func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s, ok := msg.(tea.WindowSizeMsg); ok {
		m.w, m.h = s.Width, s.Height
		m.d.Redraw()
	}
	var cmd tea.Cmd
	m.inner, cmd = m.inner.Update(msg)
	return m, cmd
}

// View draws and gives Bubble Tea nothing: it runs without a renderer.
func (m *Model) View() string {
	m.d.Draw(m.inner.View(), m.w, m.h)
	return ""
}

// ScreenStart and ScreenEnd take the terminal over and give it back: the
// alternate screen, the cursor hidden, bracketed paste (as Bubble Tea's
// renderer does).
const (
	ScreenStart = "\x1b[?1049h" + "\x1b[?25l" + "\x1b[?2004h"
	ScreenEnd   = "\x1b[?2004l" + "\x1b[?25h" + "\x1b[?1049l"
)
