package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
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
// such a command line, refuses a wrong one itself, then builds the tools
// binary (./cmd/termlab-tools: this package's command line with the
// commands of cli/tools added) into the lab's cache folder and runs it with
// the same command line, passing its input, output and exit code through.
// The go build cache makes every later build of it a check that nothing
// changed.

// toolsPkg is the tools binary's package, from the module root.
const toolsPkg = "./cmd/termlab-tools"

// toolsBin is the tools binary's name in the lab's cache folder.
const toolsBin = "termlab-tools"

// Tool is a command of the tools binary (cli/tools).
type Tool func(ctx context.Context, e Env, a Args) int

// toolCommands are the commands linked only into the tools binary, by
// name (ToolsMain). Empty in the lab's own binary.
var toolCommands = map[string]Tool{}

// toolsBuild is set in the tools binary, which must never run itself
// again for a command it lacks.
var toolsBuild bool

// ToolsMain is Main in the tools binary: days are the whole days, their
// machinery with them (labs/registry/full), since its commands play and
// grade the days in this process; tools are the commands it adds, by the
// names tool and checked give them in the command table. It is called once,
// before any command runs, from cmd/termlab-tools.
func ToolsMain(days labs.Course, tools map[string]Tool, argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	course, toolCommands, toolsBuild = days, tools, true
	return Main(argv, stdin, stdout, stderr)
}

// tool is the command name: the one linked into this binary, or in the
// lab's own binary the tools binary run with the same command line.
func tool(name string) func(context.Context, Env, Args) int {
	return func(ctx context.Context, e Env, a Args) int {
		if run, ok := toolCommands[name]; ok {
			return run(ctx, e, a)
		}
		if toolsBuild {
			fmt.Fprintf(e.Stderr, "termlab: %s is missing from the tools binary (cli/tools)\n", name)
			return ExitNotOK
		}
		return e.runTools(ctx)
	}
}

// runTools builds the tools binary and runs it on the command line this
// binary was given, in the same folder. A signal that stops this binary is
// passed on once, and the tools binary, which stops its own workers, says
// why in its own line.
func (e Env) runTools(ctx context.Context) int {
	bin, err := buildTools(ctx, e.Root)
	if err != nil {
		if ctx.Err() != nil {
			return e.SayStopped(ctx, "nothing was done.")
		}
		fmt.Fprintln(e.Stderr, "termlab:", err)
		return ExitNotOK
	}
	cmd := exec.Command(bin, e.argv...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.Stdin, e.Stdout, e.Stderr
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(e.Stderr, "termlab: cannot start the tools binary:", err)
		return ExitNotOK
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
		return ExitOK
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode()
	}
	fmt.Fprintln(e.Stderr, "termlab: the tools binary stopped:", err)
	return ExitNotOK
}

// buildTools builds the tools binary from the module at root, into the
// lab's cache folder beside the workers, and returns its path. go build
// writes the file only when something changed.
func buildTools(ctx context.Context, root string) (string, error) {
	bin, err := worker.CachedBin(root, toolsBin+exeSuffix())
	if err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, toolsPkg)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("cannot build the authors' and staff's commands (go build %s): %v\n%s", toolsPkg, err, strings.TrimSpace(string(out)))
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

// GradeAsArgs reads `grade [day] --format F [--max-score N]`; msg says what
// is wrong with it, or is "".
func GradeAsArgs(a Args) (f formats.Format, total float64, day labs.Day, msg string) {
	var err error
	if day, err = dayArg(a, false); err != nil {
		return "", 0, day, err.Error()
	}
	if a.Has("json") {
		return "", 0, day, "--json and --format: choose one"
	}
	if f, err = formats.Parse(a.Flags["format"]); err != nil {
		return "", 0, day, err.Error()
	}
	if total, err = maxScoreArg(a); err != nil {
		return "", 0, day, err.Error()
	}
	return f, total, day, ""
}

// GradeClassArgs reads `grade-class DAY DIR [--csv|--json] [--jobs N]
// [--max-score N]`; msg says what is wrong with it, or is "".
func GradeClassArgs(a Args) (day labs.Day, total float64, jobs int, msg string) {
	if len(a.Pos) < 2 {
		return day, 0, 0, "grade-class needs a day and a folder of submissions, for example: grade-class 45 submissions/"
	}
	var err error
	if day, err = dayArg(a, true); err != nil {
		return day, 0, 0, err.Error()
	}
	if a.Has("csv") && a.Has("json") {
		return day, 0, 0, "--csv and --json: choose one"
	}
	if total, err = maxScoreArg(a); err != nil {
		return day, 0, 0, err.Error()
	}
	if v, ok := a.Flags["jobs"]; ok {
		if jobs, err = strconv.Atoi(v); err != nil || jobs < 1 || jobs > 256 {
			return day, 0, 0, fmt.Sprintf("--jobs %q: give a number of submissions to grade at once, 1 to 256", v)
		}
	}
	if _, each := a.Flags["per-student"]; each != a.Has("format") {
		return day, 0, 0, "--per-student DIR and --format F go together: each student's grade in format F (classroom, gradescope, junit, exercism), one file a student in DIR"
	}
	if a.Has("format") {
		if _, err := formats.Parse(a.Flags["format"]); err != nil {
			return day, 0, 0, err.Error()
		}
	}
	for _, f := range []string{"roster", "report", "per-student"} {
		if v, ok := a.Flags[f]; ok && strings.TrimSpace(v) == "" {
			return day, 0, 0, fmt.Sprintf("--%s needs a file, for example: --%s %s", f, f, map[string]string{"roster": "classroom_roster.csv", "report": "day45-report", "per-student": "grades/"}[f])
		}
	}
	return day, total, jobs, ""
}

// checked runs the command delegated as name once its command line reads
// well (read says what is wrong, or "").
func checked(name string, read func(Args) string) func(context.Context, Env, Args) int {
	run := tool(name)
	return func(ctx context.Context, e Env, a Args) int {
		if msg := read(a); msg != "" {
			return UsageError(e.Stderr, msg)
		}
		return run(ctx, e, a)
	}
}

// maxScoreArg reads --max-score: the points the day's TODOs add up to
// (0, the default, keeps their weights: 1 each unless the day says).
func maxScoreArg(a Args) (float64, error) {
	v, ok := a.Flags["max-score"]
	if !ok {
		return 0, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f <= 0 || f > 1e6 {
		return 0, fmt.Errorf("--max-score %q: give a positive number of points, such as 12", v)
	}
	return f, nil
}
