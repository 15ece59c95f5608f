package course_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The dependency goes one way: the course package puts its packages
// together and hands them the code they run (Funcs values; parts.Link for
// the door's command), so none of them imports the course itself or the
// reference solutions. Test files may: they play the reference.
func TestNoPackageBelowImportsTheCourseOrTheReference(t *testing.T) {
	banned := []string{"termlab/labs/day45/course", "termlab/solutions/day45"}
	dirs, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(d.Name(), "*.go"))
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			seen++
			for _, im := range f.Imports {
				p, _ := strconv.Unquote(im.Path.Value)
				for _, b := range banned {
					if p == b {
						t.Errorf("%s imports %s", name, p)
					}
				}
			}
		}
	}
	if seen < 20 {
		t.Fatalf("read %d files of the course's packages: not the folder expected", seen)
	}
}
