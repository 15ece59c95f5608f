package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"termlab/labs"
	day45 "termlab/labs/day45/course"
	"termlab/labs/worker"
)

// `serve 45`: Day 45's door (labs/day45/course/door) as a real HTTP server
// on loopback, for curl. This binary links neither the learner's code nor an
// HTTP server: it builds the full worker (worker.FullMain) into a file of its
// own and runs its _serve command in the worker's box
// (worker.StartServe: process group, memory bound, a bound on the learner's
// init), passing its output through; --solutions serves the reference.

func cmdServe(ctx context.Context, e env, a args) int {
	day, err := dayArg(a, false)
	if err != nil {
		return usageError(e.stderr, err.Error())
	}
	if day.Number != 45 {
		return usageError(e.stderr, fmt.Sprintf("day %d has nothing to serve (serve is Day 45's)", day.Number))
	}
	addr := day45.ServeAddr
	if a.has("addr") {
		addr = a.flags["addr"]
	}
	if !day45.IsLoopback(addr) {
		return usageError(e.stderr, fmt.Sprintf("--addr=%s: give a loopback address and a port, such as 127.0.0.1:8045 (the lab serves this machine only)", addr))
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM)
	defer stop()
	// A file of its own, beside the runner's workers, so that a rebuild of
	// the worker on a save never replaces the server while it runs.
	bin, err := worker.CachedBin(e.root, "serve")
	if err != nil {
		fmt.Fprintln(e.stderr, "termlab:", err)
		return exitNotOK
	}
	r := worker.Runner{Root: e.root, FullBin: bin}
	if bin, err = r.BuildFull(ctx); err != nil {
		return e.buildFailed(day, err, false)
	}
	args := []string{day45.ServeCommand, "--addr=" + addr}
	if a.has("solutions") {
		args = append(args, "--reference")
	}
	return runServer(ctx, e, bin, args)
}

// runServer runs the built worker's _serve command until it exits and
// returns its exit code. When ctx ends (Ctrl-C, SIGTERM) the program is
// asked to stop with SIGINT and given time to close its connections.
func runServer(ctx context.Context, e env, bin string, args []string) int {
	srv, err := worker.StartServe(ctx, bin, args, e.stdout, e.stderr, 0)
	if err != nil {
		fmt.Fprintln(e.stderr, "termlab: cannot start the server:", err)
		return exitNotOK
	}
	err = srv.Wait()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &exit) && exit.ExitCode() > 0:
		return exit.ExitCode()
	case ctx.Err() != nil:
		return exitOK // stopped as asked
	}
	fmt.Fprintln(e.stderr, "termlab: the server stopped:", err)
	return exitNotOK
}

// withRedis gives a command the --redis=URL flag: the URL is pinged first
// (a Redis that does not answer is a usage error), then handed to the
// experiments, and to the worker processes, which inherit the environment,
// through TERMLAB_REDIS. Without the flag the experiments start an embedded
// Redis of their own.
func withRedis(run func(context.Context, env, args) int) func(context.Context, env, args) int {
	return func(ctx context.Context, e env, a args) int {
		if a.has("redis") {
			url := a.flags["redis"]
			if url == "" {
				return usageError(e.stderr, "--redis needs the server's address, such as --redis=redis://127.0.0.1:6379/0")
			}
			// The lab's own binary has no Redis client: the full worker,
			// which the run needs anyway, pings.
			r := worker.Runner{Root: e.root}
			code, why, err := r.Tool(ctx, day45.PingCommand, url)
			if err != nil {
				return e.buildFailed(labs.Day{Number: 45}, err, false)
			}
			if code != 0 {
				return usageError(e.stderr, why)
			}
			os.Setenv(day45.RedisEnv, url)
		}
		return run(ctx, e, a)
	}
}
