package cli

import (
	"strings"
	"testing"
)

// Refused before anything is copied, built or graded.
func TestClassUsageErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		argv []string
		says string
	}{
		{[]string{"grade", "45", "--format", "tap"}, `unknown format "tap": the formats are classroom, gradescope, junit, exercism`},
		{[]string{"grade", "45", "--format"}, "needs a value"},
		{[]string{"grade", "45", "--format=junit", "--json"}, "--json and --format: choose one"},
		{[]string{"grade", "45", "--format=junit", "--max-score=0"}, "give a positive number of points"},
		{[]string{"grade", "45", "--format=junit", "--max-score=lots"}, "give a positive number of points"},
		{[]string{"grade-class"}, "grade-class needs a day and a folder"},
		{[]string{"grade-class", "45"}, "grade-class needs a day and a folder"},
		{[]string{"grade-class", "45", dir, "extra"}, `unexpected "extra": grade-class takes 2 words at most`},
		{[]string{"grade-class", "99", dir}, "there is no day 99"},
		{[]string{"grade-class", "45", dir, "--csv", "--json"}, "--csv and --json: choose one"},
		{[]string{"grade-class", "45", dir, "--jobs", "0"}, "--jobs"},
		{[]string{"grade-class", "45", dir, "--jobs=many"}, "--jobs"},
		{[]string{"grade-class", "45", dir, "--format=junit"}, "--per-student DIR and --format F go together"},
		{[]string{"grade-class", "45", dir, "--per-student", dir}, "--per-student DIR and --format F go together"},
		{[]string{"grade-class", "45", dir, "--per-student", dir, "--format", "tap"}, `unknown format "tap"`},
		{[]string{"grade-class", "45", dir, "--report="}, "--report needs a file"},
		{[]string{"grade-class", "45", dir, "--roster", ""}, "--roster needs a file"},
	} {
		mainUsage(t, c.argv, c.says)
	}
}

// Issue 43: `grade-class --help` said "unknown flag"; every command's
// --help prints what the usage says of it, and exits 0.
func TestCommandHelp(t *testing.T) {
	for _, args := range [][]string{{"grade-class", "--help"}, {"grade-class", "45", "-h"}, {"grade", "--help"}} {
		var out, errOut strings.Builder
		code := Main(args, strings.NewReader(""), &out, &errOut)
		if code != ExitOK || errOut.Len() != 0 || !strings.Contains(out.String(), "usage: go run . "+args[0]) || !strings.Contains(out.String(), "  "+args[0]+" ") {
			t.Errorf("%v: exit %d\n%s%s", args, code, out.String(), errOut.String())
		}
	}
}
