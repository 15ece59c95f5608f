package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"termlab/labs"
)

// The reference build: the worker programs built as the course ships
// them, with the learner's files replaced by the shipped stubs
// (labs.Day.Shipped) through go build's -overlay. The reference's figures
// and frames come from it, so the lab's own binary never runs a day's
// machinery, and they arrive whatever state the learner's file is in (not
// compiling, half done, hanging in an init): the reference program never
// compiles it.
//
// An overlay replaces only the learner's files: every other package keeps
// its folder and so its action ID, and the build cache serves it, so the
// build compiles the stubs' package and the mains and links (a copy of the
// module in another folder would compile every package of the module
// anew, since the go command's action IDs include the folder). The
// stubs' package is the same on every build, so once the program exists a
// go build of it finds it up to date after any edit of the learner's: it
// depends only on the course's code.

// refName is the suffix of a reference program's name beside the
// learner's (worker-day45 → worker-day45-ref).
const refName = "-ref"

// refRunner is r set up to build and run day's reference programs.
func (r *Runner) refRunner(day labs.Day) *Runner {
	rr := *r
	rr.Day = day.Number
	rr.learner = "" // no direct-build plan: nothing of the learner's to replay
	rr.ref = &day
	if rr.Bin != "" {
		rr.Bin += refName
	}
	if rr.FullBin != "" {
		rr.FullBin += refName
	}
	return &rr
}

// ReferenceBuild builds (or finds up to date) day's lean reference
// program, for a playground session on the reference (PlaySession with
// Impl labs.Reference).
func (r *Runner) ReferenceBuild(ctx context.Context, day labs.Day) (string, error) {
	return r.refRunner(day).Build(ctx)
}

// ReferenceBuildFull builds (or finds up to date) day's full reference
// program: `serve --solutions` serves the reference's door from it, so it
// serves whatever state the learner's file is in.
func (r *Runner) ReferenceBuildFull(ctx context.Context, day labs.Day) (string, error) {
	return r.refRunner(day).BuildFull(ctx)
}

// overlayFile writes the shipped files of day and the overlay that maps
// the learner's folder onto them, in a folder beside bin, and returns the
// overlay's path. Go files in the learner's folder that the course does
// not ship (a helper file of the learner's) are left out of the build.
func overlayFile(root, bin string, day labs.Day) (string, error) {
	if len(day.Shipped) == 0 {
		return "", fmt.Errorf("day %d ships no stubs to build the reference with", day.Number)
	}
	// Absolute paths: the go command reads an overlay's relative ones
	// from its own folder, which is root, not ours.
	dir, err := filepath.Abs(bin + ".stubs")
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	learner, err := filepath.Abs(filepath.Join(root, filepath.FromSlash(day.LearnerDir)))
	if err != nil {
		return "", err
	}
	replace := map[string]string{}
	names := make([]string, 0, len(day.Shipped))
	for name := range day.Shipped {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		text := day.Shipped[name]
		path := filepath.Join(dir, name)
		// Rewritten only when it differs: the go command hashes the
		// overlay's files by content, but an unchanged file keeps the
		// folder quiet for anything watching it.
		if old, err := os.ReadFile(path); err != nil || string(old) != text {
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				return "", err
			}
		}
		replace[filepath.Join(learner, name)] = path
	}
	entries, _ := os.ReadDir(learner)
	for _, e := range entries {
		name := e.Name()
		if _, shipped := day.Shipped[name]; shipped || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		replace[filepath.Join(learner, name)] = "" // deleted from the build
	}
	data, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "overlay.json")
	if old, err := os.ReadFile(path); err != nil || string(old) != string(data) {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return "", err
		}
	}
	return path, nil
}
