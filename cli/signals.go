package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// Signals. Every command, and the screens, stop on SIGINT (Ctrl-C), SIGTERM
// (kill, a process manager) and SIGHUP (the terminal went away) the same
// way: the context the command runs under is cancelled, which kills the
// worker processes running the learner's code (exec.CommandContext) and
// makes the command return; it then says in one line why it stopped.
// Without this, SIGTERM and SIGHUP killed the runner at once and its
// workers lived on, re-parented to init.

// stopSignals are the signals that stop a command cleanly.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// stopped is the cause of a context cancelled by a signal.
type stopped struct{ sig os.Signal }

func (s stopped) Error() string {
	switch s.sig {
	case os.Interrupt:
		return "interrupted (Ctrl-C)"
	case syscall.SIGHUP:
		return "the terminal hung up (SIGHUP)"
	case syscall.SIGTERM:
		return "stopped by SIGTERM"
	}
	return fmt.Sprintf("stopped by signal %v", s.sig)
}

// withSignals returns a context cancelled, with a stopped cause, by the
// first of stopSignals. After that first signal the signals have their
// default effect again, so a second Ctrl-C stops a runner that does not
// stop by itself. stop releases the signals.
func withSignals(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, stopSignals...)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			signal.Stop(ch)
			cancel(stopped{sig})
		case <-done:
		}
	}()
	return ctx, func() {
		close(done)
		signal.Stop(ch)
		cancel(nil)
	}
}

// stopReason says why ctx ended: the signal that stopped the command, or
// "interrupted" when it was cancelled some other way (a test, a caller).
// It returns "" while ctx is live.
func stopReason(ctx context.Context) string {
	if ctx.Err() == nil {
		return ""
	}
	var s stopped
	if errors.As(context.Cause(ctx), &s) {
		return s.Error()
	}
	return "interrupted"
}

// bySignal reports whether a signal ended ctx.
func bySignal(ctx context.Context) bool {
	var s stopped
	return ctx.Err() != nil && errors.As(context.Cause(ctx), &s)
}
