package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The house's size rules: a file holds one idea and a function fits on a
// screen or two. Past these a file or a function is doing two things; split
// it by idea rather than lift the bound.
const (
	maxFileLines = 600
	maxFuncLines = 100
)

// notYetSplit is what is over the rules today, each at its size now: it
// may shrink, never grow, and an entry goes once its file is split. It is
// empty: keep it so, and split a file or function before it passes a rule.
var notYetSplit = map[string]int{}

// over reports whether n, the size of what key names, breaks the rule max:
// past max and past what notYetSplit allows it.
func over(key string, n, max int) bool {
	if allowed, ok := notYetSplit[key]; ok {
		return n > allowed
	}
	return n > max
}

// learnerFile is a file of the learner's (their TODOs): its size is theirs.
var learnerFile = regexp.MustCompile(`^labs/day[0-9]+/todo[^/]*\.go$`)

// TestSizes holds every non-test Go file of the project to maxFileLines and
// every function in one to maxFuncLines. Generated files and the learner's
// own files are left out.
func TestSizes(t *testing.T) {
	var long []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || learnerFile.MatchString(filepath.ToSlash(path)) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		key := filepath.ToSlash(path)
		if n := bytes.Count(src, []byte("\n")); over(key, n, maxFileLines) {
			long = append(long, fmt.Sprintf("%s: %d lines (at most %d)", path, n, maxFileLines))
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if over(key+" "+fn.Name.Name, n, maxFuncLines) {
				long = append(long, fmt.Sprintf("%s: func %s is %d lines (at most %d)", path, fn.Name.Name, n, maxFuncLines))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(long)
	for _, l := range long {
		t.Error(l)
	}
}
