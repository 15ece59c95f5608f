package cli

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/registry/full"
	"termlab/record/predictions"
	"termlab/runner/testrun"
)

func TestParseArgs(t *testing.T) {
	allowed := declare("json", "solutions", "addr=", "redis=")
	tests := []struct {
		argv      []string
		pos       []string
		flags     map[string]string
		wantError string // a phrase of the error; "" for none
	}{
		{argv: []string{"45", "--json"}, pos: []string{"45"}, flags: map[string]string{"json": ""}},
		{argv: []string{"45", "-json"}, pos: []string{"45"}, flags: map[string]string{"json": ""}},
		{argv: []string{"--solutions", "45"}, pos: []string{"45"}, flags: map[string]string{"solutions": ""}},
		{argv: []string{"45", "--addr=127.0.0.1:8045"}, pos: []string{"45"}, flags: map[string]string{"addr": "127.0.0.1:8045"}},
		{argv: []string{"45", "--addr", "127.0.0.1:8045"}, pos: []string{"45"}, flags: map[string]string{"addr": "127.0.0.1:8045"}},
		{argv: []string{"--redis", "redis://127.0.0.1:6379", "45"}, pos: []string{"45"}, flags: map[string]string{"redis": "redis://127.0.0.1:6379"}},
		{argv: []string{"45", "-"}, pos: []string{"45", "-"}, flags: map[string]string{}}, // a word: the command refuses it
		{argv: []string{"45", "--addr"}, wantError: "needs a value"},
		{argv: []string{"45", "--addr", "--json"}, wantError: "needs a value"},
		{argv: []string{"--json=yes"}, wantError: "takes no value"},
		{argv: []string{"--json=maybe"}, wantError: "takes no value"},
		{argv: []string{"--json="}, wantError: "takes no value"},
		{argv: []string{"--colour"}, wantError: "unknown flag"},
		{argv: []string{"---json"}, wantError: "malformed flag"},
		{argv: []string{"----solutions"}, wantError: "malformed flag"},
		{argv: []string{"--"}, wantError: "malformed flag"},
		{argv: []string{"--=x"}, wantError: "malformed flag"},
		{argv: []string{"--json", "--json"}, wantError: "given twice"},
		{argv: []string{"--addr=127.0.0.1:1", "--addr=127.0.0.1:2"}, wantError: "given twice"},
	}
	for _, tt := range tests {
		a, err := parseArgs(tt.argv, allowed)
		switch {
		case tt.wantError != "" && (err == nil || !strings.Contains(err.Error(), tt.wantError)):
			t.Errorf("%q: error %v, want one saying %q", tt.argv, err, tt.wantError)
		case tt.wantError == "" && err != nil:
			t.Errorf("%q: %v", tt.argv, err)
		case err == nil && (!reflect.DeepEqual(a.Pos, tt.pos) || !reflect.DeepEqual(a.Flags, tt.flags)):
			t.Errorf("%q: pos %q flags %q, want %q %q", tt.argv, a.Pos, a.Flags, tt.pos, tt.flags)
		}
	}
}

// mainUsage runs Main and checks the shape of a usage error: exit 2, one
// line saying what is wrong, one pointing to --help; nothing on stdout.
func mainUsage(t *testing.T, argv []string, says string) {
	t.Helper()
	var out, errs bytes.Buffer
	code := Main(argv, strings.NewReader(""), &out, &errs)
	lines := strings.Split(strings.TrimSuffix(errs.String(), "\n"), "\n")
	if code != ExitUsage || len(lines) != 2 || !strings.HasPrefix(lines[0], "termlab: ") || lines[1] != UsageHint || out.Len() != 0 {
		t.Errorf("%q: exit %d, want %d with one line and the usage\nstdout: %q\nstderr: %q", argv, code, ExitUsage, out.String(), errs.String())
		return
	}
	if !strings.Contains(lines[0], says) {
		t.Errorf("%q: %q does not say %q", argv, lines[0], says)
	}
}

// Every case is refused before anything is built, run or read.
func TestCommandLineUsageErrors(t *testing.T) {
	for _, c := range []struct {
		argv []string
		says string
	}{
		{[]string{"run", "45", "46"}, `unexpected "46": run takes one word at most`},
		{[]string{"grade", "45", "extra"}, `unexpected "extra": grade takes one word at most`},
		{[]string{"run", "45", "-"}, `unexpected "-"`},
		{[]string{"results", "45", "x"}, `unexpected "x"`},
		{[]string{"serve", "45", "46"}, `unexpected "46"`},
		{[]string{"reset", "45", "1", "2"}, `unexpected "2": reset takes 2 words at most`},
		{[]string{"list", "extra"}, `unexpected "extra": list takes no words`},
		{[]string{"check", "45", "46"}, `unexpected "46": check takes one word at most`},
		{[]string{"help", "run"}, `unexpected "run"`},
		{[]string{"run", "---json"}, `malformed flag "---json"`},
		{[]string{"grade", "45", "--json=maybe"}, "takes no value"},
		{[]string{"grade", "45", "--json", "--json"}, "given twice"},
		{[]string{"serve", "45", "--addr", "127.0.0.1:99999"}, "the port must be a number from 1 to 65535"},
		{[]string{"serve", "45", "--addr=127.0.0.1:0"}, "the port must be a number from 1 to 65535"},
		{[]string{"serve", "45", "--addr=127.0.0.1:http"}, "the port must be a number"},
		{[]string{"serve", "45", "--addr=127.0.0.1:-1"}, "the port must be a number"},
		{[]string{"serve", "--addr", "nonsense"}, "give a loopback address and a port"},
		{[]string{"serve", "--addr=127.0.0.1"}, "give a loopback address and a port"},
		{[]string{"serve", "--addr="}, "give a loopback address and a port"},
		{[]string{"serve", "--addr=0.0.0.0:8045"}, "is not this machine"},
		{[]string{"serve", "--addr=example.com:8045"}, "is not this machine"},
	} {
		mainUsage(t, c.argv, c.says)
	}
}

func TestCheckAddrAccepts(t *testing.T) {
	for _, addr := range []string{"127.0.0.1:8045", "127.0.0.1:1", "127.0.0.1:65535", "localhost:8045", "[::1]:8045", "127.0.0.2:80"} {
		if err := checkAddr(addr, "127.0.0.1:8045"); err != nil {
			t.Errorf("%s: %v", addr, err)
		}
	}
}

// predictIn runs `predict args…` in a lab whose predictions live in dir.
func predictIn(t *testing.T, root string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errs bytes.Buffer
	code = cmdPredict(context.Background(), Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errs, Root: root}, args2(args))
	return code, out.String(), errs.String()
}

func args2(pos []string) Args { return Args{Pos: pos, Flags: map[string]string{}} }

// The same prediction twice on one line (in any case) is a usage error and
// saves nothing: which value was meant cannot be known.
func TestPredictRefusesARepeatedID(t *testing.T) {
	root := t.TempDir()
	file := predictions.Path(filepath.Join(root, "predictions"), 45)
	for _, argv := range [][]string{
		{"45", "P1=20", "P1=30"},
		{"45", "P1=20", "p1=20"},
		{"45", "P3=200", "p1=20", " P1 =30"},
	} {
		code, out, errs := predictIn(t, root, argv...)
		first, _, _ := strings.Cut(errs, "\n")
		if code != ExitUsage || !strings.Contains(first, "P1 is given twice") || !strings.Contains(errs, "usage:") || out != "" {
			t.Errorf("%q: exit %d\nstdout %q\nstderr %q", argv, code, out, errs)
		}
		if _, err := os.Stat(file); !os.IsNotExist(err) {
			t.Fatalf("%q: the predictions file was written", argv)
		}
	}
}

// Issue 12 item 9: what predict prints after the reveal follows what it
// stored. Repeating the guess on record is no revision.
func TestPredictSaysWhatItStored(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "predictions")
	a := predictions.New(45)
	a.Set("P1", 20)
	a.Reveal("P1") // P1's actual was shown with 20 on record
	a.Reveal("P2") // P2's actual was shown with no guess at all
	if _, err := predictions.Update(dir, a.Day, func(x *predictions.Answers) error { *x = a; return nil }); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		entry   string
		revised bool
		says    string // "" when nothing follows the value
		not     string
	}{
		{"P1=20", false, "the same as the guess on record", "revised"},
		{"P1=30", true, "(revised: ", ""},
		{"P1=20", false, "the same as the guess on record", "revised"},
		{"P2=10", true, "does not score it", "(revised"},
		{"P3=200", false, "", "("},
	} {
		code, out, errs := predictIn(t, root, "45", c.entry)
		if code != ExitOK {
			t.Fatalf("predict %s: exit %d: %s", c.entry, code, errs)
		}
		got, err := predictions.Load(dir, 45)
		if err != nil {
			t.Fatal(err)
		}
		id, _, _ := strings.Cut(c.entry, "=")
		line, _, _ := strings.Cut(out, "\n")
		if g := got.Predictions[id]; g.Revised != c.revised {
			t.Errorf("predict %s stored revised=%v, want %v", c.entry, g.Revised, c.revised)
		}
		if (c.says != "" && !strings.Contains(line, c.says)) || (c.not != "" && strings.Contains(line, c.not)) {
			t.Errorf("predict %s (stored revised=%v) says %q", c.entry, c.revised, line)
		}
	}
}

// A signal cancels the command's context with a cause that names it, and
// the message a command gives says which.
func TestSignalsCancelWithTheirName(t *testing.T) {
	testrun.ExpectSignals(t) // the test binary signals itself
	for _, c := range []struct {
		sig  syscall.Signal
		says string
	}{
		{syscall.SIGTERM, "stopped by SIGTERM"},
		{syscall.SIGHUP, "the terminal hung up (SIGHUP)"},
		{syscall.SIGINT, "interrupted (Ctrl-C)"},
	} {
		ctx, stop := withSignals(context.Background())
		if err := syscall.Kill(os.Getpid(), c.sig); err != nil {
			t.Fatal(err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Second):
			t.Fatalf("%v did not cancel the context", c.sig)
		}
		var errs bytes.Buffer
		code := Env{Stderr: &errs, Stdout: io.Discard}.SayStopped(ctx, "nothing was saved.")
		if !bySignal(ctx) || code != ExitNotOK || errs.String() != "termlab: "+c.says+"; nothing was saved.\n" {
			t.Errorf("%v: exit %d, %q", c.sig, code, errs.String())
		}
		stop()
	}
}

// reset's question, unanswered, does not hold a signal up: it stops at
// once and resets nothing.
func TestResetQuestionStopsOnASignal(t *testing.T) {
	root := t.TempDir()
	question, _ := io.Pipe() // a stdin that never answers
	ctx, cancel := context.WithCancelCause(context.Background())
	var out, errs bytes.Buffer
	code := make(chan int, 1)
	go func() {
		code <- cmdReset(ctx, Env{Stdin: question, Stdout: &out, Stderr: &errs, Root: root}, args2([]string{"45"}))
	}()
	cancel(stopped{syscall.SIGTERM})
	select {
	case c := <-code:
		if c != ExitNotOK || errs.String() != "termlab: stopped by SIGTERM; nothing was reset.\n" {
			t.Errorf("exit %d, stderr %q", c, errs.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("reset waited for its answer after the signal")
	}
	if entries, _ := os.ReadDir(root); len(entries) != 0 {
		t.Errorf("reset wrote %v", entries)
	}
}

// The command line's own words (the usage, go run . --help, and every
// message a command prints, as the string literals of this package) are
// read before any guess: none of their examples may be an answer.
func TestCommandLineHoldsNoAnswer(t *testing.T) {
	texts := []predictions.Seen{{In: "go run . --help", Text: usage + "\n" + UsageHint}}
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		var lits []string
		ast.Inspect(f, func(n ast.Node) bool {
			if b, ok := n.(*ast.BasicLit); ok && b.Kind == token.STRING {
				if s, err := strconv.Unquote(b.Value); err == nil {
					lits = append(lits, s)
				}
			}
			return true
		})
		texts = append(texts, predictions.Seen{In: name, Text: strings.Join(lits, "\n")})
	}
	for _, day := range full.Days {
		m := labs.Outcome{Parts: day.Run(labs.Reference)}.Metrics()
		for _, l := range predictions.FindIn(day, m, texts...) {
			t.Errorf("day %d: %s", day.Number, l)
		}
	}
}

// otherFlags is a kind a command declares: every flag it does not name is
// taken, with its value or without, for the command to judge; a command
// that does not declare it refuses them.
func TestParseArgsOtherFlags(t *testing.T) {
	allowed := append(declare("json", "figure="), flagSpec{kind: otherFlags})
	for _, tt := range []struct {
		argv  []string
		flags map[string]string
	}{
		{[]string{"--rate", "25"}, map[string]string{"rate": "25"}},
		{[]string{"--rate=25", "--json"}, map[string]string{"rate": "25", "json": ""}},
		{[]string{"--rate"}, map[string]string{"rate": ""}},
		{[]string{"--figure", "loan", "--b", "3"}, map[string]string{"figure": "loan", "b": "3"}},
	} {
		a, err := parseArgs(tt.argv, allowed)
		if err != nil || !reflect.DeepEqual(a.Flags, tt.flags) {
			t.Errorf("%q: %v %q, want %q", tt.argv, err, a.Flags, tt.flags)
		}
	}
	if _, err := parseArgs([]string{"--json=x"}, allowed); err == nil || !strings.Contains(err.Error(), "takes no value") {
		t.Errorf("a declared switch given a value: %v, want it refused", err)
	}
	if _, err := parseArgs([]string{"--rate", "25"}, declare("json")); err == nil || !strings.Contains(err.Error(), "unknown flag") {
		t.Errorf("without otherFlags: %v, want unknown flag", err)
	}
}
