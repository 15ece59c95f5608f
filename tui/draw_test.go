package tui

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// rowsWritten is the rows (1-based) a drawer's output moved to and drew
// something on ("\x1b[H" is row 1; a bare home before erasing the screen
// draws nothing).
func rowsWritten(out string) []int {
	var rows []int
	for _, part := range strings.Split(out, "\x1b[")[1:] {
		var row, col int
		switch {
		case strings.HasPrefix(part, "H") && len(part) > 1:
			rows = append(rows, 1)
		default:
			if n, _ := fmt.Sscanf(part, "%d;%dH", &row, &col); n == 2 {
				rows = append(rows, row)
			}
		}
	}
	return rows
}

// Issue 11 item 5: frames are drawn when they change and only where they
// change; an unchanged frame writes nothing at all.
func TestDrawerDrawsOnlyWhatChanged(t *testing.T) {
	tests := []struct {
		name       string
		before     string
		bw, bh     int
		after      string
		w, h       int
		wantRows   []int
		wantFull   bool
		wantErase  bool // rows below the frame erased
		wantNoEL   bool // no erase-right after a row as wide as the screen
		wantNothin bool
	}{
		{name: "the same frame", before: "a\nb\nc", bw: 5, bh: 3, after: "a\nb\nc", w: 5, h: 3, wantNothin: true},
		{name: "one row changed", before: "a\nb\nc", bw: 5, bh: 3, after: "a\nB\nc", w: 5, h: 3, wantRows: []int{2}},
		{name: "a new size", before: "a\nb", bw: 5, bh: 3, after: "a\nb", w: 6, h: 3, wantRows: []int{1, 2}, wantFull: true},
		{name: "fewer rows", before: "a\nb\nc", bw: 5, bh: 3, after: "a", w: 5, h: 3, wantRows: []int{2}, wantErase: true},
		{name: "a full-width row", before: "a", bw: 3, bh: 1, after: "abc", w: 3, h: 1, wantRows: []int{1}, wantNoEL: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			d := &drawer{out: &buf}
			d.draw(tt.before, tt.bw, tt.bh)
			buf.Reset()
			d.draw(tt.after, tt.w, tt.h)
			out := buf.String()
			if tt.wantNothin {
				if out != "" {
					t.Fatalf("an unchanged frame wrote %q", out)
				}
				return
			}
			if got := rowsWritten(out); fmt.Sprint(got) != fmt.Sprint(tt.wantRows) {
				t.Fatalf("rows drawn %v, want %v: %q", got, tt.wantRows, out)
			}
			if strings.Contains(out, "\x1b[2J") != tt.wantFull {
				t.Fatalf("whole redraw %v, want %v: %q", !tt.wantFull, tt.wantFull, out)
			}
			if strings.Contains(out, "\x1b[J") != tt.wantErase {
				t.Fatalf("erase below: want %v: %q", tt.wantErase, out)
			}
			if tt.wantNoEL && strings.Contains(out, "\x1b[K") {
				t.Fatalf("erased right of a full-width row: %q", out)
			}
		})
	}
}

// The real screens through the drawer at 80×24: switching tabs redraws
// the rows that changed, not the day's title; an idle frame, nothing.
func TestDrawnScreensRedrawOnlyChangedRows(t *testing.T) {
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	var buf bytes.Buffer
	dr := &drawer{out: &buf}
	dr.draw(d.app.View(), 80, 24)
	if got := len(rowsWritten(buf.String())); got != 24 {
		t.Fatalf("the first frame drew %d rows, want 24", got)
	}
	buf.Reset()
	dr.draw(d.app.View(), 80, 24)
	if buf.Len() != 0 {
		t.Fatalf("the same frame again wrote %q", buf.String())
	}
	d.tab(tabTODOs)
	dr.draw(d.app.View(), 80, 24)
	rows := rowsWritten(buf.String())
	if len(rows) == 0 || rows[0] == 1 {
		t.Fatalf("switching tabs redrew rows %v (row 1, the day's title, is unchanged)", rows)
	}
	if !strings.Contains(ansi.Strip(buf.String()), "TODOs ·") {
		t.Fatalf("the TODO screen was not drawn: %q", buf.String())
	}
}
