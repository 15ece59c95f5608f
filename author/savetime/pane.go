package main

import (
	"regexp"
	"strconv"
	"strings"
)

// pane is what one capture of the TODOs screen shows of the save loop.
type pane struct {
	// Verdict is TODO 1's status as its row draws it ("pass", "fail",
	// "crash", "timeout", "not done yet", "not graded yet"); "" when the
	// row is not on screen.
	Verdict string
	// Passing and Of are the header's "TODOs · N of M passing"; -1 when
	// the header is not on screen.
	Passing, Of int
	// Grading is the header's " · grading…": the run of the last save is
	// not over (tui/pages/todos draws it while the session is building).
	Grading bool
	// Status and StatusOf are the status line's "N/M TODOs pass"; -1 when
	// it shows no count (before a run's verdicts land, it has none).
	Status, StatusOf int
}

var (
	// The header, truncated to the screen's width by the lab: "…" may
	// end it, even inside "grading…".
	headRE = regexp.MustCompile(`TODOs · (\d+) of (\d+) passing(.*)`)
	// The status line's count, found in the capture with every run of
	// white space (line ends too) made one space, so a count wrapped
	// between two rows is still read. The last one on screen is the
	// status line's (it is drawn under the TODOs).
	statusRE = regexp.MustCompile(`(\d+)/(\d+) TODOs pass`)
	spaceRE  = regexp.MustCompile(`\s+`)
)

// rowStatus is how common.Status draws a grade, glyph and word.
var rowStatus = `(✓ pass|✗ fail|✗ crash|✗ timeout|· not done yet|… not graded yet)`

// rowRE is the row of the TODO numbered 1 whose function is fn: wide,
// "› TODO 1  TakeToken  ✓ pass  labs/day45/todo.go:18", or narrow (no
// room for the file), "› 1 TakeToken  ✓ pass"; the cursor "› " or not.
func rowRE(fn string) *regexp.Regexp {
	return regexp.MustCompile(`(?m)^\s*(?:›\s*)?(?:TODO\s+)?1\s+` + regexp.QuoteMeta(fn) + `\s+` + rowStatus)
}

// readPane reads a capture (capture-pane -p: the screen's text, one line
// per row, no colours) of the TODOs screen whose TODO 1 is the function
// fn (row, from rowRE).
func readPane(text string, row *regexp.Regexp) pane {
	p := pane{Passing: -1, Of: -1, Status: -1, StatusOf: -1}
	if m := row.FindStringSubmatch(text); m != nil {
		_, word, _ := strings.Cut(m[1], " ")
		p.Verdict = word
	}
	for line := range strings.SplitSeq(text, "\n") {
		m := headRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		p.Passing, p.Of = atoi(m[1]), atoi(m[2])
		rest := strings.TrimSpace(m[3])
		p.Grading = strings.Contains(rest, "grad") || strings.HasSuffix(rest, "…")
		break
	}
	flat := spaceRE.ReplaceAllString(text, " ")
	if all := statusRE.FindAllStringSubmatch(flat, -1); all != nil {
		m := all[len(all)-1]
		p.Status, p.StatusOf = atoi(m[1]), atoi(m[2])
	}
	return p
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}

// shows reports whether p shows a save's verdict in every place: TODO 1's
// row reads verdict ("pass" or "fail"), and the header's count and the
// status line's agree with it, every other TODO passing (all of them when
// TODO 1 passes, all but one when it fails). This is the issue's "TODO
// row, header and status show the verdict".
func (p pane) shows(verdict string) bool {
	if p.Verdict != verdict || p.Of <= 0 || p.StatusOf != p.Of {
		return false
	}
	want := p.Of
	if verdict != "pass" {
		want--
	}
	return p.Passing == want && p.Status == want
}

// over reports whether p shows the run of a save over: the header is on
// screen without "grading…".
func (p pane) over() bool { return p.Of > 0 && !p.Grading }
