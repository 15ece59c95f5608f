package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A line wider than the terminal is wrapped at spaces, never inside a
// word, its continuation indented as it is ("capac" / "ity" was the
// terminal's own wrap).
func TestPlainLinesWrapAtSpaces(t *testing.T) {
	for _, c := range []struct {
		line  string
		width int
		want  string
	}{
		{"short", 40, "short"},
		{"Day 45 — Rate limiting. This terminal (TERM=dumb) cannot show the lab's screens", 40,
			"Day 45 — Rate limiting. This terminal\n(TERM=dumb) cannot show the lab's\nscreens"},
		{"             not done yet: replace panic(notDone) in TakeToken with your code", 40,
			"             not done yet: replace\n             panic(notDone) in TakeToken\n             with your code"},
		{"a tokenbucketwhosecapacityiswiderthanthescreen here", 20,
			"a\ntokenbucketwhosecapa\ncityiswiderthanthesc\nreen here"},
	} {
		got := wrapLine(c.line, c.width)
		if got != c.want {
			t.Errorf("wrapLine(%q, %d) =\n%s\nwant\n%s", c.line, c.width, got, c.want)
		}
		for _, l := range strings.Split(got, "\n") {
			if ansi.StringWidth(l) > c.width {
				t.Errorf("%q is wider than %d", l, c.width)
			}
		}
	}
}

// Whole lines are wrapped whatever the writes' sizes; a last line without
// a newline comes out on flush.
func TestLineWrapperWritesWholeLines(t *testing.T) {
	var out bytes.Buffer
	w := newLineWrapper(&out, 20)
	for _, part := range []string{"one two three ", "four five six\nseven", "\n> "} {
		if _, err := w.Write([]byte(part)); err != nil {
			t.Fatal(err)
		}
	}
	w.flush()
	if want := "one two three four\nfive six\nseven\n> "; out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
}
