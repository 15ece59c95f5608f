package textlayout

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// checkWrap fails unless out is in wrapped to w: no line wider than w,
// every character kept in order, and every word that fits a line kept
// whole, in order.
func checkWrap(t *testing.T, in, out string, w int) {
	t.Helper()
	for i, l := range strings.Split(out, "\n") {
		if ansi.StringWidth(l) > w {
			t.Fatalf("w=%d: line %d is %d wide: %q\nin:  %q\nout: %q", w, i, ansi.StringWidth(l), l, in, out)
		}
	}
	plainIn := strings.ReplaceAll(ansi.Strip(in), "\t", " ")
	plainOut := ansi.Strip(out)
	if a, b := strings.Join(strings.Fields(plainIn), ""), strings.Join(strings.Fields(plainOut), ""); a != b {
		t.Fatalf("w=%d: characters lost or moved\nin:  %q\nout: %q", w, in, out)
	}
	// Whole words, in order, for the words a line can hold.
	fields := strings.Fields(plainOut)
	k := 0
	for _, word := range strings.Fields(plainIn) {
		if ansi.StringWidth(word) > w {
			continue
		}
		for k < len(fields) && fields[k] != word {
			k++
		}
		if k == len(fields) {
			t.Fatalf("w=%d: the word %q is missing or broken\nin:  %q\nout: %q", w, word, in, out)
		}
		k++
	}
}

func TestWrapKeepsEveryWordInsideTheWidth(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		w        int
	}{
		{"drill D3 at 80 columns", "An old database falls over above 50 writes per second. What do you put in front of it?", 72},
		{"two spaces between words", "aaa bbb  ccc ddd", 7},
		{"a tab between words", "aaa\tbbb ccc", 7},
		{"indented line", "    indented words here", 10},
		{"a word longer than the line", "ab abcdefghijklmnop cd", 5},
		{"wide characters", "世界 世界世界 世", 4},
		{"styled words", "\x1b[1mbold\x1b[0m and \x1b[31mred words\x1b[0m here", 8},
		{"blank lines kept", "one\n\ntwo three", 4},
		{"trailing spaces", "one two   ", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkWrap(t, tc.in, Wrap(tc.in, tc.w), tc.w)
		})
	}
}

// TestWrapProperty wraps random texts to random widths.
func TestWrapProperty(t *testing.T) {
	pieces := []string{"a", "b", "é", "-", "—", "世", "x", "1", ".", ",", "(", "/", "…"}
	gaps := []string{" ", " ", " ", "  ", "\t", "   "}
	styles := []string{"", "", "", "\x1b[1m", "\x1b[38;5;42m"}
	r := rand.New(rand.NewPCG(45, 12))
	for range 5000 {
		var b strings.Builder
		for i := range 1 + r.IntN(20) {
			if i > 0 {
				if r.IntN(12) == 0 {
					b.WriteString("\n")
				} else {
					b.WriteString(gaps[r.IntN(len(gaps))])
				}
			}
			st := styles[r.IntN(len(styles))]
			b.WriteString(st)
			for range 1 + r.IntN(14) {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
			if st != "" {
				b.WriteString("\x1b[0m")
			}
		}
		in, w := b.String(), 2+r.IntN(30)
		checkWrap(t, in, Wrap(in, w), w)
	}
}

// Issue 18: a wrapped line keeps its indent, and a formula is never split
// mid-term when it fits a line.
func TestWrapKeepsIndentAndFormulas(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		w        int
		want     []string
	}{
		{"Day 46 Part 6 at 80", "   8 elephants fill 42 queues:  284 of 10000 mice stuck (2.84%); C(42, 8)/C(64, 8) = 0.178%.", 80,
			[]string{"   8 elephants fill 42 queues:  284 of 10000 mice stuck (2.84%);", "   C(42, 8)/C(64, 8) = 0.178%."}},
		{"a formula at the end of a line", "so C(31, 8)/C(64, 8) = 0.178% of them", 26,
			[]string{"so", "C(31, 8)/C(64, 8) = 0.178%", "of them"}},
		{"indent kept", "  a b c d e f g h", 7, []string{"  a b c", "  d e f", "  g h"}},
		{"a formula wider than the line breaks at its spaces", "f(a, b, c, d) = x", 6, []string{"f(a,", "b, c,", "d) = x"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := strings.Split(Wrap(tc.in, tc.w), "\n")
			checkWrap(t, tc.in, strings.Join(got, "\n"), tc.w)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Fatalf("wrap(%q, %d):\n got %q\nwant %q", tc.in, tc.w, got, tc.want)
			}
		})
	}
}
