package worker

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"termlab/labs"
)

// Serve is the worker side: it answers one task for day (whose code:
// impl) by writing the envelope with the nonce, then the answer's JSON, to
// answer. It runs inside a worker program only.
func Serve(day labs.Day, kind, id string, impl labs.Impl, nonce string, answer io.Writer) error {
	debug.SetMaxStack(maxStack)
	var v any
	switch kind {
	case "part":
		useCourseStore()
		if impl == labs.Learner {
			askAcross(day)
		}
		v = fitPart(day.RunPart(impl, id))
	case "grade":
		n, err := strconv.Atoi(id)
		if err != nil {
			return fmt.Errorf("bad TODO number %q", id)
		}
		useGradedStore()
		answer = verdictFirst(nonce, answer)
		g := day.GradeTODO(impl, n)
		g.Detail, g.Hint, g.Where = clean(g.Detail), clean(g.Hint), clean(g.Where)
		if c := g.Counterexample; c != nil {
			c.Input, c.Got, c.Want = clean(c.Input), clean(c.Got), clean(c.Want)
		}
		v = g
	case PiecesKind: // some pieces of a part (pieces.go)
		useCourseStore()
		r, err := servePieces(day, id, impl)
		if err != nil {
			return err
		}
		v = r
	case PlayKind: // a playground session (play.go): many answers, one a line
		return servePlay(day, impl, nonce, answer)
	case CallsKind: // the learner's calls of a heavy part (calls.go)
		if impl != labs.Learner {
			return fmt.Errorf("only the learner's calls are answered")
		}
		if err := serveCalls(day); err != nil {
			return err
		}
		return callsDone(nonce, answer)
	default:
		return fmt.Errorf("unknown task %q", kind)
	}
	data, err := json.Marshal(v)
	if err == nil {
		_, err = answer.Write(append(envelope(nonce), data...))
	}
	if err != nil {
		// Marked, so the runner tells the worker's own failure from learner
		// code's prints (see deathFault).
		return fmt.Errorf("%s cannot answer: %w", workerMark, err)
	}
	return nil
}

// Unlinked is a worker program's whole answer when it was built without
// BuildTag (as `go test ./...` and `go vet ./...` build it): it holds no
// learner code, so it refuses every command, exit code 2, rather than
// report each TODO as unfinished.
func Unlinked() int {
	fmt.Fprintf(os.Stderr, "this worker was built without the learner's code: build it with -tags=%s (the runner does)\n", BuildTag)
	return 2
}

// linked is the days whose learner code this program links (Link).
var linked labs.Course

// Link adds a day whose learner code this program links: the generated
// link files (author/kit) call it from init, with the day built as the
// whole-days registry (labs/registry/full) builds it. A worker program knows only the days it links, so a
// worker built for one day (OneDayTag) links no other day's course either,
// and answers for no other.
func Link(day labs.Day) {
	i, _ := slices.BinarySearchFunc(linked, day.Number, func(d labs.Day, n int) int { return d.Number - n })
	linked = slices.Insert(linked, i, day)
}

// Linked is the days this program links, in order.
func Linked() labs.Course { return linked }

// Program is a worker program's whole main: Unlinked when it links no
// day's code (built without BuildTag), else Main for the days it links.
// A day's own commands (a door's server, a store's ping) come from its
// heavy packages, which the full worker's link files import.
func Program(args []string) int {
	if len(linked) == 0 {
		return Unlinked()
	}
	return Main(linked, args, nil)
}

// workerMark starts the message of a worker that could not write its answer.
const workerMark = "the worker"

// Main is a worker program's main: `_worker day part|pieces|grade id [reference]`
// answers one task on the answer pipe (fd 3), with the nonce read from
// standard input; other commands go to extra, by their first argument, then
// to the commands the linked days registered (labs.RegisterCommand). It
// returns the exit code: 0 answered, 1 failed, 2 usage.
func Main(days labs.Course, args []string, extra map[string]func(args []string) int) int {
	labs.Step("worker main %v", args)
	signalReady()
	if len(args) > 0 {
		if f, ok := extra[args[0]]; ok {
			return f(args)
		}
		// A day's own commands (its door, its store's ping), registered by
		// its heavy packages, which only the full worker links. The
		// learner's calls are answered across the call pipe when the runner
		// gave one (StartServeAsking).
		if f, ok := labs.Command(args[0]); ok {
			for _, d := range days {
				askAcross(d)
			}
			return f(args)
		}
	}
	if len(args) < 4 || len(args) > 5 || args[0] != Command {
		fmt.Fprintf(os.Stderr, "usage: termlab-worker %s day part|pieces|grade id [reference]\n", Command)
		return 2
	}
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(args[1]), "day"))
	if err != nil {
		fmt.Fprintf(os.Stderr, "%q is not a day number\n", args[1])
		return 2
	}
	day, err := days.Find(n)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	impl := labs.Learner
	if len(args) == 5 {
		if args[4] != string(labs.Reference) {
			fmt.Fprintf(os.Stderr, "%q: the only other code is %q\n", args[4], labs.Reference)
			return 2
		}
		impl = labs.Reference
	}
	answer := os.NewFile(answerFD, "answer")
	nonce := ReadNonce(os.Stdin)
	if nonce == "" {
		fmt.Fprintf(os.Stderr, "%s cannot answer: its %s\n", workerMark, stdinGone)
		return 1
	}
	if args[2] != PlayKind {
		// Past every package's init: the runner tells a worker stopped
		// before this line (an init that never returns) from one stopped
		// in a TODO by it (see loadedLine).
		answer.Write(loadedLine(nonce))
	}
	if err := Serve(day, args[2], args[3], impl, nonce, answer); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	answer.Close()
	return 0
}
