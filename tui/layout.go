package tui

import (
	"github.com/charmbracelet/lipgloss"

	"termlab/tui/components/textlayout"
	"termlab/tui/styles"
)

// The screens still call the text layout by its old names; phase 2 of the
// screens' house (docs/ARCHITECTURE.md) replaces these with the package's
// names as each screen moves to a folder of its own.

// fitCut, when set (by tests), hears of every line fit had to cut: fit is
// a safety net, and a screen that leans on it loses words at its edge.
var fitCut func(line string, w int)

func fit(s string, w, h int) string             { return textlayout.FitNoting(s, w, h, fitCut) }
func wrap(s string, w int) string               { return textlayout.Wrap(s, w) }
func indent(s, prefix string) string            { return textlayout.Indent(s, prefix) }
func trunc(s string, w int) string              { return textlayout.Trunc(s, w) }
func width(s string) int                        { return textlayout.Width(s) }
func pad(s string, w int) string                { return textlayout.Pad(s, w) }
func clamp(v, lo, hi int) int                   { return textlayout.Clamp(v, lo, hi) }
func lineCount(s string) int                    { return textlayout.LineCount(s) }
func window(s string, off, h int) (string, int) { return textlayout.Window(s, off, h) }
func styleLines(style lipgloss.Style, s string) string {
	return textlayout.StyleLines(style, s)
}
func scrolled(s string, off, h int, st styles.Styles) string {
	return textlayout.Scrolled(s, off, h, st.Dim)
}
