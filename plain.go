package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/watch"
)

// The plain lab: what `go run .` gives a terminal that cannot address its
// cursor or switch screens (TERM=dumb: an editor's shell buffer, a serial
// console). The screens would leave such a terminal full of escape codes,
// so it gets one line after another instead: the day's TODOs graded at
// once and again on every save of the learner's folder, the experiments on
// request. Each command's output is printed whole once it ends, so two
// never interleave.

// dumbTerminal reports whether TERM names a terminal without cursor
// addressing.
func dumbTerminal(getenv func(string) string) bool {
	return getenv("TERM") == "dumb"
}

// plainDebounce is how long a burst of writes (an editor's save is often
// several) must be quiet before the lab grades.
const plainDebounce = 150 * time.Millisecond

// plainJob is one command the plain lab runs for the learner.
type plainJob struct {
	name string // "grade" or "run"
	run  func(ctx context.Context, e env) int
}

// plainLab runs the plain lab on day until q, the end of input or ctx.
// saves delivers a value on every change to the learner's folder (nil: the
// lab watches it itself).
func plainLab(ctx context.Context, e env, day labs.Day, saves <-chan struct{}) int {
	if saves == nil {
		ch, stop, err := watch.Saves(filepath.Join(e.root, filepath.FromSlash(day.LearnerDir)), watch.Code)
		if err != nil {
			fmt.Fprintf(e.stdout, "Your folder cannot be watched (%v): type g and Enter to grade after a save.\n", err)
		} else {
			defer stop()
			saves = ch
		}
	}
	n := strconv.Itoa(day.Number)
	fmt.Fprintf(e.stdout, "Day %d — %s. This terminal (TERM=dumb) cannot show the lab's screens, so the lab talks line by line.\n", day.Number, day.Title)
	fmt.Fprintf(e.stdout, "Edit %s/todo.go and save: it is graded on every save.\n", day.LearnerDir)
	plainHelp(e.stdout)

	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(e.stdin)
		for sc.Scan() {
			select {
			case lines <- strings.TrimSpace(sc.Text()):
			case <-ctx.Done():
				return
			}
		}
	}()
	grade := plainJob{"grade", func(ctx context.Context, e env) int { return cmdGrade(ctx, e, args{pos: []string{n}}) }}
	run := plainJob{"run", func(ctx context.Context, e env) int { return cmdRun(ctx, e, args{pos: []string{n}}) }}

	done := make(chan []byte, 1)
	var (
		current    string      // the job in flight, "" when none
		cancel     = func() {} // ends the job in flight
		superseded bool        // its output is of code since saved over
		queue      []plainJob  // what to do once it ends, each once
	)
	defer func() {
		// Its workers die with it before the lab ends: wait for that.
		cancel()
		if current != "" {
			<-done
		}
	}()
	start := func(j plainJob) {
		if current != "" {
			if j.name == "grade" && current == "grade" {
				// A save while a grade runs: that grade is of old code.
				cancel()
				superseded = true
			}
			for _, q := range queue {
				if q.name == j.name {
					return
				}
			}
			queue = append(queue, j)
			return
		}
		current = j.name
		var jctx context.Context
		jctx, cancel = context.WithCancel(ctx)
		if j.name == "grade" {
			fmt.Fprintln(e.stdout, "\nGrading…")
		} else {
			fmt.Fprintln(e.stdout, "\nRunning the experiments…")
		}
		go func() {
			var buf bytes.Buffer
			je := e
			je.stdin, je.stdout, je.stderr = strings.NewReader(""), &buf, &buf
			j.run(jctx, je)
			done <- buf.Bytes()
		}()
	}
	var quiet <-chan time.Time
	start(grade)
	for {
		select {
		case <-ctx.Done():
			return exitNotOK
		case out := <-done:
			cancel()
			if !superseded {
				e.stdout.Write(out)
			}
			current, superseded = "", false
			if len(queue) > 0 {
				j := queue[0]
				queue = queue[1:]
				start(j)
			}
		case _, ok := <-saves:
			if !ok {
				saves = nil
				continue
			}
			quiet = time.After(plainDebounce)
		case <-quiet:
			quiet = nil
			fmt.Fprintln(e.stdout, "\nSaved.")
			start(grade)
		case l, ok := <-lines:
			if !ok {
				return exitOK // the end of input: nothing more to ask
			}
			switch strings.ToLower(l) {
			case "q", "quit", "exit":
				return exitOK
			case "g", "grade":
				start(grade)
			case "r", "run":
				start(run)
			case "":
			default:
				plainHelp(e.stdout)
			}
		}
	}
}

func plainHelp(w io.Writer) {
	fmt.Fprintln(w, "Type g and Enter to grade now, r to run the experiments (predict first: go run . predict), q to quit.")
}

// plainDay is the day the plain lab opens: the one open when the lab last
// closed, else the newest.
func plainDay(root string) labs.Day {
	st, _ := predictions.LoadLab(filepath.Join(root, "predictions"))
	if d, err := course.Find(st.LastDay); err == nil && st.LastDay > 0 {
		return d
	}
	return course[len(course)-1]
}
