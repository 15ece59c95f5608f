package class

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"strings"
)

// Roster maps a GitHub username to the roster's identifier of that
// student (a name, an e-mail, a student number), as a GitHub Classroom
// roster gives it: its CSV download has the columns identifier,
// github_username, github_id and name. A nil Roster knows nobody.
type Roster map[string]string

// ReadRoster reads a GitHub Classroom roster CSV. Rows without a GitHub
// username (students not yet linked) are skipped.
func ReadRoster(path string) (Roster, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseRoster(f)
}

func parseRoster(r io.Reader) (Roster, error) {
	data, err := io.ReadAll(io.LimitReader(r, 16<<20))
	if err != nil {
		return nil, err
	}
	// A roster saved by a spreadsheet may start with a byte-order mark.
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("not a roster CSV: %w", err)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("an empty roster")
	}
	id, user := -1, -1
	for i, h := range rows[0] {
		switch strings.ToLower(strings.TrimSpace(h)) {
		case "identifier":
			id = i
		case "github_username":
			user = i
		}
	}
	if id < 0 || user < 0 {
		return nil, fmt.Errorf("a roster needs the columns identifier and github_username (GitHub Classroom's roster download), found %s", strings.Join(rows[0], ", "))
	}
	out := Roster{}
	for _, row := range rows[1:] {
		if user >= len(row) || id >= len(row) || strings.TrimSpace(row[user]) == "" {
			continue
		}
		out[strings.ToLower(strings.TrimSpace(row[user]))] = strings.TrimSpace(row[id])
	}
	return out, nil
}

// Student is the submission named who, with its roster identifier when
// who is a username on the roster or ends in "-username" (Classroom names
// a student's repository assignment-username).
func (r Roster) Student(who string) Student {
	s := Student{Who: who}
	if len(r) == 0 {
		return s
	}
	w := strings.ToLower(who)
	if id, ok := r[w]; ok {
		s.ID = id
		return s
	}
	best := ""
	for user := range r {
		if strings.HasSuffix(w, "-"+user) && len(user) > len(best) {
			best = user
		}
	}
	if best != "" {
		s.ID = r[best]
	}
	return s
}
