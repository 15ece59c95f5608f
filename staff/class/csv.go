package class

import (
	"encoding/csv"
	"fmt"
	"io"
	"strings"

	"termlab/labs"
)

// WriteCSV writes the gradebook as CSV: one row per submission, each
// TODO's verdict and then, after the error, its diagnosis (the key the
// summary groups by: "pass", "not-started", "timeout", "crash …",
// "hint …") and the roster's identifier.
func WriteCSV(w io.Writer, day labs.Day, results []Result, roster Roster) error {
	cw := csv.NewWriter(w)
	write := func(row []string) {
		for i := range row {
			row[i] = csvCell(row[i])
		}
		cw.Write(row)
	}
	head := []string{"who", "status"}
	for _, t := range day.TODOs {
		head = append(head, fmt.Sprintf("todo%d_%s", t.Number, t.Func))
	}
	head = append(head, "points", "max_points", "error")
	for _, t := range day.TODOs {
		head = append(head, fmt.Sprintf("todo%d_diagnosis", t.Number))
	}
	head = append(head, "roster_id")
	write(head)
	for _, r := range results {
		row := []string{r.Who, string(r.Status)}
		for _, t := range day.TODOs {
			row = append(row, short(r, t.Number))
		}
		row = append(row, fmt.Sprint(r.Points), fmt.Sprint(r.Max), note(r))
		for _, t := range day.TODOs {
			key := ""
			if g, ok := r.Grade(t.Number); ok && r.Status == Graded {
				key, _ = Diagnosis(g)
			}
			row = append(row, key)
		}
		row = append(row, roster.Student(r.Who).ID)
		write(row)
	}
	// The roster's students who submitted nothing: a row each, with no
	// points, so the gradebook has everyone.
	for _, m := range roster.Missing(results) {
		row := []string{m.Who, Missing}
		for range day.TODOs {
			row = append(row, "")
		}
		row = append(row, "", "", "no submission")
		for range day.TODOs {
			row = append(row, "")
		}
		write(append(row, m.ID))
	}
	cw.Flush()
	return cw.Error()
}

// Missing is the CSV status of a roster student with no submission.
const Missing = "missing"

// csvCell is s made safe for a spreadsheet: a cell that starts with =, +,
// -, @, a tab or a carriage return is read as a formula by Excel,
// LibreOffice and Google Sheets (names and roster identifiers are the
// students' own), so it is prefixed with a quote, which shows as text.
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
