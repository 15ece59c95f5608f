package worker

import (
	"context"

	"termlab/labs"
)

// Runner is the lab's runner (labs.Runner): Run, RunStream, Reference and
// ReferenceBuild are in run.go, reference.go and refbuild.go.
var _ labs.Runner = (*Runner)(nil)

// BuildDay builds (or finds up to date) day's own lean worker: another
// day's broken file never stops this day's playground.
func (r *Runner) BuildDay(ctx context.Context, day labs.Day) (string, error) {
	rr := *r
	rr.Day = day.Number
	return rr.Build(ctx)
}

// CachedReference is the reference's parts of day as Reference keeps them
// in the cache folder of r's module (the package's CachedReference).
func (r *Runner) CachedReference(day labs.Day) (labs.Outcome, bool) {
	return CachedReference(r.Root, day)
}
