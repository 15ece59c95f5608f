package tools

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"

	"termlab/cli"
	"termlab/labs"
	"termlab/record/predictions"
	"termlab/record/session"
	"termlab/runner/worker"
	"termlab/staff/autograde"
	"termlab/staff/class"
)

// Grading for course staff: `grade --format` speaks an autograder's
// format (staff/autograde), `grade-class` grades a folder of submissions
// (staff/class). Both go through the same grade path as `grade`. In the
// tools binary only (cli/tools.go): the writers and the class grader link
// encoding/xml, encoding/csv and go/parser, which no learner's screen needs.

// gradeAs is `grade [day] --format F`: the grades in an autograder's
// format on stdout, with the exit code that system expects
// (autograde.ExitCode). The lab's own binary has read the command line
// already (cli.GradeAsArgs), and reads it again here.
func gradeAs(ctx context.Context, e cli.Env, a cli.Args) int {
	f, total, day, msg := cli.GradeAsArgs(a)
	if msg != "" {
		return cli.UsageError(e.Stderr, msg)
	}
	start := time.Now()
	var r autograde.Report
	if a.Has("solutions") {
		// The lab's own solutions are not a submission: graded in the
		// reference program's worker, as every grade of them is.
		o, err := e.Grades(ctx, day, true)
		var be *worker.BuildError
		switch {
		case err == nil:
			r = autograde.New(day, o.Grades, e.Root, total)
		case errors.Is(err, context.Canceled):
			return e.SayStopped(ctx, "nothing was graded.")
		case errors.As(err, &be):
			file, line := learnerPlace(day, be.Error())
			r = autograde.Broken(day, be.Error(), file, line, e.Root, total)
		default:
			fmt.Fprintln(e.Stderr, "termlab:", err)
			return cli.ExitNotOK
		}
		r.Command += " --solutions"
	} else {
		// The learner's folder is a submission like any in grade-class,
		// through the same pipeline (staff/class): the same files read
		// (the lab's own notdone.go is the shipped one), the same gate, a
		// scratch copy of the lab, the build bounded, the workers boxed.
		// Exercism shows a student what their own code printed beside
		// each test: kept only for that format.
		g := class.Grader{Root: e.Root, Day: day, Course: course, Jobs: 1, Prints: f == autograde.Exercism}
		results, err := g.Run(ctx, []class.Submission{class.One("you", filepath.Join(e.Root, filepath.FromSlash(day.LearnerDir)))})
		if errors.Is(err, context.Canceled) {
			return e.SayStopped(ctx, "nothing was graded.")
		}
		if err != nil {
			fmt.Fprintln(e.Stderr, "termlab:", err)
			return cli.ExitNotOK
		}
		res := results[0]
		switch res.Status {
		case class.Graded:
			r = autograde.New(day, learnersView(e.Root, day, res.Grades), e.Root, total)
		case class.NoCompile:
			file, line := learnerPlace(day, res.Error)
			r = autograde.Broken(day, res.Error, file, line, e.Root, total)
		case class.Refused:
			file, line := learnerPlace(day, res.Error)
			r = autograde.Broken(day, "refused, nothing was graded: "+res.Error, file, line, e.Root, total)
		default:
			// The lab itself could not grade: no result is better than
			// one that blames the student.
			fmt.Fprintln(e.Stderr, "termlab:", res.Error)
			return cli.ExitNotOK
		}
	}
	r.Seconds = time.Since(start).Seconds()
	data, err := autograde.Write(f, r)
	if err != nil {
		fmt.Fprintln(e.Stderr, "termlab:", err)
		return cli.ExitNotOK
	}
	e.Stdout.Write(data)
	return autograde.ExitCode(f, r)
}

// learnersView is the learner's grades as they may leave the lab: a
// counterexample that is an open prediction's question keeps its want and
// hint back, as `grade` keeps them (record/session.Redact). It only reads
// the answers: an autograder's run reveals nothing and writes no file of
// the learner's, so a guess made but not yet revealed stays held here too.
// (grade-class is the staff's view of a class, and shows every want.)
func learnersView(root string, day labs.Day, grades []labs.Grade) []labs.Grade {
	a, _ := session.Open(root, day).Answers() // damaged: empty, every prediction open
	return session.Redact(day, a, grades)
}

// learnerPlace is the first place in the learner's folder that msg
// names (a compiler's file:line, or the gate's), for the formats' file
// and line.
func learnerPlace(day labs.Day, msg string) (string, int) {
	dir := regexp.QuoteMeta(strings.Trim(day.LearnerDir, "/"))
	m := regexp.MustCompile(`(` + dir + `/[^\s:"]+\.go):([0-9]+)`).FindStringSubmatch(msg)
	if m == nil {
		return "", 0
	}
	line, _ := strconv.Atoi(m[2])
	return m[1], line
}

// cmdGradeClass is `grade-class DAY DIR`: every submission in DIR graded
// in a scratch copy of its own, a table, and what the class got wrong.
func cmdGradeClass(ctx context.Context, e cli.Env, a cli.Args) int {
	day, total, jobs, msg := cli.GradeClassArgs(a)
	if msg != "" {
		return cli.UsageError(e.Stderr, msg)
	}
	dir := a.Pos[1]
	roster, subs, code, ok := classInput(e, a, day, dir)
	if !ok {
		return code
	}
	g := class.Grader{Root: e.Root, Day: day, Course: course, Jobs: jobs, Total: total}
	// Exercism's files show each student what their code printed.
	if f, _ := autograde.ParseFormat(a.Flags["format"]); a.Has("per-student") && f == autograde.Exercism {
		g.Prints = true
	}
	if !a.Has("no-cache") {
		g.CacheDir = class.DefaultCacheDir()
	}
	bar := newBar(e.Stderr)
	g.Progress = bar.update
	start := time.Now()
	results, err := g.Run(ctx, subs)
	bar.done()
	if errors.Is(err, context.Canceled) {
		if g.CacheDir == "" {
			return e.SayStopped(ctx, "the grades so far were not printed.")
		}
		return e.SayStopped(ctx, "the grades so far were not printed; those finished are kept in the cache, and a re-run starts from them.")
	}
	if err != nil {
		fmt.Fprintln(e.Stderr, "termlab:", err)
		return cli.ExitNotOK
	}
	sayGuardNotes(e.Stderr, results)
	preds := classPredictions(ctx, e, day, subs)
	if err := writeClass(e.Stdout, a, day, dir, results, roster, time.Since(start), preds); err != nil {
		fmt.Fprintln(e.Stderr, "termlab:", err)
		return cli.ExitNotOK
	}
	if !writeClassFiles(e.Stderr, a, day, subs, results, roster, total, preds) {
		return cli.ExitNotOK
	}
	// A student's failure is a grade; only a submission the lab could
	// not grade at all fails the batch, so it is looked at.
	for _, r := range results {
		if r.Status == class.LabFault {
			fmt.Fprintf(e.Stderr, "termlab: the lab could not grade %s: %s\n", r.Who, firstLine(r.Error))
			return cli.ExitNotOK
		}
	}
	return cli.ExitOK
}

// classInput reads the roster (--roster) and the submissions in dir. When
// either cannot be had it returns ok=false with the exit code, having said
// why.
func classInput(e cli.Env, a cli.Args, day labs.Day, dir string) (roster class.Roster, subs []class.Submission, code int, ok bool) {
	if path, ok := a.Flags["roster"]; ok {
		var err error
		if roster, err = class.ReadRoster(path); err != nil {
			fmt.Fprintf(e.Stderr, "termlab: cannot read the roster %s: %v\n", path, err)
			return roster, nil, cli.ExitUsage, false
		}
	}
	subs, err := class.List(dir, day)
	if err != nil {
		fmt.Fprintf(e.Stderr, "termlab: cannot read the submissions: %v\n", err)
		return roster, nil, cli.ExitUsage, false
	}
	// Classroom names a repository assignment-username: the prefix is
	// read off the names, and only that prefix plus a username is that
	// student's (class.Roster.Student).
	whos := make([]string, len(subs))
	for i, s := range subs {
		whos[i] = s.Who
	}
	roster = roster.WithAssignment(whos)
	if len(subs) == 0 {
		fmt.Fprintf(e.Stderr, "termlab: %s holds no submissions: each is a .go file, a folder with a todo.go, or a clone of the lab\n", dir)
		return roster, nil, cli.ExitNotOK, false
	}
	return roster, subs, cli.ExitOK, true
}

// sayGuardNotes says what the guard could not do, and what it caught, once
// each.
func sayGuardNotes(w io.Writer, results []class.Result) {
	if note := worker.NetworkNote(); note != "" {
		fmt.Fprintln(w, "termlab: warning:", note)
	}
	for _, r := range results {
		if r.Tampered {
			fmt.Fprintf(w, "termlab: the cached grade of %s was not sealed by this grader (changed or forged): graded again\n", r.Who)
		}
	}
}

// writeClass writes the grades on stdout: CSV, JSON, or a table and what
// the class got wrong.
func writeClass(w io.Writer, a cli.Args, day labs.Day, dir string, results []class.Result, roster class.Roster, took time.Duration, preds *class.ClassPredictions) error {
	switch {
	case a.Has("csv"):
		return class.WriteCSV(w, day, results, roster)
	case a.Has("json"):
		return class.WriteJSONWith(w, day, results, roster, preds)
	}
	cached := 0
	for _, r := range results {
		if r.Cached {
			cached++
		}
	}
	fmt.Fprintf(w, "Day %d — %s: %d submissions in %s (%d from the cache) in %.1f s\n\n",
		day.Number, day.Title, len(results), filepath.Clean(dir), cached, took.Seconds())
	class.WriteTable(w, day, results)
	fmt.Fprintln(w)
	class.WriteMistakes(w, day, class.Summarize(day, results, roster))
	if preds != nil {
		fmt.Fprintf(w, "\nThe class's predictions (%d answers files; not graded):\n", preds.WithAnswers)
		for _, q := range preds.Questions {
			fmt.Fprintf(w, "  %s: %s\n", q.ID, q.Summary())
			// The learners' own lines, grouped, as the report lists them.
			for _, x := range q.Explanations {
				way := ""
				if x.Way != "" {
					way = " (" + x.Way + ")"
				}
				fmt.Fprintf(w, "    %q%s: %s\n", x.Text, way, strings.Join(x.Who, ", "))
			}
		}
	}
	return nil
}

// writeClassFiles writes the class report (--report) and each student's
// grade (--per-student), and says where on stderr; false when one could not
// be written, having said why.
func writeClassFiles(stderr io.Writer, a cli.Args, day labs.Day, subs []class.Submission, results []class.Result, roster class.Roster, total float64, preds *class.ClassPredictions) bool {
	if file, ok := a.Flags["report"]; ok {
		report := class.NewReport(day, results, roster)
		report.Predictions = preds
		md, html, err := report.WriteReportFiles(file)
		if err != nil {
			fmt.Fprintf(stderr, "termlab: cannot write the class report: %v\n", err)
			return false
		}
		fmt.Fprintf(stderr, "termlab: the class report is in %s and %s\n", md, html)
	}
	if dir, ok := a.Flags["per-student"]; ok {
		f, _ := autograde.ParseFormat(a.Flags["format"])
		written, skipped, err := class.WritePerStudent(dir, f, day, subs, results, total)
		if err != nil {
			fmt.Fprintf(stderr, "termlab: cannot write the per-student files: %v\n", err)
			return false
		}
		fmt.Fprintf(stderr, "termlab: %d per-student %s files in %s", len(written), f, dir)
		if len(skipped) > 0 {
			fmt.Fprintf(stderr, " (none for %s: not graded at all)", strings.Join(skipped, ", "))
		}
		fmt.Fprintln(stderr)
	}
	return true
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// bar shows grade-class's progress on stderr: a bar redrawn in place on a
// terminal, a plain line per submission otherwise (a log, CI).
type bar struct {
	w     io.Writer
	tty   bool
	start time.Time
}

func newBar(w io.Writer) *bar {
	return &bar{w: w, tty: cli.IsTerminal(w) && os.Getenv("TERM") != "dumb", start: time.Now()}
}

func (b *bar) update(done, total int, r class.Result) {
	what := fmt.Sprintf("%s: %g/%g", r.Who, r.Points, r.Max)
	if r.Status != class.Graded {
		what = fmt.Sprintf("%s: %s", r.Who, r.Status)
	}
	if r.Cached {
		what += " (cached)"
	}
	if !b.tty {
		fmt.Fprintf(b.w, "[%d/%d] %s\n", done, total, what)
		return
	}
	rate := float64(done) / time.Since(b.start).Minutes()
	line := fmt.Sprintf("%s %d/%d · %.0f/min · %s", barCells(done, total, 24), done, total, rate, what)
	// One line, redrawn (\r, then erase it): cut to the terminal's width,
	// since a line that wraps could not be erased whole.
	if f, ok := b.w.(*os.File); ok {
		if w, _, err := term.GetSize(f.Fd()); err == nil && w > 1 {
			if r := []rune(line); len(r) > w-1 {
				line = string(r[:w-1])
			}
		}
	}
	fmt.Fprintf(b.w, "\r\x1b[2K%s", line)
}

func (b *bar) done() {
	if b.tty {
		fmt.Fprint(b.w, "\r\x1b[2K")
	}
}

// barCells is a bar of width cells, done/total of them filled.
func barCells(done, total, width int) string {
	n := width * done / max(1, total)
	return "[" + strings.Repeat("█", n) + strings.Repeat("░", width-n) + "]"
}

// classPredictions is the class's predictions section, nil when no
// submission carries its answers file. The guesses are judged against the
// reference's figures (played by the reference programs, as check plays
// them); when those cannot be had the section shows the spreads alone.
func classPredictions(ctx context.Context, e cli.Env, day labs.Day, subs []class.Submission) *class.ClassPredictions {
	answers := map[string]predictions.Answers{}
	for _, s := range subs {
		if a, ok := class.SubmittedAnswers(s, day); ok {
			answers[s.Who] = a
		}
	}
	if len(answers) == 0 {
		return nil
	}
	var ref labs.Metrics
	r := worker.Runner{Root: e.Root, PartsOnly: true}
	if o, err := r.Reference(ctx, day); err == nil {
		ref = o.Metrics()
	} else {
		fmt.Fprintln(e.Stderr, "termlab: the reference could not be played, so the class's predictions are not judged:", err)
	}
	p := class.Predictions(day, answers, ref)
	return &p
}
