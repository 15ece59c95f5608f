package tools

import (
	"strings"
	"testing"
)

func TestBarCells(t *testing.T) {
	for _, c := range []struct {
		done, total int
		want        string
	}{{0, 4, "[░░░░░░░░]"}, {2, 4, "[████░░░░]"}, {4, 4, "[████████]"}, {1, 3, "[██░░░░░░]"}} {
		if got := barCells(c.done, c.total, 8); got != c.want || !strings.HasPrefix(got, "[") {
			t.Errorf("barCells(%d, %d) = %s, want %s", c.done, c.total, got, c.want)
		}
	}
}
