package common

import (
	"path/filepath"
	"strings"

	"termlab/labs"
	"termlab/record/atomicfile"
	"termlab/record/results"
	"termlab/tui/components/textlayout"
	"termlab/tui/styles"
)

// Small helpers two screens or more use.

// Hanging wraps text to w columns, its first line after first and the
// others after rest, so a numbered item's text lines up under itself.
func Hanging(text, first, rest string, w int) string {
	lines := strings.Split(textlayout.Wrap(text, max(w-max(textlayout.Width(first), textlayout.Width(rest)), 8)), "\n")
	for i := range lines {
		if i == 0 {
			lines[i] = first + lines[i]
		} else {
			lines[i] = rest + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

// MaxText is the widest a paragraph is set, for comfortable reading.
const MaxText = 96

// Status is a grade in a word and a glyph.
func Status(g labs.Grade, graded bool, st styles.Styles) string {
	if !graded {
		return st.Dim.Render("… not graded yet")
	}
	switch g.Status {
	case labs.Pass:
		return st.Good.Render("✓ pass")
	case labs.Unfinished:
		return st.Dim.Render("· not done yet")
	case labs.Fail:
		return st.Bad.Render("✗ fail")
	case labs.Crash:
		return st.Bad.Render("✗ crash")
	case labs.Timeout:
		return st.Bad.Render("✗ timeout")
	}
	return st.Warn.Render(string(g.Status))
}

// Answered says whether RESULTS.md holds the day's answers.
func Answered(d Deps, day labs.Day) bool {
	text, _ := atomicfile.ReadBounded(d.ResultsPath(), atomicfile.MaxResults)
	return results.Answered(string(text), day)
}

// Rel is path relative to root, with slashes, or path when it is not
// under root.
func Rel(root, path string) string {
	if r, err := filepath.Rel(root, path); err == nil {
		return filepath.ToSlash(r)
	}
	return path
}
