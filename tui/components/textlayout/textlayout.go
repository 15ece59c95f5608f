// Package textlayout lays plain or styled text out in a terminal's cells:
// word wrapping that never runs past the width, cutting to a box, padding
// and scrolling a window of lines. Every function is pure and counts
// display columns (styles ignored), so a screen's View can be built from
// them and tested as text.
package textlayout

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// Fit cuts s to at most w columns and h lines, so no screen can draw past
// the terminal whatever its content. It never panics on zero or negative
// sizes.
func Fit(s string, w, h int) string { return FitNoting(s, w, h, nil) }

// FitNoting is Fit that tells cut (when not nil) of every line it had to
// cut: Fit is a safety net, and a screen that leans on it loses words at
// its edge, which a test wants to hear of.
func FitNoting(s string, w, h int, cut func(line string, w int)) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if ansi.StringWidth(l) > w {
			if cut != nil {
				cut(l, w)
			}
			lines[i] = ansi.Truncate(l, w, "…")
		}
	}
	return strings.Join(lines, "\n")
}

// Wrap word-wraps plain or styled text to w columns: every word is kept,
// in order, and no line is wider than w (a word longer than a line is
// broken across lines). Line breaks in s are kept; the spaces between words
// on a line are kept as typed (so aligned columns stay aligned), and the
// spaces where a line breaks are dropped. A tab counts as one space, as the
// Width of a tab depends on the terminal.
//
// It replaces ansi.Wrap, which lets a line run past w when words are
// separated by more than one space, and does the same for wide characters
// at small widths.
func Wrap(s string, w int) string {
	if w < 1 {
		w = 1
	}
	s = strings.ReplaceAll(s, "\t", " ")
	var out []string
	for _, line := range strings.Split(s, "\n") {
		out = append(out, wrapLine(line, w, true)...)
	}
	return strings.Join(out, "\n")
}

// WrapAtSpaces wraps one line of text (no newlines) to w columns, breaking
// at any space: for code, where Wrap's keeping a parenthesis whole would push
// a signature down a line. An indent is kept as Wrap keeps it.
func WrapAtSpaces(line string, w int) []string { return wrapLine(line, max(w, 1), false) }

// wrapLine wraps one line of text (no newlines) to w columns. A line that
// starts indented keeps its indent on the lines it wraps onto (when the
// Indent leaves room for text), and a formula stays whole on one line when
// it fits one: no break inside parentheses, nor either side of an "=", so
// "C(31, 8)/C(64, 8) = 0.178%" never splits mid-term.
func wrapLine(line string, w int, formulas bool) []string {
	var lines []string
	var cur strings.Builder
	curW := 0
	lead := len(line) - len(strings.TrimLeft(line, " "))
	if lead > w/2 {
		lead = 0
	}
	hang := strings.Repeat(" ", lead)
	flush := func() {
		lines = append(lines, cur.String())
		cur.Reset()
		cur.WriteString(hang)
		curW = lead
	}
	toks := wrapTokensPlain(line, "")
	if formulas {
		toks = wrapTokens(line)
	}
	if len(toks) > 0 && lead+ansi.StringWidth(strings.SplitN(toks[0][1], " ", 2)[0]) > w {
		// The indent leaves no room for the first word: drop it.
		lead, hang, toks[0][0] = 0, "", ""
	}
	for k := 0; k < len(toks); k++ {
		gap, word := toks[k][0], toks[k][1]
		ww, gw := ansi.StringWidth(word), ansi.StringWidth(gap)
		if ww > w-lead && strings.Contains(word, " ") {
			// A formula longer than a line: break it at its spaces after all.
			toks = slices.Insert(toks[:k], k, append(wrapTokensPlain(word, gap), toks[k+1:]...)...)
			k--
			continue
		}
		switch {
		case curW+gw+ww <= w:
			// It fits on this line, with the spaces before it (which keeps
			// a line's indentation too).
		case curW > lead && ww <= w-lead:
			flush()
			gap, gw = "", 0
		default:
			// Longer than a line: it starts a line of its own and is cut
			// across as many as it needs.
			if curW > lead {
				flush()
			}
			pieces := strings.Split(ansi.Hardwrap(word, max(w-lead, 1), true), "\n")
			cur.WriteString(pieces[0])
			for _, p := range pieces[1:] {
				flush()
				cur.WriteString(p)
			}
			curW = ansi.StringWidth(cur.String())
			continue
		}
		cur.WriteString(gap)
		cur.WriteString(word)
		curW += gw + ww
	}
	if curW > lead || len(lines) == 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

// wrapTokens splits a line into the spaces before each word and the word,
// gluing the words of a formula into one: inside parentheses, and either
// side of an "=".
func wrapTokens(line string) [][2]string {
	plain := wrapTokensPlain(line, "")
	var out [][2]string
	depth := 0
	for i, t := range plain {
		glue := len(out) > 0 && (depth > 0 || t[1] == "=" || plain[i-1][1] == "=")
		for _, r := range ansi.Strip(t[1]) {
			switch r {
			case '(':
				depth++
			case ')':
				depth = max(depth-1, 0)
			}
		}
		if glue {
			out[len(out)-1][1] += t[0] + t[1]
			continue
		}
		out = append(out, t)
	}
	return out
}

// wrapTokensPlain splits a line into (spaces, word) pairs, the first with
// gap0 before it.
func wrapTokensPlain(line, gap0 string) [][2]string {
	var out [][2]string
	for len(line) > 0 {
		i := 0
		for i < len(line) && line[i] == ' ' {
			i++
		}
		gap := line[:i]
		line = line[i:]
		j := strings.IndexByte(line, ' ')
		if j < 0 {
			j = len(line)
		}
		if j == 0 {
			break // trailing spaces: dropped
		}
		if len(out) == 0 && gap0 != "" {
			gap = gap0
		}
		out = append(out, [2]string{gap, line[:j]})
		line = line[j:]
	}
	return out
}

// Indent prefixes every line of s.
func Indent(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n")
}

// Trunc cuts one line to w columns with an ellipsis.
func Trunc(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// Width is the display width of s, styles ignored.
func Width(s string) int { return ansi.StringWidth(s) }

// Pad right-pads s with spaces to w columns.
func Pad(s string, w int) string {
	if n := w - Width(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// Repeat is strings.Repeat that takes a negative count as zero.
func Repeat(s string, n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat(s, n)
}

func Clamp(v, lo, hi int) int {
	if hi < lo {
		hi = lo
	}
	return max(lo, min(v, hi))
}

// Window returns the lines of s from offset off, at most h of them, with
// off clamped so the last page is full. It is how the screens whose content
// changes every frame scroll without a stateful viewport.
func Window(s string, off, h int) (string, int) {
	lines := strings.Split(s, "\n")
	if h <= 0 {
		return "", 0
	}
	off = Clamp(off, 0, len(lines)-h)
	end := min(len(lines), off+h)
	return strings.Join(lines[off:end], "\n"), off
}

// LineCount is the number of lines of s.
func LineCount(s string) int { return strings.Count(s, "\n") + 1 }

// StyleLines styles each line of s on its own: rendering a block at once
// would pad every line to the longest, past the screen's edge.
func StyleLines(style lipgloss.Style, s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = style.Render(l)
	}
	return strings.Join(lines, "\n")
}

// Scrolled is Window with a last line, drawn in more, that says there is
// more below, so a learner knows the screen scrolls.
func Scrolled(s string, off, h int, more lipgloss.Style) string {
	out, off := Window(s, off, h)
	total := LineCount(s)
	if h < 3 || off+h >= total {
		return out
	}
	lines := strings.Split(out, "\n")
	lines[len(lines)-1] = more.Render(fmt.Sprintf("↓ %d more lines (↓/pgdn)", total-off-h+1))
	return strings.Join(lines, "\n")
}
