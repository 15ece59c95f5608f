// Command reference prints a day's reference figures, for the course's
// authors: SPOILERS, every prediction's answer. Run it from the module root:
//
//	go run ./author/reference 46
//
// It plays the reference as the lab does when it judges a guess (the
// reference programs of runner/worker, every part, the heavy ones
// included, kept in the lab's cache folder once played), and prints the
// rows of the day's course/REFERENCE.md with their figures, the metrics no
// row lists, and each prediction's answer (kit.ReferenceTable). Nothing is
// written down: REFERENCE.md holds no figure, only each row's pin, which
// the day's test holds to the run. It is no command of the lab's: the
// lab's own command line shows a figure only through the learner's
// session, once its guess is in or burned (record/session).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"

	"termlab/author/kit"
	"termlab/labs"
	"termlab/labs/registry/full"
	"termlab/runner/worker"
)

const usage = "usage: go run ./author/reference NN   (from the module root; prints day NN's reference figures: spoilers)"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, ".", os.Args[1:], os.Stdout, play)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "reference:", err)
		os.Exit(1)
	}
}

// play is the reference run of day, as the lab judges guesses against it.
func play(ctx context.Context, root string, day labs.Day) (labs.Outcome, error) {
	r := worker.Runner{Root: root, PartsOnly: true}
	return r.Reference(ctx, day)
}

// run prints day args[0]'s table to w, its figures from play.
func run(ctx context.Context, root string, args []string, w io.Writer, play func(context.Context, string, labs.Day) (labs.Outcome, error)) error {
	if len(args) != 1 {
		return errors.New(usage)
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return fmt.Errorf("%q is not a day number\n%s", args[0], usage)
	}
	day, err := full.Days.Find(n)
	if err != nil {
		return err
	}
	path := filepath.Join(root, filepath.FromSlash(day.LearnerDir), "course", "REFERENCE.md")
	var ref kit.Reference
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist): // every metric is then in no row
	case err != nil:
		return err
	default:
		if ref, err = kit.ReadReference(string(b)); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	o, err := play(ctx, root, day)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, kit.ReferenceTable(day, o, ref))
	return err
}
