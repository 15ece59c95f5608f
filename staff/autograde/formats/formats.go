// Package formats names the autograders' output formats and reads a
// --format value. It is apart from package autograde, which writes them,
// so that the lab's own binary can refuse a wrong --format before it
// builds the staff's binary (cmd/termlab-tools): the writers link encoding/xml
// and the rest, which the learner's first launch has no use for.
package formats

import (
	"fmt"
	"strings"
)

// Format names one of the output formats.
type Format string

// The formats `grade --format` and grade-class know.
const (
	Classroom  Format = "classroom"
	Gradescope Format = "gradescope"
	JUnit      Format = "junit"
	Exercism   Format = "exercism"
)

// All lists them, in the order the usage names them.
var All = []Format{Classroom, Gradescope, JUnit, Exercism}

// Parse reads a --format value.
func Parse(s string) (Format, error) {
	for _, f := range All {
		if string(f) == strings.ToLower(strings.TrimSpace(s)) {
			return f, nil
		}
	}
	names := make([]string, len(All))
	for i, f := range All {
		names[i] = string(f)
	}
	return "", fmt.Errorf("unknown format %q: the formats are %s", s, strings.Join(names, ", "))
}
