package class

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// Roster maps a GitHub username to the roster's identifier of that
// student (a name, an e-mail, a student number), as a GitHub Classroom
// roster gives it: its CSV download has the columns identifier,
// github_username, github_id and name. The zero Roster knows nobody.
type Roster struct {
	// IDs are the identifiers by username, in lower case (GitHub's
	// usernames are case-insensitive).
	IDs map[string]string
	// Users are the usernames in the roster's order, for the students
	// who submitted nothing (Missing).
	Users []string
	// Assignment is Classroom's prefix of the repositories' names: a
	// student's repository is Assignment + "-" + username, exactly. ""
	// matches submissions named by the username alone.
	Assignment string
}

// ReadRoster reads a GitHub Classroom roster CSV. Rows without a GitHub
// username (students not yet linked) are skipped.
func ReadRoster(path string) (Roster, error) {
	f, err := os.Open(path)
	if err != nil {
		return Roster{}, err
	}
	defer f.Close()
	return parseRoster(f)
}

func parseRoster(r io.Reader) (Roster, error) {
	data, err := io.ReadAll(io.LimitReader(r, 16<<20))
	if err != nil {
		return Roster{}, err
	}
	// A roster saved by a spreadsheet may start with a byte-order mark.
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		return Roster{}, fmt.Errorf("not a roster CSV: %w", err)
	}
	if len(rows) == 0 {
		return Roster{}, fmt.Errorf("an empty roster")
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
		return Roster{}, fmt.Errorf("a roster needs the columns identifier and github_username (GitHub Classroom's roster download), found %s", strings.Join(rows[0], ", "))
	}
	out := Roster{IDs: map[string]string{}}
	for _, row := range rows[1:] {
		if user >= len(row) || id >= len(row) || strings.TrimSpace(row[user]) == "" {
			continue
		}
		u := strings.ToLower(strings.TrimSpace(row[user]))
		if _, dup := out.IDs[u]; dup {
			return Roster{}, fmt.Errorf("the roster names %s twice", Clean(u))
		}
		out.IDs[u] = strings.TrimSpace(row[id])
		out.Users = append(out.Users, u)
	}
	return out, nil
}

// Student is the submission named who, with its roster identifier when
// who names a student exactly (user): Assignment-username when the roster
// has an Assignment (Classroom names a student's repository so), or the
// username itself. Nothing looser: a name that merely ends in a username
// ("day45-jane-doe" and the user "doe") is nobody's.
func (r Roster) Student(who string) Student {
	s := Student{Who: who}
	if user, ok := r.user(who); ok {
		s.ID = r.IDs[user]
	}
	return s
}

// user is the roster's username that who names, if any: with an
// Assignment, a name that starts with it is Assignment-username and
// nothing else; a name that does not is the username itself.
func (r Roster) user(who string) (string, bool) {
	w := strings.ToLower(who)
	if r.Assignment != "" {
		if rest, ok := strings.CutPrefix(w, strings.ToLower(r.Assignment)+"-"); ok {
			w = rest
		}
	}
	_, ok := r.IDs[w]
	return w, ok
}

// WithAssignment is r with its Assignment read off the submissions'
// names: of the prefixes up to a "-" that two or more names share, the
// one that makes the most of them name a student (the shortest of
// those), when it makes more than no prefix does. In hw-alice, hw-bo and
// hw-hw-alice, hw-alice is then alice's repository and hw-hw-alice the
// student hw-alice's. Otherwise r is as it was, and names must be
// usernames.
func (r Roster) WithAssignment(whos []string) Roster {
	if r.Assignment != "" || len(r.IDs) == 0 {
		return r
	}
	shared := map[string]int{}
	for _, w := range whos {
		w = strings.ToLower(w)
		for i := 1; i < len(w); i++ {
			if w[i] == '-' {
				shared[w[:i]]++
			}
		}
	}
	matches := func(prefix string) int {
		try := r
		try.Assignment = prefix
		n := 0
		for _, w := range whos {
			if _, ok := try.user(w); ok {
				n++
			}
		}
		return n
	}
	best, most := "", matches("")
	candidates := make([]string, 0, len(shared))
	for p, n := range shared {
		if n >= 2 {
			candidates = append(candidates, p)
		}
	}
	slices.SortFunc(candidates, func(a, b string) int { return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b)) })
	for _, p := range candidates {
		if n := matches(p); n > most {
			best, most = p, n
		}
	}
	r.Assignment = best
	return r
}

// Missing are the roster's students whom no result names, in the
// roster's order, each named by their username.
func (r Roster) Missing(results []Result) []Student {
	seen := map[string]bool{}
	for _, res := range results {
		if u, ok := r.user(res.Who); ok {
			seen[u] = true
		}
	}
	var out []Student
	for _, u := range r.Users {
		if !seen[u] {
			out = append(out, Student{Who: u, ID: r.IDs[u], Why: "no submission"})
		}
	}
	return out
}
