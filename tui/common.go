package tui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"termlab/labs"
)

// deps is what the screens need from the outside world. Everything in it is
// used only inside tea.Cmds (I/O) or is read-only.
type deps struct {
	course labs.Course
	root   string // the module root
	// runner runs the learner's code and the reference, out of process
	// (labs.Runner; *worker.Runner in production). Tests give a fake.
	runner labs.Runner
	// watch turns on the file watcher (re-run on save). Tests of single
	// screens leave it off.
	watch bool
	// debounce is how long the watcher waits for a burst of saves to end.
	debounce time.Duration
	// frame is the replay's tick interval.
	frame time.Duration
	now   func() time.Time // for the stamps of kept files; read in Cmds only
	// after is tea.Tick; tests swap in a clock of their own so a replay
	// plays without waiting.
	after func(time.Duration, func(time.Time) tea.Msg) tea.Cmd

	// refMetrics plays the reference solutions (through the runner's
	// reference programs), for the scoreboard's comparison; tests reuse
	// one run.
	refMetrics func(labs.Day) (labs.Metrics, error)
	// refCached, when set, is the reference's figures as the cache folder
	// keeps them (worker.CachedReference), read as a day opens; nil plays
	// the reference at once (tests).
	refCached func(labs.Day) (labs.Metrics, bool)
	// refFrames makes the Play screen's player of the reference
	// (newRefSession); tests play it in process.
	refFrames func(d deps, day labs.Day) refFrames
	// learnerFrames makes the Play screen's player of the learner's code
	// (newLearnerSession: their day's worker, built as a run builds it);
	// tests play a stand-in in process.
	learnerFrames func(d deps, day labs.Day) learnerFrames

	// records is every day's record (record/session.Record): the one
	// owner of the answers and their saves.
	records *records
	// runGate makes runs one at a time: a cancelled run is still stopping
	// its processes (and may be writing the worker binary) when the next
	// one starts, and two builds must not write the same binary at once.
	runGate *sync.Mutex
}

func (d deps) predictionsDir() string { return filepath.Join(d.root, "predictions") }
func (d deps) resultsPath() string    { return filepath.Join(d.root, "RESULTS.md") }

// common is what every screen shares: the terminal's size, the styles and
// the keys.
type common struct {
	width, height int
	styles        Styles
	keys          Keys
	deps          deps
}

// fitCut, when set (by tests), hears of every line fit had to cut: fit is
// a safety net, and a screen that leans on it loses words at its edge.
var fitCut func(line string, w int)

// fit cuts s to at most w columns and h lines, so no screen can draw past
// the terminal whatever its content. It never panics on zero or negative
// sizes.
func fit(s string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if ansi.StringWidth(l) > w {
			if fitCut != nil {
				fitCut(l, w)
			}
			lines[i] = ansi.Truncate(l, w, "…")
		}
	}
	return strings.Join(lines, "\n")
}

// wrap word-wraps plain or styled text to w columns: every word is kept,
// in order, and no line is wider than w (a word longer than a line is
// broken across lines). Line breaks in s are kept; the spaces between words
// on a line are kept as typed (so aligned columns stay aligned), and the
// spaces where a line breaks are dropped. A tab counts as one space, as the
// width of a tab depends on the terminal.
//
// It replaces ansi.Wrap, which lets a line run past w when words are
// separated by more than one space, and does the same for wide characters
// at small widths.
func wrap(s string, w int) string {
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

// wrapLine wraps one line of text (no newlines) to w columns. A line that
// starts indented keeps its indent on the lines it wraps onto (when the
// indent leaves room for text), and a formula stays whole on one line when
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

// indent prefixes every line of s.
func indent(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n")
}

// trunc cuts one line to w columns with an ellipsis.
func trunc(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// width is the display width of s, styles ignored.
func width(s string) int { return ansi.StringWidth(s) }

// pad right-pads s with spaces to w columns.
func pad(s string, w int) string {
	if n := w - width(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// repeat is strings.Repeat that takes a negative count as zero.
func repeat(s string, n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat(s, n)
}

func clamp(v, lo, hi int) int {
	if hi < lo {
		hi = lo
	}
	return max(lo, min(v, hi))
}

// window returns the lines of s from offset off, at most h of them, with
// off clamped so the last page is full. It is how the screens whose content
// changes every frame scroll without a stateful viewport.
func window(s string, off, h int) (string, int) {
	lines := strings.Split(s, "\n")
	if h <= 0 {
		return "", 0
	}
	off = clamp(off, 0, len(lines)-h)
	end := min(len(lines), off+h)
	return strings.Join(lines[off:end], "\n"), off
}

// lineCount is the number of lines of s.
func lineCount(s string) int { return strings.Count(s, "\n") + 1 }

// styleLines styles each line of s on its own: rendering a block at once
// would pad every line to the longest, past the screen's edge.
func styleLines(style lipgloss.Style, s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = style.Render(l)
	}
	return strings.Join(lines, "\n")
}

// scrolled is window with a last line that says there is more below, so a
// learner knows the screen scrolls.
func scrolled(s string, off, h int, st Styles) string {
	out, off := window(s, off, h)
	total := lineCount(s)
	if h < 3 || off+h >= total {
		return out
	}
	lines := strings.Split(out, "\n")
	lines[len(lines)-1] = st.Dim.Render(fmt.Sprintf("↓ %d more lines (↓/pgdn)", total-off-h+1))
	return strings.Join(lines, "\n")
}

// relative writes the paths in a message relative to the module root, as
// the README names them ("predictions/day45.json"): a status line has two
// lines, and a damaged file's notice must keep where the file went.
func (c *common) relative(msg string) string {
	if c.deps.root == "" {
		return msg
	}
	return strings.ReplaceAll(msg, filepath.Clean(c.deps.root)+string(filepath.Separator), "")
}
