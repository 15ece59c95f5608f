package class

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"termlab/labs"
)

// Generated classes for the benchmark and the tests: each submission is a
// todo.go written from the equivalence suites' variants (the TODOs as
// learners write them, correct and wrong: labs/day45/course/grade/variants_test.go,
// labs/day46/course/grade/variants_test.go), one variant in its TODO and
// the first correct variant of each other TODO beside it, or one of
// testdata/broken's learner files.

// variantSource is one variant of one TODO, as source text.
type variantSource struct {
	todo    int
	name    string
	lit     string // the func literal
	correct bool
}

// learnerFile is a generated submission's file.
type learnerFile struct {
	kind string // "correct", "wrong" or "broken/<case>"
	name string
	src  string
}

// readVariants parses a variants file: its func literals by TODO, and its
// helper declarations (every top-level func and type but the variant
// type, its methods and the with* wrappers, which name the lab's
// packages) with the imports they may need.
func readVariants(path string) (vs []variantSource, helpers string, imports []string, err error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		return nil, "", nil, err
	}
	text := func(n ast.Node) string {
		var b bytes.Buffer
		printer.Fprint(&b, fset, n)
		return b.String()
	}
	// Day 45's variant has one func field per TODO (take, id, exp,
	// emit): their order is the TODOs'.
	fields := map[string]int{}
	var h strings.Builder
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			switch d.Tok {
			case token.IMPORT:
				for _, s := range d.Specs {
					p, _ := strconv.Unquote(s.(*ast.ImportSpec).Path.Value)
					if !strings.HasPrefix(p, "termlab/") {
						imports = append(imports, p)
					}
				}
			case token.TYPE:
				for _, s := range d.Specs {
					ts := s.(*ast.TypeSpec)
					if ts.Name.Name == "variant" {
						n := 0
						for _, fl := range ts.Type.(*ast.StructType).Fields.List {
							if _, isIdent := fl.Type.(*ast.Ident); !isIdent {
								for _, name := range fl.Names {
									n++
									fields[name.Name] = n
								}
							}
						}
						continue
					}
					h.WriteString("type " + text(ts) + "\n\n")
				}
			case token.CONST:
				h.WriteString(text(d) + "\n\n")
			case token.VAR:
				for _, s := range d.Specs {
					vs = append(vs, variantsOf(s.(*ast.ValueSpec), fields, text)...)
				}
			}
		case *ast.FuncDecl:
			if recvIs(d, "variant") || strings.HasPrefix(d.Name.Name, "with") {
				continue
			}
			h.WriteString(text(d) + "\n\n")
		}
	}
	return vs, h.String(), imports, nil
}

func recvIs(d *ast.FuncDecl, name string) bool {
	if d.Recv == nil {
		return false
	}
	t := d.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	id, ok := t.(*ast.Ident)
	return ok && id.Name == name
}

// variantsOf reads var correctTake = []variant{{name: …, take: func…}}
// (Day 45) or var correct = []variant{{"name", 1, withShare(func…)}}
// (Day 46).
func variantsOf(spec *ast.ValueSpec, fields map[string]int, text func(ast.Node) string) []variantSource {
	var out []variantSource
	if len(spec.Values) != 1 {
		return nil
	}
	list, ok := spec.Values[0].(*ast.CompositeLit)
	if !ok {
		return nil
	}
	correct := strings.HasPrefix(spec.Names[0].Name, "correct")
	for _, e := range list.Elts {
		lit, ok := e.(*ast.CompositeLit)
		if !ok {
			continue
		}
		v := variantSource{correct: correct}
		for i, el := range lit.Elts {
			switch el := el.(type) {
			case *ast.KeyValueExpr:
				key := el.Key.(*ast.Ident).Name
				if key == "name" {
					v.name, _ = strconv.Unquote(el.Value.(*ast.BasicLit).Value)
				}
				if n, isFunc := fields[key]; isFunc {
					if fl, ok := el.Value.(*ast.FuncLit); ok {
						v.todo, v.lit = n, text(fl)
					}
				}
			case *ast.BasicLit:
				if i == 0 {
					v.name, _ = strconv.Unquote(el.Value)
				} else if el.Kind == token.INT {
					v.todo, _ = strconv.Atoi(el.Value)
				}
			case *ast.CallExpr:
				if len(el.Args) == 1 {
					if fl, ok := el.Args[0].(*ast.FuncLit); ok {
						v.lit = text(fl)
					}
				}
			}
		}
		if v.todo > 0 && v.lit != "" {
			out = append(out, v)
		}
	}
	return out
}

// stubSignatures are the day's TODO funcs as the shipped todo.go declares
// them, by TODO number: "func TakeToken(tokens, … float64, …) (…)" and
// the call that forwards them: "(tokens, capacity, ratePerSec, elapsed)".
func stubSignatures(day labs.Day) (sig, call map[int]string, err error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "todo.go", day.Shipped["todo.go"], 0)
	if err != nil {
		return nil, nil, err
	}
	sig, call = map[int]string{}, map[int]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		for _, t := range day.TODOs {
			if t.Func != fd.Name.Name {
				continue
			}
			var b bytes.Buffer
			fd.Body = nil
			printer.Fprint(&b, fset, fd)
			sig[t.Number] = b.String()
			var names []string
			for _, p := range fd.Type.Params.List {
				for _, n := range p.Names {
					names = append(names, n.Name)
				}
			}
			call[t.Number] = "(" + strings.Join(names, ", ") + ")"
		}
	}
	return sig, call, nil
}

var unusedImport = regexp.MustCompile(`"([^"]+)" imported (?:as \w+ )?and not used`)

// stdImporter is one importer for every file generate type-checks: it
// keeps each package it has read, so the export data of the standard
// library (and the day's imports) is decoded once per test binary rather
// than once per file (a hundred files and more in this package's tests,
// about half their CPU). An importer is not safe for concurrent use, so
// the checks that share it take stdMu.
var (
	stdImporter = importer.Default()
	stdMu       sync.Mutex
)

// generated keeps what generate made of each first draft: the tests that
// generate a class and the one that generates every variant ask for many
// of the same files, and the type-check is most of a file's cost.
var generated sync.Map // first draft → genResult

type genResult struct {
	src string
	err error
}

// generate writes a todo.go with variant v in its TODO and base[n] in
// every other, or an error when it does not type-check on its own (a
// variant that leans on the test's package).
func generate(day labs.Day, v variantSource, base map[int]variantSource, helpers string, imports []string) (string, error) {
	sig, call, err := stubSignatures(day)
	if err != nil {
		return "", err
	}
	pkg := filepath.Base(day.LearnerDir)
	draft := func(imports []string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "//go:build termlab\n\n// Generated for grade-class's benchmark: TODO %d is %q.\npackage %s\n\nimport (\n", v.todo, v.name, pkg)
		for _, p := range imports {
			fmt.Fprintf(&b, "\t%q\n", p)
		}
		b.WriteString(")\n\n")
		for _, t := range day.TODOs {
			use := base[t.Number]
			if t.Number == v.todo {
				use = v
			}
			fmt.Fprintf(&b, "%s {\n\treturn (%s)%s\n}\n\n", sig[t.Number], use.lit, call[t.Number])
		}
		b.WriteString(helpers)
		return b.String()
	}
	first := draft(imports)
	if r, ok := generated.Load(first); ok {
		return r.(genResult).src, r.(genResult).err
	}
	src, err := settleImports(pkg, slices.Clone(imports), draft)
	generated.Store(first, genResult{src, err})
	return src, err
}

// settleImports type-checks draft(imports), dropping the imports the
// checker calls unused, until it checks or fails for another reason.
func settleImports(pkg string, imports []string, draft func([]string) string) (string, error) {
	for range 5 {
		src, err := format.Source([]byte(draft(imports)))
		if err != nil {
			return "", err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "todo.go", src, 0)
		if err != nil {
			return "", err
		}
		var unused []string
		conf := types.Config{Importer: stdImporter, Error: func(err error) {
			if m := unusedImport.FindStringSubmatch(err.Error()); m != nil {
				unused = append(unused, m[1])
			}
		}}
		stdMu.Lock()
		_, err = conf.Check(pkg, fset, []*ast.File{f}, nil)
		stdMu.Unlock()
		if err == nil {
			return string(src), nil
		}
		if len(unused) == 0 {
			return "", err
		}
		imports = slices.DeleteFunc(imports, func(p string) bool { return slices.Contains(unused, p) })
	}
	return "", fmt.Errorf("imports do not settle")
}

// generateClass writes n submissions for day: half correct, a third
// wrong, the rest testdata/broken's files (Day 45 only: they are its
// learner files), each with a line of its own so that no two are the same
// file (as no two students' are).
func generateClass(root string, day labs.Day, variants string, n int) ([]learnerFile, error) {
	vs, helpers, imports, err := readVariants(filepath.Join(root, filepath.FromSlash(variants)))
	if err != nil {
		return nil, err
	}
	base := map[int]variantSource{}
	for _, v := range vs {
		if _, ok := base[v.todo]; !ok && v.correct {
			base[v.todo] = v
		}
	}
	var good, bad []learnerFile
	for _, v := range vs {
		src, err := generate(day, v, base, helpers, imports)
		if err != nil {
			continue // leans on the test's package: not a learner's file
		}
		lf := learnerFile{kind: "correct", name: v.name, src: src}
		if !v.correct {
			lf.kind = "wrong"
			bad = append(bad, lf)
			continue
		}
		good = append(good, lf)
	}
	var broken []learnerFile
	if day.Number == 45 {
		cases, _ := os.ReadDir(filepath.Join(root, "testdata", "broken"))
		for _, c := range cases {
			data, err := os.ReadFile(filepath.Join(root, "testdata", "broken", c.Name(), "todo.go"))
			if err == nil {
				broken = append(broken, learnerFile{kind: "broken/" + c.Name(), name: c.Name(), src: string(data)})
			}
		}
	}
	if len(good) == 0 {
		return nil, fmt.Errorf("%s: no variant generates a learner's file", variants)
	}
	var out []learnerFile
	for i := range n {
		var pick learnerFile
		switch r := i % 20; {
		case r < 10 || (len(bad) == 0 && len(broken) == 0):
			pick = good[(i/2)%len(good)]
		case r < 17 && len(bad) > 0 || len(broken) == 0:
			pick = bad[i%len(bad)]
		default:
			pick = broken[(i/20*3+r-17)%len(broken)]
		}
		pick.src += fmt.Sprintf("\n// student %03d\n", i)
		out = append(out, pick)
	}
	return out, nil
}
