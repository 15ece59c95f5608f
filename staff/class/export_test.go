package class

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"termlab/labs"
)

// LearnerFile is for the tests outside the package (package class_test,
// which drive grade-class itself through cli/tools, a package that imports
// this one): a todo.go for day written by gen_test.go's generator, with the
// first correct variant of the suites in files (paths from root) in every
// TODO but those in with, which hold a variant of a suite by its name, or a
// func literal's source ("func(…) … { … }") written for the test.
func LearnerFile(root string, day labs.Day, files []string, with map[int]string) (string, error) {
	var vs []variantSource
	var helpers string
	var sets [][]string // each file's imports
	for _, f := range files {
		v, h, im, err := readVariants(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			return "", err
		}
		vs, helpers, sets = append(vs, v...), helpers+h, append(sets, im)
	}
	base := map[int]variantSource{}
	for _, v := range vs {
		if _, ok := base[v.todo]; !ok && v.correct {
			base[v.todo] = v
		}
	}
	todos := make([]int, 0, len(with))
	for n := range with {
		todos = append(todos, n)
	}
	slices.Sort(todos)
	for _, n := range todos {
		want := with[n]
		if strings.HasPrefix(want, "func(") {
			base[n] = variantSource{todo: n, name: "written for the test", lit: want}
			continue
		}
		i := slices.IndexFunc(vs, func(v variantSource) bool { return v.todo == n && v.name == want })
		if i < 0 {
			return "", fmt.Errorf("%s: no variant %q of TODO %d", strings.Join(files, ", "), want, n)
		}
		base[n] = vs[i]
	}
	first := day.TODOs[0].Number
	if len(todos) > 0 {
		first = todos[0]
	}
	// Two files may import packages of one name (math/rand and
	// math/rand/v2): each file's imports first in turn, the others' only
	// where their names are free; the first set that type-checks.
	var err error
	for i := range sets {
		imports := slices.Clone(sets[i])
		for j, set := range sets {
			for _, p := range set {
				if j != i && !slices.ContainsFunc(imports, func(q string) bool { return importName(q) == importName(p) }) {
					imports = append(imports, p)
				}
			}
		}
		var src string
		if src, err = generate(day, base[first], base, helpers, imports); err == nil {
			return src, nil
		}
	}
	return "", err
}

// importName is the name a package is imported by: math/rand/v2 → rand.
func importName(path string) string {
	parts := strings.Split(path, "/")
	name := parts[len(parts)-1]
	if len(parts) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = parts[len(parts)-2]
	}
	return name
}
