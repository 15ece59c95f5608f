package worker

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// The build of code graded on someone else's behalf, bounded as the worker
// that runs it is (box.go). The compiler does what the source asks at
// compile time: a 1 kB file can fold a string constant doubled 27 times
// (2 GB resident) or nest a generic type 8,000 deep (4 GB), and the go
// command runs it on the staff's machine, outside any box. BoundedGo is a
// go command for Runner.Go that runs the real one under `ulimit` like the
// box: an address-space bound and a CPU-time bound on every process of the
// build (the compiler and the linker inherit them), and a bound on the
// size of any one file it writes, which bounds what one build adds to the
// shared go build cache. A build that hits one is refused as "too big to
// build" (BuildTooBig), never the machine's out-of-memory.

// Environment variables that change the build's bounds (tests set small
// ones, so the hostile suite stays cheap).
const (
	BuildMemoryEnv = "TERMLAB_BUILD_MEMORY_MB"   // address space per process; default the worker's (MemoryEnv)
	BuildCPUEnv    = "TERMLAB_BUILD_CPU_SECONDS" // CPU time per process
	BuildFileEnv   = "TERMLAB_BUILD_FILE_MB"     // any one file written
)

// buildCPUSeconds is far past an honest build: the lab's largest package
// compiles in a few seconds of CPU, the worker links in about one.
const buildCPUSeconds = 120

// buildFileMB is far past the largest honest output: the worker program is
// some 15 MB, a package's export data far less.
const buildFileMB = 256

// BuildBounds are the bounds of a bounded build.
type BuildBounds struct{ MemoryMB, CPUSeconds, FileMB int }

// CurrentBuildBounds reads the bounds from the environment, or the
// defaults.
func CurrentBuildBounds() BuildBounds {
	get := func(env string, def int) int {
		if n, err := strconv.Atoi(os.Getenv(env)); err == nil && n > 0 {
			return n
		}
		return def
	}
	return BuildBounds{get(BuildMemoryEnv, memoryLimit()), get(BuildCPUEnv, buildCPUSeconds), get(BuildFileEnv, buildFileMB)}
}

func (b BuildBounds) String() string {
	return fmt.Sprintf("%d MB of memory, %d s of CPU time per process, %d MB per file", b.MemoryMB, b.CPUSeconds, b.FileMB)
}

// BoundedGo writes a go command under the bounds in dir and returns its
// path, for Runner.Go. Where the OS has no ulimit to enforce them (not
// Linux) it returns "", and the build runs unbounded, as the worker does.
func BoundedGo(dir string, b BuildBounds) (string, error) {
	sh := memoryShell()
	if sh == "" {
		return "", nil
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		return "", fmt.Errorf("cannot find the go command: %w", err)
	}
	if goBin, err = filepath.Abs(goBin); err != nil {
		return "", err
	}
	// ulimit -f counts 512-byte blocks in sh (POSIX); -v kB; -t seconds.
	// A bound the shell cannot set is an error, not a silent unbounded
	// build: the script stops before exec.
	script := fmt.Sprintf("#!%s\nulimit -v %d || exit 125\nulimit -t %d || exit 125\nulimit -f %d || exit 125\nexec %s \"$@\"\n",
		sh, b.MemoryMB*1024, b.CPUSeconds, b.FileMB*2048, shellQuote(goBin))
	path := filepath.Join(dir, "go-bounded")
	// Written with forks held off: a process another goroutine starts while
	// the file is open for writing keeps the descriptor until its own exec,
	// and running the script then fails "text file busy" (Go issue 22315).
	// A class's submissions build in parallel, each with its own script.
	syscall.ForkLock.RLock()
	err = os.WriteFile(path, []byte(script), 0o755)
	syscall.ForkLock.RUnlock()
	if err != nil {
		return "", err
	}
	return path, nil
}

// shellQuote is s in single quotes for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// tooBigSigns are what the go command says when a process of the build
// hit one of the bounds: the runtime's out-of-memory (the address-space
// bound), or a tool killed by SIGXCPU or SIGXFSZ. SIGKILL is none of
// them: no bound sends it, the kernel's OOM killer or a person does
// (BuildKilled).
var tooBigSigns = []string{
	"out of memory",
	"cannot allocate memory",
	"failed to reserve",
	"signal: CPU time limit exceeded",
	"signal: file size limit exceeded",
	"file too large",
}

// BuildTooBig reports whether err is a build that failed on a bound of
// BoundedGo, and says so in a sentence for the student. The compiler's own
// error lines (file:line: …) quote the source, so only the go command's
// lines are read: a student's identifier cannot make a build "too big".
func BuildTooBig(err error, b BuildBounds) (string, bool) {
	var be *BuildError
	if !errors.As(err, &be) {
		return "", false
	}
	for _, line := range strings.Split(be.Output, "\n") {
		if locRe.MatchString(line) {
			continue
		}
		for _, sign := range tooBigSigns {
			if strings.Contains(line, sign) {
				return fmt.Sprintf("too big to build: compiling this code went past the build's bounds (%s), so it was stopped (%s)", b, strings.TrimSpace(sign)), true
			}
		}
	}
	return "", false
}

// BuildKilled reports whether a process of the failed build was killed
// from outside (SIGKILL: the kernel's OOM killer, or a person): the
// machine's doing, not the code's, so the build is worth another try and
// its failure is nobody's verdict.
func BuildKilled(err error) bool {
	var be *BuildError
	if !errors.As(err, &be) {
		return false
	}
	for _, line := range strings.Split(be.Output, "\n") {
		if !locRe.MatchString(line) && strings.Contains(line, "signal: killed") {
			return true
		}
	}
	return false
}
