package worker

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"termlab/labs"
)

// The box every worker process runs in. It is a teaching lab's box, not a
// sandbox: it keeps a runaway TODO from hurting the learner's machine or
// notes by accident, and from forging a pass by writing a file it can see;
// code that sets out to escape a process it runs in can.
//
//   - its own process group, killed whole (kill(-pgid, SIGKILL)) on every
//     way out: an answer, a crash, the time bound, a cancelled context;
//   - on Linux, a parent-death signal (SIGKILL), so a runner killed with -9
//     does not leave it running. The kernel sends it when the OS thread
//     that forked the child exits, not the process; the goroutine that
//     starts and waits for the child is locked to its thread
//     (runtime.LockOSThread) so the Go scheduler cannot retire that thread
//     while the child runs;
//   - a memory bound (MemoryEnv, default 1024 MB) by the OS: RLIMIT_AS,
//     set by `sh -c 'ulimit -v …; exec worker …'` in the child before the
//     worker's code runs. The worker cannot set it itself: the learner's
//     package initialises before any code of the worker's runs, and an
//     init that grows a slice without end would already be past any bound
//     main could set. Where sh or ulimit -v is missing (not Linux) there is
//     no OS bound, only the time bound;
//   - a scratch working directory, a fresh temporary folder removed after,
//     so learner code's relative paths never reach the repository;
//   - every process it leaves behind killed with it: each box's processes
//     carry a mark in their environment (boxEnv), and once the worker is
//     gone every process still wearing the mark is killed, wherever it
//     went (a session of its own, a group of its own, deaf to TERM and
//     HUP). On Linux the runner is also a child subreaper, so a process
//     that wipes its environment too is adopted by the runner when its
//     worker exits, and killed there as a stray (killAdopted); and when the
//     bound kills a worker, its descendants are killed by the parent links;
//   - its answer over an inherited pipe (fd 3), not a file with a name, and
//     read with a bound (maxAnswer) and a deadline: the worker's own end
//     is close-on-exec before learner code runs (runner/boxinit), and once
//     the worker is gone the runner reads what is in the pipe and stops,
//     so a process holding a copy of the pipe cannot keep it waiting.
//     Each answer carries a nonce the runner gives the worker on standard
//     input. Learner code runs in the same
//     process and could read that input before the worker does (in an
//     init): that residual risk is the price of running the learner's code
//     at all, and the lab says so (docs/ARCHITECTURE.md, "The box", and
//     docs/STAFF.md for code graded on someone else's behalf).

// MemoryEnv overrides the memory bound of a worker process, in MB.
const MemoryEnv = "TERMLAB_WORKER_MEMORY_MB"

// memoryMB is the default bound: the reference uses some 30 MB; a learner's
// correct code has no reason to come near this.
const memoryMB = 1024

// maxAnswer bounds what the runner reads from a worker: the largest honest
// answer (a part with its figures) is some tens of kB.
const maxAnswer = 4 << 20

// answerFD is the worker's end of the answer pipe: ExtraFiles[0].
const answerFD = 3

// boxEnv marks every process of one box (its value is the box's own id, not
// the nonce): inherited by whatever the worker starts, found by killStrays.
const boxEnv = "TERMLAB_BOX"

// answerGrace is how long the runner still reads the answer pipe once the
// worker has exited: what it wrote is already in the pipe, so this only
// has to outlast a busy scheduler.
const answerGrace = time.Second

func memoryLimit() int {
	if n, err := strconv.Atoi(os.Getenv(MemoryEnv)); err == nil && n > 0 {
		return n
	}
	return memoryMB
}

// boxed is one worker process: its command line, and what came back.
type boxed struct {
	bin  string
	args []string
	env  []string // added to the runner's environment
	// confine: a cleaned environment and no network (confine.go).
	confine bool

	answer   []byte // the worker's answer, without the envelope
	tooBig   bool   // the worker tried to say more than maxAnswer
	stderr   tail
	prints   *prints // the learner's output, when kept (prints.go)
	runErr   error
	timedOut bool
	// loaded: the worker said it got past the learner's package's init
	// (loadedLine).
	loaded bool
	// cpu is set when bound was counted in the worker's CPU time (where
	// /proc can tell it); spent says what stopped it then ("cpu": it used
	// that time; "idle": it stopped running; "starved": the machine gave
	// it no CPU; see labs.CPUBound).
	cpu    bool
	spent  string
	labErr error // the program could not be started at all (see LabError)
	// early, when set, is called (once, from the reading goroutine) when
	// a grade worker says a check failed before it answers (verdict.go).
	early func()
	// extra are more files the worker gets after the answer pipe (fd 4
	// on): the call pipe's ends (calls.go). The runner's copies are
	// closed once the worker runs, so that the worker's end is the only
	// one; run closes them however it ends.
	extra []*os.File
	// nice runs the worker at a lower priority: a part beside a grade
	// (tasks).
	nice bool
}

// envelope starts every answer: the runner knows the nonce, the learner's
// code (which cannot read the runner's memory) normally does not.
func envelope(nonce string) []byte { return []byte("termlab-answer " + nonce + "\n") }

// loadedLine is what a worker writes on the answer pipe once its main runs,
// before its task: a worker stopped without it never finished loading the
// learner's package (an init, a package variable, that never returns).
func loadedLine(nonce string) []byte { return []byte("termlab-loaded " + nonce + "\n") }

// run starts the worker boxed, gives it the nonce, waits for it within
// bound (or until ctx ends) and reads its answer. Where the OS tells a
// process's CPU time, bound is counted in the worker's CPU time, so that a
// busy machine (other learners' builds, the sibling TODOs' workers) cannot
// stop a worker that would have finished; the wall clock then only stops a
// worker that waits without running (labs.CPUBound).
func (b *boxed) run(ctx context.Context, bound time.Duration) {
	b.stderr.max = stderrKeep
	_, cpu := childCPU(os.Getpid())
	if !cpu {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, bound)
		defer cancel()
	}
	// Learner code in a sibling process may delete the temporary folder's
	// contents, this scratch folder among them, just before this worker
	// starts: the start then fails in chdir, which is nobody's verdict.
	// A few more tries, each in a new folder (the TODOs are graded all at
	// once, so up to three siblings may be deleting).
	for try := 0; b.once(ctx, cpu, bound) && try < 4; try++ {
		*b = boxed{bin: b.bin, args: b.args, env: b.env, confine: b.confine, prints: b.prints.fresh(), early: b.early, extra: b.extra}
		b.stderr.max = stderrKeep
	}
	b.cpu = cpu
	closeAll(b.extra)
}

func closeAll(files []*os.File) {
	for _, f := range files {
		f.Close()
	}
}

// cpuPoll is how often the runner reads a worker's CPU time.
const cpuPoll = 50 * time.Millisecond

// watchCPU calls stop with what spent the bound ("cpu", "idle" or
// "starved", see labs.CPUBound) once pid has spent it, polling until done
// closes.
func watchCPU(pid int, bound time.Duration, done <-chan struct{}, stop func(why string)) {
	queue := childQueue(pid)
	read := func() (labs.Reading, bool) {
		used, ok := childCPU(pid)
		r := labs.Reading{CPU: used}
		if ok && queue != nil {
			r.Queued, r.Ready, r.Stopped, r.QueueKnown = queue()
		}
		return r, ok
	}
	first, _ := read()
	judge := labs.NewCPUBound(bound, time.Now(), first)
	judge.Tick = cpuPoll
	tick := time.NewTicker(cpuPoll)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case now := <-tick.C:
			r, ok := read()
			if !ok {
				continue
			}
			if why := judge.Observe(now, r); why != "" {
				stop(why)
				return
			}
		}
	}
}

// command is the worker's command for one start in scratch: its
// environment (cleaned when confined) with mark, the box's own variable
// that killStrays finds its processes by; the nonce on its stdin; the
// answer pipe pw. netns says whether it asks for a network namespace.
func (b *boxed) command(ctx context.Context, scratch, nonce string, pw *os.File) (cmd *exec.Cmd, mark string, netns bool) {
	cmd = boxCommand(ctx, b.bin, b.args...)
	cmd.Dir = scratch
	mark = boxEnv + "=" + newNonce()
	cmd.Env = append(append(os.Environ(), b.env...), mark)
	if b.confine {
		cmd.Env = append(confinedEnv(append(os.Environ(), b.env...), confinedHome(scratch)), mark)
		if cmd.SysProcAttr != nil && netDenied() {
			netns = confineAttr(cmd.SysProcAttr)
		}
	}
	cmd.Stdin = strings.NewReader(nonce + "\n")
	cmd.Stdout = nil // the learner's prints go nowhere; the answer has its own pipe
	cmd.Stderr = &b.stderr
	b.capturePrints(cmd)
	cmd.ExtraFiles = append([]*os.File{pw}, b.extra...)
	return cmd, mark, netns
}

// once is one try of run. It reports whether the worker could not start
// because its scratch folder was gone by then (worth one more try). With
// cpu, the worker is stopped once it has used bound of CPU time.
func (b *boxed) once(ctx context.Context, cpu bool, bound time.Duration) (again bool) {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	scratch, err := os.MkdirTemp("", scratchPrefix+"*")
	if err != nil {
		b.labErr = fmt.Errorf("cannot make a scratch folder for the worker: %w", err)
		return
	}
	defer os.RemoveAll(scratch)
	pr, pw, err := os.Pipe()
	if err != nil {
		b.labErr = fmt.Errorf("cannot make a pipe for the worker's answer: %w", err)
		return
	}
	defer pr.Close()
	nonce := newNonce()

	cmd, mark, netns := b.command(ctx, scratch, nonce, pw)

	// Read the answer while the worker writes it (a pipe holds 64 kB), up
	// to the bound: past it, the read end closes and the worker's next
	// write fails, so a runaway answer costs the runner nothing.
	if deadline, ok := ctx.Deadline(); ok {
		pr.SetReadDeadline(deadline.Add(answerGrace))
	}
	read := make(chan []byte, 1)
	go func() {
		data := readAnswer(io.LimitReader(pr, maxAnswer+int64(len(envelope(nonce)))+1),
			&earlyWatch{line: verdictLine(nonce), found: b.early})
		pr.Close()
		read <- data
	}()

	watchDone := make(chan struct{})
	var spent atomic.Value
	b.runErr = startAndWait(cmd, func() {
		if b.nice {
			niceProcess(cmd.Process.Pid)
		}
		pw.Close()
		closeAll(b.extra)
		if cpu {
			go watchCPU(cmd.Process.Pid, bound, watchDone, func(why string) { spent.Store(why); stop() })
		}
	})
	close(watchDone)
	if netns && errors.Is(b.runErr, errStart) && ctx.Err() == nil {
		// The OS would not make the namespaces: no network denial from
		// here on, said once (NetworkNote), and this box started again.
		netFailed(b.runErr.Error())
		pw.Close()
		pr.Close()
		<-read
		return true
	}
	if errors.Is(b.runErr, errStart) {
		pw.Close()
		if _, err := os.Stat(scratch); errors.Is(err, fs.ErrNotExist) && ctx.Err() == nil {
			pr.Close()
			<-read
			return true
		}
	}
	// The worker is gone: what it started goes with it, and with them
	// their copies of the pipe's write end. One that escaped the mark
	// would keep the read waiting for its end: the deadline ends that.
	killStrays(mark)
	pr.SetReadDeadline(time.Now().Add(answerGrace))
	data := <-read
	b.loaded = bytes.Contains(data, loadedLine(nonce))
	b.timedOut = ctx.Err() != nil
	b.spent, _ = spent.Load().(string)
	if b.timedOut {
		// Stopped (the bound, or a newer save), perhaps before it even
		// started: never the program's fault.
		return
	}
	if lab := startFailure(b.runErr, b.stderr.String()); lab != nil {
		b.labErr = lab
		return
	}
	env := envelope(nonce)
	if len(data) > maxAnswer+len(env) {
		b.tooBig = true
		return
	}
	// The worker writes the envelope and its answer last; anything learner
	// code wrote to the pipe before it, without the nonce, is ignored.
	if i := bytes.LastIndex(data, env); i >= 0 {
		b.answer = data[i+len(env):]
	}
	return false
}

// readAnswer reads r to its end, as io.ReadAll does, showing watch what
// has come so far after every read: a grade worker's early line is acted
// on as it arrives, not when the worker is gone.
func readAnswer(r io.Reader, watch *earlyWatch) []byte {
	data := make([]byte, 0, 512)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if n > 0 && labs.Stepping() {
			first, _, _ := bytes.Cut(data[len(data)-n:], []byte(" "))
			labs.Step("box: read %d bytes: %.20s", n, first)
		}
		if n > 0 {
			watch.saw(data)
		}
		if err != nil {
			return data
		}
	}
}

// boxes is the worker processes this process runs now, by pid.
var boxes = struct {
	sync.Mutex
	live map[int]bool
}{live: map[int]bool{}}

// errStart marks a process that could not be started.
var errStart = errors.New("cannot start")

// startAndWait starts cmd on a goroutine locked to its OS thread (see the
// parent-death signal above), calls started once the child runs, and waits.
// Whatever way the wait ends, the child's whole process group is killed:
// learner code may have started processes of its own.
func startAndWait(cmd *exec.Cmd, started func()) error {
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		// Never unlocked: the thread exits with the goroutine, which is
		// what a parent-death signal needs to be sure it was ours.
		// Counted among the live boxes from before its fork, so that no
		// sweep takes it for a stray (see killAdopted).
		boxes.Lock()
		if err := cmd.Start(); err != nil {
			boxes.Unlock()
			done <- fmt.Errorf("%w: %w", errStart, err)
			return
		}
		boxes.live[cmd.Process.Pid] = true
		boxes.Unlock()
		labs.Step("box: started %d %v", cmd.Process.Pid, cmd.Args[len(cmd.Args)-3:])
		started()
		err := cmd.Wait()
		labs.Step("box: exited %d", cmd.Process.Pid)
		killGroup(cmd.Process.Pid)
		boxes.Lock()
		delete(boxes.live, cmd.Process.Pid)
		boxes.Unlock()
		done <- err
	}()
	return <-done
}

// boxCommand is cmd with the box: its process group, killed whole when ctx
// ends; the parent-death signal; and the memory bound when the OS has one.
func boxCommand(ctx context.Context, bin string, args ...string) *exec.Cmd {
	var cmd *exec.Cmd
	if sh := memoryShell(); sh != "" {
		// $0 is the worker, "$@" its arguments: nothing is quoted by hand.
		script := fmt.Sprintf(`ulimit -v %d 2>/dev/null; exec "$0" "$@"`, memoryLimit()*1024)
		cmd = exec.CommandContext(ctx, sh, append([]string{"-c", script, bin}, args...)...)
	} else {
		cmd = exec.CommandContext(ctx, bin, args...)
	}
	cmd.SysProcAttr = sysProcAttr()
	cmd.Cancel = func() error {
		// Its descendants first, while the tree still leads to them: a
		// process in a session of its own is not in the group.
		killTree(cmd.Process.Pid)
		killGroup(cmd.Process.Pid)
		return nil
	}
	cmd.WaitDelay = time.Second
	return cmd
}

// startFailure tells a worker that never ran (the lab's fault: a broken or
// missing program) from one that ran and died (the learner's, or a bug).
// A failed exec either fails Start, or, under the memory shell, makes sh
// itself say so and exit 126 (found, cannot run) or 127 (not found).
func startFailure(runErr error, stderr string) error {
	if errors.Is(runErr, errStart) {
		return runErr
	}
	var ee *exec.ExitError
	if errors.As(runErr, &ee) && (ee.ExitCode() == 126 || ee.ExitCode() == 127) && strings.HasPrefix(stderr, "sh: ") {
		return errors.New(strings.TrimSpace(stderr))
	}
	return nil
}

// newNonce is 128 random bits in hex. math/rand/v2's top-level functions
// draw from the runtime's ChaCha8 generator, seeded from the system's
// entropy, so no other process can guess the next one, which is all a
// nonce asks; crypto/rand would add math/big (and its reader) to the lab's
// own binary, whose first build the learner waits for.
func newNonce() string {
	b := make([]byte, 0, 16)
	b = binary.LittleEndian.AppendUint64(b, rand.Uint64())
	b = binary.LittleEndian.AppendUint64(b, rand.Uint64())
	return hex.EncodeToString(b)
}

// scratchPrefix names the scratch folders, so a sweep can find the ones a
// killed runner left behind.
const scratchPrefix = "termlab-scratch-"

// ReadNonce is the worker side: the nonce the runner wrote on standard
// input. Called from the worker's main, after the learner's package has
// initialised.
func ReadNonce(r io.Reader) string {
	var line []byte
	buf := make([]byte, 1)
	for len(line) < 64 {
		n, err := r.Read(buf)
		if n == 1 {
			if buf[0] == '\n' {
				break
			}
			line = append(line, buf[0])
		}
		if err != nil {
			break
		}
	}
	return string(line)
}
