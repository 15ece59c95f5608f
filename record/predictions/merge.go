package predictions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

// Git is a home for the answers: a learner who works on two machines and
// pulls gets both sides' answers merged, by the lab when it finds a file
// with git's conflict markers (Load, Update) and by git itself through the
// merge driver (`go run . merge-answers %O %A %B`, see the README).
//
// The rules, a prediction at a time:
//   - a reveal on either side stays: the merged guess is revealed;
//   - the guess judged is the one on record at the reveal, from the side
//     that revealed (when both did, with different guesses, the earlier:
//     the one both sides had before either changed it, else ours);
//   - the current guess is merged as git would merge a line: the side that
//     changed it since the common version wins, ours when both did; a
//     current guess that differs from the judged one shows as revised;
//   - asking how to think is kept from either side;
//   - how sure the learner was goes with the guess judged (the revealing
//     side's); an explanation merges as a line does, and one written on
//     either side is never dropped for the other's silence.
// Practice keeps the side that answered more variants (ours on a tie),
// and the open variant as a line merges.
// Drills are kept from both sides, the one changed since the common version
// when both hold one (ours when both changed it); the last run and the
// TODO count likewise.

// Merge is the three-way merge of ours and theirs from their common base
// (New(day) when there is none, as in a conflict without git's diff3
// section). All three must be of one day.
func Merge(base, ours, theirs Answers) Answers {
	out := New(ours.Day)
	ids := map[string]bool{}
	for _, a := range []Answers{base, ours, theirs} {
		for id := range a.Predictions {
			ids[id] = true
		}
	}
	for id := range ids {
		out.put(id, mergeGuess(base.Predictions[id], ours.Predictions[id], theirs.Predictions[id]))
	}
	drills := map[string]bool{}
	for _, a := range []Answers{base, ours, theirs} {
		for id := range a.Drills {
			drills[id] = true
		}
	}
	for id := range drills {
		b, bok := base.Drills[id]
		o, ook := ours.Drills[id]
		t, tok := theirs.Drills[id]
		switch {
		case ook && !tok:
			out.Drills[id] = o
		case tok && !ook:
			out.Drills[id] = t
		case ook && tok:
			out.Drills[id] = pick(b, o, t, bok)
		}
	}
	for id := range unionKeys(base.Practice, ours.Practice, theirs.Practice) {
		if out.Practice == nil {
			out.Practice = map[string]Practice{}
		}
		out.Practice[id] = mergePractice(base.Practice[id], ours.Practice[id], theirs.Practice[id])
	}
	out.LastRun = pick(base.LastRun, ours.LastRun, theirs.LastRun, true)
	out.TODOsPassed = pick(base.TODOsPassed, ours.TODOsPassed, theirs.TODOsPassed, true)
	return out
}

// pick is a three-way merge of one value: the side that changed it from
// base, ours when both did (or when there is no base to tell).
func pick[T any](base, ours, theirs T, haveBase bool) T {
	if haveBase && reflect.DeepEqual(ours, base) {
		return theirs
	}
	return ours
}

func mergeGuess(base, ours, theirs Guess) Guess {
	type current struct {
		v       *float64
		skipped bool
	}
	cur := pick(current{base.Value, base.Skipped}, current{ours.Value, ours.Skipped}, current{theirs.Value, theirs.Skipped}, true)
	g := Guess{Value: cur.v, Skipped: cur.skipped}
	g.Revealed = ours.Revealed || theirs.Revealed
	switch {
	case ours.Revealed && theirs.Revealed:
		g.Scored = ours.Scored
		if !reflect.DeepEqual(ours.Scored, theirs.Scored) {
			// Each side revealed its own guess; the earlier is the one
			// both had before: base's (judged or current).
			earlier := base.Value
			if base.Revealed {
				earlier = base.Scored
			}
			if reflect.DeepEqual(theirs.Scored, earlier) {
				g.Scored = theirs.Scored
			}
		}
	case ours.Revealed:
		g.Scored = ours.Scored
	case theirs.Revealed:
		g.Scored = theirs.Scored
	}
	// How sure the learner was goes with the guess judged: the side
	// whose reveal it was (ours when both revealed the same); unrevealed,
	// like the current guess. The explanation merges like a line.
	switch {
	case ours.Revealed && theirs.Revealed && reflect.DeepEqual(g.Scored, theirs.Scored) && !reflect.DeepEqual(g.Scored, ours.Scored):
		g.Confidence = theirs.Confidence
	case ours.Revealed:
		g.Confidence = ours.Confidence
	case theirs.Revealed:
		g.Confidence = theirs.Confidence
	default:
		g.Confidence = pick(base.Confidence, ours.Confidence, theirs.Confidence, true)
	}
	g.Explanation = pick(base.Explanation, ours.Explanation, theirs.Explanation, true)
	if g.Explanation == "" {
		g.Explanation = theirs.Explanation
	}
	g.ExplainSkipped = ours.ExplainSkipped || theirs.ExplainSkipped
	g.AskedHow = ours.AskedHow || theirs.AskedHow
	g.ThoughtFirst = (ours.AskedHow && ours.ThoughtFirst) || (theirs.AskedHow && theirs.ThoughtFirst)
	if g.Value != nil {
		v := *g.Value
		g.Value = &v
	}
	if g.Scored != nil {
		v := *g.Scored
		g.Scored = &v
	}
	return g
}

// conflict is a file with git's conflict markers cut into its three
// versions; base is nil when git wrote no diff3 section.
type conflict struct {
	ours, base, theirs []byte
	regions            int
	firstLine          int
}

var (
	markOurs   = []byte("<<<<<<<")
	markBase   = []byte("|||||||")
	markSplit  = []byte("=======")
	markTheirs = []byte(">>>>>>>")
)

// hasConflict reports whether data holds a line that starts a git
// conflict.
func hasConflict(data []byte) bool {
	return bytes.HasPrefix(data, markOurs) || bytes.Contains(data, append([]byte("\n"), markOurs...))
}

// splitConflict cuts data into its versions; false when its markers are
// not git's (unbalanced, out of order).
func splitConflict(data []byte) (conflict, bool) {
	var c conflict
	const (
		common = iota
		inOurs
		inBase
		inTheirs
	)
	state, sawBase := common, false
	lines := bytes.SplitAfter(data, []byte("\n"))
	for n, line := range lines {
		mark := func(m []byte) bool {
			return bytes.HasPrefix(line, m) && (len(line) == len(m) || line[len(m)] == ' ' || line[len(m)] == '\n' || line[len(m)] == '\r')
		}
		switch {
		case mark(markOurs) && state == common:
			state = inOurs
			c.regions++
			if c.firstLine == 0 {
				c.firstLine = n + 1
			}
		case mark(markBase) && state == inOurs:
			state, sawBase = inBase, true
		case mark(markSplit) && (state == inOurs || state == inBase):
			state = inTheirs
		case mark(markTheirs) && state == inTheirs:
			state = common
		case state == common:
			c.ours, c.theirs = append(c.ours, line...), append(c.theirs, line...)
			c.base = append(c.base, line...)
		case state == inOurs:
			c.ours = append(c.ours, line...)
		case state == inBase:
			c.base = append(c.base, line...)
		case state == inTheirs:
			c.theirs = append(c.theirs, line...)
		}
	}
	if state != common || c.regions == 0 {
		return conflict{}, false
	}
	if !sawBase {
		c.base = nil
	}
	return c, true
}

// mergeConflict decodes the versions of a conflicted answers file of day
// and merges them.
func mergeConflict(data []byte, day int) (Answers, *conflict, error) {
	c, ok := splitConflict(data)
	if !ok {
		return Answers{}, nil, errors.New("it holds git conflict markers that do not pair up")
	}
	side := func(name string, b []byte) (Answers, error) {
		var a Answers
		if err := json.Unmarshal(b, &a); err != nil {
			return Answers{}, fmt.Errorf("it holds a git merge conflict whose %s side is not valid JSON: %v", name, err)
		}
		if err := a.check(day); err != nil {
			return Answers{}, fmt.Errorf("it holds a git merge conflict whose %s side cannot be used: %v", name, err)
		}
		return a, nil
	}
	ours, err := side("local (<<<<<<<)", c.ours)
	if err != nil {
		return Answers{}, nil, err
	}
	theirs, err := side("incoming (>>>>>>>)", c.theirs)
	if err != nil {
		return Answers{}, nil, err
	}
	base := New(day)
	if c.base != nil {
		if b, err := side("common (|||||||)", c.base); err == nil {
			base = b
		}
	}
	return Merge(base, ours, theirs), &c, nil
}

// MergeFiles is the merge driver's work: the answers in the files base,
// ours and theirs (git's %O %A %B; base may be empty or missing, as when
// both sides added the file) merged, as the bytes to write over ours. An
// error says which file could not be used; nothing is merged then, and
// git leaves the conflict to the learner.
func MergeFiles(base, ours, theirs []byte) ([]byte, error) {
	decode := func(name string, b []byte) (Answers, error) {
		var a Answers
		if err := json.Unmarshal(b, &a); err != nil {
			return Answers{}, fmt.Errorf("%s is not valid JSON: %v", name, err)
		}
		if err := a.check(a.Day); err != nil || a.Day <= 0 {
			return Answers{}, fmt.Errorf("%s cannot be used: %v", name, err)
		}
		return a, nil
	}
	o, err := decode("our version", ours)
	if err != nil {
		return nil, err
	}
	t, err := decode("their version", theirs)
	if err != nil {
		return nil, err
	}
	if o.Day != t.Day {
		return nil, fmt.Errorf("our version is day %d's answers and theirs day %d's", o.Day, t.Day)
	}
	b := New(o.Day)
	if len(bytes.TrimSpace(base)) > 0 {
		if got, err := decode("the common version", base); err == nil && got.Day == o.Day {
			b = got
		}
	}
	m := Merge(b, o, t)
	if err := m.check(m.Day); err != nil {
		return nil, err
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

func unionKeys[V any](ms ...map[string]V) map[string]bool {
	out := map[string]bool{}
	for _, m := range ms {
		for k := range m {
			out[k] = true
		}
	}
	return out
}

// mergePractice keeps the longer record of answered variants (each side's
// streak goes with its own record), and the open variant merged as a line.
func mergePractice(base, ours, theirs Practice) Practice {
	out := ours
	if len(theirs.Done) > len(ours.Done) {
		out = theirs
	}
	out.Open = pick(base.Open, ours.Open, theirs.Open, true)
	return out
}
