package autograde

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// reporterConsole is what autograding-grading-reporter prints for one
// runner's result (its src/console-results.js, colours left out): for a
// pass its name (and line), for a fail its name and line only, for an
// error "Error: " and its message alone, and for any test its test_code
// when it has one. This is the summary the student reads.
func reporterConsole(t *testing.T, result map[string]any) string {
	t.Helper()
	var b strings.Builder
	for _, x := range result["tests"].([]any) {
		m := x.(map[string]any)
		name, _ := m["name"].(string)
		line, _ := m["line_no"].(float64)
		at := ""
		if line != 0 {
			at = fmt.Sprintf(" - line %g", line)
		}
		switch m["status"] {
		case "pass":
			fmt.Fprintf(&b, "✅ %s%s\n", name, at)
		case "error":
			msg, _ := m["message"].(string)
			if msg == "" {
				msg = "Failed to run test '" + name + "'"
			}
			fmt.Fprintf(&b, "Error: %s\n\n", msg)
		default:
			fmt.Fprintf(&b, "❌ %s%s\n", name, at)
		}
		if code, _ := m["test_code"].(string); code != "" {
			fmt.Fprintf(&b, "Test code:\n%s\n\n", code)
		}
	}
	return b.String()
}

// The summary a student reads: a wrong answer's counterexample and hint
// under its name, a crash that says which test it is, a pass that prints
// no more than its name, a compile error printed once.
func TestClassroomSummaryAsTheReporterPrintsIt(t *testing.T) {
	for _, tc := range []struct {
		name     string
		r        Report
		want     []string
		wantOnce string
	}{
		{"mixed", mixed(t), []string{
			"✅ TODO 1: TakeToken - line 7\n❌ TODO 2: WindowID - line 11\nTest code:\nwrong on a boundary\ninput: WindowID(now=1m0s, window=1m0s)\ngot:   0\nwant:  1\nhint:  the boundary is on the wrong side: <&> \"quoted\"\n\nTo see it on your own machine: go run . grade 45\n",
			"Error: TODO 3: Expired: panicked: index out of range\nat labs/day45/todo.go:13\n",
			"❌ TODO 4: NextEmit - line 15\nTest code:\nnot done yet",
		}, ""},
		{"broken", broken(t), []string{
			"Error: TODO 1: TakeToken: your code does not compile, so no TODO was graded:\nyour code does not compile:\n  labs/day45/todo.go:9:2: undefined: tokns\n",
			"Error: TODO 4: NextEmit: not graded, as your code does not compile (the compiler's message is above)\n",
		}, "undefined: tokns"},
	} {
		out := reporterConsole(t, decoded(t, Classroom, tc.r))
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: the reporter's summary lacks %q:\n%s", tc.name, w, out)
			}
		}
		if tc.name == "broken" && strings.Count(out, tc.wantOnce) != 1 {
			t.Errorf("%s: %q printed %d times:\n%s", tc.name, tc.wantOnce, strings.Count(out, tc.wantOnce), out)
		}
	}
}

func TestExercismTestCodeIsTheCheck(t *testing.T) {
	got := decoded(t, Exercism, mixed(t))
	tests := got["tests"].([]any)
	for i, want := range []string{
		"// TODO 1: TakeToken, against the reference: ",
		"// Run it yourself: go run . grade 45\nWindowID(now=1m0s, window=1m0s) // want 1, got 0",
	} {
		code := tests[i].(map[string]any)["test_code"].(string)
		if !strings.Contains(code, want) {
			t.Errorf("test %d's test_code %q lacks %q", i+1, code, want)
		}
	}
}

// The file and line of a TODO lead its failure's text (issue 43: as
// attributes they broke both schemas).
func TestJUnitFileAndLine(t *testing.T) {
	now = func() time.Time { return time.Date(2026, 12, 1, 14, 0, 0, 0, time.UTC) }
	defer func() { now = time.Now }()
	data, err := Write(JUnit, mixed(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<testcase name="TODO 1: TakeToken" classname="termlab.day45.TakeToken" time="0.375">`,
		`>labs/day45/todo.go:13&#xA;`,
	} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the XML lacks %s:\n%s", want, data)
		}
	}
	if strings.Contains(string(data), ` file="`) || strings.Contains(string(data), ` line="`) {
		t.Errorf("file or line attributes, which neither schema allows:\n%s", data)
	}
}
