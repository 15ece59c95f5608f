// Package cli is the lab's command line: the command table, its parsing and
// dispatch (this file), the commands by family (commands*.go), the screens'
// launch (lab.go), the plain lab for a terminal without cursor addressing
// (plain.go), serve, the signals, and the way to the authors' and staff's
// commands, which live in a binary of their own (tools.go, cli/tools).
// The module root's main only calls Main.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"termlab/labs"
	"termlab/labs/registry"
	"termlab/runner/worker"
)

// The command line. Every command works without a terminal: the screens are
// only what `go run .` opens when both ends are a terminal.

const module = "termlab"

// course is every registered day (labs/registry, generated): their words
// only, as the screens need them; the workers play and grade the days. The
// tools binary reads the whole days instead (ToolsMain).
var course = registry.Days

// Exit codes.
const (
	ExitOK    = 0
	ExitNotOK = 1 // ran, but something is not done or not passing
	ExitUsage = 2 // the command line itself was wrong
)

const usage = `usage: go run . [command] [day] [flags]

  (no command)        open the lab in the terminal
  list                the days, and how far you have got in each
  run [day]           run the day's experiments on your code; print the report
                      and refresh your RESULTS.md section; a part whose
                      predictions are not in yet is held back (--reveal
                      shows it anyway, and burns those predictions)
  grade [day]         grade your TODOs: pass, fail (with a counterexample),
                      unfinished, crash or timeout
  history [day] [N]   the day's runs, newest first, and what each moved; with
                      a run number, that run beside the latest (--json too)
  predict day ID=N…   record predictions, for example: predict 45 P1=12 P3=150;
                      --confidence sure|likely|guess says how sure you are
  explain day ID "…"  one line of your own on why a revealed guess came out
                      differently (--json)
  practice day ID [N] a revealed question again with new numbers: deals one,
                      or judges your guess N at it (--json)
  results [day]       refresh the day's section of RESULTS.md
  reset day [TODO]    put a TODO (or the whole day) back to the shipped stub;
                      your version is kept aside first
  serve [day]         the day's own server, for a day that has one, run on your
                      code on loopback; it prints where, and what to try
  play [day]          a figure of the day's playground on your code, failing
                      TODOs included, beside the reference: --figure ID, a
                      knob as --NAME VALUE, --impl learner|reference,
                      --reveal, --json for its readouts
  merge-answers O A B git's merge driver for predictions/dayNN.json: merges
                      both sides' answers, every reveal kept (see README.md)
  check [day]         for course authors: stubs unfinished, solutions pass,
                      experiments repeatable, every prediction answered (every
                      day, or the one day given)
  grade-class DAY DIR for course staff: grade every submission in DIR, each in
                      a scratch copy of its own; a table, and what the class
                      got wrong, by whom (--csv, --json, --jobs N, --no-cache;
                      --roster CSV: a GitHub Classroom roster, for the
                      students' IDs; --report FILE: a one-page class report
                      as FILE.md and FILE.html; --per-student DIR --format F:
                      each student's grade as grade --format F, in DIR)

flags (run, grade; serve takes --solutions too):
  --solutions         use the reference solutions instead of your code
  --json              print JSON for course tooling (see docs/JSON.md)
  --format F          grade only: classroom, gradescope, junit or exercism, as
                      those autograders read it (see staff/platforms/README.md)
  --max-score N       grade --format, grade-class: the TODOs' points add up to N
  --redis URL         run only: Part 4's shared counter on this Redis, such as
                      redis://127.0.0.1:6379/0 (default: an embedded one)
  --addr HOST:PORT    serve only: where to listen, on loopback
`

// Env is what a command needs from the outside world.
// Its fields are exported for the tools program's commands (cli/tools).
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Root           string // the module root
	// stopSaid is set once a command has said that a signal stopped it
	// (SayStopped), so that Main does not say it twice. Nil in tests that
	// call a command directly.
	stopSaid *atomic.Bool
	// argv is the whole command line, for the tools binary (tools.go).
	argv []string
}

// Args is a parsed command line: positional words and --flags.
type Args struct {
	Pos   []string
	Flags map[string]string
}

// Has reports whether the flag name was given.
func (a Args) Has(name string) bool { _, ok := a.Flags[name]; return ok }

type command struct {
	run   func(ctx context.Context, e Env, a Args) int
	flags []flagSpec // the --flags it takes (declare)
	// words is how many positional words the command takes at most (-1: no
	// bound), and form how the usage writes them: a word beyond them is a
	// usage error, never silently ignored.
	words int
	form  string
}

var commands = map[string]command{
	"list":          {run: cmdList, form: "list"},
	"history":       {run: cmdHistory, flags: declare("json"), words: 2, form: "history [day] [run]"},
	"run":           {run: withRedis(cmdRun), flags: declare("solutions", "json", "redis=", "reveal"), words: 1, form: "run [day]"},
	"grade":         {run: cmdGrade, flags: declare("solutions", "json", "format=", "max-score="), words: 1, form: "grade [day]"},
	"predict":       {run: cmdPredict, flags: declare("confidence="), words: -1, form: "predict day ID=N… [--confidence sure|likely|guess]"},
	"explain":       {run: cmdExplain, flags: declare("json"), words: -1, form: "explain day ID \"why it came out differently\""},
	"practice":      {run: cmdPractice, flags: declare("json"), words: 3, form: "practice day ID [guess]"},
	"results":       {run: cmdResults, flags: declare("solutions", "reveal"), words: 1, form: "results [day]"},
	"reset":         {run: cmdReset, flags: declare("yes"), words: 2, form: "reset day [TODO]"},
	"check":         {run: tool("check"), words: 1, form: "check [day]"},
	"new-day":       {run: tool("new-day"), flags: declare("model="), words: 2, form: "new-day NN \"Title\" [--model NAME]"},
	"serve":         {run: cmdServe, flags: declare("solutions", "addr="), words: 1, form: "serve [day]"},
	"play":          {run: cmdPlay, flags: playFlags(), words: 1, form: "play [day] [--figure ID] [--KNOB VALUE…]"},
	"merge-answers": {run: cmdMergeAnswers, words: 3, form: "merge-answers BASE OURS THEIRS"},
	"help":          {run: func(_ context.Context, e Env, _ Args) int { fmt.Fprint(e.Stdout, usage); return ExitOK }, form: "help"},

	// For course staff (cli/tools/class.go, in the tools binary: tools.go).
	"grade-class": {run: checked("grade-class", func(a Args) string { _, _, _, msg := GradeClassArgs(a); return msg }), flags: declare("csv", "json", "jobs=", "max-score=", "no-cache", "roster=", "report=", "per-student=", "format="), words: 2, form: "grade-class DAY DIR"},
}

// CommandsTaking names the commands that take flag, as the table writes it
// ("redis=" for a flag with a value), sorted: the end-to-end tests try
// every command a flag applies to.
func CommandsTaking(flag string) []string {
	var names []string
	for name, c := range commands {
		if slices.Contains(c.flags, declare(flag)[0]) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// strayWord says what is wrong with a command line that has more
// positional words than the command takes, or "" when it has not.
func (c command) strayWord(a Args) string {
	if c.words < 0 || len(a.Pos) <= c.words {
		return ""
	}
	takes := "no words"
	switch c.words {
	case 0:
	case 1:
		takes = "one word at most"
	default:
		takes = fmt.Sprintf("%d words at most", c.words)
	}
	return fmt.Sprintf("unexpected %q: %s takes %s (%s)", a.Pos[c.words], strings.Fields(c.form)[0], takes, c.form)
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
		return UsageError(stderr, fmt.Sprintf("unknown command %q", name))
	}
	if name != "help" && wantsHelp(argv[1:]) { // help.go
		fmt.Fprint(stdout, commandHelp(name, cmd.form))
		return ExitOK
	}
	a, err := parseArgs(argv[1:], cmd.flags)
	if err != nil {
		return UsageError(stderr, err.Error())
	}
	if msg := cmd.strayWord(a); msg != "" {
		return UsageError(stderr, msg)
	}
	e := Env{Stdin: stdin, Stdout: stdout, Stderr: stderr, argv: argv}
	if name != "help" {
		root, err := worker.FindRoot(".", module)
		if err != nil {
			fmt.Fprintln(stderr, "termlab:", err)
			return ExitUsage
		}
		e.Root = root
	}
	ctx, stop := withSignals(context.Background())
	defer stop()
	said := &atomic.Bool{}
	e.stopSaid = said
	done := make(chan int, 1)
	go func() { done <- cmd.run(ctx, e, a) }()
	var code int
	select {
	case code = <-done:
	case <-ctx.Done():
		// A signal: the command's workers are being killed and it should
		// return at once. Should some step not heed the context, the
		// runner still ends, and says so, rather than hang on.
		select {
		case code = <-done:
		case <-time.After(stopGrace):
			fmt.Fprintf(stderr, "termlab: %s; the command did not stop within %v and was abandoned.\n", stopReason(ctx), stopGrace)
			return ExitNotOK
		}
	}
	if bySignal(ctx) && !said.Load() && name != "serve" {
		// The work ran to its end before the signal could stop it (an
		// in-process run of the reference does not stop half way): say
		// that the signal came, and do not claim a normal end.
		fmt.Fprintf(stderr, "termlab: %s.\n", stopReason(ctx))
		code = max(code, ExitNotOK)
	}
	return code
}

// stopGrace is how long a command has, after a signal, to stop its workers
// and return.
const stopGrace = 10 * time.Second

// SayStopped is the one line of a command that a signal (or its caller)
// stopped before it could finish.
func (e Env) SayStopped(ctx context.Context, what string) int {
	reason := stopReason(ctx)
	if reason == "" {
		reason = "interrupted"
	}
	fmt.Fprintf(e.Stderr, "termlab: %s; %s\n", reason, what)
	if e.stopSaid != nil {
		e.stopSaid.Store(true)
	}
	return ExitNotOK
}

// UsageError says what is wrong with the command line in one line, and
// where the whole usage is, rather than printing all of it: the learner's
// mistake stays on screen instead of scrolling away above 25 lines.
func UsageError(w io.Writer, msg string) int {
	fmt.Fprintf(w, "termlab: %s\n%s\n", msg, UsageHint)
	return ExitUsage
}

// UsageHint is the line under a usage error (exported for the end-to-end
// tests, which read it in what the binary prints).
const UsageHint = "usage: go run . [command] [day] [flags]; go run . --help lists the commands and flags"

// flagSpec is one flag a command takes, and what it takes.
type flagSpec struct {
	name string // "" for otherFlags
	kind flagKind
}

// flagKind is what a declared flag takes.
type flagKind int

const (
	switchFlag flagKind = iota // --json: no value
	valueFlag                  // --addr 127.0.0.1:8045, or --addr=…
	// otherFlags takes every flag the command does not declare, with a
	// value or without: the command says what is wrong with one, knowing
	// better than the table what it should have been (play names the
	// figure's knobs).
	otherFlags
)

// declare is a command's flags as the table writes them: a name, with a
// trailing "=" for a flag that takes a value.
func declare(names ...string) []flagSpec {
	specs := make([]flagSpec, 0, len(names))
	for _, n := range names {
		if name, ok := strings.CutSuffix(n, "="); ok {
			specs = append(specs, flagSpec{name, valueFlag})
		} else {
			specs = append(specs, flagSpec{n, switchFlag})
		}
	}
	return specs
}

func parseArgs(argv []string, allowed []flagSpec) (Args, error) {
	a := Args{Flags: map[string]string{}}
	for i := 0; i < len(argv); i++ {
		s := argv[i]
		if !strings.HasPrefix(s, "-") || s == "-" {
			a.Pos = append(a.Pos, s)
			continue
		}
		// -json and --json, as Go's own flag package takes them; ---json is
		// a typo, not a third spelling.
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(s, "-"), "-"), "=")
		if strings.HasPrefix(name, "-") || name == "" {
			return a, fmt.Errorf("malformed flag %q: write a flag as --name, such as --json", s)
		}
		if _, seen := a.Flags[name]; seen {
			return a, fmt.Errorf("flag --%s is given twice", name)
		}
		ok, takesValue := false, false
		for _, f := range allowed {
			if f.kind != otherFlags && f.name == name {
				ok, takesValue = true, f.kind == valueFlag
			}
		}
		wild := !ok && slices.ContainsFunc(allowed, func(f flagSpec) bool { return f.kind == otherFlags })
		if wild {
			ok, takesValue = true, true // the command says what it lacks
		}
		if ok && takesValue && !hasValue && i+1 < len(argv) && !strings.HasPrefix(argv[i+1], "-") {
			i++ // --addr 127.0.0.1:8045, the spelling with a space
			value, hasValue = argv[i], true
		}
		switch {
		case !ok:
			return a, fmt.Errorf("unknown flag %q", s)
		case takesValue && !hasValue && !wild:
			return a, fmt.Errorf("flag --%s needs a value: --%s=… or --%s …", name, name, name)
		case !takesValue && hasValue:
			return a, fmt.Errorf("flag --%s takes no value", name)
		}
		a.Flags[name] = value
	}
	return a, nil
}

// dayArg picks the day from the first positional word, defaulting to the
// only or last day of the course when none is given.
func dayArg(a Args, required bool) (labs.Day, error) {
	if len(a.Pos) == 0 {
		if required {
			return labs.Day{}, errors.New("which day? give its number, for example 45")
		}
		return course[len(course)-1], nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(a.Pos[0]), "day"))
	if err != nil {
		return labs.Day{}, fmt.Errorf("%q is not a day number", a.Pos[0])
	}
	return course.Find(n)
}

func (e Env) predictionsDir() string { return filepath.Join(e.Root, "predictions") }
func (e Env) resultsPath() string    { return filepath.Join(e.Root, "RESULTS.md") }

// outcome runs and grades day on the learner's code, or plays the
// reference, in worker processes either way.
func (e Env) outcome(ctx context.Context, day labs.Day, solutions bool) (labs.Outcome, error) {
	ctx = e.tellBuilds(ctx)
	if solutions {
		// The reference programs play every part (Runner.Reference): this
		// binary runs none of a day's machinery.
		r := worker.Runner{Root: e.Root, PartsOnly: true}
		return r.Reference(ctx, day)
	}
	r := worker.Runner{Root: e.Root}
	return r.Run(ctx, day)
}

// Grades grades day's TODOs without playing its parts: grade shows no
// figures, so running the experiments too would only cost time.
func (e Env) Grades(ctx context.Context, day labs.Day, solutions bool) (labs.Outcome, error) {
	ctx = e.tellBuilds(ctx)
	if solutions {
		// In the reference program's worker, as every grade: this binary
		// runs none of a day's machinery.
		r := worker.Runner{Root: e.Root, GradesOnly: true}
		return r.Reference(ctx, day)
	}
	r := worker.Runner{Root: e.Root, GradesOnly: true}
	return r.Run(ctx, day)
}
