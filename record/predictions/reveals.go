package predictions

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"termlab/record/atomicfile"
)

// A revealed guess stays revealed. The answers file says which guesses are
// revealed, but it is the learner's to edit: set "revealed" back to false,
// or delete the file and predict again, and every actual would be a fresh
// guess's, scored spot on. So every reveal is also written, as it is
// saved, to a second file, the day's reveals (predictions/day45.reveals.jsonl,
// tracked by git beside the answers): one line per revealed prediction,
// with the guess judged, never changed and never dropped. Every load of the
// answers puts back a reveal the answers have lost (or a judged guess they
// changed) from it, and says so; the next save writes it back.
//
// One line per reveal, appended, so that git's union merge (the
// .gitattributes line) keeps both sides' reveals after a pull, and a
// conflicted file is read the same way: every line that is not a marker
// counts; an id on two lines keeps the first.
//
// What this does not stop: deleting both files (and, in git, their
// history) loses the reveals; the lab cannot tell that from a first visit.
// git can: the files are tracked, so a deletion shows in git status and
// in the commits the course staff read.

// Reveal is one line of the reveals file: a prediction and the guess
// judged at its reveal (nil: revealed unpredicted).
type Reveal struct {
	ID     string   `json:"id"`
	Scored *float64 `json:"scored"`
	// unknown is set for a reveal known only from the history, which
	// keeps no judged guess: it reopens nothing, and changes no judged
	// guess the answers hold.
	unknown bool
}

// RevealsPath is where day's reveals live in dir.
func RevealsPath(dir string, day int) string {
	return filepath.Join(dir, fmt.Sprintf("day%d.reveals.jsonl", day))
}

// maxRevealsBytes bounds the reveals file: a line is some forty bytes, a
// day a few dozen predictions.
const maxRevealsBytes = 1 << 20

// loadReveals reads day's reveals from dir, by id. A missing file is none;
// lines that cannot be used are skipped (the answers still hold what they
// hold, and the next save writes the file anew from both).
func loadReveals(dir string, day int) map[string]Reveal {
	data, err := atomicfile.ReadBounded(RevealsPath(dir, day), maxRevealsBytes)
	if err != nil {
		return nil
	}
	out := map[string]Reveal{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		var r Reveal
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &r) != nil || r.ID == "" {
			continue // a blank line, git's markers, a damaged line
		}
		if r.Scored != nil && !(*r.Scored >= 0 && *r.Scored <= MaxValue) {
			continue
		}
		if _, seen := out[r.ID]; !seen {
			out[r.ID] = r
		}
	}
	return out
}

// historyReveals is the predictions the day's history (record/history,
// predictions/day45.history.jsonl) judged in a run: each was revealed,
// whatever the other files now say. It is the last line of defence, for
// answers and reveals both deleted: the history has no judged guess, so a
// reveal found only there comes back unpredicted (nothing typed after it
// is judged). Read here, not through record/history, which imports this
// package; only the field this needs is decoded.
func historyReveals(dir string, day int) map[string]Reveal {
	data, err := atomicfile.ReadBounded(filepath.Join(dir, fmt.Sprintf("day%d.history.jsonl", day)), maxHistoryBytes)
	if err != nil {
		return nil
	}
	out := map[string]Reveal{}
	for _, line := range bytes.Split(data, []byte("\n")) {
		var r struct {
			Scores map[string]string `json:"scores"`
		}
		if json.Unmarshal(line, &r) != nil {
			continue
		}
		for id := range r.Scores {
			out[id] = Reveal{ID: id, unknown: true}
		}
	}
	return out
}

// maxHistoryBytes is the history's own read bound (record/history reads at
// most twice its MaxBytes).
const maxHistoryBytes = 4 << 20

// restoreReveals puts back into a every reveal of the ledger that a has
// lost, and the judged guess where a's differs, and returns those ids,
// sorted.
func restoreReveals(a *Answers, ledger map[string]Reveal) []string {
	var restored []string
	for id, r := range ledger {
		g := a.Predictions[id]
		if g.Revealed && (r.unknown || sameValue(g.Scored, r.Scored)) {
			continue
		}
		g.Revealed, g.Scored = true, cloneValue(r.Scored)
		if g.Value != nil && g.Skipped {
			g.Skipped = false
		}
		a.put(id, g)
		restored = append(restored, id)
	}
	sort.Strings(restored)
	return restored
}

// saveReveals adds a's reveals that the ledger lacks to the file, under
// the day's lock (the caller holds it). The file is rewritten whole, its
// lines kept as they were and the new ones after them.
func saveReveals(root, dir string, a Answers, ledger map[string]Reveal) error {
	var add []string
	for id, g := range a.Predictions {
		if _, ok := ledger[id]; g.Revealed && !ok {
			add = append(add, id)
		}
	}
	if len(add) == 0 {
		return nil
	}
	sort.Strings(add)
	path := RevealsPath(dir, a.Day)
	old, err := atomicfile.ReadBounded(path, maxRevealsBytes)
	if err != nil {
		old = nil // missing, too big or unreadable: written anew from a
		add = add[:0]
		for id, g := range a.Predictions {
			if g.Revealed {
				add = append(add, id)
			}
		}
		sort.Strings(add)
	}
	var b bytes.Buffer
	for _, line := range strings.SplitAfter(string(old), "\n") {
		if strings.HasPrefix(line, "{") { // git's markers and blank lines go
			b.WriteString(strings.TrimRight(line, "\r\n") + "\n")
		}
	}
	for _, id := range add {
		scored := a.Predictions[id].Scored
		if r, ok := ledger[id]; ok {
			scored = r.Scored
		}
		line, _ := json.Marshal(Reveal{ID: id, Scored: scored})
		b.Write(append(line, '\n'))
	}
	if err := atomicfile.WriteWithin(root, path, b.Bytes(), 0o644); err != nil {
		return saveError(path, err)
	}
	return nil
}

func sameValue(a, b *float64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func cloneValue(v *float64) *float64 {
	if v == nil {
		return nil
	}
	c := *v
	return &c
}
