// Package gate is the one import check every path that grades someone
// else's code goes through (grade-class, grade --format, the Gradescope
// set-up): an allow-list of the standard library's packages the day's
// TODOs may use (labs.Day.Imports), checked on the parsed files, never by
// a text search, so an import written as a raw string, in a one-line
// block, renamed or with a comment in it reads the same as any other.
//
// What is not on the list is refused, whatever it is: the lab's own
// packages (module termlab, whose solutions are one import away) are
// refused even if a day listed one, and so are cgo ("C"), relative paths
// and anything outside the standard library.
package gate

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"termlab/labs"
)

// Module is the lab's module path: its packages are never allowed.
const Module = "termlab"

// Refusal is a submission the gate does not let through: the file, the
// line and the import (Import is "" and Line 0 when the file itself is
// the reason). Every path that grades a submission says it in these
// words: "todo.go:5 imports "os": not on Day 45's allow-list (…)".
type Refusal struct {
	File   string
	Line   int
	Import string
	Why    string
}

func (r *Refusal) Error() string {
	if r.Import == "" {
		return fmt.Sprintf("%s: %s", r.File, r.Why)
	}
	at := r.File
	if r.Line > 0 {
		at = fmt.Sprintf("%s:%d", r.File, r.Line)
	}
	return fmt.Sprintf("%s imports %q: %s", at, r.Import, r.Why)
}

// Allowed reports whether a day's TODOs may import path.
func Allowed(day labs.Day, path string) bool {
	if path == Module || strings.HasPrefix(path, Module+"/") {
		return false
	}
	return slices.Contains(day.Imports, path)
}

// Files checks the named sources (file name to bytes), in name order, and
// returns the first refusal, nil when every import is allowed. A file
// whose package clause or imports do not parse is refused too: what the
// gate cannot read, it cannot let through (the parser's message says
// where, as the compiler's would).
func Files(day labs.Day, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	fset := token.NewFileSet()
	for _, n := range names {
		if !strings.HasSuffix(n, ".go") {
			return &Refusal{File: n, Why: "not a Go file: a submission holds .go files only"}
		}
		f, err := parser.ParseFile(fset, n, files[n], parser.ImportsOnly)
		if err != nil {
			return &Refusal{File: n, Why: "its imports cannot be read: " + err.Error()}
		}
		for _, imp := range f.Imports {
			line := fset.Position(imp.Path.Pos()).Line
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return &Refusal{File: n, Line: line, Import: imp.Path.Value, Why: "not a valid import path"}
			}
			if !Allowed(day, path) {
				return &Refusal{File: n, Line: line, Import: path, Why: why(day, path)}
			}
		}
	}
	return nil
}

// why is the one wording of a refused import, whatever the import (the
// lab's own packages are simply never on the list): where the list is,
// not the list itself, which would make every refusal a paragraph.
func why(day labs.Day, path string) string {
	where := "the day's Imports"
	if day.LearnerDir != "" {
		where = "its Imports, in " + day.LearnerDir + "/course"
	}
	msg := fmt.Sprintf("not on Day %d's allow-list (%s)", day.Number, where)
	if path == "os" || path == "log" {
		// The one way a learner's own file meets these: a print left in
		// from debugging. Another import is not guessed at.
		msg += "; a debug print left in? (fmt.Println needs no os)"
	}
	return msg
}

// Folder checks the day's learner folder at dir as the lab will build it
// (grade --format, on the student's own clone): every .go file but the
// tests (which no grade builds) is checked, except a lab's own file
// (Day.Shipped without the learner's build tag, notdone.go) that is
// byte for byte as shipped. Any file the Go toolchain would build beside
// them (assembly, C, objects) is refused.
func Folder(day labs.Day, dir, buildTag string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	files := map[string][]byte{}
	rel := func(n string) string { return filepath.ToSlash(filepath.Join(day.LearnerDir, n)) }
	for _, e := range entries {
		n := e.Name()
		if strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || e.IsDir() {
			continue // the go command ignores these
		}
		if strings.HasSuffix(n, "_test.go") || strings.HasSuffix(n, ".md") {
			continue
		}
		if !strings.HasSuffix(n, ".go") {
			if built(n) {
				return &Refusal{File: rel(n), Why: "the Go toolchain would build this file into the lab: a submission holds .go files only"}
			}
			continue
		}
		if !e.Type().IsRegular() {
			return &Refusal{File: rel(n), Why: "not a regular file (a link?)"}
		}
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			return err
		}
		if lab, ok := day.Shipped[n]; ok && !strings.HasPrefix(lab, "//go:build "+buildTag) && string(data) == lab {
			continue
		}
		files[rel(n)] = data
	}
	return Files(day, files)
}

// built reports whether the go command would use a file of this name in
// a package folder (go help c, go help packages).
func built(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".s", ".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx", ".m", ".f", ".f90", ".for", ".swig", ".swigcxx", ".syso", ".sx":
		return true
	}
	return false
}
