package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"termlab/labs"
	"termlab/record/atomicfile"
	"termlab/record/history"
	"termlab/record/results"
)

// The learner's record across runs and days: the history every run
// appends to, the history command that prints it, and the day list.

// lineWidth is what the plain-text commands fit their lines in.
const lineWidth = 80

// sayMoved prints what a run moved, and the day's next step, after a
// plain-text run or grade.
func (e Env) sayMoved(day labs.Day, moved []string) {
	if len(moved) > 0 {
		fmt.Fprint(e.Stdout, "\n"+wrapText("Since the last run: "+history.Summary(moved, 8), lineWidth, "  "))
	}
	if next := e.nextLine(day); next != "" {
		fmt.Fprint(e.Stdout, "\n"+wrapText(next, lineWidth, "  "))
	}
}

// progress is a day's progress from its history, answers and RESULTS.md.
func (e Env) progress(day labs.Day) (history.Progress, []history.Record) {
	recs, err := history.Load(e.predictionsDir(), day.Number)
	if err != nil {
		fmt.Fprintln(e.Stderr, "termlab:", err)
	}
	text, _ := atomicfile.ReadBounded(e.resultsPath(), atomicfile.MaxResults)
	return history.Of(day, recs, e.loadAnswers(day), results.Answered(string(text), day)), recs
}

// nextDay is the first day not done (the last day when all are), and the
// progress of every day.
func (e Env) nextDay() (labs.Day, []history.Progress) {
	ps := make([]history.Progress, len(course))
	for i, day := range course {
		ps[i], _ = e.progress(day)
	}
	i, ok := history.Next(ps)
	if !ok {
		i = len(course) - 1
	}
	return course[i], ps
}

// dayOrNext is the day a command names, or, with none, the day the list
// names next (the first not done): never a day the learner has not come
// to, whose files a command would otherwise create.
func (e Env) dayOrNext(a Args) (labs.Day, error) {
	if len(a.Pos) == 0 {
		next, _ := e.nextDay()
		return next, nil
	}
	return dayArg(a, true)
}

// nextLine says what comes next once a day has everything in but its
// RESULTS.md answer, or is done; "" while there is more to do in it.
func (e Env) nextLine(day labs.Day) string {
	next, ps := e.nextDay()
	var p history.Progress
	for i, d := range course {
		if d.Number == day.Number {
			p = ps[i]
		}
	}
	switch {
	case p.Done() && next.Number == day.Number:
		return fmt.Sprintf("Day %d done, and so is every day of the course.", day.Number)
	case p.Done():
		return fmt.Sprintf("Day %d done — Day %d is next.", day.Number, next.Number)
	case p.Passed == p.TODOs && p.Predicted == p.Predictions && p.Drills == p.DrillsOf:
		return fmt.Sprintf("Day %d: all that is left is the one-line answer in RESULTS.md, under \"The one-line answer\".", day.Number)
	}
	return ""
}

func cmdList(_ context.Context, e Env, _ Args) int {
	next, ps := e.nextDay()
	for i, day := range course {
		p := ps[i]
		answers := e.loadAnswers(day)
		fmt.Fprint(e.Stdout, clip(fmt.Sprintf("Day %d  %s", day.Number, day.Title), lineWidth)+"\n")
		if day.Summary != "" {
			fmt.Fprint(e.Stdout, wrapText(day.Summary, lineWidth, "        "))
		}
		state := p.State()
		if p.Runs > 0 {
			state += fmt.Sprintf(" · %d runs", p.Runs)
		}
		fmt.Fprint(e.Stdout, wrapText(state, lineWidth, "        "))
		if answers.LastRun != nil && day.Carry != nil {
			fmt.Fprint(e.Stdout, wrapText("last run: "+day.Carry(answers.LastRun), lineWidth, "        "))
		}
	}
	fmt.Fprintln(e.Stdout)
	i, open := history.Next(ps)
	switch {
	case !open:
		fmt.Fprintln(e.Stdout, "Every day is done.")
	case i > 0 && ps[i-1].Done():
		fmt.Fprint(e.Stdout, wrapText(fmt.Sprintf("Day %d done — Day %d is next.", course[i-1].Number, next.Number), lineWidth, ""))
	default:
		fmt.Fprint(e.Stdout, wrapText(fmt.Sprintf("Next: Day %d (%s).", next.Number, ps[i].Missing()), lineWidth, ""))
	}
	return ExitOK
}

// cmdHistory prints a day's runs, newest first, each with what it moved;
// with a run number, that run beside the latest.
func cmdHistory(_ context.Context, e Env, a Args) int {
	day, err := e.dayOrNext(a)
	if err != nil {
		return UsageError(e.Stderr, err.Error())
	}
	recs, loadErr := history.Load(e.predictionsDir(), day.Number)
	if loadErr != nil {
		fmt.Fprintln(e.Stderr, "termlab:", loadErr)
	}
	pick := 0 // 1-based run number to compare with the latest; 0: none
	if len(a.Pos) > 1 {
		n, err := strconv.Atoi(strings.TrimPrefix(a.Pos[1], "#"))
		if err != nil || n < 1 || n > len(recs) {
			return UsageError(e.Stderr, fmt.Sprintf("%q is not a run of Day %d's history: give a number from 1 to %d", a.Pos[1], day.Number, len(recs)))
		}
		pick = n
	}
	rel, err := filepath.Rel(e.Root, history.Path(e.predictionsDir(), day.Number))
	if err != nil {
		rel = history.Path(e.predictionsDir(), day.Number)
	}
	if a.Has("json") {
		writeJSON(e.Stdout, historyJSON(day, filepath.ToSlash(rel), recs, pick))
		return ExitOK
	}
	if len(recs) == 0 {
		fmt.Fprintf(e.Stdout, "Day %d has no runs yet: save your code with the lab open, or go run . run %d.\n", day.Number, day.Number)
		return ExitOK
	}
	fmt.Fprint(e.Stdout, wrapText(fmt.Sprintf("Day %d — %s: %d runs, newest first (%s)", day.Number, day.Title, len(recs), rel), lineWidth, "  "))
	if pick > 0 {
		fmt.Fprintln(e.Stdout)
		fmt.Fprint(e.Stdout, compareText(recs, pick-1))
		return ExitOK
	}
	fmt.Fprintln(e.Stdout)
	for i := len(recs) - 1; i >= 0; i-- {
		fmt.Fprintf(e.Stdout, "%3d  %s\n", i+1, clip(history.Headline(recs[i]), lineWidth-5))
		if moved := history.Moved(recs, i); len(moved) > 0 {
			fmt.Fprint(e.Stdout, wrapText(history.Summary(moved, 0), lineWidth, "     "))
		}
	}
	fmt.Fprintf(e.Stdout, "\ngo run . history %d N shows run N beside the latest.\n", day.Number)
	return ExitOK
}

// compareText lays run i (0-based) of recs beside the run history.Against
// picks: the latest, or the latest that played the parts when the latest
// was graded only.
func compareText(recs []history.Record, i int) string {
	j := history.Against(recs, i)
	then, now := recs[i], recs[j]
	n, last := i+1, j+1
	var b strings.Builder
	b.WriteString(wrapText(fmt.Sprintf("Run %d beside %s:", n, history.Beside(recs, i, j)), lineWidth, ""))
	fmt.Fprintf(&b, "run %d  %s\nrun %d  %s\n\n", n, clip(history.Headline(then), lineWidth-8), last, clip(history.Headline(now), lineWidth-8))
	const col = 14
	what := lineWidth - 2*col - 6
	fmt.Fprintf(&b, "  %-*s %-*s %-*s\n", what, "", col, fmt.Sprintf("run %d", n), col, fmt.Sprintf("run %d", last))
	for _, r := range history.Compare(then, now) {
		mark := " "
		if r.Differs {
			mark = "*"
		}
		fmt.Fprintf(&b, "%s %-*s %-*s %-*s\n", mark, what, clip(r.What, what), col, clip(dash(r.Then), col), col, clip(dash(r.Now), col))
	}
	fmt.Fprintf(&b, "\n* differs from run %d\n", last)
	return b.String()
}

func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// historyJSON is history --json: every run, oldest first, numbered from 1,
// each with what it moved; with a pick, that run compared with the latest.
func historyJSON(day labs.Day, path string, recs []history.Record, pick int) any {
	type run struct {
		N int `json:"n"`
		history.Record
		Moved []string `json:"moved"`
	}
	type row struct {
		What    string `json:"what"`
		Then    string `json:"then"`
		Now     string `json:"now"`
		Differs bool   `json:"differs"`
	}
	out := struct {
		Day     int    `json:"day"`
		Path    string `json:"path"`
		Runs    []run  `json:"runs"`
		Compare *struct {
			Then   int    `json:"then"`
			Now    int    `json:"now"`
			Beside string `json:"beside"`
			Rows   []row  `json:"rows"`
		} `json:"compare,omitempty"`
	}{Day: day.Number, Path: path, Runs: []run{}}
	for i, r := range recs {
		moved := history.Moved(recs, i)
		if moved == nil {
			moved = []string{}
		}
		out.Runs = append(out.Runs, run{N: i + 1, Record: r, Moved: moved})
	}
	if pick > 0 {
		j := history.Against(recs, pick-1)
		c := &struct {
			Then   int    `json:"then"`
			Now    int    `json:"now"`
			Beside string `json:"beside"`
			Rows   []row  `json:"rows"`
		}{Then: pick, Now: j + 1, Beside: history.Beside(recs, pick-1, j), Rows: []row{}}
		for _, r := range history.Compare(recs[pick-1], recs[j]) {
			c.Rows = append(c.Rows, row{r.What, r.Then, r.Now, r.Differs})
		}
		out.Compare = c
	}
	return out
}

// wrapText wraps s at word boundaries into lines of at most w columns,
// each starting with indent, and ends it with a newline.
func wrapText(s string, w int, indent string) string {
	room := max(w-len([]rune(indent)), 10)
	var b strings.Builder
	line := ""
	flush := func() {
		b.WriteString(indent + line + "\n")
		line = ""
	}
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case len([]rune(line))+1+len([]rune(word)) <= room:
			line += " " + word
		default:
			flush()
			line = word
		}
		for len([]rune(line)) > room { // a word longer than the line
			r := []rune(line)
			b.WriteString(indent + string(r[:room]) + "\n")
			line = string(r[room:])
		}
	}
	if line != "" || b.Len() == 0 {
		flush()
	}
	return b.String()
}

// clip cuts s to w columns with an ellipsis.
func clip(s string, w int) string {
	r := []rune(s)
	if len(r) <= w {
		return s
	}
	return string(r[:max(w-1, 0)]) + "…"
}
