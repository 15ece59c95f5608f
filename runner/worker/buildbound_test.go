package worker

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// A build stopped by a bound is told from the student's compile error,
// and from a kill from outside; the compiler's own lines (which quote the
// source) never count.
func TestBuildTooBig(t *testing.T) {
	b := BuildBounds{1024, 120, 256}
	for _, tc := range []struct {
		out            string
		tooBig, killed bool
	}{
		{"# termlab/labs/day45\nruntime: out of memory: cannot allocate 33554432-byte block\nfatal error: out of memory\n", true, false},
		{"go build termlab/labs/day45: /usr/local/go/pkg/tool/linux_amd64/compile: signal: CPU time limit exceeded\n", true, false},
		{"link: signal: file size limit exceeded\n", true, false},
		{"go build termlab/labs/day45: /usr/local/go/pkg/tool/linux_amd64/compile: signal: killed\n", false, true},
		{"labs/day45/todo.go:9:9: undefined: outOfMemory // out of memory\n", false, false},
		{"labs/day45/todo.go:3:1: signal: killed is not Go\n", false, false},
	} {
		err := error(&BuildError{Output: tc.out})
		_, tooBig := BuildTooBig(err, b)
		if tooBig != tc.tooBig || BuildKilled(err) != tc.killed {
			t.Errorf("%q: too big %v, killed %v; want %v, %v", tc.out, tooBig, BuildKilled(err), tc.tooBig, tc.killed)
		}
	}
	if _, ok := BuildTooBig(errors.New("out of memory"), b); ok {
		t.Error("an error that is no build's is not too big")
	}
}

// The bounded go command runs the real one under ulimit.
func TestBoundedGo(t *testing.T) {
	path, err := BoundedGo(t.TempDir(), BuildBounds{1024, 120, 256})
	if err != nil {
		t.Fatal(err)
	}
	if path == "" {
		t.Skip("no ulimit here: the build runs unbounded, as the worker does")
	}
	script, _ := os.ReadFile(path)
	for _, want := range []string{"ulimit -v 1048576 || exit 125", "ulimit -t 120 || exit 125", "ulimit -f 524288 || exit 125", `exec '`} {
		if !strings.Contains(string(script), want) {
			t.Errorf("the script lacks %q:\n%s", want, script)
		}
	}
}
