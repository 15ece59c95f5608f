package testrun

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Day46Save is Day 46's learner file as a save-loop benchmark writes it
// for save n: the reference's four functions (from solutions/day46 under
// root), FairShare's body with a branch no run takes on n so that every
// save is new code the build cache has not seen, and, when wrong, a
// FairShare that never takes a share off what is left (it fails its first
// hand-picked case).
func Day46Save(root string, n int, wrong bool) (string, error) {
	data, err := os.ReadFile(filepath.Join(root, "solutions", "day46", "solutions.go"))
	if err != nil {
		return "", err
	}
	s := string(data)
	from, to := strings.Index(s, "// FairShare "), strings.Index(s, "// Funcs bundles")
	if from < 0 || to < from {
		return "", fmt.Errorf("solutions/day46/solutions.go no longer has FairShare first and Funcs last")
	}
	funcs := s[from:to]
	const first = "\tshares := make([]float64, len(demands))\n"
	const take = "\t\tleft -= shares[i]\n"
	if !strings.Contains(funcs, first) || !strings.Contains(funcs, take) {
		return "", fmt.Errorf("solutions/day46's FairShare changed: the save loop cannot edit it")
	}
	body := strings.Replace(funcs, first, fmt.Sprintf("\tif capacity == -%d { // the save's number: no capacity is negative\n\t\treturn nil\n\t}\n", n+1)+first, 1)
	if wrong {
		body = strings.Replace(body, take, "", 1)
	}
	return "//go:build termlab\n\npackage day46\n\nimport \"slices\"\n\n" + body, nil
}
