package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"

	"termlab/labs"
	"termlab/runner/worker"
	"termlab/staff/autograde/formats"
)

// The tools binary. The course authors' commands (check, new-day) and the
// staff's (grade --format, grade-class) need the generator, the
// autograders' writers and the class grader, which link go/parser,
// go/printer, text/template, encoding/xml and encoding/csv: packages the
// learner's screens never use, and which would only make the first
// `go run .`, the one that compiles everything while the terminal stays
// blank, take longer. So the lab's own binary leaves them out: it reads
// such a command line, refuses a wrong one itself, then builds this same
// package with toolsTag (the tools_*.go files add those commands) into the
// lab's cache folder and runs it with the same command line, passing its
// input, output and exit code through. The go build cache makes every
// later build of it a check that nothing changed.

// toolsTag is the build tag of the tools binary.
const toolsTag = "termlab_tools"

// toolsBin is the tools binary's name in the lab's cache folder.
const toolsBin = "termlab-tools"

// toolCommands are the commands linked only into the tools binary, by
// name (the tools_*.go files' init). Empty in the lab's own binary.
var toolCommands = map[string]func(context.Context, env, args) int{}

// toolsBuild is set in the tools binary (tools_author.go), which must never
// run itself again for a command it lacks.
var toolsBuild bool

// tool is the command name: the one linked into this binary, or in the
// lab's own binary the tools binary run with the same command line.
func tool(name string) func(context.Context, env, args) int {
	return func(ctx context.Context, e env, a args) int {
		if run, ok := toolCommands[name]; ok {
			return run(ctx, e, a)
		}
		if toolsBuild {
			fmt.Fprintf(e.stderr, "termlab: %s is missing from the tools binary (tools_*.go)\n", name)
			return exitNotOK
		}
		return e.runTools(ctx)
	}
}

// runTools builds the tools binary and runs it on the command line this
// binary was given, in the same folder. A signal that stops this binary is
// passed on once, and the tools binary, which stops its own workers, says
// why in its own line.
func (e env) runTools(ctx context.Context) int {
	bin, err := buildTools(ctx, e.root)
	if err != nil {
		if ctx.Err() != nil {
			return e.sayStopped(ctx, "nothing was done.")
		}
		fmt.Fprintln(e.stderr, "termlab:", err)
		return exitNotOK
	}
	cmd := exec.Command(bin, e.argv...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.stdin, e.stdout, e.stderr
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(e.stderr, "termlab: cannot start the tools binary:", err)
		return exitNotOK
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-ctx.Done():
		// The tools binary runs in a process group of its own (ownGroup),
		// so a Ctrl-C at the terminal reached this binary alone: pass the
		// signal on once. (Twice would end it at once, unclean.)
		var s stopped
		sig := os.Interrupt
		if errors.As(context.Cause(ctx), &s) {
			sig = s.sig
		}
		if cmd.Process.Signal(sig) != nil {
			cmd.Process.Kill()
		}
		if e.stopSaid != nil {
			e.stopSaid.Store(true)
		}
		err = <-done
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode()
	}
	fmt.Fprintln(e.stderr, "termlab: the tools binary stopped:", err)
	return exitNotOK
}

// buildTools builds the tools binary from the module at root, into the
// lab's cache folder beside the workers, and returns its path. go build
// writes the file only when something changed.
func buildTools(ctx context.Context, root string) (string, error) {
	bin, err := worker.CachedBin(root, toolsBin+exeSuffix())
	if err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, "go", "build", "-tags="+toolsTag, "-o", bin, ".")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("cannot build the authors' and staff's commands (go build -tags=%s .): %v\n%s", toolsTag, err, strings.TrimSpace(string(out)))
	}
	return bin, nil
}

func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

// The command lines of the delegated commands are read here, in the lab's
// own binary, so that a wrong one is refused at once, before the tools
// binary is built; the tools binary reads them again with the same code.

// gradeAsArgs reads `grade [day] --format F [--max-score N]`; msg says what
// is wrong with it, or is "".
func gradeAsArgs(a args) (f formats.Format, total float64, day labs.Day, msg string) {
	var err error
	if day, err = dayArg(a, false); err != nil {
		return "", 0, day, err.Error()
	}
	if a.has("json") {
		return "", 0, day, "--json and --format: choose one"
	}
	if f, err = formats.Parse(a.flags["format"]); err != nil {
		return "", 0, day, err.Error()
	}
	if total, err = maxScoreArg(a); err != nil {
		return "", 0, day, err.Error()
	}
	return f, total, day, ""
}

// gradeClassArgs reads `grade-class DAY DIR [--csv|--json] [--jobs N]
// [--max-score N]`; msg says what is wrong with it, or is "".
func gradeClassArgs(a args) (day labs.Day, total float64, jobs int, msg string) {
	if len(a.pos) < 2 {
		return day, 0, 0, "grade-class needs a day and a folder of submissions, for example: grade-class 45 submissions/"
	}
	var err error
	if day, err = dayArg(a, true); err != nil {
		return day, 0, 0, err.Error()
	}
	if a.has("csv") && a.has("json") {
		return day, 0, 0, "--csv and --json: choose one"
	}
	if total, err = maxScoreArg(a); err != nil {
		return day, 0, 0, err.Error()
	}
	if v, ok := a.flags["jobs"]; ok {
		if jobs, err = strconv.Atoi(v); err != nil || jobs < 1 || jobs > 256 {
			return day, 0, 0, fmt.Sprintf("--jobs %q: give a number of submissions to grade at once, 1 to 256", v)
		}
	}
	if _, each := a.flags["per-student"]; each != a.has("format") {
		return day, 0, 0, "--per-student DIR and --format F go together: each student's grade in format F (classroom, gradescope, junit, exercism), one file a student in DIR"
	}
	if a.has("format") {
		if _, err := formats.Parse(a.flags["format"]); err != nil {
			return day, 0, 0, err.Error()
		}
	}
	for _, f := range []string{"roster", "report", "per-student"} {
		if v, ok := a.flags[f]; ok && strings.TrimSpace(v) == "" {
			return day, 0, 0, fmt.Sprintf("--%s needs a file, for example: --%s %s", f, f, map[string]string{"roster": "classroom_roster.csv", "report": "day45-report", "per-student": "grades/"}[f])
		}
	}
	return day, total, jobs, ""
}

// checked runs the command delegated as name once its command line reads
// well (read says what is wrong, or "").
func checked(name string, read func(args) string) func(context.Context, env, args) int {
	run := tool(name)
	return func(ctx context.Context, e env, a args) int {
		if msg := read(a); msg != "" {
			return usageError(e.stderr, msg)
		}
		return run(ctx, e, a)
	}
}

// maxScoreArg reads --max-score: the points the day's TODOs add up to
// (0, the default, keeps their weights: 1 each unless the day says).
func maxScoreArg(a args) (float64, error) {
	v, ok := a.flags["max-score"]
	if !ok {
		return 0, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f <= 0 || f > 1e6 {
		return 0, fmt.Errorf("--max-score %q: give a positive number of points, such as 12", v)
	}
	return f, nil
}

// barCells is a bar of width cells, done/total of them filled.
func barCells(done, total, width int) string {
	n := width * done / max(1, total)
	return "[" + strings.Repeat("█", n) + strings.Repeat("░", width-n) + "]"
}
