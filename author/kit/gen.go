// Package kit is the course authors' kit: the generator that registers every
// day from its packages alone (Generate), and the skeleton of a new day
// (NewDay).
//
// A day registers itself by convention, not by a list kept by hand:
//
//   - labs/dayNN is the learner's package; its functions are named as the
//     fields of the course's Funcs;
//   - labs/dayNN/course has New(Funcs) labs.Day, type Funcs (a struct of
//     func fields, or an alias of one) and UseLearner(Funcs);
//   - labs/dayNN/course/words has Day() labs.Day: the day's words alone
//     (its lesson, TODO cards, parts, predictions, drills, figures), which
//     New completes with the machinery;
//   - solutions/dayNN has var Funcs, the reference.
//
// From those the generator writes two registries: the lab's own binary's
// (labs/registry/days_gen.go: each day's words, so the binary that draws
// the screens links none of a day's machinery) and the whole days'
// (labs/registry/full/days_gen.go, for the tools binary and tests); and,
// per day, a link file in each worker's folder (LeanLink, FullLink): the
// only files of the lab that import the learner's packages (built with
// -tags termlab and the day's tag), with the day's heavy packages (its
// course's var FullWorker) in the full one.
// `go generate` (or go run ./author/gendays) rewrites them;
// `go run . check` and this package's test fail while they are stale.
package kit

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/template"
)

// Module is the module path the generated imports start with.
const Module = "termlab"

// Day is one day found on disk.
type Day struct {
	Number int
	// Funcs are the field names of the course's Funcs struct, in order:
	// the learner's functions of the same names fill them.
	Funcs []string
	// Full is the packages under the course that only the full worker
	// links (the course's var FullWorker): its heavy parts, each exporting
	// var Pieces, which the full worker's link file passes to the course's
	// New after the reference, and its network commands, which register
	// themselves from init (labs.RegisterCommand).
	Full []string
}

// The files Generate writes, relative to the module root: the two
// registries (the days' words, the whole days), and in each worker's
// folder a link file per day (LeanLink, FullLink).
const (
	RegistryFile     = "labs/registry/days_gen.go"
	FullRegistryFile = "labs/registry/full/days_gen.go"
	LeanDir          = "runner/worker/cmd/termlab-worker"
	FullDir          = "runner/worker/cmd/termlab-worker-full"
)

// LeanLink and FullLink are day n's link files in the two workers' folders.
// Each builds with the build tag of its day (worker.DayTag), so a worker of
// one day links that day's learner package alone.
func LeanLink(n int) string { return fmt.Sprintf("%s/link%d.go", LeanDir, n) }
func FullLink(n int) string { return fmt.Sprintf("%s/link%d.go", FullDir, n) }

// linkFile matches a generated link file's name, so that the file of a day
// taken out is found and removed.
var linkFile = regexp.MustCompile(`^link\d+\.go$`)

var dayDir = regexp.MustCompile(`^day(\d+)$`)

// Scan finds every day under root/labs: a folder dayNN with a course
// package. A day without its reference (solutions/dayNN) is an error, not
// a day left out quietly.
func Scan(root string) ([]Day, error) {
	entries, err := os.ReadDir(filepath.Join(root, "labs"))
	if err != nil {
		return nil, err
	}
	var days []Day
	for _, e := range entries {
		m := dayDir.FindStringSubmatch(e.Name())
		if !e.IsDir() || m == nil {
			continue
		}
		courseDir := filepath.Join(root, "labs", e.Name(), "course")
		if st, err := os.Stat(courseDir); err != nil || !st.IsDir() {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		if _, err := os.Stat(filepath.Join(root, "solutions", e.Name())); err != nil {
			return nil, fmt.Errorf("labs/%s has a course but solutions/%s is missing", e.Name(), e.Name())
		}
		if st, err := os.Stat(filepath.Join(courseDir, "words")); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("labs/%s/course has no words package (course/words, with func Day() labs.Day: the day's words, which the lab's own binary links)", e.Name())
		}
		fields, err := funcsFields(root, courseDir)
		if err != nil {
			return nil, fmt.Errorf("labs/%s/course: %w", e.Name(), err)
		}
		full, err := fullWorker(courseDir)
		if err != nil {
			return nil, fmt.Errorf("labs/%s/course: %w", e.Name(), err)
		}
		for _, pkg := range full {
			if st, err := os.Stat(filepath.Join(courseDir, filepath.FromSlash(pkg))); err != nil || !st.IsDir() {
				return nil, fmt.Errorf("labs/%s/course: FullWorker names %q, which is not a folder under it", e.Name(), pkg)
			}
		}
		days = append(days, Day{Number: n, Funcs: fields, Full: full})
	}
	slices.SortFunc(days, func(a, b Day) int { return a.Number - b.Number })
	return days, nil
}

// parseDir parses the package in dir, its tests left out.
func parseDir(dir string) ([]*ast.File, error) {
	fset := token.NewFileSet()
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// fullWorker reads the course's var FullWorker = []string{...}, the folders
// under it the full worker links; none when it declares no such list.
func fullWorker(dir string) ([]string, error) {
	files, err := parseDir(dir)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Names) != 1 || vs.Names[0].Name != "FullWorker" {
					continue
				}
				var lit *ast.CompositeLit
				if len(vs.Values) == 1 {
					lit, _ = vs.Values[0].(*ast.CompositeLit)
				}
				if lit == nil {
					return nil, fmt.Errorf("FullWorker must be a list of folder names: var FullWorker = []string{\"door\"}")
				}
				var out []string
				for _, el := range lit.Elts {
					bl, ok := el.(*ast.BasicLit)
					name, err := strconv.Unquote(bl.Value)
					if !ok || bl.Kind != token.STRING || err != nil || name == "" || strings.Contains(name, "..") {
						return nil, fmt.Errorf("FullWorker must list folder names as string literals")
					}
					out = append(out, name)
				}
				return out, nil
			}
		}
	}
	return nil, nil
}

// funcsFields reads the field names of type Funcs in the package in dir,
// following an alias (type Funcs = fair.Funcs) into another package of the
// module.
func funcsFields(root, dir string) ([]string, error) {
	return funcsFieldsIn(root, dir, "Funcs", 0)
}

func funcsFieldsIn(root, dir, name string, depth int) ([]string, error) {
	if depth > 4 {
		return nil, fmt.Errorf("type %s: too many aliases", name)
	}
	files, err := parseDir(dir)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				if ts.Name.Name != name {
					continue
				}
				switch t := ts.Type.(type) {
				case *ast.StructType:
					var fields []string
					for _, fl := range t.Fields.List {
						if len(fl.Names) == 0 {
							return nil, fmt.Errorf("type %s embeds a field: name each TODO's function", name)
						}
						for _, id := range fl.Names {
							if !id.IsExported() {
								return nil, fmt.Errorf("type %s: field %s is not exported", name, id.Name)
							}
							fields = append(fields, id.Name)
						}
					}
					if len(fields) == 0 {
						return nil, fmt.Errorf("type %s has no fields", name)
					}
					return fields, nil
				case *ast.Ident: // type Funcs = other, in this package
					return funcsFieldsIn(root, dir, t.Name, depth+1)
				case *ast.SelectorExpr: // type Funcs = pkg.Other
					pkg, ok := t.X.(*ast.Ident)
					if !ok {
						break
					}
					for _, imp := range f.Imports {
						path, _ := strconv.Unquote(imp.Path.Value)
						local := filepath.Base(path)
						if imp.Name != nil {
							local = imp.Name.Name
						}
						if local != pkg.Name {
							continue
						}
						rel, ok := strings.CutPrefix(path, Module+"/")
						if !ok {
							return nil, fmt.Errorf("type %s is %s.%s, outside the module", name, path, t.Sel.Name)
						}
						return funcsFieldsIn(root, filepath.Join(root, filepath.FromSlash(rel)), t.Sel.Name, depth+1)
					}
				}
				return nil, fmt.Errorf("type %s is not a struct of functions", name)
			}
		}
	}
	return nil, fmt.Errorf("no type %s (the convention: type Funcs struct{ one func field per TODO })", name)
}

// Generate returns the generated files for the days on disk, by path
// relative to root, gofmt-ed.
func Generate(root string) (map[string][]byte, error) {
	days, err := Scan(root)
	if err != nil {
		return nil, err
	}
	if len(days) == 0 {
		return nil, fmt.Errorf("no day under %s/labs", root)
	}
	out := map[string][]byte{}
	render := func(path string, tmpl *template.Template, data any) error {
		var b bytes.Buffer
		if err := tmpl.Execute(&b, data); err != nil {
			return err
		}
		src, err := format.Source(b.Bytes())
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		out[path] = src
		return nil
	}
	if err := render(RegistryFile, registryTmpl, struct{ Days []Day }{days}); err != nil {
		return nil, err
	}
	if err := render(FullRegistryFile, fullRegistryTmpl, struct{ Days []Day }{days}); err != nil {
		return nil, err
	}
	for _, d := range days {
		for _, w := range []struct {
			path, which string
			full        bool
		}{{LeanLink(d.Number), "lean", false}, {FullLink(d.Number), "full", true}} {
			data := struct {
				Day
				Which string
				Full  bool
				Heavy []string
			}{Day: d, Which: w.which, Full: w.full}
			if w.full {
				data.Heavy = d.Full
			}
			if err := render(w.path, linkTmpl, data); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// extraLinks lists the link files on disk that files does not hold (a day
// taken out), relative to root.
func extraLinks(root string, files map[string][]byte) []string {
	var extra []string
	for _, dir := range []string{LeanDir, FullDir} {
		ents, _ := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
		for _, e := range ents {
			path := dir + "/" + e.Name()
			if _, ok := files[path]; !ok && linkFile.MatchString(e.Name()) {
				extra = append(extra, path)
			}
		}
	}
	return extra
}

// Write generates the registration files and writes those that changed.
func Write(root string) error {
	files, err := Generate(root)
	if err != nil {
		return err
	}
	for path, src := range files {
		full := filepath.Join(root, filepath.FromSlash(path))
		if old, err := os.ReadFile(full); err == nil && bytes.Equal(old, src) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(full, src, 0o644); err != nil {
			return err
		}
	}
	for _, path := range extraLinks(root, files) {
		if err := os.Remove(filepath.Join(root, filepath.FromSlash(path))); err != nil {
			return err
		}
	}
	return nil
}

// Stale lists the generated files that differ from what Generate would
// write now (a day added, removed, or a TODO renamed without `go generate`).
func Stale(root string) ([]string, error) {
	files, err := Generate(root)
	if err != nil {
		return nil, err
	}
	var stale []string
	for path, src := range files {
		old, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path)))
		if err != nil || !bytes.Equal(old, src) {
			stale = append(stale, path)
		}
	}
	stale = append(stale, extraLinks(root, files)...)
	slices.Sort(stale)
	return stale, nil
}

const header = `// Code generated by go run ./author/gendays; DO NOT EDIT.
// The days are the folders labs/dayNN with a course package (see author/kit).
`

var registryTmpl = template.Must(template.New("registry").Parse(header + `
// Package registry is the course as the lab's own binary reads it: every
// day's words (its course/words package), found on disk by the generator.
// The binary that draws the screens plays and grades nothing itself (the
// workers do), so it links no day's machinery: the days' RunPart and
// GradeTODO are nil here, and so is each figure's Play. The whole days are
// in labs/registry/full, for the tools binary and tests; the workers build
// each day they link in their link files.
package registry

import (
	"termlab/labs"
{{- range .Days}}
	day{{.Number}} "termlab/labs/day{{.Number}}/course/words"
{{- end}}
)

// Days is every registered day's words, in order.
var Days = labs.Course{
{{- range .Days}}
	day{{.Number}}.Day(),
{{- end}}
}
`))

var fullRegistryTmpl = template.Must(template.New("full").Parse(header + `
// Package full is the whole course: every day with its machinery, graded
// against its reference, for the tools binary (check, grade --format,
// grade-class) and tests. The lab's own binary reads labs/registry, the
// days' words alone; the workers build each day they link from the same
// expression, in their link files.
package full

import (
	"termlab/labs"
{{- range .Days}}
	day{{.Number}} "termlab/labs/day{{.Number}}/course"
	solutions{{.Number}} "termlab/solutions/day{{.Number}}"
{{- end}}
)

// Days is every registered day, in order, graded against its reference.
var Days = labs.Course{
{{- range .Days}}
	day{{.Number}}.New(solutions{{.Number}}.Funcs),
{{- end}}
}
`))

var linkTmpl = template.Must(template.New("link").Parse(`//go:build termlab && (termlab_day{{.Number}} || !termlab_oneday)

` + header + `
package main

import (
{{- if not .Full}}
	learner{{.Number}} "termlab/labs/day{{.Number}}"
{{- end}}
	day{{.Number}} "termlab/labs/day{{.Number}}/course"
	"termlab/runner/worker"
	solutions{{.Number}} "termlab/solutions/day{{.Number}}"
{{- if .Heavy}}

	// The day's heavy packages (its course's FullWorker): each one's
	// Pieces go to the day's New; their commands register from init.
{{- range $i, $p := .Heavy}}
	heavy{{$i}} "termlab/labs/day{{$.Number}}/course/{{$p}}"
{{- end}}
{{- end}}
)
{{if .Full}}
// Day {{.Number}} in the full worker, without the learner's code: the full
// worker is built once per version of the course and never relinked by a
// save. The learner's functions its heavy parts call are answered by a lean
// worker across the call pipe (labs.CallPipe; the worker sets it up for a
// task of the learner's). Only the lean worker's link files import the
// learner's packages.
func init() {
	worker.Link(day{{.Number}}.New(solutions{{.Number}}.Funcs{{range $i, $p := .Heavy}}, heavy{{$i}}.Pieces{{end}}))
}
{{else}}
// Day {{.Number}}'s learner code, linked into the {{.Which}} worker. The days' lean link
// files are the only files of the lab that import the learner's packages.
// They build with worker.BuildTag, so a build without it, such as
// ` + "`go test ./...`" + `, neither needs nor compiles them; and each with its day's
// tag (worker.DayTag), so a worker built for one day (worker.OneDayTag)
// links no other day's code: another day's file that does not compile,
// panics or hangs as it loads cannot touch it.
var linked{{.Number}} = day{{.Number}}.Funcs{
{{- range .Funcs}}
	{{.}}: learner{{$.Number}}.{{.}},
{{- end}}
}

func init() {
	day{{.Number}}.UseLearner(linked{{.Number}})
	worker.Link(day{{.Number}}.New(solutions{{.Number}}.Funcs{{range $i, $p := .Heavy}}, heavy{{$i}}.Pieces{{end}}))
}
{{end}}`))
