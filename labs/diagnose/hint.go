// Package diagnose is the one hint engine every day's grader uses (and the
// skeleton a new day starts from): a mistake is data, a Row of a Table,
// with a stable ID, the mutant or property that says when it holds, and
// the words of its hint. A grade carries its hint's ID beside its words,
// so a class is grouped by mistake, never by the English it is told in.
//
// The rule the engine holds for every row: a hint names a mistake only
// when that mistake reproduces the learner's answers on the counterexample
// shown and on every probe it bears on. A function that answers the same
// call two ways is told so before anything else (every other reading
// assumes it has no state). Otherwise the hint is Plain: what is always
// true of the call, what came back, what was wanted.
package diagnose

import "strings"

// Hint is a hint with its stable ID. The zero Hint is no hint.
type Hint struct {
	ID   string
	Text string
}

// PlainPrefix starts the ID of every hint that names no mistake.
const PlainPrefix = "plain."

// Plain is a statement of what differs on the counterexample, which names
// no mistake: its ID is "plain." + id.
func Plain(id, text string) Hint { return Hint{ID: PlainPrefix + id, Text: text} }

// None reports whether h is no hint.
func (h Hint) None() bool { return h.ID == "" && h.Text == "" }

// Named reports whether h names a mistake (not a plain statement).
func (h Hint) Named() bool { return h.ID != "" && !strings.HasPrefix(h.ID, PlainPrefix) }

// Reading is read as a labs.Failure's Diagnose: the words and ID of the
// hint it reads off the probes (none: "", "").
func Reading(read func() Hint) func() (hint, id string) {
	return func() (string, string) { h := read(); return h.Text, h.ID }
}

// IsNamedID reports whether a grade's hint ID names a mistake.
func IsNamedID(id string) bool { return Hint{ID: id}.Named() }
