package worker

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"termlab/labs"
)

// The direct build: after a save, the learner's package is compiled and
// the worker linked by running the compiler and the linker as the last
// `go build -x` of that worker did (a plan, plan.go), with every other
// package's compiled form taken from the build cache where that build left
// it. The go command's own part of a save (starting, loading some 150
// packages, hashing their files to find what is stale) is most of a small
// rebuild; the compile of the learner's package takes some 10 ms and the
// link of the lean worker about 100 ms.
//
// It is only ever a shortcut: go build is used, and a new plan recorded,
// whenever there is no plan, the plan's key no longer matches (go.mod,
// go.sum, the toolchain, the environment, the flags, any file of the
// module's packages the worker imports, or the learner's folder other than
// the contents of its Go files changed), a cached file it reads is gone, or
// any step fails (a compile error included: go build then says it in its
// own words). TestDirectBuildIsGoBuild builds the same files both ways and
// compares what the workers do.

// DirectEnv, set to 0, turns the direct build off: every save runs go build.
const DirectEnv = "TERMLAB_DIRECT_BUILD"

// errDirect is a direct build that did not happen or failed: go build next.
// errStalePlan is one that failed past the learner's compile (a cached
// package gone, a link that fails): the plan goes, and the go build after
// it records a new one.
var (
	errDirect    = errors.New("no direct build")
	errStalePlan = errors.New("the direct build's plan no longer works")
)

var plans struct {
	sync.Mutex
	m map[string]*plan // by worker program
}

// planFor is bin's plan if it is still good for the module as it is now.
func (r *Runner) planFor(bin, goCmd string) *plan {
	if os.Getenv(DirectEnv) == "0" {
		return nil
	}
	plans.Lock()
	p := plans.m[bin]
	plans.Unlock()
	if p == nil {
		data, err := os.ReadFile(bin + ".plan")
		if err != nil || json.Unmarshal(data, &p) != nil || p == nil {
			return nil
		}
		rememberPlan(bin, p)
	}
	if !p.whole() || p.Learner != r.learner || p.Key != r.planKey(p, goCmd) {
		return nil
	}
	for _, f := range p.cachedFiles() {
		if _, err := os.Stat(f); err != nil {
			return nil
		}
	}
	return p
}

// whole reports whether p has what a replay needs: a plan file cut short
// or edited by hand is no plan.
func (p *plan) whole() bool {
	if len(p.Steps) < 3 || len(p.Files) == 0 || p.Key == "" {
		return false
	}
	for _, s := range p.Steps {
		if len(s.Args) == 0 || s.Out == "" || !filepath.IsAbs(s.Args[0]) {
			return false
		}
	}
	return true
}

func rememberPlan(bin string, p *plan) {
	plans.Lock()
	defer plans.Unlock()
	if plans.m == nil {
		plans.m = map[string]*plan{}
	}
	plans.m[bin] = p
}

func forgetPlan(bin string) {
	plans.Lock()
	delete(plans.m, bin)
	plans.Unlock()
	os.Remove(bin + ".plan")
}

// planKey is a hash of everything a plan depends on but the contents of
// the learner's Go files: the environment and flags of the build, the
// tools, go.mod and go.sum, every entry (name, size, time, mode) of the
// folders of the module's packages the worker imports, and the learner's
// folder's entries but for its Go files' contents, with those files' build
// constraints (a file that leaves the build, or a new one, changes it).
func (r *Runner) planKey(p *plan, goCmd string) string {
	h := fnv.New128a() // a cache key, not a secret: see rootName
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00", goCmd, r.tags(), p.Learner)
	for _, v := range []string{"GOFLAGS", "GOOS", "GOARCH", "GOAMD64", "GOARM", "GOEXPERIMENT", "GOROOT", "GOPATH", "GOCACHE", "GOTOOLCHAIN", "GOWORK", "GODEBUG", "PATH"} {
		fmt.Fprintf(h, "%s=%s\x00", v, os.Getenv(v))
	}
	for _, s := range p.Steps {
		stamp(h, s.Args[0])
	}
	for _, name := range []string{"go.mod", "go.sum", "go.work", "go.work.sum"} {
		if data, err := os.ReadFile(filepath.Join(r.Root, name)); err == nil {
			fmt.Fprintf(h, "%s\x00%d\x00", name, len(data))
			h.Write(data)
		}
	}
	learner := r.learnerDir(p)
	for _, d := range append(slices.Clone(p.Dirs), learner) {
		entries, err := os.ReadDir(d)
		if err != nil {
			fmt.Fprintf(h, "%s\x00missing\x00", d)
			continue
		}
		for _, e := range entries {
			name := e.Name()
			if editorFile(name) {
				continue
			}
			if d == learner && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
				fmt.Fprintf(h, "%s\x00%s\x00", name, constraints(filepath.Join(d, name)))
				continue
			}
			stamp(h, filepath.Join(d, name))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// editorFile reports whether name is one go build never reads as a
// package's file: hidden or _-prefixed (an editor's swap file, .todo.go.swp,
// which changes as the learner types), an autosave (#todo.go#) or a backup
// (todo.go~). Left in the key, every keystroke in an editor that keeps
// such a file would send the next save to go build.
func editorFile(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || strings.HasPrefix(name, "#") || strings.HasSuffix(name, "~")
}

func stamp(h io.Writer, path string) {
	fi, err := os.Stat(path)
	if err != nil {
		fmt.Fprintf(h, "%s\x00missing\x00", path)
		return
	}
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00%v\x00", path, fi.Size(), fi.ModTime().UnixNano(), fi.Mode())
}

// constraints is a Go file's build constraint lines (//go:build, // +build)
// before its package clause.
func constraints(path string) string {
	// Read a line at a time, up to the package clause: a learner's file
	// of any size costs no more memory than its longest line before it.
	f, err := os.Open(path)
	if err != nil {
		return "unreadable"
	}
	defer f.Close()
	var b strings.Builder
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "package ") {
			break
		}
		if strings.HasPrefix(line, "//go:build") || strings.HasPrefix(line, "// +build") {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// learnerDir is the folder of the plan's learner files.
func (r *Runner) learnerDir(p *plan) string {
	f := p.Files[0]
	if !filepath.IsAbs(f) {
		f = filepath.Join(p.Steps[0].Dir, f)
	}
	return filepath.Dir(f)
}

// buildDirect replays p into bin + ".direct" (before any .exe) and returns
// that program.
// The go command's own program (bin) is never written here, so go build
// never mistakes a program it did not link for an up-to-date one.
func (r *Runner) buildDirect(ctx context.Context, p *plan, bin string) (string, error) {
	dir, err := os.MkdirTemp("", buildPrefix+"*")
	if err != nil {
		return "", errDirect
	}
	defer os.RemoveAll(dir)
	sub := func(s string) string { return strings.ReplaceAll(s, work, dir) }
	out := strings.TrimSuffix(bin, ".exe") + ".direct"
	if strings.HasSuffix(bin, ".exe") {
		out += ".exe"
	}
	// The link writes the program beside bin, not in the work folder: the
	// temporary folder is often on another file system than the cache
	// folder (a tmpfs /tmp), and a rename cannot cross from one to the
	// other. The name is bin's own (the build holds bin's lock).
	linked := out + ".linking"
	fail := errDirect
	for i, s := range p.Steps {
		if i > 0 {
			fail = errStalePlan
		}
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		for name, text := range s.Files {
			name = sub(name)
			if os.MkdirAll(filepath.Dir(name), 0o755) != nil || os.WriteFile(name, []byte(sub(text)), 0o644) != nil {
				return "", errDirect
			}
		}
		args := make([]string, len(s.Args))
		for i, a := range s.Args {
			args[i] = sub(a)
		}
		last := i == len(p.Steps)-1
		if last {
			j := slices.Index(args, "-o")
			if j < 0 || j+1 == len(args) {
				return "", errStalePlan
			}
			args[j+1] = linked
		} else if o := sub(s.Out); os.MkdirAll(filepath.Dir(o), 0o755) != nil {
			return "", errDirect
		}
		labs.Step("direct: %s %s", filepath.Base(args[0]), s.Pkg)
		cmd := exec.CommandContext(ctx, args[0], args[1:]...)
		cmd.Dir = s.Dir
		cmd.Env = append(buildEnv(), s.Env...)
		var msg bytes.Buffer
		cmd.Stdout, cmd.Stderr = &msg, &msg
		if err := cmd.Start(); err != nil {
			return "", errDirect
		}
		if err := cmd.Wait(); err != nil {
			if ctx.Err() != nil {
				return "", ctx.Err()
			}
			return "", fail
		}
	}
	labs.Step("direct: linked")
	if err := os.Rename(linked, out); err != nil {
		return "", errStalePlan
	}
	return out, nil
}

// recordPlan reads a plan from the output of a go build -x of main into
// bin and keeps it (in memory and beside bin) once the go command's list
// of the worker's packages confirms it: every package of the build that
// imports the learner's, directly or not, is one the plan compiles, and
// the folders of the module's packages go into its key.
func (r *Runner) recordPlan(ctx context.Context, goCmd, main, bin, xout string) {
	learner := r.learner
	p, err := parsePlan(xout, learner)
	if err != nil {
		return
	}
	cmd := exec.CommandContext(ctx, goCmd, "list", "-deps", "-tags="+r.tags(),
		"-f", "{{.ImportPath}}\t{{.Standard}}\t{{if .Module}}{{.Module.Main}}{{if .Module.Replace}}r{{end}}{{end}}\t{{.Dir}}\t{{join .Imports \" \"}}", main)
	cmd.Dir = r.Root
	// The go command's work folder in one of this call's own, removed
	// however go list ends (killed by a signal, it would leave it behind).
	work, err := os.MkdirTemp("", buildPrefix+"*")
	if err != nil {
		return
	}
	defer os.RemoveAll(work)
	cmd.Env = append(buildEnv(), "GOTMPDIR="+work)
	listed, err := cmd.Output()
	if err != nil {
		return
	}
	compiled := map[string]bool{}
	for _, s := range p.Steps {
		compiled[s.Pkg] = true
	}
	imports := map[string][]string{}
	mainPath := ""
	for _, line := range strings.Split(strings.TrimSpace(string(listed)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			return
		}
		imports[f[0]] = strings.Fields(f[4])
		mainPath = f[0] // go list -deps prints main last
		if f[1] == "false" && f[2] != "false" && f[0] != learner {
			p.Dirs = append(p.Dirs, f[3])
		}
	}
	// Which packages reach the learner's: each must be compiled by the plan.
	reach := map[string]bool{learner: true}
	for changed := true; changed; {
		changed = false
		for pkg, imps := range imports {
			if reach[pkg] {
				continue
			}
			for _, i := range imps {
				if reach[i] {
					reach[pkg], changed = true, true
					break
				}
			}
		}
	}
	for pkg := range reach {
		name := pkg
		if pkg == mainPath {
			name = "main"
		}
		if !compiled[name] {
			return
		}
	}
	if !reach[mainPath] {
		return
	}
	p.Key = r.planKey(p, goCmd)
	rememberPlan(bin, p)
	if data, err := json.Marshal(p); err == nil {
		os.WriteFile(bin+".plan", data, 0o644)
	}
}

// learnerImport is the import path of day's learner package in the
// module at root.
func learnerImport(root string, day labs.Day) string {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil || day.LearnerDir == "" {
		return ""
	}
	return modulePath(data) + "/" + strings.Trim(day.LearnerDir, "/")
}
