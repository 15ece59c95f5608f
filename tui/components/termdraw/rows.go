package termdraw

import (
	"fmt"
	"strings"
)

// RowsWritten is the rows (1-based) a Drawer's output moved to and drew
// something on ("\x1b[H" is row 1; a bare home before erasing the screen
// draws nothing): for tests, here and of the screens drawn.
func RowsWritten(out string) []int {
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
