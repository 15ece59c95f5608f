package tools

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"

	"termlab/author/kit"
	"termlab/cli"
	"termlab/labs"
	"termlab/record/predictions"
	"termlab/runner/worker"
)

// The course authors' commands, in the tools binary only (cli/tools.go): the
// generator (author/kit) links go/parser, go/printer and text/template,
// which no learner's screen needs.

// newDayUsage is new-day's own usage: the command is for course authors
// and stays out of the learners' help.
const newDayUsage = `usage: go run . new-day NN "Title" [--model NAME]   (course authors: a skeleton day, registered; NAME names its model package, "model" if not given)`

// cmdNewDay writes a skeleton day (author/kit) and registers it.
func cmdNewDay(_ context.Context, e cli.Env, a cli.Args) int {
	if len(a.Pos) != 2 {
		fmt.Fprintf(e.Stderr, "termlab: new-day takes a day number and a title\n%s\n", newDayUsage)
		return cli.ExitUsage
	}
	n, title, err := kit.ParseDay(a.Pos[0], a.Pos[1])
	if err == nil {
		var files []string
		files, err = kit.NewDay(e.Root, n, title, a.Flags["model"])
		if err == nil {
			fmt.Fprintf(e.Stdout, "Day %d written and registered:\n  %s\nNext: go run . check %d, then docs/AUTHORING.md.\n", n, strings.Join(files, "\n  "), n)
			return cli.ExitOK
		}
	}
	if errors.Is(err, kit.ErrUsage) {
		fmt.Fprintf(e.Stderr, "termlab: %s\n%s\n", strings.TrimPrefix(err.Error(), "usage: "), newDayUsage)
		return cli.ExitUsage
	}
	fmt.Fprintln(e.Stderr, "termlab: new-day:", err)
	return cli.ExitNotOK
}

// cmdCheck is the course authors' check: the registration is what the
// generator writes from the day folders, and for every registered day the
// shipped stubs grade as unfinished, the reference passes, the experiments
// are repeatable, every prediction is answered by a metric, no text a
// learner sees before a prediction holds its answer (predictions.Hindsight)
// and the day's equivalence suite passes; `check NN` checks day NN alone
// (kit.CheckDays), and the registration either way. That every screen of every day fits 80×24 is
// tui's TestEveryRegisteredDayFits80x24: the screens' test driver lives in
// tui's tests, which this binary cannot import, and go test runs it in CI.

func cmdCheck(ctx context.Context, e cli.Env, a cli.Args) int {
	days, err := kit.CheckDays(course, a.Pos)
	if err != nil {
		return cli.UsageError(e.Stderr, strings.TrimPrefix(err.Error(), "usage: "))
	}
	failed := 0
	check := func(day labs.Day, ok bool, what string) {
		mark := "ok  "
		if !ok {
			mark, failed = "FAIL", failed+1
		}
		fmt.Fprintf(e.Stdout, "%s day %d: %s\n", mark, day.Number, what)
	}
	if !checkRegistration(e) {
		failed++
	}
	for _, day := range days {
		if code, ok := checkDay(ctx, e, day, check); !ok {
			return code
		}
	}
	if failed > 0 {
		fmt.Fprintf(e.Stdout, "%d checks failed\n", failed)
		return cli.ExitNotOK
	}
	fmt.Fprintln(e.Stdout, "all checks pass")
	return cli.ExitOK
}

// checkRegistration checks the one registration: the registry and the
// workers' link files are generated from the day folders; stale ones would
// disagree with disk. It reports whether they agree, having said so.
func checkRegistration(e cli.Env) bool {
	stale, err := kit.Stale(e.Root)
	switch {
	case err != nil:
		fmt.Fprintf(e.Stdout, "FAIL the days on disk can be registered: %v\n", err)
		return false
	case len(stale) > 0:
		fmt.Fprintf(e.Stdout, "FAIL registration is stale (%s): run go generate\n", strings.Join(stale, ", "))
		return false
	}
	fmt.Fprintf(e.Stdout, "ok   registration: %d days, generated from labs/day*/ and solutions/day*/\n", len(course))
	return true
}

// checkDay makes the checks of one day, each through check. When the check
// cannot go on (the reference does not build, a signal) it returns
// ok=false with the exit code, having said why.
func checkDay(ctx context.Context, e cli.Env, day labs.Day, check func(labs.Day, bool, string)) (code int, ok bool) {
	// worker.Runner.Reference plays every part and grades the
	// reference in the reference programs (the shipped stubs over
	// the learner's folder), as the screens' comparison does.
	r := worker.Runner{Root: e.Root}
	ref, err := r.Reference(ctx, day)
	if err != nil {
		return e.BuildFailed(ctx, day, err, false), false
	}
	check(day, ref.Passed() == len(day.TODOs), fmt.Sprintf("the reference solutions pass %d/%d TODOs", ref.Passed(), len(day.TODOs)))
	again, err := r.Reference(ctx, day)
	if err != nil {
		return e.BuildFailed(ctx, day, err, false), false
	}
	check(day, reflect.DeepEqual(repeatable(ref.Parts), repeatable(again.Parts)), "every experiment gives the same figures twice")
	allOK := true
	for _, p := range ref.Parts {
		allOK = allOK && p.Status == labs.OK
	}
	check(day, allOK, "every part runs on the reference")
	m := ref.Metrics()
	for _, p := range day.Predictions {
		_, ok := m[p.Metric]
		check(day, ok, fmt.Sprintf("%s is answered by metric %s", p.ID, p.Metric))
	}
	// A question states every setting its answer depends on: the figure
	// that answers it is moved knob by knob (kit.StatedKnobs).
	for _, p := range day.Predictions {
		if p.Variant == nil {
			// Practice asks a question again with new numbers: one that
			// cannot be says why (Fixed), which practice shows. (One with
			// neither has no figure yet: practice says so.)
			if p.Fixed != "" {
				check(day, true, fmt.Sprintf("%s says why it cannot be asked with new numbers", p.ID))
			}
			continue
		}
		bad := kit.StatedKnobs(day, p, m[p.Metric])
		check(day, len(bad) == 0, fmt.Sprintf("%s states what its answer depends on (figure %s, readout %s)", p.ID, p.Variant.Figure, p.Variant.Readout))
		for _, l := range bad {
			fmt.Fprintf(e.Stdout, "       %s\n", l)
		}
	}
	// No answer is visible before its guess (Day.Allowed lists the
	// reviewed exceptions).
	leaks := predictions.Hindsight(day, m)
	check(day, len(leaks) == 0, fmt.Sprintf("no text a learner sees before a prediction holds its answer (%d found)", len(leaks)))
	for _, l := range leaks {
		fmt.Fprintf(e.Stdout, "       %s\n", l)
	}
	// A question whose answer is one of its own settings lists the words
	// that would say it carries through, so the check above can look for
	// them (predictions.Untold).
	untold := predictions.Untold(day, m)
	check(day, len(untold) == 0, "every prediction whose answer is one of its question's settings lists its Tells")
	for _, u := range untold {
		fmt.Fprintf(e.Stdout, "       %s\n", u)
	}
	for name, text := range day.Shipped {
		got, err := os.ReadFile(filepath.Join(e.Root, day.LearnerDir, name))
		check(day, err == nil && string(got) == text, fmt.Sprintf("%s/%s is the embedded shipped stub", day.LearnerDir, name))
	}
	if suite, ok := equivalenceSuite(e.Root, day); ok {
		out, err := goTest(ctx, e.Root, suite)
		check(day, err == nil, "the equivalence suite passes (go test -run "+equivalencePattern+" ./"+day.LearnerDir+"/...)"+out)
	} else {
		check(day, false, "an equivalence suite: a Test"+equivalencePattern+"… in "+day.LearnerDir+"/")
	}
	stubs, err := gradeShipped(ctx, e.Root, day)
	if ctx.Err() != nil {
		return e.SayStopped(ctx, "the check did not finish."), false
	}
	if err != nil {
		check(day, false, "the shipped stubs build: "+err.Error())
		return cli.ExitOK, true
	}
	for _, g := range stubs.Grades {
		check(day, g.Status == labs.Unfinished, fmt.Sprintf("the shipped stub of TODO %d grades as unfinished (got %s)", g.TODO, g.Status))
	}
	return cli.ExitOK, true
}

// equivalencePattern names a day's equivalence suite: tests whose names
// start with TestEquivalen (TestEquivalence…, TestEquivalentPrograms…),
// where correct versions of each TODO pass and wrong ones fail in their own.
const equivalencePattern = "Equivalen"

// equivalenceSuite reports whether the day's folder holds an equivalence
// test, and the package pattern to run it with.
func equivalenceSuite(root string, day labs.Day) (string, bool) {
	dir := filepath.Join(root, filepath.FromSlash(day.LearnerDir))
	found := false
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || found || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, _ := os.ReadFile(path)
		found = strings.Contains(string(b), "func Test"+equivalencePattern)
		return nil
	})
	return "./" + day.LearnerDir + "/...", found
}

// goTest runs the equivalence suite of one day's packages; on failure it
// returns the tail of go test's output to show under the check's line.
func goTest(ctx context.Context, root, pkgs string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "test", "-count=1", "-run", equivalencePattern, pkgs)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err == nil {
		return "", nil
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return "\n      " + strings.Join(lines[max(0, len(lines)-8):], "\n      "), err
}

// gradeShipped grades the embedded stubs, in a copy of the module so that
// the learner's files are never touched.
func gradeShipped(ctx context.Context, root string, day labs.Day) (labs.Outcome, error) {
	tmp, err := os.MkdirTemp("", worker.CheckPrefix+"*")
	if err != nil {
		return labs.Outcome{}, err
	}
	defer os.RemoveAll(tmp)
	// Every day ships its stubs: the worker links every day's learner code.
	if err := worker.CopyLab(root, tmp, course); err != nil {
		return labs.Outcome{}, err
	}
	r := worker.Runner{Root: tmp, Bin: filepath.Join(tmp, "worker")}
	return r.Run(ctx, day)
}

// repeatable is what two runs must agree on: everything but the wall-clock
// measurements (labs.PartResult.Repeatable).
func repeatable(parts []labs.PartResult) []labs.PartResult {
	out := make([]labs.PartResult, len(parts))
	for i, p := range parts {
		out[i] = p.Repeatable()
	}
	return out
}
