package worker

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"

	"termlab/labs"
)

// Reference runs the reference on every part: in this process for the
// parts it links, in the full worker for the heavy ones (the lab's own
// binary never links them), and grades it unless PartsOnly (check wants the
// grades; run --solutions does not). GradesOnly callers use day.Grade.
func (r *Runner) Reference(ctx context.Context, day labs.Day) (labs.Outcome, error) {
	o := labs.Outcome{Day: day.Number, Impl: labs.Reference, Parts: make([]labs.PartResult, len(day.Parts))}
	var heavy []int
	for i, p := range day.Parts {
		if p.Heavy {
			heavy = append(heavy, i)
			continue
		}
		o.Parts[i] = day.RunPart(labs.Reference, p.ID)
	}
	if !r.PartsOnly {
		o.Grades = day.Grade(labs.Reference)
	}
	if len(heavy) == 0 {
		return o, nil
	}
	rr := *r
	r = &rr
	r.Day = day.Number
	r.cache = r.dayCache(day)
	// The reference's heavy parts come out the same for a version of the
	// day's code (their clock is virtual; only the ⏱ lines and _ns metrics,
	// measured when they were cached, differ), so they are kept with it,
	// and `run --solutions` needs no worker at all once they are. Not with a
	// real store (the day's Store.Env names one), whose timings are the point.
	cached := filepath.Join(r.cache, "reference-parts.json")
	keep := r.cache != "" && !day.Store.Real()
	if keep {
		var parts map[string]labs.PartResult
		if data, err := os.ReadFile(cached); err == nil && json.Unmarshal(data, &parts) == nil {
			ok := true
			for _, i := range heavy {
				p, found := parts[day.Parts[i].ID]
				ok = ok && found && p.Status == labs.OK
				o.Parts[i] = p
			}
			if ok {
				return o, nil
			}
		}
	}
	// Once, and once more with the program rebuilt from scratch when it
	// could not run at all (see Run).
	for attempt := 0; ; attempt++ {
		bin, err := r.BuildFull(ctx)
		if err != nil {
			return o, err
		}
		var lab *labs.Fault
		for _, i := range heavy {
			var fault *labs.Fault
			if o.Parts[i], fault = r.part(ctx, bin, day, day.Parts[i], labs.Reference); fault != nil && fault.Status == labError {
				lab = fault
				break
			}
		}
		if e := ctx.Err(); e != nil {
			return labs.Outcome{}, e
		}
		if lab == nil {
			parts := map[string]labs.PartResult{}
			for _, i := range heavy {
				if o.Parts[i].Status != labs.OK {
					keep = false
				}
				parts[day.Parts[i].ID] = o.Parts[i]
			}
			if keep {
				writeAtomic(cached, parts)
			}
			return o, nil
		}
		if attempt > 0 {
			return o, &LabError{What: lab.Detail, Do: cacheAdvice(bin)}
		}
		os.Remove(bin)
	}
}

// writeAtomic writes v as JSON to path through a temporary file and a
// rename: a reader sees the old file or the new one, never half of one.
func writeAtomic(path string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
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
