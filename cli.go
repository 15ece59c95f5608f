package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"

	"termlab/labs"
	"termlab/labs/worker"
)

// The command line. Every command works without a terminal: the screens are
// only what `go run .` opens when both ends are a terminal.

const module = "termlab"

// Exit codes.
const (
	exitOK    = 0
	exitNotOK = 1 // ran, but something is not done or not passing
	exitUsage = 2 // the command line itself was wrong
)

const usage = `usage: go run . [command] [day] [flags]

  (no command)        open the lab in the terminal
  list                the days, and how far you have got in each
  run [day]           run the day's experiments on your code; print the report
                      and refresh your RESULTS.md section
  grade [day]         grade your TODOs: pass, fail (with a counterexample),
                      unfinished, crash or timeout
  predict day ID=N…   record predictions, for example: predict 45 P1=20 P3=200
  results [day]       refresh the day's section of RESULTS.md
  reset day [TODO]    put a TODO (or the whole day) back to the shipped stub;
                      your version is kept aside first
  serve [day]         Day 45's rate-limited HTTP server on 127.0.0.1:8045, with
                      your TakeToken; try curl -i http://127.0.0.1:8045/
  check               for course authors: stubs unfinished, solutions pass,
                      experiments repeatable, every prediction answered

flags (run, grade; serve takes --solutions too):
  --solutions         use the reference solutions instead of your code
  --json              print JSON for course tooling (see README.md)
  --redis URL         run only: Part 4's shared counter on this Redis, such as
                      redis://127.0.0.1:6379/0 (default: an embedded one)
  --addr HOST:PORT    serve only: where to listen, on loopback
`

// env is what a command needs from the outside world.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	root           string // the module root
}

// args is a parsed command line: positional words and --flags.
type args struct {
	pos   []string
	flags map[string]string
}

func (a args) has(name string) bool { _, ok := a.flags[name]; return ok }

type command struct {
	run   func(ctx context.Context, e env, a args) int
	flags []string // allowed --flags; a trailing "=" means the flag takes a value
}

var commands = map[string]command{
	"list":    {run: cmdList},
	"run":     {run: withRedis(cmdRun), flags: []string{"solutions", "json", "redis="}},
	"grade":   {run: cmdGrade, flags: []string{"solutions", "json"}},
	"predict": {run: cmdPredict},
	"results": {run: cmdResults, flags: []string{"solutions"}},
	"reset":   {run: cmdReset, flags: []string{"yes"}},
	"check":   {run: cmdCheck},
	"new-day": {run: cmdNewDay},
	"serve":   {run: cmdServe, flags: []string{"solutions", "addr="}},
	"help":    {run: func(_ context.Context, e env, _ args) int { fmt.Fprint(e.stdout, usage); return exitOK }},
}

// Main runs the command line and returns the exit code.
func Main(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(argv) == 0 {
		return openLab(stdin, stdout, stderr)
	}
	name := argv[0]
	if name == "-h" || name == "--help" {
		name = "help"
	}
	cmd, ok := commands[name]
	if !ok {
		return usageError(stderr, fmt.Sprintf("unknown command %q", name))
	}
	a, err := parseArgs(argv[1:], cmd.flags)
	if err != nil {
		return usageError(stderr, err.Error())
	}
	e := env{stdin: stdin, stdout: stdout, stderr: stderr}
	if name != "help" {
		root, err := worker.FindRoot(".", module)
		if err != nil {
			fmt.Fprintln(stderr, "termlab:", err)
			return exitUsage
		}
		e.root = root
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return cmd.run(ctx, e, a)
}

func usageError(w io.Writer, msg string) int {
	fmt.Fprintf(w, "termlab: %s\n\n%s", msg, usage)
	return exitUsage
}

func parseArgs(argv []string, allowed []string) (args, error) {
	a := args{flags: map[string]string{}}
	for i := 0; i < len(argv); i++ {
		s := argv[i]
		if !strings.HasPrefix(s, "-") || s == "-" {
			a.pos = append(a.pos, s)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(s, "-"), "=")
		ok, takesValue := false, false
		for _, f := range allowed {
			if strings.TrimSuffix(f, "=") == name {
				ok, takesValue = true, strings.HasSuffix(f, "=")
			}
		}
		if ok && takesValue && !hasValue && i+1 < len(argv) && !strings.HasPrefix(argv[i+1], "-") {
			i++ // --addr 127.0.0.1:8045, the spelling with a space
			value, hasValue = argv[i], true
		}
		switch {
		case !ok:
			return a, fmt.Errorf("unknown flag %q", s)
		case takesValue && !hasValue:
			return a, fmt.Errorf("flag --%s needs a value: --%s=… or --%s …", name, name, name)
		case !takesValue && hasValue:
			return a, fmt.Errorf("flag --%s takes no value", name)
		}
		a.flags[name] = value
	}
	return a, nil
}

// dayArg picks the day from the first positional word, defaulting to the
// only or last day of the course when none is given.
func dayArg(a args, required bool) (labs.Day, error) {
	if len(a.pos) == 0 {
		if required {
			return labs.Day{}, errors.New("which day? give its number, for example 45")
		}
		return course[len(course)-1], nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(a.pos[0]), "day"))
	if err != nil {
		return labs.Day{}, fmt.Errorf("%q is not a day number", a.pos[0])
	}
	return course.Find(n)
}

func (e env) predictionsDir() string { return filepath.Join(e.root, "predictions") }
func (e env) resultsPath() string    { return filepath.Join(e.root, "RESULTS.md") }

// outcome runs and grades day on the learner's code (in worker processes)
// or on the reference (in process).
func (e env) outcome(ctx context.Context, day labs.Day, solutions bool) (labs.Outcome, error) {
	if solutions {
		// The heavy parts (4, 6) run in the full worker: this binary does
		// not link them.
		r := worker.Runner{Root: e.root}
		return r.Reference(ctx, day)
	}
	r := worker.Runner{Root: e.root}
	return r.Run(ctx, day)
}

// grades grades day's TODOs without playing its parts: grade shows no
// figures, so running the experiments too would only cost time.
func (e env) grades(ctx context.Context, day labs.Day, solutions bool) (labs.Outcome, error) {
	if solutions {
		return labs.Outcome{Day: day.Number, Impl: labs.Reference, Grades: day.Grade(labs.Reference)}, nil
	}
	r := worker.Runner{Root: e.root, GradesOnly: true}
	return r.Run(ctx, day)
}
