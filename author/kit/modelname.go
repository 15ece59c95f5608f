package kit

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// DefaultModel is the name of a new day's model package (labs/dayNN/course/
// NAME) when new-day is not given one. A day names it after its idea (Day
// 46's is fair/): new-day --model NAME does so from the start, where
// renaming it later means every import and every NAME.X in nine files.
const DefaultModel = "model"

// modelWord is what a model's name may be: a package name in Go's own
// style, which is also its folder's name and the last element of its
// import path.
var modelWord = regexp.MustCompile(`^[a-z][a-z0-9]{0,19}$`)

// checkModel says why name cannot name the model package, given the
// skeleton's Go files as rendered with the default name (path → source):
// it must be a lower-case Go name that no keyword, predeclared name or
// folder the go command treats specially takes, and that the skeleton's
// code does not use already, where the package's name would clash with
// (or be shadowed by) a function, variable, import or package of the day.
func checkModel(name string, sources map[string][]byte) error {
	why := ""
	switch {
	case !modelWord.MatchString(name):
		why = "it must be a package name: a lower-case letter, then lower-case letters or digits, 20 at most"
	case token.IsKeyword(name):
		why = "it is a Go keyword"
	case types.Universe.Lookup(name) != nil:
		why = "it is one of Go's predeclared names"
	case slices.Contains([]string{"main", "internal", "testdata", "vendor"}, name):
		why = "the go command gives a package or folder of that name a meaning of its own"
	}
	if why == "" && name != DefaultModel {
		used, err := namesUsed(sources)
		if err != nil {
			return err
		}
		if where, ok := used[name]; ok {
			why = "the skeleton's code already uses that name (" + where + ")"
		}
	}
	if why != "" {
		return fmt.Errorf("%w: --model %q cannot name the day's model package: %s", ErrUsage, name, why)
	}
	return nil
}

// namesUsed is every identifier in sources, and a file it is in.
func namesUsed(sources map[string][]byte) (map[string]string, error) {
	used := map[string]string{}
	paths := slices.Sorted(maps.Keys(sources))
	fset := token.NewFileSet()
	for _, p := range paths {
		if !strings.HasSuffix(p, ".go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, sources[p], parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if _, seen := used[id.Name]; !seen {
					used[id.Name] = p
				}
			}
			return true
		})
	}
	// A folder of the day is a name its code may import.
	for _, p := range paths {
		for _, dir := range strings.Split(p, "/") {
			if _, seen := used[dir]; !seen && !strings.Contains(dir, ".") {
				used[dir] = p
			}
		}
	}
	return used, nil
}
