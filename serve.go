package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"time"

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
	if len(a.pos) == 0 {
		// Only Day 45 serves: `serve` alone means it, whichever day is
		// the newest.
		a.pos = []string{"45"}
	}
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
	if err := checkAddr(addr); err != nil {
		return usageError(e.stderr, err.Error())
	}
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
		return e.buildFailed(ctx, day, err, false)
	}
	return runServer(ctx, e, bin, addr)
}

// checkAddr refuses an --addr that serve cannot listen on, before anything
// is built: not host:port, a port that is not a number from 1 to 65535
// (the kernel's own error for 99999 would come only after the build), or a
// host that is not this machine.
func checkAddr(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %q: give a loopback address and a port, such as %s", addr, day45.ServeAddr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("--addr %q: the port must be a number from 1 to 65535, such as %s", addr, day45.ServeAddr)
	}
	if !day45.IsLoopback(addr) {
		return fmt.Errorf("--addr %q: %q is not this machine; give a loopback address, such as %s (the lab serves this machine only)", addr, host, day45.ServeAddr)
	}
	return nil
}

// serveStartLimit bounds how long the serve program may take to listen:
// the learner's package initialises first, and an init that never returns
// would otherwise leave serve waiting without a word. worker.LimitEnv
// overrides it, as it does the workers' bound.
const serveStartLimit = 15 * time.Second

func startLimit() time.Duration {
	if d, err := time.ParseDuration(os.Getenv(worker.LimitEnv)); err == nil && d > 0 {
		return d
	}
	return serveStartLimit
}

// serveStopGrace is how long the serve program has to close its
// connections after it is asked to stop (it gives itself 3 s).
const serveStopGrace = 5 * time.Second

// runServer runs the built worker's _serve command until it exits and
// returns its exit code. The program runs in a process group of its own,
// which is killed whole on every way out: when it does not listen within
// startLimit, and when ctx ends (Ctrl-C, SIGTERM, SIGHUP), after it has been
// asked to stop with SIGINT and given serveStopGrace to close its
// connections. On Linux it also dies with this process (parent-death
// signal), should this one be killed outright.
func runServer(ctx context.Context, e env, bin, addr string) int {
	cmd := exec.Command(bin, day45.ServeCommand, "--addr="+addr)
	cmd.Dir, cmd.Stdout, cmd.Stderr = e.root, e.stdout, e.stderr
	boxProcess(cmd)
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(e.stderr, "termlab: cannot start the server:", err)
		return exitNotOK
	}
	defer killGroup(cmd)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()

	limit := startLimit()
	up := make(chan struct{})
	go func() {
		// Ready is when something answers on addr while the program runs;
		// should another program hold the port, ours exits with the bind
		// error, which comes through done.
		deadline := time.Now().Add(limit)
		for time.Now().Before(deadline) && ctx.Err() == nil {
			if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
				c.Close()
				close(up)
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case err := <-done:
		return serverExit(e, err)
	case <-timer.C:
		fmt.Fprintf(e.stderr, "termlab: the server did not start listening on %s within %v: does an init function or package variable in your code never finish? It was stopped.\n", addr, limit)
		killGroup(cmd)
		<-done
		return exitNotOK
	case <-up:
		select {
		case err := <-done:
			return serverExit(e, err)
		case <-ctx.Done():
		}
	case <-ctx.Done():
	}
	// Asked to stop, ready or not: as Ctrl-C would, then by force.
	interruptGroup(cmd)
	var err error
	select {
	case err = <-done:
	case <-time.After(serveStopGrace):
		killGroup(cmd)
		err = <-done
	}
	if err == nil {
		return exitOK // it closed its connections and said "stopped."
	}
	return e.sayStopped(ctx, "the server was stopped.")
}

// serverExit turns the serve program's end into serve's exit code.
func serverExit(e env, err error) int {
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
