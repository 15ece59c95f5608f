// Package autograde writes a day's grades in the formats of the systems
// courses grade in: GitHub Classroom (a runner's result, as
// classroom-resources/autograding-command-grader writes it and
// autograding-grading-reporter reads it), Gradescope (results.json),
// JUnit XML (read by CodeGrade, GitLab, Jenkins and most CI) and
// Exercism's test-runner interface (results.json version 3).
//
// Each TODO is one test, worth its points (labs.TODO.Weight, equal unless
// the day weights them), whose message is the grader's detail, its
// counterexample and its hint, at the TODO's file and line. A submission
// that does not compile is one report with every test failed on the
// compiler's message. The writers only format: the grades come from the
// lab's own grade path (runner/worker), never from here.
package autograde

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"termlab/labs"
	"termlab/staff/autograde/formats"
)

// Format names one of the output formats (staff/autograde/formats, which
// the lab's own binary links without the writers).
type Format = formats.Format

// The formats `grade --format` and grade-class know.
const (
	Classroom  = formats.Classroom
	Gradescope = formats.Gradescope
	JUnit      = formats.JUnit
	Exercism   = formats.Exercism
)

// Formats lists them, in the order the usage names them.
var Formats = formats.All

// ParseFormat reads a --format value.
func ParseFormat(s string) (Format, error) { return formats.Parse(s) }

// Test is one TODO as a test of an autograder.
type Test struct {
	TODO    int
	Func    string
	Name    string // "TODO 1: TakeToken"
	Status  labs.Status
	Score   float64 // the points earned: Max when it passes, else 0
	Max     float64
	Message string // detail, where, counterexample and hint; "" on a pass
	Detail  string
	Checked string // what the grader checks, the test's "code"
	// Counterexample is the input the TODO was found wrong on, if any.
	Counterexample *labs.Counterexample
	File           string // the TODO's file, relative to the module root
	Line           int    // its func line, or the line a crash points at
	// Output is what the student's code printed while this TODO was
	// graded (labs.Grade.Output), when the grade kept it.
	Output string
}

// Passed reports whether the test passed.
func (t Test) Passed() bool { return t.Status == labs.Pass }

// Report is one submission graded: a test per TODO.
type Report struct {
	Day   int
	Title string
	Tests []Test
	// BuildError is the compiler's message when the code did not compile;
	// then nothing ran and every test failed on it.
	BuildError string
	// Seconds is how long grading took, wall clock.
	Seconds float64
	// Command is what reproduces the grade, for a test's code.
	Command string
}

// Score is the points earned, Max the points on offer.
func (r Report) Score() float64 { return sum(r.Tests, func(t Test) float64 { return t.Score }) }

// Max is the points on offer.
func (r Report) Max() float64 { return sum(r.Tests, func(t Test) float64 { return t.Max }) }

// AllPassed reports whether every TODO passed.
func (r Report) AllPassed() bool {
	return r.BuildError == "" && !slices.ContainsFunc(r.Tests, func(t Test) bool { return !t.Passed() })
}

func sum(ts []Test, f func(Test) float64) float64 {
	s := 0.0
	for _, t := range ts {
		s += f(t)
	}
	return round(s)
}

// round keeps scores to 1e-6, so that 100/3 three times sums to 100.
func round(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// Points is each TODO's points: its weight, scaled so that they add up
// to total when total is positive.
func Points(day labs.Day, total float64) map[int]float64 {
	weights := 0.0
	for _, t := range day.TODOs {
		weights += t.Weight()
	}
	out := map[int]float64{}
	for _, t := range day.TODOs {
		p := t.Weight()
		if total > 0 && weights > 0 {
			p = round(total * p / weights)
		}
		out[t.Number] = p
	}
	return out
}

// New is the report of grades on day, for the learner's files under root
// (to find each TODO's line). total scales the points (0: the weights as
// they are).
func New(day labs.Day, grades []labs.Grade, root string, total float64) Report {
	r := Report{Day: day.Number, Title: day.Title, Command: fmt.Sprintf("go run . grade %d", day.Number)}
	points := Points(day, total)
	lines := funcLines(day, root)
	for _, t := range day.TODOs {
		g := labs.Grade{TODO: t.Number, Func: t.Func, Status: labs.Unfinished, Detail: "not graded"}
		for _, x := range grades {
			if x.TODO == t.Number {
				g = x
			}
		}
		test := Test{TODO: t.Number, Func: t.Func, Name: fmt.Sprintf("TODO %d: %s", t.Number, t.Func),
			Status: g.Status, Max: points[t.Number], Detail: g.Detail, Checked: t.Checked, Counterexample: g.Counterexample, Output: g.Output}
		test.File, test.Line = lines[t.Func].file, lines[t.Func].line
		if file, line, ok := splitWhere(g.Where); ok {
			test.File, test.Line = file, line
		}
		if test.Passed() {
			test.Score = test.Max
		} else {
			test.Message = Message(g)
		}
		r.Tests = append(r.Tests, test)
	}
	return r
}

// Broken is the report of a submission that does not compile: every TODO
// failed on msg, at the first line the compiler points at in the
// learner's folder (file, line), or at the TODO's own line.
func Broken(day labs.Day, msg, file string, line int, root string, total float64) Report {
	grades := make([]labs.Grade, 0, len(day.TODOs))
	for _, t := range day.TODOs {
		grades = append(grades, labs.Grade{TODO: t.Number, Func: t.Func, Status: labs.Crash, Detail: "your code does not compile, so nothing was graded"})
	}
	r := New(day, grades, root, total)
	r.BuildError = msg
	for i := range r.Tests {
		r.Tests[i].Message = msg
		if file != "" {
			r.Tests[i].File, r.Tests[i].Line = file, line
		}
	}
	return r
}

// Message is a failing grade in plain text: what was wrong, where, the
// counterexample and the hint.
func Message(g labs.Grade) string {
	var b strings.Builder
	b.WriteString(g.Detail)
	if g.Where != "" {
		fmt.Fprintf(&b, "\nat %s", g.Where)
	}
	if ce := g.Counterexample; ce != nil {
		fmt.Fprintf(&b, "\ninput: %s\ngot:   %s\nwant:  %s", ce.Input, ce.Got, ce.Want)
	}
	if g.Hint != "" {
		fmt.Fprintf(&b, "\nhint:  %s", g.Hint)
	}
	return b.String()
}

type place struct {
	file string
	line int
}

// funcLines finds each TODO's func line in the learner's files under root.
func funcLines(day labs.Day, root string) map[string]place {
	out := map[string]place{}
	dir := filepath.Join(root, filepath.FromSlash(day.LearnerDir))
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		for _, t := range day.TODOs {
			re := regexp.MustCompile(`(?m)^func\s+` + regexp.QuoteMeta(t.Func) + `\s*[\[(]`)
			if loc := re.FindIndex(data); loc != nil {
				if _, seen := out[t.Func]; !seen {
					out[t.Func] = place{strings.Trim(day.LearnerDir, "/") + "/" + e.Name(), 1 + strings.Count(string(data[:loc[0]]), "\n")}
				}
			}
		}
	}
	return out
}

// splitWhere reads "labs/day45/todo.go:41".
func splitWhere(where string) (string, int, bool) {
	i := strings.LastIndex(where, ":")
	if i <= 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(where[i+1:])
	if err != nil {
		return "", 0, false
	}
	return where[:i], n, true
}
