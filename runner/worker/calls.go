package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"termlab/labs"
)

// A heavy part of the learner's runs in two boxed processes: the full
// worker, which links the heavy packages (Redis, HTTP) but no learner code,
// so that it is built once per version of the course and a save never
// relinks it; and a lean worker, already built for the save, which answers
// the learner's functions the part calls across the call pipe
// (labs.CallPipe), each call under the guard every task of the learner's
// runs under. The part makes the same calls with the same arguments in the
// same order as in one process, and a fault on the lean side reads as the
// part's own (labs.RemoteFault).
//
// The runner makes the two pipes, hands each process its two ends after
// the answer pipe (callsFD, callsFD+1), starts both in their boxes, and
// stops the lean one once the part's process is gone (it sees its requests
// end and exits by itself; callsGrace later it is killed). A lean worker
// that dies on its own (its init, os.Exit, a stack overflow, its bound)
// is the part's fault, as the full worker's death was when it ran the
// learner's code itself.

// CallsKind is the lean worker's task that answers the learner's calls.
const CallsKind = "calls"

// callsEnv tells a full worker that its learner's calls of the day it
// names are answered on the call pipe (fds callsFD and callsFD+1).
const callsEnv = "TERMLAB_CALLS"

// callsFD is the first of the call pipe's two descriptors in either
// process (ExtraFiles[1]): the one it reads; the next is the one it writes.
const callsFD = answerFD + 1

// callsGrace is how long the lean worker has to see its requests end and
// exit once the part's process is gone.
const callsGrace = 2 * time.Second

// askCalls reports whether task t on bin is a heavy part of the learner's
// whose calls a lean worker answers: a learner's part on a program that is
// not the run's lean worker.
func (r *Runner) askCalls(bin string, t Task) bool {
	return r.calls != "" && bin != r.calls && t.Kind == "part" && t.Impl == labs.Learner
}

// runAsking runs b (the full worker's part) with a lean worker answering
// its learner's calls. It returns the lean worker's fault when that one
// failed on its own (b's then does not count: its calls found no one to
// answer them), else nil, and b holds the part's run.
func (r *Runner) runAsking(ctx context.Context, b *boxed, day labs.Day, bound time.Duration) *labs.Fault {
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return &labs.Fault{Status: labError, Detail: "cannot make the call pipe: " + err.Error()}
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		closeAll([]*os.File{reqR, reqW})
		return &labs.Fault{Status: labError, Detail: "cannot make the call pipe: " + err.Error()}
	}
	lean := &boxed{bin: r.calls, args: []string{Command, strconv.Itoa(day.Number), CallsKind, "0"},
		env: append([]string(nil), b.env...), confine: b.confine, nice: b.nice,
		extra: []*os.File{reqR, repW}}
	b.env = append(b.env, callsEnv+"="+strconv.Itoa(day.Number))
	b.extra = []*os.File{repR, reqW}
	leanCtx, stop := context.WithCancel(ctx)
	defer stop()
	done := make(chan struct{})
	go func() {
		defer close(done)
		lean.run(leanCtx, bound)
	}()
	b.run(ctx, bound)
	stopped := false
	select {
	case <-done:
	case <-time.After(callsGrace):
		stopped = true
		stop()
		<-done
	}
	if ctx.Err() != nil || stopped {
		return nil // killed by us: the part's process says what happened
	}
	var answered struct{}
	f := lean.fault(&answered, bound, day)
	if f != nil && f.Status == labs.Timeout && f.Detail != InitHang && b.timedOut {
		// Both stopped by their bounds: the part's own words say which
		// call was running.
		return nil
	}
	return f
}

// buildFull builds the full worker, or finds it built for this version of
// the course (key: the day's cache folder, named by every build input but
// the learners' files) by the stamp beside it, without running the go
// command: the full worker links no learner code, so no save changes it.
func (r *Runner) buildFull(ctx context.Context, key string) (string, error) {
	bin, err := r.binPath(true)
	if err != nil || key == "" {
		return r.BuildFull(ctx)
	}
	stamp := r.fullStamp(key)
	if old, err := os.ReadFile(bin + stampName); err == nil && string(old) == stamp && unrunnable(bin) == "" {
		return bin, nil
	}
	if bin, err = r.BuildFull(ctx); err != nil {
		return "", err
	}
	os.WriteFile(bin+stampName, []byte(stamp), 0o644)
	return bin, nil
}

// stampName is the suffix of the file beside the full worker that names
// the course version it was built for.
const stampName = ".course"

// fullStamp is what a full worker built for course key is built from: the
// course's files (key), the go command and the build's tags, and the
// environment the go command reads for a build.
func (r *Runner) fullStamp(key string) string {
	goCmd := r.Go
	if goCmd == "" {
		goCmd = "go"
	}
	stamp := fmt.Sprintf("%s\x00%s\x00%s", key, goCmd, r.tags())
	for _, v := range []string{"GOFLAGS", "GOOS", "GOARCH", "GOEXPERIMENT", "GOROOT", "GOTOOLCHAIN", "PATH"} {
		stamp += "\x00" + v + "=" + os.Getenv(v)
	}
	return stamp
}

// serveCalls is the lean worker's side: it answers the learner's calls on
// the call pipe until the part's process is gone.
func serveCalls(day labs.Day) error {
	if day.LearnerCalls == nil {
		return fmt.Errorf("day %d's heavy parts call none of the learner's functions", day.Number)
	}
	handlers, ok := day.LearnerCalls()
	if !ok {
		return fmt.Errorf("this worker does not link day %d's learner code", day.Number)
	}
	in, out := os.NewFile(callsFD, "calls"), os.NewFile(callsFD+1, "answers")
	defer in.Close()
	defer out.Close()
	return labs.ServeCalls(in, out, handlers, day.LearnerDir)
}

// askAcross is the full worker's side: the learner's functions of day, in
// this process, become those answered on the call pipe, when the runner
// gave it one (callsEnv). For a task of the learner's only.
func askAcross(day labs.Day) {
	if os.Getenv(callsEnv) != strconv.Itoa(day.Number) || day.CallAcross == nil {
		return
	}
	os.Unsetenv(callsEnv)
	day.CallAcross(labs.NewCallPipe(os.NewFile(callsFD, "answers"), os.NewFile(callsFD+1, "calls")))
}

// callsDone is the lean worker's answer once the calls end: nothing but
// that it got there.
func callsDone(nonce string, answer io.Writer) error {
	data, _ := json.Marshal(struct{}{})
	_, err := answer.Write(append(envelope(nonce), data...))
	return err
}
