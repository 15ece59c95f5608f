package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"termlab/labs"
)

// Reference plays the reference on every part, in worker programs built
// with the shipped stubs in place of the learner's files (refbuild.go):
// the lean program for the parts it links, the full one for the heavy
// ones. Unless PartsOnly (run --solutions wants only figures) it grades
// the reference too, there; GradesOnly grades and plays no part. Neither
// the learner's code nor the state of their file changes what it gives,
// and the lab's own binary runs none of a day's machinery.
//
// A build of the reference that fails is the lab's fault, never the
// learner's: it comes back as a *LabError.
func (r *Runner) Reference(ctx context.Context, day labs.Day) (labs.Outcome, error) {
	o := labs.Outcome{Day: day.Number, Impl: labs.Reference}
	r = r.refRunner(day)
	r.cache = r.dayCache(day)
	var lean, heavy []int
	if !r.GradesOnly {
		o.Parts = make([]labs.PartResult, len(day.Parts))
		for i, p := range day.Parts {
			if p.Heavy {
				heavy = append(heavy, i)
			} else {
				lean = append(lean, i)
			}
		}
	}
	grade := !r.PartsOnly || r.GradesOnly
	// The reference's parts come out the same for a version of the day's
	// code (their clock is virtual; only the ⏱ lines and _ns metrics,
	// measured when they were cached, differ), so they are kept with it,
	// and a second launch (or `run --solutions`) needs no worker at all
	// once they are. Not with a real store (the day's Store.Env names
	// one), whose timings are the point.
	// Sealed (seal.go): they hold every prediction's answer.
	cached := filepath.Join(r.cache, "reference-parts.sealed")
	keep := r.cache != "" && !day.Store.Real()
	all := append(slices.Clone(lean), heavy...)
	if keep && len(all) > 0 && !grade {
		if parts, ok := cachedParts(cached, day); ok {
			o.Parts = parts
			return o, nil
		}
	}
	// Once, and once more with the programs rebuilt from scratch when one
	// could not run at all (see Run).
	for attempt := 0; ; attempt++ {
		lab, labBin, err := r.referenceOnce(ctx, day, &o, lean, heavy, grade)
		if err != nil {
			return labs.Outcome{}, err
		}
		if lab == nil {
			if keep && len(all) > 0 {
				keepReferenceParts(cached, day, o, all)
			}
			return o, nil
		}
		if attempt > 0 {
			return labs.Outcome{}, &LabError{What: lab.Detail, Do: cacheAdvice(labBin)}
		}
		os.Remove(labBin)
	}
}

// referenceOnce is one attempt of Reference: it builds the programs and
// fills o's grades (when grade) and the parts lean and heavy, two tasks at
// a time as Run's parts. A build that fails or a cancelled ctx is its
// error; a worker that could not run at all is the fault it returns, with
// the program that ran it, so that Reference can rebuild and try again.
func (r *Runner) referenceOnce(ctx context.Context, day labs.Day, o *labs.Outcome, lean, heavy []int, grade bool) (*labs.Fault, string, error) {
	var mu sync.Mutex
	var lab *labs.Fault
	var labBin string
	noteLab := func(f *labs.Fault, bin string) {
		if f != nil && f.Status == labError {
			mu.Lock()
			lab, labBin = f, bin
			mu.Unlock()
		}
	}
	// The full program builds beside the lean one's tasks, as in Run.
	type built struct {
		bin string
		err error
	}
	fullc := make(chan built, 1)
	if len(heavy) > 0 {
		go func() {
			bin, err := r.BuildFull(ctx)
			fullc <- built{bin, err}
		}()
	}
	pool := newTasks()
	var failed error
	if len(lean) > 0 || grade {
		bin, err := r.Build(ctx)
		if err != nil {
			failed = refBuildError(err, day)
		} else {
			if grade {
				o.Grades = make([]labs.Grade, len(day.TODOs))
				for j, t := range day.TODOs {
					pool.Go(func(bool) {
						g, fault := r.grade(ctx, bin, day, t, labs.Reference, nil)
						noteLab(fault, bin)
						o.Grades[j] = g
					})
				}
			}
			for _, i := range lean {
				pool.Go(func(bool) {
					p, fault := r.part(ctx, bin, day, Task{Kind: "part", ID: day.Parts[i].ID, Impl: labs.Reference}, day.Parts[i])
					noteLab(fault, bin)
					o.Parts[i] = p
				})
			}
		}
	}
	if len(heavy) > 0 {
		b := <-fullc
		if b.err != nil && failed == nil {
			failed = refBuildError(b.err, day)
		}
		for _, i := range heavy {
			if b.err != nil {
				break
			}
			pool.Go(func(bool) {
				p, fault := r.part(ctx, b.bin, day, Task{Kind: "part", ID: day.Parts[i].ID, Impl: labs.Reference}, day.Parts[i])
				noteLab(fault, b.bin)
				o.Parts[i] = p
			})
		}
	}
	pool.Wait()
	if failed != nil {
		return nil, "", failed
	}
	if e := ctx.Err(); e != nil {
		return nil, "", e
	}
	return lab, labBin, nil
}

// keepReferenceParts seals the parts all of o into the cache file at path
// for the next launch, when every one of them came out OK.
func keepReferenceParts(path string, day labs.Day, o labs.Outcome, all []int) {
	parts := map[string]labs.PartResult{}
	for _, i := range all {
		if o.Parts[i].Status != labs.OK {
			return
		}
		parts[day.Parts[i].ID] = o.Parts[i]
	}
	if data, err := json.Marshal(parts); err == nil {
		writeSealed(path, data)
	}
}

// cachedParts reads the reference's parts of day from the cache file at
// path: all of them, each OK, or none.
func cachedParts(path string, day labs.Day) ([]labs.PartResult, bool) {
	var parts map[string]labs.PartResult
	data, ok := readSealed(path, maxCachedParts)
	if !ok || json.Unmarshal(data, &parts) != nil {
		return nil, false
	}
	out := make([]labs.PartResult, len(day.Parts))
	for i, p := range day.Parts {
		res, found := parts[p.ID]
		if !found || res.Status != labs.OK {
			return nil, false
		}
		out[i] = res
	}
	return out, true
}

// CachedReference is the reference's parts of day as Reference keeps them
// for this version of the day's code in the module at root, without
// building or running anything: false when they are not kept (yet).
func CachedReference(root string, day labs.Day) (labs.Outcome, bool) {
	r := &Runner{Root: root}
	cache := r.dayCache(day)
	if cache == "" || day.Store.Real() {
		return labs.Outcome{}, false
	}
	parts, ok := cachedParts(filepath.Join(cache, "reference-parts.sealed"), day)
	return labs.Outcome{Day: day.Number, Impl: labs.Reference, Parts: parts}, ok
}

// refBuildError is a failed build of a reference program, said as what it
// is: the course's own code with the shipped stubs did not build, which no
// edit of the learner's can cause or mend.
func refBuildError(err error, day labs.Day) error {
	var be *BuildError
	if errors.As(err, &be) {
		return &LabError{What: fmt.Sprintf("the reference program of Day %d (the course's code with the shipped stubs, not yours) did not build:\n%s", day.Number, strings.TrimSpace(be.Output)),
			Do: "Your code is not the cause. Check that the lab's files are as the course ships them (git status), then report this to the course's authors."}
	}
	return err
}

// maxCachedParts bounds the reference's parts read back from the cache: a
// day's are some tens of kilobytes (frames included).
const maxCachedParts = 64 << 20

// writeAtomicBytes writes data to path through a temporary file and a
// rename: a reader sees the old file or the new one, never half of one.
func writeAtomicBytes(path string, data []byte) {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp-*")
	if err != nil {
		return
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil && cerr == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
}
