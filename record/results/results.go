// Package results keeps the runner's section of RESULTS.md up to date
// without ever touching the learner's own words.
//
// The runner owns only the text between a pair of markers per day:
//
//	<!-- termlab:day45:begin -->
//	…the latest report…
//	<!-- termlab:day45:end -->
//
// Everything outside the markers is the learner's. When a day has no markers
// yet, a new section is added at the end of the file. When the markers are
// damaged (one missing, duplicated, or in the wrong order) nothing is written
// and the error says what to repair: guessing where the learner meant the
// section to be could overwrite their text.
package results

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"termlab/labs"
	"termlab/record/atomicfile"
	"termlab/record/predictions"
)

// Markers returns the begin and end markers of day's section.
func Markers(day int) (begin, end string) {
	return fmt.Sprintf("<!-- termlab:day%d:begin -->", day), fmt.Sprintf("<!-- termlab:day%d:end -->", day)
}

// What Update did.
type Change string

// The changes Update reports.
const (
	Created  Change = "created"  // the file did not exist
	Added    Change = "added"    // the file had no section for the day; one was appended
	Replaced Change = "replaced" // the day's section was refreshed
	Same     Change = "kept"     // the day's section already said this: nothing written
)

// Update writes report into day's section of the file at path. A missing
// file is created from skeleton (which should contain the markers).
//
// The file is the learner's, so Update also refuses, changing nothing, a
// read-only file and a symbolic link that leads out of the file's folder
// (the repository); a link that stays inside is followed. The file keeps
// its line endings: in a CRLF file the section is written with CRLF too.
func Update(path string, day int, report, skeleton string) (Change, error) {
	root := filepath.Dir(path)
	if _, err := atomicfile.Check(root, path); err != nil {
		return "", err
	}
	old, err := atomicfile.ReadBounded(path, atomicfile.MaxResults)
	if errors.Is(err, fs.ErrNotExist) {
		text, _, err := splice(skeleton, day, report)
		if err != nil {
			text = skeleton + section(day, report)
		}
		return Created, atomicfile.WriteWithin(root, path, []byte(text), 0o644)
	}
	if err != nil {
		return "", fmt.Errorf("cannot read %s: %w", path, err)
	}
	text, change, err := splice(string(old), day, report)
	if err != nil {
		return "", fmt.Errorf("%s: %w; nothing was changed", path, err)
	}
	if text == string(old) {
		// The same block again: no write, so no watcher wakes and the
		// file's time stays.
		return Same, nil
	}
	return change, atomicfile.WriteWithin(root, path, []byte(text), 0o644)
}

// crlf reports whether text's lines end in CRLF: most of them do. A file
// with no line breaks yet counts as LF.
func crlf(text string) bool {
	n := strings.Count(text, "\n")
	return n > 0 && 2*strings.Count(text, "\r\n") > n
}

// withEOL writes the lab's own text (always LF) with the file's endings.
func withEOL(s string, crlf bool) string {
	if !crlf {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
}

// splice replaces the text between day's markers, or appends a section when
// there are none.
func splice(text string, day int, report string) (string, Change, error) {
	begin, end := Markers(day)
	nb, ne := strings.Count(text, begin), strings.Count(text, end)
	switch {
	case nb == 0 && ne == 0:
		sep := "\n"
		if text == "" || strings.HasSuffix(text, "\n\n") || strings.HasSuffix(text, "\r\n\r\n") {
			sep = ""
		} else if !strings.HasSuffix(text, "\n") {
			sep = "\n\n"
		}
		return text + withEOL(sep+section(day, report), crlf(text)), Added, nil
	case nb != 1 || ne != 1:
		return "", "", fmt.Errorf("the day %d markers are damaged: found %d %q and %d %q; keep exactly one of each, begin first", day, nb, begin, ne, end)
	}
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if j < i {
		return "", "", fmt.Errorf("the day %d markers are in the wrong order: %q must come before %q", day, begin, end)
	}
	// The endings are the learner's text's, not the old report's, so the
	// same report spliced twice gives the same bytes.
	eol := crlf(text[:i] + text[j:])
	return text[:i+len(begin)] + withEOL("\n"+fence(report), eol) + text[j:], Replaced, nil
}

func section(day int, report string) string {
	begin, end := Markers(day)
	return fmt.Sprintf("## Day %d: the latest run\n\n%s\n%s%s\n", day, begin, fence(report), end)
}

// fence keeps the report verbatim in Markdown. The report can quote text
// from learner code (a panic's message), so an HTML comment opener inside it
// is defused (a marker in the report would damage the section for every
// later run) and the fence is longer than any run of backticks in it.
func fence(report string) string {
	report = strings.ReplaceAll(strings.TrimRight(report, "\n"), "<!--", "<!-\u200b-")
	ticks := "```"
	for strings.Contains(report, ticks) {
		ticks += "`"
	}
	return ticks + "text\n" + report + "\n" + ticks + "\n"
}

// Skeleton is a new RESULTS.md for day: the learner's places to write, and
// the runner's marked section for the latest report.
func Skeleton(day labs.Day) string {
	begin, end := Markers(day.Number)
	return fmt.Sprintf(`# Day %d — %s: results

## The one-line answer

%s

> (your answer here)

## Log

- What I completed:
- The fixed-window boundary number I measured (and how far above the limit it went):
- One thing I still cannot explain:

## The latest run

The lab refreshes the block below every time you run it (go run . run %d, or
from the lab's screens). Write anywhere else in this file: your text is never
touched.

%s
(not run yet)
%s
`, day.Number, day.Title, day.Deliverable, day.Number, begin, end)
}

// placeholder is the skeleton's line where the one-line answer goes.
const placeholder = "> (your answer here)"

// Answered reports whether text (a RESULTS.md) holds the learner's
// one-line answer for day: under the day's "# Day N" heading, its "## The
// one-line answer" section has a line that is neither the question nor
// the skeleton's placeholder.
func Answered(text string, day labs.Day) bool {
	in, section := false, false
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(strings.TrimRight(l, "\r"))
		switch {
		case strings.HasPrefix(l, "# "):
			in, section = dayHeading(l, day.Number), false
			continue
		case !in:
			continue
		case strings.HasPrefix(l, "## "):
			section = strings.EqualFold(strings.TrimSpace(l[3:]), "The one-line answer")
			continue
		}
		if section && l != "" && l != placeholder && l != strings.TrimSpace(day.Deliverable) {
			return true
		}
	}
	return false
}

// dayHeading reports whether a "# …" line is day n's title.
func dayHeading(l string, n int) bool {
	rest, ok := strings.CutPrefix(l, fmt.Sprintf("# Day %d", n))
	return ok && (rest == "" || !strings.ContainsAny(rest[:1], "0123456789"))
}

// Drills is the day's drills as the learner answered them, for the end of
// the lab's section: each answer as typed, with its verdict (checked, or
// the learner's own mark for a self-assessed drill). Model answers are
// never written here: the file is the learner's, and a drill not yet
// tried must not find its answer in it.
func Drills(day labs.Day, a predictions.Answers) string {
	if len(day.Drills) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\nDrills\n")
	for _, d := range day.Drills {
		da, ok := a.Drills[d.ID]
		if !ok || !da.Attempted {
			fmt.Fprintf(&b, "  %-4s not tried yet\n", d.ID)
			continue
		}
		fmt.Fprintf(&b, "  %-4s %s\n", d.ID, drillVerdict(d, da))
		for _, ans := range da.Answers {
			for _, l := range strings.Split(strings.TrimRight(ans, "\n"), "\n") {
				fmt.Fprintf(&b, "       %s\n", strings.TrimRight(l, "\r "))
			}
		}
	}
	return b.String()
}

func drillVerdict(d labs.Drill, da predictions.DrillAnswer) string {
	if d.Kind == labs.DrillSelf {
		if da.Mark == "" {
			return "answered · not marked yet"
		}
		return "answered · your mark: " + string(da.Mark)
	}
	switch {
	case da.Correct == nil:
		return "answered · not checked yet"
	case *da.Correct:
		return "answered · right"
	}
	return "answered · not right yet"
}
