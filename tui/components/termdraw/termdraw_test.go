package termdraw

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

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
			d := New(&buf)
			d.Draw(tt.before, tt.bw, tt.bh)
			buf.Reset()
			d.Draw(tt.after, tt.w, tt.h)
			out := buf.String()
			if tt.wantNothin {
				if out != "" {
					t.Fatalf("an unchanged frame wrote %q", out)
				}
				return
			}
			if got := RowsWritten(out); fmt.Sprint(got) != fmt.Sprint(tt.wantRows) {
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
