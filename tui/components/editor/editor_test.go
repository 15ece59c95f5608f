package editor

import (
	"math/rand/v2"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// edKey is a key as bubbletea v1 reports it, by its name.
func edKey(name string) tea.KeyMsg {
	alt := false
	if rest, ok := strings.CutPrefix(name, "alt+"); ok && len(rest) > 0 {
		alt, name = true, rest
	}
	types := map[string]tea.KeyType{
		"left": tea.KeyLeft, "right": tea.KeyRight, "up": tea.KeyUp, "down": tea.KeyDown,
		"home": tea.KeyHome, "end": tea.KeyEnd, "backspace": tea.KeyBackspace, "delete": tea.KeyDelete,
		"enter": tea.KeyEnter, "ctrl+w": tea.KeyCtrlW, "ctrl+u": tea.KeyCtrlU, "ctrl+k": tea.KeyCtrlK,
		"ctrl+a": tea.KeyCtrlA, "ctrl+e": tea.KeyCtrlE, "ctrl+j": tea.KeyCtrlJ, "ctrl+t": tea.KeyCtrlT,
		"ctrl+left": tea.KeyCtrlLeft, "ctrl+right": tea.KeyCtrlRight, "ctrl+home": tea.KeyCtrlHome,
		"ctrl+end": tea.KeyCtrlEnd, "ctrl+p": tea.KeyCtrlP, "ctrl+n": tea.KeyCtrlN, "ctrl+d": tea.KeyCtrlD,
	}
	if t, ok := types[name]; ok {
		return tea.KeyMsg{Type: t, Alt: alt}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(name), Alt: alt}
}

// testEditor is a focused box of w columns and h rows whose cursor shows
// as [x], whatever the colour profile.
func testEditor(w, h, limit int) *Editor {
	e := New(DefaultKeys(), Styles{
		Cursor: lipgloss.NewStyle().Transform(func(s string) string { return "[" + s + "]" }),
	}, "say it", limit)
	e.SetWidth(w)
	e.SetHeight(h)
	e.Focus()
	return e
}

// play sends each step: a key's name in <angle brackets>, text typed a
// rune at a time otherwise, and «text» pasted at once.
func play(e *Editor, steps ...string) {
	for _, s := range steps {
		switch {
		case strings.HasPrefix(s, "<") && strings.HasSuffix(s, ">"):
			e.Update(edKey(s[1 : len(s)-1]))
		case strings.HasPrefix(s, "«"):
			e.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(strings.Trim(s, "«»")), Paste: true})
		default:
			for _, r := range s {
				if r == ' ' {
					e.Update(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
				} else {
					e.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
				}
			}
		}
	}
}

func TestEditorEdits(t *testing.T) {
	for _, c := range []struct {
		name  string
		limit int
		steps []string
		want  string // the value, | where the cursor is
	}{
		{"typing", 0, []string{"hello world"}, "hello world|"},
		{"backspace", 0, []string{"hello world", "<backspace>", "<backspace>", "<backspace>"}, "hello wo|"},
		{"delete", 0, []string{"abc", "<home>", "<delete>"}, "|bc"},
		{"ctrl+d deletes forward", 0, []string{"abc", "<left>", "<left>", "<ctrl+d>"}, "a|c"},
		{"ctrl+w deletes the word before", 0, []string{"one two  three", "<ctrl+w>"}, "one two  |"},
		{"ctrl+w takes the spaces with it", 0, []string{"one two  three", "<alt+left>", "<ctrl+w>"}, "one |three"},
		{"alt+backspace as ctrl+w", 0, []string{"one two", "<alt+backspace>"}, "one |"},
		{"alt+d deletes the word after", 0, []string{"one two three", "<home>", "<alt+right>", "<alt+d>"}, "one| three"},
		{"ctrl+u deletes to the line's start", 0, []string{"abc def", "<left>", "<left>", "<left>", "<ctrl+u>"}, "|def"},
		{"ctrl+k deletes to the line's end", 0, []string{"abc def", "<ctrl+a>", "<right>", "<right>", "<right>", "<ctrl+k>"}, "abc|"},
		{"alt+enter starts a line", 0, []string{"ab", "<alt+enter>", "cd"}, "ab\ncd|"},
		{"ctrl+j starts a line", 0, []string{"ab", "<ctrl+j>", "cd"}, "ab\ncd|"},
		{"a line breaks in the middle", 0, []string{"abcd", "<left>", "<left>", "<alt+enter>"}, "ab\n|cd"},
		{"backspace at a line's start joins", 0, []string{"ab", "<alt+enter>", "cd", "<home>", "<backspace>"}, "ab|cd"},
		{"delete at a line's end joins", 0, []string{"ab", "<alt+enter>", "cd", "<ctrl+home>", "<end>", "<delete>"}, "ab|cd"},
		{"ctrl+w at a line's start joins", 0, []string{"ab", "<alt+enter>", "cd", "<home>", "<ctrl+w>"}, "ab|cd"},
		{"ctrl+k at a line's end joins", 0, []string{"ab", "<alt+enter>", "cd", "<ctrl+home>", "<ctrl+e>", "<ctrl+k>"}, "ab|cd"},
		{"backspace at the start does nothing", 0, []string{"ab", "<ctrl+home>", "<backspace>"}, "|ab"},
		{"left crosses a line break", 0, []string{"ab", "<alt+enter>", "<left>"}, "ab|\n"},
		{"right crosses a line break", 0, []string{"ab", "<alt+enter>", "cd", "<ctrl+home>", "<end>", "<right>"}, "ab\n|cd"},
		{"alt+left to a word's start", 0, []string{"one two three", "<alt+left>"}, "one two |three"},
		{"ctrl+left twice", 0, []string{"one two three", "<ctrl+left>", "<ctrl+left>"}, "one |two three"},
		{"alt+right to a word's end", 0, []string{"one two", "<home>", "<alt+right>"}, "one| two"},
		{"ctrl+right across a line", 0, []string{"one", "<alt+enter>", "  two", "<ctrl+home>", "<end>", "<ctrl+right>"}, "one\n  two|"},
		{"alt+b and alt+f", 0, []string{"one two", "<alt+b>", "<alt+b>", "<alt+f>"}, "one| two"},
		{"word left across a line", 0, []string{"one", "<alt+enter>", "two", "<home>", "<alt+left>"}, "|one\ntwo"},
		{"home and end", 0, []string{"abc", "<home>", "x", "<end>", "y"}, "xabcy|"},
		{"ctrl+a and ctrl+e", 0, []string{"abc", "<ctrl+a>", "x", "<ctrl+e>", "y"}, "xabcy|"},
		{"ctrl+home and ctrl+end", 0, []string{"ab", "<alt+enter>", "cd", "<ctrl+home>", "x", "<ctrl+end>", "y"}, "xab\ncdy|"},
		{"ctrl+t transposes", 0, []string{"abc", "<left>", "<ctrl+t>"}, "acb|"},
		{"ctrl+t at the end", 0, []string{"ab", "<ctrl+t>"}, "ba|"},
		{"alt+u uppercases a word", 0, []string{"one two", "<home>", "<alt+u>"}, "ONE| two"},
		{"alt+l lowercases a word", 0, []string{"ONE TWO", "<home>", "<alt+l>"}, "one| TWO"},
		{"alt+c capitalizes a word", 0, []string{"one two", "<home>", "<alt+c>"}, "One| two"},
		{"alt with an unbound letter types nothing", 0, []string{"ab", "<alt+z>"}, "ab|"},
		{"a paste keeps its lines", 0, []string{"«one\r\ntwo\tthree»"}, "one\ntwo    three|"},
		{"a paste in the middle", 0, []string{"ad", "<left>", "«b\nc»"}, "ab\nc|d"},
		{"control characters are dropped", 0, []string{"«a\x07b»"}, "ab|"},
		{"the limit stops typing", 5, []string{"abcdefg"}, "abcde|"},
		{"the limit cuts a paste", 5, []string{"ab", "«cdefg»"}, "abcde|"},
		{"a line break counts", 5, []string{"ab", "<alt+enter>", "cdefg"}, "ab\ncd|"},
		{"at the limit, a line break is refused", 4, []string{"abcd", "<left>", "<alt+enter>"}, "abc|d"},
		{"room again after a delete", 3, []string{"abcd", "<backspace>", "x"}, "abx|"},
		{"a wide character is one", 0, []string{"日本語", "<backspace>"}, "日本|"},
		{"an emoji sequence is one", 0, []string{"«a👩‍💻b»", "<left>", "<backspace>"}, "a|b"},
		{"a flag is one", 0, []string{"«🇯🇵»", "<left>", "x"}, "x|🇯🇵"},
		{"a combining mark joins its letter", 0, []string{"e\u0301", "<left>", "x"}, "x|e\u0301"},
		{"wide characters count one each for the limit", 2, []string{"日本語"}, "日本|"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := testEditor(40, 5, c.limit)
			play(e, c.steps...)
			if got := withCursor(e); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
			if e.Len() > c.limit && c.limit > 0 {
				t.Errorf("Len %d past the limit %d", e.Len(), c.limit)
			}
		})
	}
}

// withCursor is the value with | at the cursor.
func withCursor(e *Editor) string {
	var b strings.Builder
	for i, l := range e.lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		for j, g := range l {
			if i == e.row && j == e.col {
				b.WriteByte('|')
			}
			b.WriteString(g.s)
		}
		if i == e.row && e.col == len(l) {
			b.WriteByte('|')
		}
	}
	return b.String()
}

func TestEditorUpAndDown(t *testing.T) {
	for _, c := range []struct {
		name  string
		w     int
		steps []string
		want  string
	}{
		{"up to the line above", 40, []string{"abcdef", "<alt+enter>", "xy", "<up>", "Z"}, "abZ|cdef\nxy"},
		{"down to a shorter line: its end", 40, []string{"abcdef", "<alt+enter>", "xy", "<ctrl+home>", "<end>", "<down>", "Z"}, "abcdef\nxyZ|"},
		{"the column is kept through a short line", 40, []string{"abcdef", "<alt+enter>", "x", "<alt+enter>", "123456", "<left>", "<up>", "<up>", "Z"}, "abcdeZ|f\nx\n123456"},
		{"ctrl+p and ctrl+n", 40, []string{"ab", "<alt+enter>", "cd", "<ctrl+p>", "<ctrl+n>", "Z"}, "ab\ncdZ|"},
		{"up on the first row stays", 40, []string{"abc", "<left>", "<up>", "Z"}, "abZ|c"},
		{"down on the last row stays", 40, []string{"abc", "<left>", "<down>", "Z"}, "abZ|c"},
		// 10 columns wrap at 9: "one two " / "three"
		{"up through a wrapped line", 10, []string{"one two three", "<up>", "Z"}, "one tZ|wo three"},
		{"down to a wrapped row", 10, []string{"one two three", "<ctrl+home>", "<right>", "<down>", "Z"}, "one two tZ|hree"},
		{"down from a row's end stays before the next row", 10, []string{"one two three four", "<ctrl+home>", "<down>", "<end>", "<ctrl+home>", "<right>", "<right>", "<right>", "<right>", "<right>", "<right>", "<right>", "<down>", "Z"}, "one two threeZ| four"},
		{"wide characters by columns", 40, []string{"日本語", "<alt+enter>", "abcdef", "<left>", "<left>", "<up>", "Z"}, "日本Z|語\nabcdef"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := testEditor(c.w, 5, 0)
			play(e, c.steps...)
			if got := withCursor(e); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestEditorWraps(t *testing.T) {
	for _, c := range []struct {
		in   string
		cw   int
		want []string
	}{
		{"", 5, []string{""}},
		{"hello world", 8, []string{"hello ", "world"}},
		{"hello world", 5, []string{"hello ", "world"}}, // the space hangs in the cursor's column
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"a bcdefgh", 4, []string{"a ", "bcde", "fgh"}},
		{"abcd ", 4, []string{"abcd ", ""}},
		{"one two three", 9, []string{"one two ", "three"}},
		{"日本語テキスト", 5, []string{"日本", "語テ", "キス", "ト"}},
		{"ab👍cd", 3, []string{"ab", "👍c", "d"}},
		{"a 日本", 4, []string{"a ", "日本"}},
	} {
		var got []string
		g := glyphsOf(c.in)
		for _, r := range wrapGlyphs(g, c.cw) {
			got = append(got, joinGlyphs(g[r[0]:r[1]]))
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("wrap %q at %d = %q, want %q", c.in, c.cw, got, c.want)
		}
	}
}

// Any text wraps into rows that keep every character in order, none wider
// than the box (a row's last space may take the cursor's column), and a
// word that fits a row is not split.
func TestEditorWrapKeepsEverything(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	parts := []string{"a", "bb", "word", "longerword", "日本", "👍", "e\u0301", " ", " ", "  "}
	for range 2000 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		in, cw := b.String(), 2+rng.IntN(12)
		g := glyphsOf(in)
		var rows []string
		for _, r := range wrapGlyphs(g, cw) {
			row := joinGlyphs(g[r[0]:r[1]])
			w := ansi.StringWidth(row)
			if w > cw+1 || w > cw && !strings.HasSuffix(row, " ") {
				t.Fatalf("%q at %d: row %q is %d wide", in, cw, row, w)
			}
			rows = append(rows, row)
		}
		if strings.Join(rows, "") != in {
			t.Fatalf("%q at %d: rows %q lose or move characters", in, cw, rows)
		}
		for _, word := range strings.Fields(in) {
			if ansi.StringWidth(word) <= cw && !strings.Contains(strings.Join(rows, "\n"), word) {
				t.Fatalf("%q at %d: the word %q is split: %q", in, cw, word, rows)
			}
		}
	}
}

func TestEditorView(t *testing.T) {
	for _, c := range []struct {
		name  string
		w, h  int
		steps []string
		blur  bool
		want  string
	}{
		{"the placeholder, the cursor on it", 20, 2, nil, false, "[s]ay it\n"},
		{"the placeholder, blurred", 20, 1, nil, true, "say it"},
		{"the cursor after the text", 20, 1, []string{"abc"}, false, "abc[ ]"},
		{"the cursor on a character", 20, 1, []string{"abc", "<left>"}, false, "ab[c]"},
		{"no cursor when blurred", 20, 1, []string{"abc"}, true, "abc"},
		{"wrapped, every row", 10, 3, []string{"one two three"}, false, "one two \nthree[ ]\n"},
		{"scrolled to the cursor", 10, 2, []string{"one two three four five"}, false, "three \nfour five[ ]"},
		{"scrolled back to the top", 10, 2, []string{"one two three four five", "<ctrl+home>"}, false, "[o]ne two \nthree "},
		{"blurred, from the top", 10, 2, []string{"one two three four five"}, true, "one two \nthree "},
		{"a wide character under the cursor", 20, 1, []string{"日本", "<left>"}, false, "日[本]"},
		{"lines", 20, 3, []string{"ab", "<alt+enter>", "cd"}, false, "ab\ncd[ ]\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := testEditor(c.w, c.h, 0)
			play(e, c.steps...)
			if c.blur {
				e.Blur()
			}
			if got := e.View(); got != c.want {
				t.Errorf("View =\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}

// The box never draws wider than its width nor taller than its height,
// whatever is typed, and the cursor is always in view.
func TestEditorViewFits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	keys := []string{"<left>", "<right>", "<up>", "<down>", "<backspace>", "<alt+enter>", "<ctrl+w>", "<home>", "<end>", "<ctrl+home>", "<ctrl+end>", "<delete>"}
	words := []string{"a", "word ", "longerword", "日本 ", "👍", " ", "x"}
	for w := 8; w <= 30; w += 11 {
		for h := 1; h <= 4; h++ {
			e := New(DefaultKeys(), Styles{Cursor: lipgloss.NewStyle().Transform(func(s string) string { return "\x00" + s })}, "", 0)
			e.SetWidth(w)
			e.SetHeight(h)
			e.Focus()
			for range 400 {
				if rng.IntN(3) == 0 {
					play(e, keys[rng.IntN(len(keys))])
				} else {
					play(e, words[rng.IntN(len(words))])
				}
				v := e.View()
				lines := strings.Split(v, "\n")
				if len(lines) != h || !strings.Contains(v, "\x00") {
					t.Fatalf("%d×%d: %d rows, cursor shown %v:\n%s", w, h, len(lines), strings.Contains(v, "\x00"), v)
				}
				for _, l := range lines {
					if lw := ansi.StringWidth(strings.ReplaceAll(l, "\x00", "")); lw > w {
						t.Fatalf("%d×%d: a row %d wide: %q (%q)", w, h, lw, l, withCursor(e))
					}
				}
			}
		}
	}
}
