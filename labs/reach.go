package labs

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
)

// A save changes one function; a grade or a part that cannot reach it
// gives the result it gave last time (runner/worker's keep.go). What it can
// reach is worked out here, from the learner's folder as text, on purpose
// simply and on the side of caution: everything of the package is in a
// task's source but the bodies of the TODO functions it cannot call.
//
//   - The task's roots are TODO functions: a grade's own TODO (each day's
//     grader runs the learner's TODO n among the reference's other three,
//     Funcs.With), a part's Uses.
//   - Every package-level declaration that is not a TODO function is always
//     in: helpers, types, variables, init, imports, comments, directives.
//   - A TODO function is in once its name is an identifier of anything
//     already in (or a word of a //go: or //export directive), to a
//     fixpoint (a selector's name or a method's is no function's): a helper
//     that calls DRRVisit puts DRRVisit in every task's source, a TODO 2
//     that calls FairShare puts FairShare in TODO 2's.
//   - Every file of the folder is in, Go or not (an embedded file), and
//     its name; a Go file that does not parse leaves no source at all.

// SourceFile is one file of a learner's folder: its path in the folder
// (slash-separated) and its bytes.
type SourceFile struct {
	Name string
	Data []byte
}

// LearnerSource is a learner's folder parsed for Reach.
type LearnerSource struct {
	files []SourceFile
	// bodies are the TODO functions' bodies by function name: where each
	// is in its file, and the identifiers it holds.
	bodies map[string][]body
	// base is the identifiers (and //go: and //export directive words)
	// outside every TODO function's body.
	base map[string]bool
	// Imports is every import path of the folder's Go files.
	Imports []string
}

type body struct {
	file       int // index in files
	start, end int // byte offsets of the body's braces, both included
	idents     map[string]bool
}

// ParseLearner parses files (the whole learner's folder) for Reach; todos
// are the names of the day's TODO functions. A Go file that does not parse
// is an error: nothing can be said of what the package reaches.
func ParseLearner(files []SourceFile, todos []string) (*LearnerSource, error) {
	files = slices.Clone(files)
	slices.SortFunc(files, func(a, b SourceFile) int { return strings.Compare(a.Name, b.Name) })
	s := &LearnerSource{files: files, bodies: map[string][]body{}, base: map[string]bool{}}
	fset := token.NewFileSet()
	for i, f := range files {
		if !strings.HasSuffix(f.Name, ".go") {
			continue
		}
		file, err := parser.ParseFile(fset, f.Name, f.Data, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, im := range file.Imports {
			if p, err := strconv.Unquote(im.Path.Value); err == nil {
				s.Imports = append(s.Imports, p)
			}
		}
		off := func(p token.Pos) int { return fset.Position(p).Offset }
		// A TODO function's body, and its name where it is declared, are
		// not the package's: they name nothing but the function itself.
		skip := map[ast.Node]bool{}
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Body == nil || !slices.Contains(todos, fd.Name.Name) {
				continue
			}
			skip[fd.Body], skip[fd.Name] = true, true
			s.bodies[fd.Name.Name] = append(s.bodies[fd.Name.Name],
				body{file: i, start: off(fd.Body.Lbrace), end: off(fd.Body.Rbrace), idents: identsOf(fd.Body, map[ast.Node]bool{})})
		}
		identsOf(file, skip, s.base)
		for _, cg := range file.Comments {
			for _, c := range cg.List {
				if strings.HasPrefix(c.Text, "//go:") || strings.HasPrefix(c.Text, "//export ") {
					for _, w := range strings.FieldsFunc(c.Text, notIdentRune) {
						s.base[w] = true
					}
				}
			}
		}
	}
	return s, nil
}

// identsOf adds the identifiers under n, leaving out the nodes in skip,
// to into (a new set when none is given) and returns it.
func identsOf(n ast.Node, skip map[ast.Node]bool, into ...map[string]bool) map[string]bool {
	set := map[string]bool{}
	if len(into) > 0 {
		set = into[0]
	}
	ast.Inspect(n, func(n ast.Node) bool {
		if n == nil || skip[n] {
			return false
		}
		switch n := n.(type) {
		case *ast.Ident:
			set[n.Name] = true
		case *ast.SelectorExpr:
			// x.Name is never this package's function Name: only what
			// x is can be.
			identsOf(n.X, skip, set)
			return false
		case *ast.FuncDecl:
			// A method's name is no function's either.
			if n.Recv != nil {
				skip[n.Name] = true
			}
		}
		return true
	})
	return set
}

// notIdentRune splits a directive into the words that could name a
// function (a //go:linkname's target is package.Name).
func notIdentRune(r rune) bool {
	return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127)
}

// Reach is the TODO functions a task whose roots are roots can run: the
// roots, and every TODO function named by what is already in, to a
// fixpoint. Sorted.
func (s *LearnerSource) Reach(roots []string) []string {
	in := map[string]bool{}
	names := map[string]bool{}
	for n := range s.base {
		names[n] = true
	}
	add := func(fn string) {
		in[fn] = true
		for _, b := range s.bodies[fn] {
			for n := range b.idents {
				names[n] = true
			}
		}
	}
	for _, r := range roots {
		if _, ok := s.bodies[r]; ok {
			add(r)
		}
	}
	for grew := true; grew; {
		grew = false
		for fn := range s.bodies {
			if !in[fn] && names[fn] {
				add(fn)
				grew = true
			}
		}
	}
	out := make([]string, 0, len(in))
	for fn := range in {
		out = append(out, fn)
	}
	slices.Sort(out)
	return out
}

// Source is the text a task with roots can depend on: every file of the
// folder, by name, with the bodies of the TODO functions it cannot reach
// left out ("{…}" in their place). Two saves with the same Source give
// the task the same package, as far as it can tell.
func (s *LearnerSource) Source(roots []string) []byte {
	reach := s.Reach(roots)
	var out bytes.Buffer
	for i, f := range s.files {
		var cut [][2]int
		for fn, bs := range s.bodies {
			if slices.Contains(reach, fn) {
				continue
			}
			for _, b := range bs {
				if b.file == i {
					cut = append(cut, [2]int{b.start, b.end + 1})
				}
			}
		}
		slices.SortFunc(cut, func(a, b [2]int) int { return a[0] - b[0] })
		text := f.Data
		var kept bytes.Buffer
		at := 0
		for _, c := range cut {
			kept.Write(text[at:c[0]])
			kept.WriteString("{…}")
			at = c[1]
		}
		kept.Write(text[at:])
		fmt.Fprintf(&out, "%s\x00%d\x00", f.Name, kept.Len())
		out.Write(kept.Bytes())
	}
	return out.Bytes()
}
