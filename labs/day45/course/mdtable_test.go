package course_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// tableRows are the body rows of every Markdown table in the file at path,
// as trimmed cells: each table's header row (the one above its |---| row)
// and the separator are left out.
func tableRows(t *testing.T, path string) [][]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") || !strings.HasSuffix(line, "|") {
			continue
		}
		cells := strings.Split(line[1:len(line)-1], "|")
		sep := true
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
			sep = sep && strings.Trim(cells[i], "-:") == "" && cells[i] != ""
		}
		if sep {
			rows = rows[:len(rows)-1] // the header
			continue
		}
		rows = append(rows, cells)
	}
	return rows
}

var backticked = regexp.MustCompile("`([^`]+)`")

// names are the backticked words of a cell, in order.
func names(cell string) []string {
	var out []string
	for _, m := range backticked.FindAllStringSubmatch(cell, -1) {
		out = append(out, m[1])
	}
	return out
}

// list splits "1, 4" into its items; "–" (none) is no item.
func list(cell string) []string {
	if cell == "–" || cell == "" {
		return nil
	}
	return strings.Split(cell, ", ")
}
