package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"

	day45 "termlab/labs/day45/course"
	"termlab/labs/day45/course/door"
	"termlab/runner/testrun"
	"termlab/runner/worker"
)

// `serve 45` end to end on a free loopback port, with the reference in this
// process and with a learner's TakeToken in the built serve program; the
// --redis flag; and what the authors' check compares.

// lockedBuffer is a bytes.Buffer that a server's goroutines may write while
// the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
	// ended is closed when the command writing to it has returned
	// (startServeCause), so a wait for a server ends with the command.
	ended chan struct{}
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := worker.FindRoot(".", module)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// startServe runs cmdServe until the returned stop is called; stop returns
// the exit code.
func startServe(t *testing.T, root string, flags map[string]string) (out, errs *lockedBuffer, stop func() int) {
	t.Helper()
	out, errs, stopBy := startServeCause(t, root, flags)
	return out, errs, func() int { return stopBy(nil) }
}

// startServeCause is startServe whose stop says why (a signal's cause, as
// withSignals gives it, or nil for a plain cancel).
func startServeCause(t *testing.T, root string, flags map[string]string) (out, errs *lockedBuffer, stop func(cause error) int) {
	t.Helper()
	out, errs = &lockedBuffer{}, &lockedBuffer{ended: make(chan struct{})}
	ctx, cancel := context.WithCancelCause(context.Background())
	code := make(chan int, 1)
	said := &atomic.Bool{}
	go func() {
		code <- cmdServe(ctx, Env{Stdout: out, Stderr: errs, Root: root, stopSaid: said}, Args{Pos: []string{"45"}, Flags: flags})
		close(errs.ended)
	}()
	stopped := false
	stop = func(cause error) int {
		if !stopped {
			stopped = true
			cancel(cause)
		}
		ctx, cancel := testrun.Context(t)
		defer cancel()
		select {
		case c := <-code:
			return c
		case <-ctx.Done():
			t.Fatal("serve did not stop")
			return -1
		}
	}
	t.Cleanup(func() { cancel(nil) })
	return out, errs, stop
}

// curlBurst sends n GETs in a row as one client and returns the statuses and
// the last response's headers.
func curlBurst(t *testing.T, addr string, n int) ([]int, http.Header) {
	t.Helper()
	var codes []int
	var last http.Header
	for range n {
		req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/", nil)
		req.Header.Set("X-Client", "test")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		codes = append(codes, resp.StatusCode)
		last = resp.Header
	}
	return codes, last
}

// checkBurst checks a burst against the serve door: the first ServeCapacity
// pass, then 429 with every field filled in.
func checkBurst(t *testing.T, codes []int, h http.Header) {
	t.Helper()
	for i, c := range codes {
		want := http.StatusOK
		if i >= int(door.ServeCapacity) {
			want = http.StatusTooManyRequests
		}
		if c != want {
			t.Fatalf("request %d: %d, want %d (all: %v)", i+1, c, want, codes)
		}
	}
	want := map[string]string{
		"Retry-After": "1", "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
		"RateLimit-Policy": `"bucket";q=5;w=5`,
	}
	for k, v := range want {
		if got := h.Get(k); got != v {
			t.Errorf("%s: %q, want %q", k, got, v)
		}
	}
	if !strings.HasPrefix(h.Get("RateLimit"), `"bucket";r=0;t=`) || h.Get("X-RateLimit-Reset") == "" {
		t.Errorf("RateLimit %q, X-RateLimit-Reset %q", h.Get("RateLimit"), h.Get("X-RateLimit-Reset"))
	}
}

// The README's promise: serve stopped by SIGTERM says so in one line and
// exits 1, as every command does.
func TestServeStoppedBySIGTERMSaysSoAndExits1(t *testing.T) {
	testrun.Slow(t, "builds the serve program")
	addr := testrun.FreeAddr(t)
	_, errs, stop := startServeCause(t, servedLab(t), map[string]string{"solutions": "", "addr": addr})
	if !testrun.WaitUp(t, addr, gaveUp(t, errs)) {
		t.Fatalf("nothing listens on %s; stderr: %s", addr, errs.String())
	}
	if code := stop(stopped{syscall.SIGTERM}); code != ExitNotOK {
		t.Errorf("exit %d, want %d; stderr: %s", code, ExitNotOK, errs.String())
	}
	if s := errs.String(); !strings.Contains(s, "termlab: stopped by SIGTERM;") {
		t.Errorf("stderr does not say it was stopped by SIGTERM:\n%s", s)
	}
}

// --solutions serves the reference from the full reference program, built
// with the shipped stubs: the learner's file, stubs or not compiling at
// all, is never built into it.
func TestServeSolutionsOnLoopback(t *testing.T) {
	testrun.Slow(t, "builds the full reference program")
	for _, c := range []struct {
		name, todo string // todo: the learner's todo.go, "" for the stubs
	}{
		{"stubs", ""},
		{"a file that does not compile", "package day45\n\nfunc TakeToken( {\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp := servedLab(t)
			if c.todo != "" {
				if err := os.WriteFile(filepath.Join(tmp, "labs", "day45", "todo.go"), []byte(c.todo), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			addr := testrun.FreeAddr(t)
			out, errs, stop := startServe(t, tmp, map[string]string{"solutions": "", "addr": addr})
			// A cold cache builds the program first: the bound is for a
			// server that never comes up, not a speed.
			if !testrun.WaitUp(t, addr, gaveUp(t, errs)) {
				t.Fatalf("nothing listens on %s; stderr: %s", addr, errs.String())
			}
			codes, h := curlBurst(t, addr, int(door.ServeCapacity)+2)
			checkBurst(t, codes, h)
			if code := stop(); code != ExitOK {
				t.Errorf("exit %d; stderr: %s", code, errs.String())
			}
			if s := out.String(); !strings.Contains(s, "reference TakeToken") || !strings.Contains(s, "429") || !strings.Contains(s, "stopped.") {
				t.Errorf("output:\n%s", s)
			}
		})
	}
}

// learnerTakeToken is a learner's todo.go with TODO 1 done
// (testdata/taketoken).
func learnerTakeToken(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(moduleRoot(t), "testdata", "taketoken", "todo.go"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// servedLab is a copy of the lab with the shipped stubs (worker.CopyLab),
// never the learner's own files: serve builds the full worker, which links
// every day's learner code (--solutions, the full reference program, which
// links the stubs in their place). The serve program goes to
// a cache of the test's own, but the go build cache (which lives there by
// default) stays the real one.
func servedLab(t *testing.T) string {
	t.Helper()
	tmp := t.TempDir()
	if err := worker.CopyLab(moduleRoot(t), tmp, course); err != nil {
		t.Fatal(err)
	}
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOCACHE", strings.TrimSpace(string(gocache)))
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	return tmp
}

// gaveUp is closed once serve has written an error (its lines start with
// "termlab") or has returned, so waiting for the server ends when it never
// will come up.
func gaveUp(t *testing.T, errs *lockedBuffer) <-chan struct{} {
	gave := make(chan struct{})
	go func() {
		for !strings.Contains(errs.String(), "termlab") && !t.Failed() {
			time.Sleep(50 * time.Millisecond)
			select {
			case <-t.Context().Done():
				return
			case <-errs.ended: // it returned, whatever it said
				close(gave)
				return
			default:
			}
		}
		close(gave)
	}()
	return gave
}

// The learner's code runs in a lean worker beside the serve program (never
// in this binary), which asks it across the call pipe; the shipped stub
// refuses to serve.
func TestServeLearnersTakeToken(t *testing.T) {
	testrun.Slow(t, "builds the full worker")
	tmp := servedLab(t)
	todo := filepath.Join(tmp, "labs", "day45", "todo.go")
	if err := os.WriteFile(todo, learnerTakeToken(t), 0o644); err != nil {
		t.Fatal(err)
	}

	addr := testrun.FreeAddr(t)
	out, errs, stop := startServe(t, tmp, map[string]string{"addr": addr})
	if !testrun.WaitUp(t, addr, gaveUp(t, errs)) {
		t.Fatalf("nothing listens on %s; stderr: %s", addr, errs.String())
	}
	codes, h := curlBurst(t, addr, int(door.ServeCapacity)+2)
	checkBurst(t, codes, h)
	if code := stop(); code != ExitOK {
		t.Errorf("exit %d; stderr: %s", code, errs.String())
	}
	if s := out.String(); !strings.Contains(s, "your TakeToken") || !strings.Contains(s, "stopped.") {
		t.Errorf("output:\n%s", s)
	}

	stub, ok := course[0].Shipped["todo.go"]
	if !ok {
		t.Fatal("no shipped todo.go")
	}
	if err := os.WriteFile(todo, []byte(stub), 0o644); err != nil {
		t.Fatal(err)
	}
	var stubErr bytes.Buffer
	code := cmdServe(t.Context(), Env{Stdout: io.Discard, Stderr: &stubErr, Root: tmp}, Args{Pos: []string{"45"}, Flags: map[string]string{"addr": testrun.FreeAddr(t)}})
	if code != ExitNotOK || !strings.Contains(stubErr.String(), "TODO 1 is not done yet") {
		t.Errorf("serve on the stub: exit %d, stderr %q", code, stubErr.String())
	}
}

func TestServeStaysOnLoopback(t *testing.T) {
	var out, errs bytes.Buffer
	code := Main([]string{"serve", "45", "--addr=0.0.0.0:8045"}, strings.NewReader(""), &out, &errs)
	if code != ExitUsage || !strings.Contains(errs.String(), "loopback") || !strings.Contains(errs.String(), "usage:") {
		t.Errorf("exit %d, stderr %q", code, errs.String())
	}
}

func TestRedisFlag(t *testing.T) {
	testrun.Slow(t, "builds the full worker, which pings")
	t.Setenv(day45.RedisEnv, "") // restored after the test
	seen := ""
	inner := withRedis(func(context.Context, Env, Args) int { seen = os.Getenv(day45.RedisEnv); return ExitOK })
	root := servedLab(t) // the worker that pings is built there, not from the learner's files
	run := func(url string) (int, string) {
		var errs bytes.Buffer
		code := inner(context.Background(), Env{Stdout: io.Discard, Stderr: &errs, Root: root}, Args{Flags: map[string]string{"redis": url}})
		return code, errs.String()
	}

	// Nothing listens there: one line saying so, the pointer to --help, exit 2.
	dead := testrun.FreeAddr(t)
	code, stderr := run("redis://" + dead)
	if code != ExitUsage || !strings.HasPrefix(stderr, "termlab: cannot reach Redis at redis://"+dead) || !strings.HasSuffix(stderr, "\n"+UsageHint+"\n") {
		t.Errorf("unreachable Redis: exit %d, stderr %q", code, stderr)
	}
	if first, _, _ := strings.Cut(stderr, "\n"); strings.Count(stderr[:len(first)], "\n") != 0 || first == "" {
		t.Errorf("the error is not one line: %q", stderr)
	}
	if code, stderr := run(""); code != ExitUsage || !strings.Contains(stderr, "--redis needs") {
		t.Errorf("empty --redis: exit %d, stderr %q", code, stderr)
	}

	// A server that answers is handed on through the environment.
	m := miniredis.RunT(t)
	if code, stderr := run(m.Addr()); code != ExitOK || seen != m.Addr() {
		t.Errorf("reachable Redis: exit %d, TERMLAB_REDIS %q, stderr %q", code, seen, stderr)
	}
}
