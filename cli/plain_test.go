package cli

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode"

	"termlab/runner/testrun"
	"termlab/runner/worker"
)

// controls finds a control character other than newline and tab: what
// would drive the learner's terminal.
func controls(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r != '\n' && r != '\t' && unicode.IsControl(r) }) >= 0
}

// until waits for the output to hold s (no clock: a lab that never says
// it fails by the test binary's own timeout).
func (b *lockedBuffer) until(s string, from int) int {
	for {
		out := b.String()
		if i := strings.Index(out[from:], s); i >= 0 {
			return from + i + len(s)
		}
		runtime.Gosched()
		time.Sleep(10 * time.Millisecond)
	}
}

// TERM=dumb: the plain lab grades at once, again after a save, and quits
// on q, line by line, without one escape code.
func TestPlainLabForADumbTerminal(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel()
	root, err := filepath.EvalSymlinks(t.TempDir()) // the runner names files by their real path
	if err != nil {
		t.Fatal(err)
	}
	if err := worker.CopyLab(moduleRoot(t), root, course); err != nil {
		t.Fatal(err)
	}
	var out lockedBuffer
	in, typed := io.Pipe()
	saves := make(chan struct{}, 1)
	day, err := course.Find(46)
	if err != nil {
		t.Fatal(err)
	}
	e := Env{Stdin: in, Stdout: &out, Stderr: &out, Root: root}
	code := make(chan int, 1)
	go func() { code <- plainLab(t.Context(), e, day, saves) }()
	at := out.until("0 of 4 TODOs pass.", 0)
	data, err := os.ReadFile(filepath.Join(moduleRoot(t), "solutions", "day46", "solutions.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "labs", "day46", "todo.go"), []byte("//go:build termlab\n\n"+string(data)), 0o644); err != nil {
		t.Fatal(err)
	}
	saves <- struct{}{}
	out.until("Saved.", at)
	out.until("4 of 4 TODOs pass.", at)
	io.WriteString(typed, "q\n")
	if c := <-code; c != ExitOK {
		t.Errorf("q: exit %d, want %d", c, ExitOK)
	}
	if s := out.String(); controls(s) {
		t.Errorf("the plain lab wrote a control character:\n%q", s)
	}
}
