//go:build unix

// Command savetime measures the lab's save loop the way issue 46's table
// does: the real lab on its real screens in tmux at 80×24, a save of the
// learner's file, and the time until the screen shows it; beside it, in
// turn and in the same run, the floor (testrun.Floor: a one-function Go
// package written, built and run, as a compiled-Go exercise runner does
// after a save). Every figure is also given as a ratio to the floor's
// median, which a machine's speed does not change.
//
//	.ci/savetime [-day 45|46] [-n 8] [-burn]
//
// It makes a throwaway copy of the module (worker.CopyLab: never the
// repository's labs/dayNN, the learner's files are theirs), writes the
// reference solutions into the copy's learner file (testrun.LoopSave, the
// same saves as the SaveToScreen benchmarks), builds the lab once, and
// runs it with a cache folder of its own (XDG_CACHE_HOME in the temporary
// folder; Go's build cache is the user's, as a learner's would be, so a
// save costs what it costs one whose dependencies are compiled). The lab
// runs in a tmux server of its own (tmux -L savetime-PID), opened on the
// day's TODOs screen; the first run (the day's first build, minutes with a
// cold Go build cache) is waited out and not measured.
//
// Each round builds and runs the floor, then saves: TODO 1 flips between
// the reference body and a wrong one (✓ pass ↔ ✗ fail), every other TODO
// passing, each save's code new to the build cache. From the moment the
// file is written, the screen is captured (capture-pane -p through a
// control-mode client, every -poll) and read (pane.go) for three times:
//
//   - verdict: the first capture in which TODO 1's row shows the new
//     verdict and the header's count ("TODOs · N of M passing") and the
//     status line's ("N/M TODOs pass") agree with it: the issue's "save →
//     TODO row, header and status show the verdict" (with -burn), and its
//     "save → updated screen, quiet machine" as the SaveToScreen
//     benchmarks measure it (their ms/save; without -burn);
//   - over: the first capture after that whose header has no "grading…":
//     the save's run is over, every part in (the issue's "save →
//     'grading…' gone");
//   - still: the screen no longer changing: the time of the last capture
//     that differed from the one before it, once the screen has then
//     stayed the same for -quiet after "grading…" went.
//
// A time is when tmux's answer to the capture arrived: at most one -poll
// (5 ms) plus a capture's round trip after the screen changed. The next
// round starts once the screen is still, so each save starts from a lab
// at rest and the floor never shares the CPU with the lab's builds. With
// -burn a CPU-bound process of its own (testrun.BurnCommand) spins beside
// the rounds, floor and saves alike, and the CPU it got is printed.
//
// With -trace FILE it also has the lab, its builds and its workers write
// their steps (labs.Step: the watcher's event, the run's start, each
// compile and the link, each worker's start, main and answer, the screen's
// update and frame) to FILE.steps beside its own (each save written, each
// verdict seen), and prints the median of each stretch from the save to
// the verdict on screen (steps.go).
//
// It prints each round, then for each row the median, fastest and slowest,
// the median as a ratio to the floor's median ("÷ floor", the issue's
// figures), and the median of each round's ratio to its own floor ("per
// round", steadier when the load moves between rounds); the load average
// before and after the rounds, and what the measuring itself cost in CPU
// (this program and the tmux server). On a shared machine the ratios are
// the figures, the milliseconds are not.
//
// Everything it starts ends with it, on an error or a signal (SIGINT,
// SIGTERM, SIGHUP) too: the tmux server on its socket (and the lab's
// process group), the burner, the temporary folder (-keep leaves the
// folder). Only a SIGKILL leaves the tmux server (tmux -L savetime-PID
// kill-server ends it; the burner dies with this program on Linux). It is
// a measuring tool, not part of .ci/run.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// config is the command line.
type config struct {
	day         int
	rounds      int
	burn        bool
	w, h        int
	poll, quiet time.Duration
	limit       time.Duration // the longest a save may take to settle
	first       time.Duration // the longest the first run may take
	keep        bool
	trace       string
}

func main() {
	var c config
	var size string
	flag.IntVar(&c.day, "day", 46, "the day: 45 or 46")
	flag.IntVar(&c.rounds, "n", 8, "rounds (saves, each with the floor before it)")
	flag.BoolVar(&c.burn, "burn", false, "a CPU-bound process of its own beside the rounds")
	flag.StringVar(&size, "size", "80x24", "the terminal, COLUMNSxROWS")
	flag.DurationVar(&c.poll, "poll", 5*time.Millisecond, "how often the screen is captured")
	flag.DurationVar(&c.quiet, "quiet", 2*time.Second, "how long the screen must stay the same to count as still")
	flag.DurationVar(&c.limit, "limit", 5*time.Minute, "the longest one save may take to settle")
	flag.DurationVar(&c.first, "first", 20*time.Minute, "the longest the first run (the day's first build) may take")
	flag.BoolVar(&c.keep, "keep", false, "keep the temporary folder (the copy, its cache, the floor)")
	flag.StringVar(&c.trace, "trace", "", "write every distinct capture, stamped, to this file, the lab's steps to FILE.steps, and print where the verdict's time went")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: savetime [-day 45|46] [-n 8] [-burn] [flags]\n\nThe save loop in tmux against the floor (see go doc ./author/savetime).")
		flag.PrintDefaults()
	}
	flag.Parse()
	if _, err := fmt.Sscanf(size, "%dx%d", &c.w, &c.h); err != nil || c.w < 20 || c.h < 8 {
		fmt.Fprintf(os.Stderr, "savetime: -size %q: want COLUMNSxROWS, at least 20x8\n", size)
		os.Exit(2)
	}
	if flag.NArg() > 0 || c.rounds < 1 || c.poll <= 0 || c.quiet <= 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	err := run(ctx, c, os.Stdout)
	signalled := ctx.Err() != nil
	stop()
	switch {
	case err != nil && signalled:
		fmt.Fprintln(os.Stderr, "savetime: stopped by a signal; what it started is gone")
		os.Exit(130)
	case err != nil:
		fmt.Fprintln(os.Stderr, "savetime:", err)
		os.Exit(1)
	}
}
