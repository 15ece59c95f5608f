package cli

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
	run  func(ctx context.Context, e Env) int
}

// plainLab runs the plain lab on day until q, the end of input or ctx.
// saves delivers a value on every change to the learner's folder (nil: the
// lab watches it itself).
func plainLab(ctx context.Context, e Env, day labs.Day, saves <-chan struct{}) int {
	lw := newLineWrapper(e.Stdout, plainWidth(e.Stdout))
	defer lw.flush()
	e.Stdout = lw
	if saves == nil {
		ch, stop, err := watch.Saves(filepath.Join(e.Root, filepath.FromSlash(day.LearnerDir)), watch.Code)
		if err != nil {
			fmt.Fprintf(e.Stdout, "Your folder cannot be watched (%v): type g and Enter to grade after a save.\n", err)
		} else {
			defer stop()
			saves = ch
		}
	}
	n := strconv.Itoa(day.Number)
	fmt.Fprintf(e.Stdout, "Day %d — %s. This terminal (TERM=dumb) cannot show the lab's screens, so the lab talks line by line.\n", day.Number, day.Title)
	fmt.Fprintf(e.Stdout, "Edit %s/todo.go and save: it is graded on every save.\n", day.LearnerDir)
	plainHelp(e.Stdout)

	lines := plainLines(ctx, e.Stdin)
	grade := plainJob{"grade", func(ctx context.Context, e Env) int { return cmdGrade(ctx, e, Args{Pos: []string{n}}) }}
	run := plainJob{"run", func(ctx context.Context, e Env) int { return cmdRun(ctx, e, Args{Pos: []string{n}}) }}
	// A first build's progress is told between the jobs' outputs, by
	// this loop, as it comes (buildlines.go).
	building := make(chan string, 16)
	tell := newBuildLines(func(s string) {
		select {
		case building <- s:
		default: // the loop is behind: the next line says more
		}
	}, time.Now)
	jobs := &plainJobs{ctx: labs.WithBuildTrace(ctx, tell.report), e: e, done: make(chan []byte, 1), cancel: func() {}}
	// Its workers die with it before the lab ends: wait for that.
	defer jobs.stop()
	var quiet <-chan time.Time
	jobs.start(grade)
	for {
		select {
		case <-ctx.Done():
			return ExitNotOK
		case out := <-jobs.done:
			jobs.finished(out)
		case l := <-building:
			fmt.Fprintln(e.Stdout, l)
		case _, ok := <-saves:
			if !ok {
				saves = nil
				continue
			}
			quiet = time.After(plainDebounce)
		case <-quiet:
			quiet = nil
			fmt.Fprintln(e.Stdout, "\nSaved.")
			jobs.start(grade)
		case l, ok := <-lines:
			if !ok {
				return ExitOK // the end of input: nothing more to ask
			}
			switch strings.ToLower(l) {
			case "q", "quit", "exit":
				return ExitOK
			case "g", "grade":
				jobs.start(grade)
			case "r", "run":
				jobs.start(run)
			case "":
			default:
				plainHelp(e.Stdout)
			}
		}
	}
}

// plainLines sends the learner's lines, trimmed, until the end of input or
// ctx: read aside, so that the lab heeds a save or a signal while no line
// comes.
func plainLines(ctx context.Context, stdin io.Reader) <-chan string {
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdin)
		for sc.Scan() {
			select {
			case lines <- strings.TrimSpace(sc.Text()):
			case <-ctx.Done():
				return
			}
		}
	}()
	return lines
}

// plainJobs runs the plain lab's jobs one at a time, each into a buffer
// printed whole once it ends (done), so that two outputs never interleave.
// What is asked for meanwhile waits in a queue, each job once; a save while
// a grade runs cancels that grade, whose output would be of old code.
type plainJobs struct {
	ctx  context.Context
	e    Env
	done chan []byte // the output of the job in flight, once it ends

	current    string     // the job in flight, "" when none
	cancel     func()     // ends the job in flight
	superseded bool       // its output is of code since saved over
	queue      []plainJob // what to do once it ends, each once
}

// start runs j now, or queues it behind the job in flight.
func (p *plainJobs) start(j plainJob) {
	if p.current != "" {
		if j.name == "grade" && p.current == "grade" {
			// A save while a grade runs: that grade is of old code.
			p.cancel()
			p.superseded = true
		}
		for _, q := range p.queue {
			if q.name == j.name {
				return
			}
		}
		p.queue = append(p.queue, j)
		return
	}
	p.current = j.name
	var jctx context.Context
	jctx, p.cancel = context.WithCancel(p.ctx)
	if j.name == "grade" {
		fmt.Fprintln(p.e.Stdout, "\nGrading…")
	} else {
		fmt.Fprintln(p.e.Stdout, "\nRunning the experiments…")
	}
	go func() {
		var buf bytes.Buffer
		je := p.e
		je.Stdin, je.Stdout, je.Stderr = strings.NewReader(""), &buf, &buf
		j.run(jctx, je)
		p.done <- buf.Bytes()
	}()
}

// finished prints the output of the job that ended, unless superseded, and
// starts the next in the queue.
func (p *plainJobs) finished(out []byte) {
	p.cancel()
	if !p.superseded {
		p.e.Stdout.Write(out)
	}
	p.current, p.superseded = "", false
	if len(p.queue) > 0 {
		j := p.queue[0]
		p.queue = p.queue[1:]
		p.start(j)
	}
}

// stop ends the job in flight and waits for it.
func (p *plainJobs) stop() {
	p.cancel()
	if p.current != "" {
		<-p.done
	}
}

func plainHelp(w io.Writer) {
	fmt.Fprintln(w, "Type g and Enter to grade now, r to run the experiments (predict first: go run . predict), q to quit.")
}

// plainDay is the day the plain lab opens: the one open when the lab last
// closed, else the one the day list names next.
func plainDay(e Env) labs.Day {
	st, _ := predictions.LoadLab(filepath.Join(e.Root, "predictions"))
	if d, err := course.Find(st.LastDay); err == nil && st.LastDay > 0 {
		return d
	}
	next, _ := e.nextDay()
	return next
}
