package autograde

import (
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"termlab/labs"
)

// Write renders r in format f.
func Write(f Format, r Report) ([]byte, error) {
	switch f {
	case Classroom:
		return classroom(r)
	case Gradescope:
		return gradescope(r)
	case JUnit:
		return junit(r)
	case Exercism:
		return exercism(r)
	}
	return nil, fmt.Errorf("unknown format %q", f)
}

// ExitCode is what `grade --format f` exits with once it has written r,
// as each system expects:
//
//   - classroom, gradescope, exercism: 0 whenever the result was written,
//     passing or not. The score is in the result: Classroom's reporter
//     fails the job itself when a test failed, Gradescope reads only
//     results.json, and Exercism's interface asks a runner to exit 0
//     whatever the tests' status;
//   - junit: 0 when every TODO passed, 1 otherwise, as a test command in
//     CI does; the job still reads the XML either way.
func ExitCode(f Format, r Report) int {
	if f == JUnit && !r.AllPassed() {
		return 1
	}
	return 0
}

// --- GitHub Classroom ---------------------------------------------------

// The runner's result: what autograding-command-grader sets as its
// `result` output (base64 of this JSON), and what the reporter reads from
// the environment as <RUNNER>_RESULTS.
type classroomResult struct {
	Version  int             `json:"version"`
	Status   string          `json:"status"` // pass, fail or error
	MaxScore float64         `json:"max_score"`
	Tests    []classroomTest `json:"tests"`
}

type classroomTest struct {
	Name     string  `json:"name"`
	Status   string  `json:"status"`
	Score    float64 `json:"score"`
	Message  string  `json:"message"`
	TestCode string  `json:"test_code"`
	Filename string  `json:"filename"`
	LineNo   int     `json:"line_no"`
	Duration int64   `json:"duration"` // milliseconds
}

// classroom is one line: the base64 of the result's JSON, exactly the
// runner output the reporter decodes (`base64 -d` shows it).
func classroom(r Report) ([]byte, error) {
	out := classroomResult{Version: 1, Status: "pass", MaxScore: r.Max(), Tests: []classroomTest{}}
	for i, t := range r.Tests {
		status := verdict(t, "pass", "fail", "error")
		if status != "pass" && out.Status == "pass" {
			out.Status = "fail"
		}
		// What the reporter prints (autograding-grading-reporter's
		// console-results.js): a failed test's name and line only, an
		// errored one's message alone ("Error: …", no name), and every
		// test's test_code. So a wrong answer's counterexample and hint
		// go in its test_code, an error's message starts with the
		// test's name, a pass prints no more than its name, and a
		// compile error is printed once, under the first test.
		msg, code := t.Message, ""
		switch {
		case r.BuildError != "" && i > 0:
			msg = t.Name + ": not graded, as your code does not compile (the compiler's message is above)"
		case r.BuildError != "":
			msg = t.Name + ": your code does not compile, so no TODO was graded:\n" + t.Message
		case status == "error":
			msg, code = t.Name+": "+t.Message, "To see it on your own machine: "+r.Command
		case status == "fail":
			code = t.Message + "\n\nTo see it on your own machine: " + r.Command
		}
		out.Tests = append(out.Tests, classroomTest{Name: t.Name, Status: status, Score: t.Score, Message: msg,
			TestCode: code, Filename: t.File, LineNo: t.Line,
			// Not timed one by one (they run in parallel): the
			// whole grade's time shared out.
			Duration: int64(math.Round(r.Seconds * 1000 / float64(max(1, len(r.Tests)))))})
	}
	if r.BuildError != "" {
		out.Status = "error"
	}
	data, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	return []byte(base64.StdEncoding.EncodeToString(data) + "\n"), nil
}

// verdict names t's status in a format with three: passed, failed (a
// wrong answer, or not done yet) and errored (a crash, a timeout, or code
// that does not compile).
func verdict(t Test, pass, fail, errored string) string {
	switch t.Status {
	case labs.Pass:
		return pass
	case labs.Fail, labs.Unfinished:
		return fail
	}
	return errored
}

// --- Gradescope --------------------------------------------------------

type gradescopeResult struct {
	Score            float64          `json:"score"`
	ExecutionTime    int              `json:"execution_time"` // seconds
	Output           string           `json:"output"`
	OutputFormat     string           `json:"output_format"`
	Visibility       string           `json:"visibility"`
	StdoutVisibility string           `json:"stdout_visibility"`
	Tests            []gradescopeTest `json:"tests"`
}

type gradescopeTest struct {
	Score        float64  `json:"score"`
	MaxScore     float64  `json:"max_score"`
	Status       string   `json:"status"` // passed or failed
	Name         string   `json:"name"`
	Number       string   `json:"number"`
	Output       string   `json:"output"`
	OutputFormat string   `json:"output_format"`
	Tags         []string `json:"tags"`
	Visibility   string   `json:"visibility"`
}

// gradescope is /autograder/results/results.json.
func gradescope(r Report) ([]byte, error) {
	out := gradescopeResult{Score: r.Score(), ExecutionTime: int(math.Ceil(r.Seconds)),
		OutputFormat: "text", Visibility: "visible", StdoutVisibility: "hidden", Tests: []gradescopeTest{}}
	passed := 0
	for _, t := range r.Tests {
		if t.Passed() {
			passed++
		}
		output := t.Message
		if output == "" {
			output = t.Detail
		}
		if t.File != "" {
			output = fmt.Sprintf("%s:%d\n%s", t.File, t.Line, output)
		}
		status := "failed"
		if t.Passed() {
			status = "passed"
		}
		out.Tests = append(out.Tests, gradescopeTest{Score: t.Score, MaxScore: t.Max, Status: status, Name: t.Name,
			Number: fmt.Sprint(t.TODO), Output: output, OutputFormat: "text",
			Tags: []string{t.Func, string(t.Status)}, Visibility: "visible"})
	}
	out.Output = fmt.Sprintf("Day %d — %s: %d of %d TODOs pass.", r.Day, r.Title, passed, len(r.Tests))
	if r.BuildError != "" {
		out.Output += "\n\n" + r.BuildError
	}
	return indentJSON(out)
}

// --- Exercism ----------------------------------------------------------

type exercismResult struct {
	Version int            `json:"version"`
	Status  string         `json:"status"` // pass, fail or error
	Message *string        `json:"message"`
	Tests   []exercismTest `json:"tests,omitempty"`
}

type exercismTest struct {
	Name     string  `json:"name"`
	Status   string  `json:"status"`
	Message  *string `json:"message"`
	Output   string  `json:"output,omitempty"`
	TestCode string  `json:"test_code"`
	TaskID   int     `json:"task_id"`
}

// exercismOutputMax is the interface's bound on a test's output, in
// characters, and exercismTruncated the line it suggests for output cut to
// fit (https://exercism.org/docs/building/tooling/test-runners/interface,
// "Output").
const (
	exercismOutputMax = 500
	exercismTruncated = "Output was truncated. Please limit to 500 chars"
)

// exercismOutput is what the student printed during a test, as the
// interface's output: nothing the lab says (the verdict and its
// counterexample are the message), at most 500 characters with the
// truncation line counted in them.
func exercismOutput(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if utf8.RuneCountInString(s) <= exercismOutputMax {
		return s
	}
	keep := exercismOutputMax - utf8.RuneCountInString(exercismTruncated) - 1
	return string([]rune(s)[:keep]) + "\n" + exercismTruncated
}

// exercism is results.json, version 3: one test per TODO, linked to the
// task of the same number. Code that does not compile is status error
// with the compiler's message and no tests, as the interface asks.
func exercism(r Report) ([]byte, error) {
	if r.BuildError != "" {
		msg := r.BuildError
		return indentJSON(exercismResult{Version: 3, Status: "error", Message: &msg})
	}
	out := exercismResult{Version: 3, Status: "pass", Tests: []exercismTest{}}
	for _, t := range r.Tests {
		status := verdict(t, "pass", "fail", "error")
		if status != "pass" {
			out.Status = "fail"
		}
		test := exercismTest{Name: t.Name, Status: status, Output: exercismOutput(t.Output), TestCode: exercismCode(r, t), TaskID: t.TODO}
		if t.Message != "" {
			msg := t.Message
			if t.File != "" {
				msg = fmt.Sprintf("%s:%d: %s", t.File, t.Line, msg)
			}
			test.Message = &msg
		}
		out.Tests = append(out.Tests, test)
	}
	return indentJSON(out)
}

// exercismCode is a test's test_code, which Exercism shows as the code
// of the test that ran: the call the grader made where it found the
// TODO wrong (its counterexample, with the answer it wants), or what the
// check compares when it passed; and the command that runs it.
func exercismCode(r Report, t Test) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// %s, against the reference: %s\n// Run it yourself: %s\n", t.Name, t.Checked, r.Command)
	if ce := t.Counterexample; ce != nil {
		fmt.Fprintf(&b, "%s // want %s, got %s\n", ce.Input, ce.Want, ce.Got)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func indentJSON(v any) ([]byte, error) {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// --- JUnit XML ---------------------------------------------------------

// The shape of Ant's JUnit report, as the JUnit.xsd that Jenkins
// validates against declares it: testsuites > testsuite (with its
// properties, testcases, system-out and system-err), each testcase with
// at most one failure or error. The file and line lead the failure's
// text, as a stack trace's would, and are the testcase's file and line
// attributes too (see junitCase).
type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Package    string          `xml:"package,attr"`
	ID         int             `xml:"id,attr"`
	Timestamp  string          `xml:"timestamp,attr"`
	Hostname   string          `xml:"hostname,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Time       string          `xml:"time,attr"`
	Properties junitProperties `xml:"properties"`
	Cases      []junitCase     `xml:"testcase"`
	SystemOut  string          `xml:"system-out"`
	SystemErr  string          `xml:"system-err"`
}

type junitProperties struct {
	Props []junitProperty `xml:"property"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string `xml:"name,attr"`
	Classname string `xml:"classname,attr"`
	Time      string `xml:"time,attr"`
	// No file or line attribute: neither Jenkins' junit-4.xsd nor Ant's
	// JUnit.xsd has one, and a file that fails its schema is refused by
	// the strict readers. Where the TODO is (or its crash) leads the
	// failure's text instead.
	Failure *junitProblem `xml:"failure"`
	Error   *junitProblem `xml:"error"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// now is the report's timestamp; tests set it.
var now = time.Now

func junit(r Report) ([]byte, error) {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "localhost"
	}
	per := r.Seconds / float64(max(1, len(r.Tests)))
	s := junitSuite{Name: fmt.Sprintf("day%d", r.Day), Package: "termlab", Timestamp: now().UTC().Format("2006-01-02T15:04:05"),
		Hostname: host, Tests: len(r.Tests), Time: fmt.Sprintf("%.3f", r.Seconds),
		Properties: junitProperties{Props: []junitProperty{{"day", fmt.Sprint(r.Day)}, {"score", fmt.Sprint(r.Score())}, {"max_score", fmt.Sprint(r.Max())}}}}
	for _, t := range r.Tests {
		c := junitCase{Name: t.Name, Classname: fmt.Sprintf("termlab.day%d.%s", r.Day, t.Func), Time: fmt.Sprintf("%.3f", per)}
		if !t.Passed() {
			text := t.Message
			if t.File != "" {
				text = fmt.Sprintf("%s:%d\n%s", t.File, t.Line, text)
			}
			p := &junitProblem{Message: firstLine(t.Message), Type: string(t.Status), Text: text}
			if verdict(t, "", "fail", "error") == "fail" {
				c.Failure = p
				s.Failures++
			} else {
				c.Error = p
				s.Errors++
			}
		}
		s.Cases = append(s.Cases, c)
	}
	s.SystemOut = fmt.Sprintf("%g of %g points", r.Score(), r.Max())
	s.SystemErr = r.BuildError
	data, err := xml.MarshalIndent(junitSuites{Suites: []junitSuite{s}}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(append([]byte(xml.Header), data...), '\n'), nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
