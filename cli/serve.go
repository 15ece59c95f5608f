package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"termlab/labs"
	"termlab/runner/worker"
)

// `serve N`: a day's door (labs.Day.Door) as a real HTTP server on
// loopback, for curl. This binary links neither the learner's code nor an
// HTTP server: it builds the day's full worker (worker.FullMain, that day
// alone) into a file of its own and runs the door's command in the worker's
// box (worker.StartServe: process group, memory bound, a bound on the
// learner's init), passing its output through; --solutions serves the
// reference.
func cmdServe(ctx context.Context, e Env, a Args) int {
	var day labs.Day
	if len(a.Pos) == 0 {
		// `serve` alone means the newest day with a door, whichever day is
		// the newest.
		for _, d := range course {
			if d.Door != nil {
				day = d
			}
		}
		if day.Door == nil {
			return UsageError(e.Stderr, "no day of this course has a door to serve")
		}
	} else {
		var err error
		if day, err = dayArg(a, false); err != nil {
			return UsageError(e.Stderr, err.Error())
		}
	}
	if day.Door == nil {
		return UsageError(e.Stderr, fmt.Sprintf("day %d has nothing to serve (%s)", day.Number, doorDays()))
	}
	addr := day.Door.Addr
	if a.Has("addr") {
		addr = a.Flags["addr"]
	}
	if err := checkAddr(addr, day.Door.Addr); err != nil {
		return UsageError(e.Stderr, err.Error())
	}
	// A file of its own, beside the runner's workers, so that a rebuild of
	// the worker on a save never replaces the server while it runs.
	bin, err := worker.CachedBin(e.Root, "serve")
	if err != nil {
		fmt.Fprintln(e.Stderr, "termlab:", err)
		return ExitNotOK
	}
	r := worker.Runner{Root: e.Root, FullBin: bin, Day: day.Number}
	args := []string{day.Door.Command, "--addr=" + addr}
	if a.Has("solutions") {
		// The reference's door comes from the reference program (built with
		// the shipped stubs, beside the server's own file): it serves while
		// the learner's file does not compile.
		if bin, err = r.ReferenceBuildFull(ctx, day); err != nil {
			fmt.Fprintln(e.Stderr, "termlab:", err)
			return ExitNotOK
		}
		args = append(args, "--reference")
		return runServer(ctx, e, bin, "", 0, args)
	}
	if bin, err = r.BuildFull(ctx); err != nil {
		return e.BuildFailed(ctx, day, err, false)
	}
	// The full worker links no learner code: the lean worker answers the
	// door's calls of the learner's functions (worker.StartServeAsking).
	lean, err := r.Build(ctx)
	if err != nil {
		return e.BuildFailed(ctx, day, err, false)
	}
	return runServer(ctx, e, bin, lean, day.Number, args)
}

// doorDays says which days serve: "serve is Day 45's", or a list.
func doorDays() string {
	var ns []string
	for _, d := range course {
		if d.Door != nil {
			ns = append(ns, strconv.Itoa(d.Number))
		}
	}
	switch len(ns) {
	case 0:
		return "no day of this course has one"
	case 1:
		return "serve is Day " + ns[0] + "'s"
	}
	return "the days that serve: " + strings.Join(ns, ", ")
}

// checkAddr refuses an --addr that serve cannot listen on, before anything
// is built: not host:port, a port that is not a number from 1 to 65535
// (the kernel's own error for 99999 would come only after the build), or a
// host that is not this machine. example is the door's own address.
func checkAddr(addr, example string) error {
	host, port, err := labs.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %q: give a loopback address and a port, such as %s", addr, example)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("--addr %q: the port must be a number from 1 to 65535, such as %s", addr, example)
	}
	if !labs.IsLoopback(addr) {
		return fmt.Errorf("--addr %q: %q is not this machine; give a loopback address, such as %s (the lab serves this machine only)", addr, host, example)
	}
	return nil
}

// startLimit bounds how long the learner's package may take to initialise
// before serve gives up on it: worker.StartupLimit, or worker.LimitEnv's
// bound when that is set, as it is for the workers (tests set it short).
func startLimit() time.Duration {
	if d, err := time.ParseDuration(os.Getenv(worker.LimitEnv)); err == nil && d > 0 {
		return d
	}
	return worker.StartupLimit
}

// runServer runs the built worker's _serve command in the worker's box until
// it exits and returns its exit code. When ctx ends (Ctrl-C, SIGTERM,
// SIGHUP) the program is asked to stop with SIGINT and given time to close
// its connections, then its whole group is killed.
func runServer(ctx context.Context, e Env, bin, lean string, day int, args []string) int {
	srv, err := worker.StartServeAsking(ctx, bin, lean, day, args, e.Stdout, e.Stderr, startLimit())
	if err != nil {
		if ctx.Err() != nil {
			return e.SayStopped(ctx, "the server was stopped before it started.")
		}
		fmt.Fprintln(e.Stderr, "termlab: cannot start the server:", err)
		return ExitNotOK
	}
	err = srv.Wait()
	var exit *exec.ExitError
	switch {
	case bySignal(ctx):
		// Stopped by Ctrl-C, SIGTERM or a closed terminal: as every
		// command does, say which in one line and exit 1 (the README's
		// promise), even though the server shut down cleanly.
		return e.SayStopped(ctx, "the server is shut down; nothing was saved.")
	case err == nil:
		return ExitOK
	case errors.As(err, &exit) && exit.ExitCode() > 0:
		return exit.ExitCode()
	case ctx.Err() != nil:
		return ExitOK // stopped as asked
	}
	fmt.Fprintln(e.Stderr, "termlab: the server stopped:", err)
	return ExitNotOK
}

// withRedis gives a command the --redis=URL flag: the URL is pinged first
// (a Redis that does not answer is a usage error), then handed to the
// experiments, and to the worker processes, which inherit the environment,
// through each day's store variable (labs.Day.Store: TERMLAB_REDIS).
// Without the flag the experiments start an embedded Redis of their own.
func withRedis(run func(context.Context, Env, Args) int) func(context.Context, Env, Args) int {
	return func(ctx context.Context, e Env, a Args) int {
		if a.Has("redis") {
			url := a.Flags["redis"]
			if url == "" {
				return UsageError(e.Stderr, "--redis needs the server's address, such as --redis=redis://127.0.0.1:6379/0")
			}
			for _, day := range course {
				if day.Store == nil {
					continue
				}
				// The lab's own binary has no Redis client: the day's full
				// worker, which the run needs anyway, pings.
				r := worker.Runner{Root: e.Root, Day: day.Number}
				code, why, err := r.Tool(ctx, day.Store.Ping, url)
				if err != nil {
					return e.BuildFailed(ctx, day, err, false)
				}
				if code != 0 {
					return UsageError(e.Stderr, why)
				}
				os.Setenv(day.Store.Env, url)
			}
		}
		return run(ctx, e, a)
	}
}
