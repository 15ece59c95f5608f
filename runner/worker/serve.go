package worker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// The full worker's long-running commands (Day 45's `_serve`) and its
// one-shot tools (`_ping`), started from the lab's own binary in the same
// box as a task: their own process group, killed with the runner, the
// memory bound. The learner's package initialises before the command runs,
// and an init that never returns would leave `serve` silent forever: a
// started program says it is ready (ReadyEnv) once its main runs, and
// StartServe gives it StartupLimit to do so.

// ReadyEnv tells a worker program to write "ready" on fd 3 as its main
// starts, that is, once every package's init has returned.
const ReadyEnv = "TERMLAB_READY_FD"

// StartupLimit bounds how long the learner's package may take to
// initialise before `serve` gives up on it.
const StartupLimit = 10 * time.Second

// signalReady is the worker side of ReadyEnv (Main calls it first).
func signalReady() {
	if os.Getenv(ReadyEnv) != "3" {
		return
	}
	os.Unsetenv(ReadyEnv)
	f := os.NewFile(answerFD, "ready")
	f.Write([]byte("ready\n"))
	f.Close()
}

// Server is a running full-worker command (see StartServe).
type Server struct {
	cmd    *exec.Cmd
	done   chan error    // startAndWait's one answer
	exited chan struct{} // closed once err is set
	err    error
}

// StartServe builds nothing: it starts bin (a full worker, from BuildFull)
// with args in the box, its output going to stdout and stderr, and waits
// until the program's main runs. When the learner's package does not finish
// initialising within startup (0: StartupLimit), the program is killed and
// the error says so in words a learner can act on. The returned Server is
// stopped by ctx's end (SIGINT first, so it can close its connections, and
// the whole group killed after grace) or runs until the program exits:
// Wait returns its error.
func StartServe(ctx context.Context, bin string, args []string, stdout, stderr io.Writer, startup time.Duration) (*Server, error) {
	return StartServeAsking(ctx, bin, "", 0, args, stdout, stderr, startup)
}

// StartServeAsking is StartServe with the learner's functions of day
// answered by lean (the lean worker, which links the learner's code)
// across the call pipe, as a heavy part's are (calls.go): the full worker
// links none. lean starts first, in a box with the same mark, and the
// server once lean's package has initialised; either one gone takes the
// other with it. With lean "", it is StartServe.
func StartServeAsking(ctx context.Context, bin, lean string, day int, args []string, stdout, stderr io.Writer, startup time.Duration) (*Server, error) {
	if startup <= 0 {
		startup = StartupLimit
	}
	// Two processes' output (the server's and lean's) is copied by
	// goroutines of their own, to writers that may be one (a test's buffer).
	var mu sync.Mutex
	stdout, stderr = lockedWriter{&mu, stdout}, lockedWriter{&mu, stderr}
	if why := unrunnable(bin); why != "" {
		return nil, &LabError{What: fmt.Sprintf("the worker program %s cannot run: %s", bin, why), Do: cacheAdvice(bin)}
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer pr.Close()
	cmd := boxCommand(context.Background(), bin, args...)
	// The server is stopped gently by Stop; Cancel is for the box's kill.
	// The learner's code prints there too (a debug line in a TODO): what
	// reaches the terminal is cleaned of control sequences on the way.
	cmd.Stdout, cmd.Stderr = &printableWriter{w: stdout}, &printableWriter{w: stderr}
	mark := boxEnv + "=" + newNonce()
	cmd.Env = append(os.Environ(), ReadyEnv+"=3", mark)
	cmd.ExtraFiles = []*os.File{pw}
	if lean != "" {
		files, err := startCalls(ctx, lean, day, mark, stdout, stderr, startup)
		if err != nil {
			pw.Close()
			return nil, err
		}
		cmd.ExtraFiles = append(cmd.ExtraFiles, files...)
		cmd.Env = append(cmd.Env, callsEnv+"="+strconv.Itoa(day))
	}
	s := &Server{cmd: cmd, done: make(chan error, 1)}
	started := make(chan error, 1)
	go func() {
		err := startAndWait(cmd, func() { closeAll(cmd.ExtraFiles); started <- nil })
		killStrays(mark) // what the server's code started dies with it
		s.done <- err
	}()
	ready := make(chan bool, 1)
	go func() {
		buf := make([]byte, 6)
		n, _ := io.ReadFull(pr, buf)
		ready <- n == 6 && string(buf) == "ready\n"
	}()
	select {
	case err := <-s.done: // could not start, or exited before main
		closeAll(cmd.ExtraFiles)
		if lab := startFailure(err, ""); lab != nil && errors.Is(err, errStart) {
			return nil, &LabError{What: "the worker program could not start: " + err.Error(), Do: cacheAdvice(bin)}
		}
		return nil, fmt.Errorf("the server stopped before it started: %w", err)
	case <-started:
	}
	timer := time.NewTimer(startup)
	defer timer.Stop()
	select {
	case ok := <-ready:
		if !ok {
			err := <-s.done
			return nil, fmt.Errorf("the server stopped while your package was initialising (%v): does an init function call os.Exit or panic?", err)
		}
	case <-timer.C:
		killGroup(cmd.Process.Pid)
		<-s.done
		return nil, fmt.Errorf("your package's init did not return within %v: an init function or package variable that loops or waits forever? The server was stopped", startup)
	case <-ctx.Done():
		killGroup(cmd.Process.Pid)
		<-s.done
		return nil, ctx.Err()
	}
	s.exited = make(chan struct{})
	go func() {
		s.err = <-s.done
		close(s.exited)
	}()
	go func() {
		select {
		case <-ctx.Done():
			cmd.Process.Signal(os.Interrupt)
			select {
			case <-time.After(5 * time.Second):
				killGroup(cmd.Process.Pid)
			case <-s.exited:
			}
		case <-s.exited:
		}
	}()
	return s, nil
}

// Wait waits for the program to exit (after ctx's end, or on its own) and
// returns how it exited; the whole group is gone by then.
func (s *Server) Wait() error {
	<-s.exited
	return s.err
}

// Tool runs one of the full worker's one-shot commands (such as Day 45's
// `_ping URL`) in the box and returns its exit code and what it wrote on
// stderr, trimmed.
func (r *Runner) Tool(ctx context.Context, args ...string) (int, string, error) {
	bin, err := r.BuildFull(ctx)
	if err != nil {
		return 0, "", err
	}
	b := &boxed{bin: bin, args: args}
	b.run(ctx, limit())
	if b.labErr != nil {
		return 0, "", &LabError{What: b.labErr.Error(), Do: cacheAdvice(bin)}
	}
	if b.timedOut {
		return 0, "", fmt.Errorf("%s did not finish within %v", strings.Join(args, " "), limit())
	}
	var ee *exec.ExitError
	if errors.As(b.runErr, &ee) {
		return ee.ExitCode(), strings.TrimSpace(b.stderr.String()), nil
	}
	return 0, strings.TrimSpace(b.stderr.String()), b.runErr
}

// lockedWriter writes to w one write at a time, under mu.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// printableWriter passes text on with its control characters replaced
// (printable), so a process's output cannot drive the terminal it reaches.
// A character split across two writes is held until the next.
type printableWriter struct {
	w    io.Writer
	held []byte
}

func (p *printableWriter) Write(b []byte) (int, error) {
	data := append(p.held, b...)
	// Keep back an incomplete UTF-8 sequence at the end.
	cut := len(data)
	for i := len(data) - 1; i >= 0 && i >= len(data)-utf8.UTFMax; i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				cut = i
			}
			break
		}
	}
	p.held = append([]byte(nil), data[cut:]...)
	if _, err := io.WriteString(p.w, printable(string(data[:cut]))); err != nil {
		return 0, err
	}
	return len(b), nil
}

// startCalls starts lean answering day's learner's calls for a server (see
// StartServeAsking), boxed with the server's mark, and waits until the
// learner's package has initialised in it. It returns the server's ends
// of the call pipe.
func startCalls(ctx context.Context, lean string, day int, mark string, stdout, stderr io.Writer, startup time.Duration) ([]*os.File, error) {
	if why := unrunnable(lean); why != "" {
		return nil, &LabError{What: fmt.Sprintf("the worker program %s cannot run: %s", lean, why), Do: cacheAdvice(lean)}
	}
	var files []*os.File
	pipe := func() (r, w *os.File) {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, nil
		}
		files = append(files, r, w)
		return r, w
	}
	apr, apw := pipe()
	reqR, reqW := pipe()
	repR, repW := pipe()
	if len(files) != 6 {
		closeAll(files)
		return nil, errors.New("cannot make the call pipe")
	}
	defer apr.Close()
	nonce := newNonce()
	cmd := boxCommand(context.Background(), lean, Command, strconv.Itoa(day), CallsKind, "0")
	cmd.Stdout, cmd.Stderr = &printableWriter{w: stdout}, &printableWriter{w: stderr}
	cmd.Env = append(os.Environ(), mark)
	cmd.Stdin = strings.NewReader(nonce + "\n")
	cmd.ExtraFiles = []*os.File{apw, reqR, repW}
	started := make(chan error, 2)
	go func() {
		err := startAndWait(cmd, func() { closeAll(cmd.ExtraFiles); started <- nil })
		// The learner's side gone (its code ended the process): the
		// server, which has no one to answer its calls, goes too.
		killStrays(mark)
		started <- err
	}()
	if err := <-started; err != nil {
		closeAll(files)
		return nil, &LabError{What: "the worker program could not start: " + err.Error(), Do: cacheAdvice(lean)}
	}
	loaded := make(chan bool, 1)
	go func() {
		want := loadedLine(nonce)
		buf := make([]byte, len(want))
		n, _ := io.ReadFull(apr, buf)
		loaded <- n == len(want) && string(buf) == string(want)
	}()
	fail := func(err error) ([]*os.File, error) {
		killGroup(cmd.Process.Pid)
		closeAll([]*os.File{repR, reqW})
		return nil, err
	}
	timer := time.NewTimer(startup)
	defer timer.Stop()
	select {
	case ok := <-loaded:
		if !ok {
			return fail(errors.New("the server stopped while your package was initialising: does an init function call os.Exit or panic?"))
		}
	case <-timer.C:
		return fail(fmt.Errorf("your package's init did not return within %v: an init function or package variable that loops or waits forever? The server was stopped", startup))
	case <-ctx.Done():
		return fail(ctx.Err())
	}
	return []*os.File{repR, reqW}, nil
}
