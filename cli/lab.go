package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/mattn/go-isatty"

	"termlab/labs"
	"termlab/runner/worker"
	"termlab/tui"
)

// openLab opens the screens when there is a terminal to draw on; otherwise
// it lists the days and says how to work from a plain shell.
func openLab(stdin io.Reader, stdout, stderr io.Writer) int {
	root, err := worker.FindRoot(".", module)
	if err != nil {
		fmt.Fprintln(stderr, "termlab:", err)
		return ExitUsage
	}
	if !IsTerminal(stdin) || !IsTerminal(stdout) {
		e := Env{Stdin: stdin, Stdout: stdout, Stderr: stderr, Root: root}
		cmdList(context.Background(), e, Args{})
		// The example day is the first one not done, the one to work on.
		next, _ := e.nextDay()
		n := next.Number
		fmt.Fprintf(stdout, "\nThe lab's screens need a terminal. From a plain shell, use:\n\n  go run . run %[1]d      run the experiments on your code\n  go run . grade %[1]d    grade your TODOs\n  go run . help        every command\n", n)
		return ExitOK
	}
	ctx, stop := withSignals(context.Background())
	defer stop()
	if dumbTerminal(os.Getenv) {
		e := Env{Stdin: stdin, Stdout: stdout, Stderr: stderr, Root: root}
		code := plainLab(ctx, e, plainDay(e), nil)
		if bySignal(ctx) {
			fmt.Fprintf(stderr, "termlab: %s; the lab is closed.\n", stopReason(ctx))
			return ExitNotOK
		}
		return code
	}
	// PartsOnly: the screens compare with the reference's figures, never
	// its grades, so a second launch reads them from the cache folder.
	runs := newBoxedRunner(ctx, &worker.Runner{Root: root, PartsOnly: true, Keep: &worker.Keep{}})
	err = tui.Run(tui.Config{Course: course, Root: root, Runner: runs, Context: ctx})
	// The screens are closed and their run cancelled: wait for its workers
	// to be killed before this process ends, or they would outlive it.
	runs.close(stopGrace)
	if bySignal(ctx) {
		fmt.Fprintf(stderr, "termlab: %s; the lab is closed.\n", stopReason(ctx))
		return ExitNotOK
	}
	if err != nil {
		fmt.Fprintln(stderr, "termlab:", err)
		return ExitNotOK
	}
	return ExitOK
}

// boxedRunner is the screens' Runner: each run also ends when ctx does (a
// signal), and close waits for the runs in flight to end, so that no worker
// outlives the lab. A run asked for after close is refused.
type boxedRunner struct {
	ctx    context.Context
	cancel context.CancelFunc
	inner  labs.Runner

	mu     sync.Mutex
	closed bool
	wg     sync.WaitGroup
}

func newBoxedRunner(ctx context.Context, inner labs.Runner) *boxedRunner {
	ctx, cancel := context.WithCancel(ctx)
	return &boxedRunner{ctx: ctx, cancel: cancel, inner: inner}
}

func (b *boxedRunner) Run(ctx context.Context, day labs.Day) (labs.Outcome, error) {
	return b.do(ctx, func(ctx context.Context) (labs.Outcome, error) { return b.inner.Run(ctx, day) })
}

// RunStream passes a run's pieces on as they land.
func (b *boxedRunner) RunStream(ctx context.Context, day labs.Day, update func(labs.Outcome)) (labs.Outcome, error) {
	return b.do(ctx, func(ctx context.Context) (labs.Outcome, error) { return b.inner.RunStream(ctx, day, update) })
}

// Reference plays the reference solutions through the inner runner, boxed
// the same way.
func (b *boxedRunner) Reference(ctx context.Context, day labs.Day) (labs.Outcome, error) {
	return b.do(ctx, func(ctx context.Context) (labs.Outcome, error) { return b.inner.Reference(ctx, day) })
}

// CachedReference only reads the cache folder: nothing to box.
func (b *boxedRunner) CachedReference(day labs.Day) (labs.Outcome, bool) {
	return b.inner.CachedReference(day)
}

// BuildDay and ReferenceBuild build the Play screen's programs, boxed as
// the runs are: a signal stops a build under way.
func (b *boxedRunner) BuildDay(ctx context.Context, day labs.Day) (bin string, err error) {
	_, err = b.do(ctx, func(ctx context.Context) (_ labs.Outcome, err error) {
		bin, err = b.inner.BuildDay(ctx, day)
		return labs.Outcome{}, err
	})
	return bin, err
}

func (b *boxedRunner) ReferenceBuild(ctx context.Context, day labs.Day) (bin string, err error) {
	_, err = b.do(ctx, func(ctx context.Context) (_ labs.Outcome, err error) {
		bin, err = b.inner.ReferenceBuild(ctx, day)
		return labs.Outcome{}, err
	})
	return bin, err
}

// do runs f, counted among the runs in flight, under a context that also
// ends with b's.
func (b *boxedRunner) do(ctx context.Context, f func(context.Context) (labs.Outcome, error)) (labs.Outcome, error) {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return labs.Outcome{}, context.Canceled
	}
	b.wg.Add(1)
	b.mu.Unlock()
	defer b.wg.Done()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	stop := context.AfterFunc(b.ctx, func() { cancel(context.Cause(b.ctx)) })
	defer stop()
	return f(ctx)
}

// close refuses new runs, cancels those in flight (the screens cancel
// theirs as they close; this holds whatever way they ended) and waits up to
// grace for them to end.
func (b *boxedRunner) close(grace time.Duration) bool {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	b.cancel()
	done := make(chan struct{})
	go func() { b.wg.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(grace):
		return false
	}
}

func IsTerminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}
