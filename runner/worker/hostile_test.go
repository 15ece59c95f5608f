package worker

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode"
)

// What a hostile learner's file can put in front of the learner's terminal:
// every stream of it arrives cleaned of control characters and bounded.

func hasControl(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r != '\n' && r != '\t' && unicode.IsControl(r) }) >= 0
}

// A compile error quotes the learner's source back, escape codes and all
// (a raw string of ESC[2J, ESC]0;title BEL): the go command here is a
// stand-in that says what the real one would, and a line of 200 kB.
func TestBuildErrorIsCleanedAndBounded(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in go command is a shell script")
	}
	dir := t.TempDir()
	msg := "labs/day46/todo.go:7:13: cannot use `\x1b[2J\x1b[H\x1b[41mred\x1b]0;PWNED\a` (untyped string constant) as int value\n" +
		"labs/day46/todo.go:8:1: " + strings.Repeat("x", 200<<10) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "msg"), []byte(msg), 0o644); err != nil {
		t.Fatal(err)
	}
	goCmd := filepath.Join(dir, "go")
	script := "#!/bin/sh\ncat '" + filepath.Join(dir, "msg") + "' >&2\nexit 1\n"
	if err := os.WriteFile(goCmd, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	r := Runner{Root: dir, Bin: filepath.Join(dir, "worker"), Go: goCmd}
	_, err := r.Build(context.Background())
	var be *BuildError
	if !errors.As(err, &be) {
		t.Fatalf("Build: %v, want a *BuildError", err)
	}
	text := be.Error()
	if hasControl(text) || hasControl(be.Output) {
		t.Errorf("the compile error keeps control characters: %q", text[:min(len(text), 200)])
	}
	if len(be.Output) > maxBuildOutput+100 || !strings.Contains(be.Output, "more bytes") {
		t.Errorf("the compile error is %d bytes, want at most %d and a note of what was cut", len(be.Output), maxBuildOutput)
	}
	if len(be.Locations) == 0 || be.Locations[0].Line != 7 || !strings.Contains(be.Locations[0].Msg, "[2J") {
		t.Errorf("locations %+v, want the learner's line 7 kept, its escapes made visible", be.Locations[:min(1, len(be.Locations))])
	}
}

// serve passes the worker's output (where learner code's prints go) through
// printableWriter, a multi-byte character split across writes included.
func TestPrintableWriter(t *testing.T) {
	var out bytes.Buffer
	w := &printableWriter{w: &out}
	in := "ok é\x1b[2J\x1b]0;PWNED\a\n\u009b31m€"
	for i := range len(in) { // one byte a write: every split
		if n, err := w.Write([]byte{in[i]}); n != 1 || err != nil {
			t.Fatalf("Write: %d, %v", n, err)
		}
	}
	got := out.String()
	if hasControl(got) || !strings.HasPrefix(got, "ok é") || !strings.HasSuffix(got, "31m€") || !strings.Contains(got, "[2J") {
		t.Errorf("got %q", got)
	}
}

func TestBounded(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string
	}{
		{"short", 10, "short"},
		{"abcdef", 3, "abc… and 3 more bytes"},
		{"aéb", 2, "a… and 3 more bytes"}, // never half of é
	}
	for _, tt := range tests {
		if got := bounded(tt.in, tt.max); got != tt.want {
			t.Errorf("bounded(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
}

// A panic in the file's init (an init function, or a package variable's
// initialiser) is the file's fault at its line: no TODO is named.
func TestDeathFaultInInit(t *testing.T) {
	tests := []struct{ name, frame string }{
		{"init function", "termlab/labs/day45.init.0()"},
		{"package variable", "termlab/labs/day45.init()"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stderr := "panic: boom in init\n\ngoroutine 1 [running]:\n" + tt.frame + "\n\t/home/u/lab/labs/day45/todo.go:9 +0x25\n"
			f := deathFault(exitError(t, "2"), stderr, testDay)
			if !f.File || f.TODO != 0 || f.Where != "labs/day45/todo.go:9" || !strings.Contains(f.Detail, "before any TODO ran") || !strings.HasSuffix(f.Detail, "panic: boom in init") {
				t.Errorf("%+v, want the file's fault at labs/day45/todo.go:9", *f)
			}
		})
	}
	// A panic inside a TODO called from an init is that TODO's.
	stderr := "panic: boom\n\ngoroutine 1 [running]:\ntermlab/labs/day45.TakeToken(...)\n\t/home/u/lab/labs/day45/todo.go:13 +0x25\ntermlab/labs/day45.init.0()\n\t/home/u/lab/labs/day45/todo.go:9 +0x25\n"
	if f := deathFault(exitError(t, "2"), stderr, testDay); f.File || f.TODO != 1 {
		t.Errorf("%+v, want TODO 1's crash", *f)
	}
}

// An init that reads standard input takes the runner's nonce: told so, not
// asked about os.Exit.
func TestDeathFaultStdinTaken(t *testing.T) {
	f := deathFault(exitError(t, "1"), workerMark+" cannot answer: its "+stdinGone+"\n", testDay)
	if !f.File || !strings.Contains(f.Detail, "standard input") || strings.Contains(f.Detail, "os.Exit") {
		t.Errorf("%+v", *f)
	}
}
