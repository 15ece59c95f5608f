// Package styles is every look the lab's screens use (tui/styles, as
// soft-serve keeps its ui/styles): one struct of lipgloss styles, built
// once per terminal.
package styles

import (
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Styles is every look the screens use, built once from one renderer so a
// test can ask for colour or for none and get the same layout either way.
// Nothing on screen depends on colour alone: every state also has a glyph
// or a word (✓ ≈ ✗, › for the cursor, [brackets] for the open tab), because
// NO_COLOR turns every style here into plain text.
type Styles struct {
	Brand, DayTitle       lipgloss.Style
	Tab, ActiveTab        lipgloss.Style
	Title, Subtitle, Body lipgloss.Style
	Dim, Faint            lipgloss.Style
	Key                   lipgloss.Style
	Cursor                lipgloss.Style // the selected row's marker and text
	Good, Warn, Bad       lipgloss.Style
	Accent                lipgloss.Style
	Box, ErrBox           lipgloss.Style
	Status, StatusErr     lipgloss.Style
	Input, InputErr       lipgloss.Style
	Code                  lipgloss.Style
	CursorBlock           lipgloss.Style // the cursor in a text box

	// Series colours a figure's series by their index; a figure cycles
	// through them.
	Series []lipgloss.Style
}

// NoColor reports whether the learner asked for no colour (NO_COLOR set to
// anything).
func NoColor(getenv func(string) string) bool { return getenv("NO_COLOR") != "" }

// For builds the styles on r (the renderer for the terminal). With
// NO_COLOR the styles carry no colour at all but keep bold, underline and
// reverse video (NO_COLOR is about colour only, and a text box's cursor is
// reverse video): termenv, seeing NO_COLOR, would drop every attribute
// along with the colours, so the renderer gets the terminal's real profile
// back and the colours are left out of the styles instead.
func For(r *lipgloss.Renderer, getenv func(string) string) Styles {
	if !NoColor(getenv) {
		return New(r, true)
	}
	if r.ColorProfile() == termenv.Ascii {
		r.SetColorProfile(r.Output().ColorProfile())
	}
	return New(r, false)
}

// New builds the styles on r, in colour or without.
func New(r *lipgloss.Renderer, colour bool) Styles {
	c := func(light, dark string) lipgloss.TerminalColor {
		if !colour {
			return lipgloss.NoColor{}
		}
		return lipgloss.AdaptiveColor{Light: light, Dark: dark}
	}
	var (
		accent = c("#5A56E0", "#8B87FF")
		dim    = c("#777777", "#8A8A8A")
		faint  = c("#AAAAAA", "#5C5C5C")
		good   = c("#1F8A3B", "#5FD787")
		warn   = c("#A66A00", "#FFAF5F")
		bad    = c("#C0362C", "#FF6B6B")
		text   = c("#1A1A1A", "#E4E4E4")
	)
	n := r.NewStyle
	var s Styles
	s.Brand = n().Bold(true).Foreground(accent)
	s.DayTitle = n().Bold(true).Foreground(text)
	s.Tab = n().Foreground(dim)
	s.ActiveTab = n().Bold(true).Foreground(accent).Underline(true)
	s.Title = n().Bold(true).Foreground(text)
	s.Subtitle = n().Foreground(accent)
	s.Body = n().Foreground(text)
	s.Dim = n().Foreground(dim)
	s.Faint = n().Foreground(faint)
	s.Key = n().Bold(true).Foreground(accent)
	s.Cursor = n().Bold(true).Foreground(accent)
	s.Good = n().Foreground(good)
	s.Warn = n().Foreground(warn)
	s.Bad = n().Foreground(bad)
	s.Accent = n().Foreground(accent)
	s.Box = n().Border(lipgloss.RoundedBorder()).BorderForeground(faint).Padding(0, 1)
	s.ErrBox = n().Border(lipgloss.RoundedBorder()).BorderForeground(bad).Padding(0, 1)
	s.Status = n().Foreground(dim)
	s.StatusErr = n().Foreground(bad)
	s.Input = n().Foreground(text)
	s.InputErr = n().Foreground(bad)
	s.Code = n().Foreground(c("#3A3A3A", "#D0D0D0"))
	s.CursorBlock = n().Reverse(true)
	for _, col := range []lipgloss.TerminalColor{
		c("#0087AF", "#5FD7FF"), // series 0: the main quantity
		good,                    // series 1
		bad,                     // series 2
		warn,
		c("#AF00AF", "#FF87FF"),
		c("#005FD7", "#87AFFF"),
	} {
		s.Series = append(s.Series, n().Foreground(col))
	}
	return s
}

// SeriesStyle is the style of a figure's i-th series, cycling through
// Series.
func (s Styles) SeriesStyle(i int) lipgloss.Style {
	if len(s.Series) == 0 {
		return lipgloss.NewStyle()
	}
	return s.Series[i%len(s.Series)]
}
