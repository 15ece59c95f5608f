package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	day45 "termlab/labs/day45/course"
	"termlab/labs/worker"
	solutions45 "termlab/solutions/day45"
)

// `serve 45`: Day 45's door (labs/day45/course/polite.go) as a real HTTP
// server on loopback, for curl. With --solutions it serves in this process
// with the reference TakeToken. Otherwise the learner's TakeToken is needed,
// and this binary never links the learner's code: it builds the worker
// program (worker.WorkerMain) into a file of its own and runs its _serve
// command, passing its output and signals through.

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
	if a.has("solutions") {
		if err := day45.Serve(ctx, solutions45.Funcs, "the reference TakeToken", addr, e.stdout); err != nil {
			fmt.Fprintln(e.stderr, "termlab:", err)
			return exitNotOK
		}
		return exitOK
	}
	// A file of its own, beside the runner's worker, so that a rebuild of
	// the worker on a save never replaces the server while it runs.
	bin, err := worker.CachedBin(e.root, "serve")
	if err != nil {
		fmt.Fprintln(e.stderr, "termlab:", err)
		return exitNotOK
	}
	r := worker.Runner{Root: e.root, Bin: bin}
	if bin, err = r.Build(ctx); err != nil {
		return e.buildFailed(day, err, false)
	}
	return runServer(ctx, e, bin, addr)
}

// runServer runs the built worker's _serve command until it exits and returns its
// exit code. When ctx ends (Ctrl-C, SIGTERM) the program is asked to stop
// with SIGINT and given time to close its connections.
func runServer(ctx context.Context, e env, bin, addr string) int {
	cmd := exec.Command(bin, day45.ServeCommand, "--addr="+addr)
	cmd.Dir, cmd.Stdout, cmd.Stderr = e.root, e.stdout, e.stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(e.stderr, "termlab: cannot start the server:", err)
		return exitNotOK
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-ctx.Done():
		cmd.Process.Signal(os.Interrupt)
		err = <-done
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &exit) && exit.ExitCode() > 0:
		return exit.ExitCode()
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
			if err := day45.PingRedis(url); err != nil {
				return usageError(e.stderr, err.Error())
			}
			os.Setenv(day45.RedisEnv, url)
		}
		return run(ctx, e, a)
	}
}
