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
// first correct variant of the suite at variants (a path from root) in
// every TODO but those in with, which hold a variant of the suite by its
// name, or a func literal's source ("func(…) … { … }") written for the test.
func LearnerFile(root string, day labs.Day, variants string, with map[int]string) (string, error) {
	vs, helpers, imports, err := readVariants(filepath.Join(root, filepath.FromSlash(variants)))
	if err != nil {
		return "", err
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
			return "", fmt.Errorf("%s: no variant %q of TODO %d", variants, want, n)
		}
		base[n] = vs[i]
	}
	first := day.TODOs[0].Number
	if len(todos) > 0 {
		first = todos[0]
	}
	return generate(day, base[first], base, helpers, imports)
}
