package testrun

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The mistakes Day46Save can write.
const (
	Day46Right     = ""
	Day46FairShare = "fairshare" // never takes a share off what is left: its first hand-picked case fails
	Day46ShardSeed = "shardseed" // one seed for every tenant: only the spread check fails, and its hint reads the probes
)

// Day46Save is Day 46's learner file as a save-loop benchmark writes it
// for save n: the reference's four functions (from solutions/day46 under
// root), FairShare's body with a branch no run takes on n so that every
// save is new code the build cache has not seen, and the mistake wrong
// (Day46Right for none).
func Day46Save(root string, n int, wrong string) (string, error) {
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
	edits := map[string][2]string{
		Day46FairShare: {"\t\tleft -= shares[i]\n", ""},
		Day46ShardSeed: {"\tstate := tenant\n", "\tstate := uint64(46)\n"},
	}
	for _, e := range [][2]string{{first, ""}, edits[wrong]} {
		if e[0] != "" && !strings.Contains(funcs, e[0]) {
			return "", fmt.Errorf("solutions/day46 changed: the save loop cannot find %q", e[0])
		}
	}
	body := strings.Replace(funcs, first, fmt.Sprintf("\tif capacity == -%d { // the save's number: no capacity is negative\n\t\treturn nil\n\t}\n", n+1)+first, 1)
	if e, ok := edits[wrong]; ok {
		body = strings.Replace(body, e[0], e[1], 1)
	} else if wrong != Day46Right {
		return "", fmt.Errorf("no such mistake %q", wrong)
	}
	return "//go:build termlab\n\npackage day46\n\nimport \"slices\"\n\n" + body, nil
}
