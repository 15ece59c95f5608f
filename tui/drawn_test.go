package tui

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"termlab/tui/common"
	"termlab/tui/components/termdraw"
)

// The real screens through the drawer at 80×24: switching tabs redraws
// the rows that changed, not the day's title; an idle frame, nothing.
func TestDrawnScreensRedrawOnlyChangedRows(t *testing.T) {
	t.Parallel()
	d, _ := openDay(t, newFake(refAnswer()), 80, 24)
	var buf bytes.Buffer
	dr := termdraw.New(&buf)
	dr.Draw(d.app.View(), 80, 24)
	if got := len(termdraw.RowsWritten(buf.String())); got != 24 {
		t.Fatalf("the first frame drew %d rows, want 24", got)
	}
	buf.Reset()
	dr.Draw(d.app.View(), 80, 24)
	if buf.Len() != 0 {
		t.Fatalf("the same frame again wrote %q", buf.String())
	}
	d.tab(common.TabTODOs)
	dr.Draw(d.app.View(), 80, 24)
	rows := termdraw.RowsWritten(buf.String())
	if len(rows) == 0 || rows[0] == 1 {
		t.Fatalf("switching tabs redrew rows %v (row 1, the day's title, is unchanged)", rows)
	}
	if !strings.Contains(ansi.Strip(buf.String()), "TODOs ·") {
		t.Fatalf("the TODO screen was not drawn: %q", buf.String())
	}
}
