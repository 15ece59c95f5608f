package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode"

	"termlab/runner/testrun"
)

// A hostile or careless learner's file, end to end through the CLI.

// controls finds a control character other than newline and tab: what
// would drive the learner's terminal.
func controls(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r != '\n' && r != '\t' && unicode.IsControl(r) }) >= 0
}

// A compile error that quotes a line of escape codes (clear the screen, a
// red background, a window title) reaches the terminal cleaned.
func TestCompileErrorEscapesAreCleaned(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel()
	l := newLab(t, "")
	src := l.read("labs/day45/todo.go")
	l.write("labs/day45/todo.go", src+"\nvar _ int = `\x1b[2J\x1b[H\x1b[41m red \x1b]0;PWNED\a`\n")
	for _, args := range [][]string{{"grade", "45"}, {"run", "45"}, {"grade", "45", "--json"}} {
		r := l.run(args...)
		l.want(r, exitNotOK)
		if controls(r.stdout) || controls(r.stderr) {
			t.Errorf("%s: a control character reaches the terminal\n%q", strings.Join(args, " "), r.stderr+r.stdout)
		}
		if !strings.Contains(r.stderr+r.stdout, "labs/day45/todo.go:") {
			t.Errorf("%s: the compile error lost its line\n%s", strings.Join(args, " "), r)
		}
	}
}

// A ShardOf that gives a valid shard but a new one on every call passes
// every part's checks; grade catches it, and run says so and exits 1
// rather than as if all were fine.
func TestRunSaysWhenATODOFailsItsGrade(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel()
	l := newLab(t, "")
	data, err := os.ReadFile("solutions/day46/solutions.go")
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	src = "//go:build termlab\n\n" + src
	src = strings.Replace(src, "\tstate := tenant\n", "\tcalls++\n\tstate := tenant + calls\n", 1)
	if !strings.Contains(src, "state := tenant + calls") {
		t.Fatal("the reference ShardOf changed shape: update this fixture")
	}
	l.write("labs/day46/todo.go", src+"\nvar calls uint64\n")
	r := l.run("run", "46")
	l.want(r, exitNotOK)
	if !regexp.MustCompile(`TODO 3 \(ShardOf\) fail: `).MatchString(r.stdout) || !strings.Contains(r.stdout, "go run . grade 46") {
		t.Errorf("run does not say TODO 3 fails its grade\n%s", r)
	}
}

// syncBuffer is a bytes.Buffer safe for a program's writer and the test's
// reader.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
