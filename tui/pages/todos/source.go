package todos

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/labs/gofunc"
	"termlab/record/atomicfile"
	"termlab/tui/common"
)

// Reading Go source, never running it: where each TODO's function sits in
// the learner's file, and the reference solution's text. Both read files,
// so both run inside tea.Cmds.

// goFiles lists the non-test Go files of dir, sorted.
func goFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || strings.HasPrefix(n, ".") {
			continue
		}
		out = append(out, filepath.Join(dir, n))
	}
	sort.Strings(out)
	return out, nil
}

// FindFunc finds the top-level function name in src (labs/gofunc, from the
// tokens: go/parser would cost the lab's first build more). A file that
// does not parse still yields the functions whole before the fault; when
// even that misses it, a line that starts with "func name(" is taken, so a
// half-typed edit elsewhere in the file does not lose the location.
func FindFunc(src []byte, name string) (line int, start, end int, ok bool) {
	if f, found, _ := gofunc.Find(src, name); found && f.End <= len(src) {
		return f.Line, f.Start, f.End, true
	}
	re := regexp.MustCompile(`(?m)^func\s+` + regexp.QuoteMeta(name) + `\s*[(\[]`)
	if loc := re.FindIndex(src); loc != nil {
		return 1 + strings.Count(string(src[:loc[0]]), "\n"), loc[0], loc[0], true
	}
	return 0, 0, 0, false
}

// FuncLocations maps each TODO's function name to "dir/file.go:line" in
// the learner's package (paths relative to root, as the compiler prints
// them).
func FuncLocations(root string, day labs.Day) map[string]string {
	out := map[string]string{}
	files, err := goFiles(filepath.Join(root, day.LearnerDir))
	if err != nil {
		return out
	}
	for _, path := range files {
		src, err := atomicfile.ReadBounded(path, atomicfile.MaxSource)
		if err != nil {
			continue
		}
		for _, t := range day.TODOs {
			if _, done := out[t.Func]; done {
				continue
			}
			if line, _, _, ok := FindFunc(src, t.Func); ok {
				out[t.Func] = fmt.Sprintf("%s:%d", common.Rel(root, path), line)
			}
		}
	}
	return out
}

// LocsMsg carries the learner's function locations.
type LocsMsg struct{ Locs map[string]string }

func LocsCmd(d common.Deps, day labs.Day) tea.Cmd {
	return func() tea.Msg { return LocsMsg{Locs: FuncLocations(d.Root, day)} }
}

// SolutionsDir is where a day's reference solutions live: solutions/ plus
// the learner's folder name (labs/day45 → solutions/day45).
func SolutionsDir(root string, day labs.Day) string {
	return filepath.Join(root, "solutions", filepath.Base(day.LearnerDir))
}

// Solution returns the reference source of one function, doc comment
// included, and where it is.
func Solution(root string, day labs.Day, name string) (text, where string, err error) {
	dir := SolutionsDir(root, day)
	files, err := goFiles(dir)
	if err != nil {
		return "", "", fmt.Errorf("cannot read the reference solutions: %w", err)
	}
	for _, path := range files {
		src, err := atomicfile.ReadBounded(path, atomicfile.MaxSource)
		if err != nil {
			continue
		}
		if line, start, end, ok := FindFunc(src, name); ok && end > start {
			text := strings.ReplaceAll(strings.TrimSpace(string(src[start:end])), "\t", "    ")
			return text, fmt.Sprintf("%s:%d", common.Rel(root, path), line), nil
		}
	}
	return "", "", errors.New("the reference solutions have no function " + name + " in " + common.Rel(root, dir))
}

// SolutionMsg carries a reference solution to show.
type SolutionMsg struct {
	todo  int
	text  string
	where string
	err   error
}

func solutionCmd(d common.Deps, day labs.Day, t labs.TODO) tea.Cmd {
	return func() tea.Msg {
		text, where, err := Solution(d.Root, day, t.Func)
		return SolutionMsg{todo: t.Number, text: text, where: where, err: err}
	}
}
