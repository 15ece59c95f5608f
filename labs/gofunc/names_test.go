package gofunc

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strings"
	"testing"
)

// parsedNames is what go/parser says Names should be: every identifier
// but a selector's name and the name a func declaration declares, and the
// words of //go: and //export directives, as a sorted set.
func parsedNames(t *testing.T, src []byte) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	skip := map[*ast.Ident]bool{}
	set := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			skip[n.Sel] = true
		case *ast.FuncDecl:
			skip[n.Name] = true
		case *ast.Ident:
			if !skip[n] && n != f.Name {
				set[n.Name] = true
			}
		}
		return true
	})
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:") || strings.HasPrefix(c.Text, "//export ") {
				for _, w := range strings.FieldsFunc(c.Text, notNameRune) {
					set[w] = true
				}
			}
		}
	}
	return sortedSet(set)
}

func sortedSet(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// namesOf is Names as a sorted set.
func namesOf(t *testing.T, src []byte) []string {
	t.Helper()
	names, err := Names(src)
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	for _, n := range names {
		set[n.Name] = true
	}
	return sortedSet(set)
}

// Names agrees with go/parser's identifiers on every Go file of the
// module, and on shapes a learner's file may have.
func TestNamesAgreeWithGoParser(t *testing.T) {
	srcs := map[string][]byte{
		"a method named like a function":  []byte("package p\n\nfunc (p T) F() int { return G() }\n\nfunc F() {}\n"),
		"a generic receiver":              []byte("package p\n\nfunc (r *T[K, V]) F() { H(r) }\n"),
		"a function literal at top level": []byte("package p\n\nvar f = func() { F() }\n\nvar g = func(x int) int { return F2(x) }\n"),
		"selectors and fields":            []byte("package p\n\nvar x = s.F + T{F: G}.H\n"),
		"directives":                      []byte("package p\n\n//go:linkname f other/pkg.F\nfunc f()\n\n//export G\nfunc g() {}\n"),
		"a generic function":              []byte("package p\n\nfunc F[T any](x T) T { return G[T](x) }\n"),
	}
	for _, path := range moduleGoFiles(t) {
		if strings.HasSuffix(path, ".go") {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			srcs[path] = data
		}
	}
	for what, src := range srcs {
		if _, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.SkipObjectResolution); err != nil {
			continue // Names' answers on what does not parse are Funcs'
		}
		if got, want := namesOf(t, src), parsedNames(t, src); !slices.Equal(got, want) {
			t.Errorf("%s: Names %v\nwant (go/parser) %v", what, diff(got, want), diff(want, got))
		}
	}
}

// diff is what a has that b has not.
func diff(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

func TestDeclaresVars(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"package p\n\nfunc F() int { var x int; return x }\n", false},
		{"package p\n\nconst c = 1\n\ntype T struct{ var_ int }\n", false},
		{"package p\n\n// var x int\nfunc F() {}\n", false},
		{"package p\n\nvar calls int\n\nfunc F() int { calls++; return calls }\n", true},
		{"package p\n\nvar (\n\ta int\n\tb = []int{}\n)\n", true},
		{"package p\nimport \"fmt\"\nvar _ = fmt.Sprint\n", true},
		{"package p; var x int", true},
	} {
		got, err := DeclaresVars([]byte(tc.src))
		if err != nil || got != tc.want {
			t.Errorf("DeclaresVars(%q) = %v, %v; want %v", tc.src, got, err, tc.want)
		}
	}
}
