package worker

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"termlab/labs"
)

// A go build's progress, counted as it goes, for a labs.BuildTrace: how
// many of the build's steps have started (each package's compile, then the
// link) out of how many it has to do.
//
// The count is the go command's own. go build -x prints each command just
// before it runs it, and runs one only for what the build cache lacks, so
// its compile lines are the packages being compiled. The total is what go
// list -deps reports Stale (not in the build cache as it is now), plus the
// link. Measured on the lean worker of Day 45 (termlab-worker): with an
// empty GOCACHE, 101 stale packages and 101 compiles; after a change to
// package labs, 13 and 13; the list costs 0.25 s with an empty cache and
// 0.1 s with a full one, run beside the build, and only when go build runs
// (a save's direct build, direct.go, reports nothing: it takes a second).
// When two builds share packages (the lean and the full worker build at
// once), a package the other build has just compiled may be found in the
// cache and never counted: a count can end short of its total, never
// past it.

// progressCounter counts the steps a go build -x prints and tells trace.
type progressCounter struct {
	trace labs.BuildTrace

	mu      sync.Mutex
	p       labs.BuildProgress
	partial []byte // a line not yet ended
}

func newProgressCounter(trace labs.BuildTrace, full, ref bool) *progressCounter {
	c := &progressCounter{trace: trace, p: labs.BuildProgress{Program: programName(full, ref), Full: full}}
	trace(c.p)
	return c
}

// Write reads the go command's output, a line at a time.
func (c *progressCounter) Write(b []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.partial = append(c.partial, b...)
	for {
		i := bytes.IndexByte(c.partial, '\n')
		if i < 0 {
			break
		}
		line := c.partial[:i]
		c.partial = c.partial[i+1:]
		if buildStep(string(line)) && !c.p.Finished {
			c.p.Done++
			c.p.Total = max(c.p.Total, c.p.Done)
			c.trace(c.p)
		}
	}
	if len(c.partial) > 4<<10 {
		c.partial = nil // a line this long is no command of the go tool's
	}
	return len(b), nil
}

// total sets the steps the build has to do, once go list has said.
func (c *progressCounter) total(n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.p.Finished || n <= 0 {
		return
	}
	c.p.Total = max(n, c.p.Done)
	c.trace(c.p)
}

// finish says the build is over.
func (c *progressCounter) finish() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.p.Finished = true
	c.trace(c.p)
}

// buildStep reports whether a line of go build -x is a step the count
// counts: the compiler or the linker run (the go command names them by
// their paths under its tool folder), not the compiler asked its version.
func buildStep(line string) bool {
	f := strings.Fields(line)
	if len(f) < 2 || f[1] == "-V=full" {
		return false
	}
	switch strings.TrimSuffix(filepath.Base(filepath.FromSlash(f[0])), ".exe") {
	case "compile", "link":
		return true
	}
	return false
}

// staleSteps is how many steps a go build of main with tags (and extra,
// a reference program's -overlay) has to do:
// its packages the build cache lacks, and the link. 0 when go list fails.
// The go command's own work folder goes in work, the build's, which is
// removed however the build ends (a go list killed by a signal would leave
// its go-build… folder in the temporary folder otherwise).
func staleSteps(ctx context.Context, goCmd, root, work, tags, main string, extra ...string) int {
	args := append([]string{"list", "-tags=" + tags, "-deps", "-f", "{{if .Stale}}x{{end}}"}, extra...)
	cmd := exec.CommandContext(ctx, goCmd, append(args, main)...)
	cmd.Dir = root
	cmd.Env = append(buildEnv(), "GOTMPDIR="+work)
	out, err := cmd.Output()
	if err != nil {
		return 0
	}
	return strings.Count(string(out), "x") + 1
}

// programName is what a build's progress calls the program: the worker
// or the full worker, of the learner's code or of the reference (ref).
func programName(full, ref bool) string {
	name := "worker"
	if full {
		name = "full worker"
	}
	if ref {
		name = "reference " + name
	}
	return "the " + name
}
