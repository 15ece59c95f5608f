package labs

import "context"

// Runner runs a day's code out of process: the learner's, and the course's
// reference solutions. The screens (tui) take one, main wraps one (lab.go's
// boxedRunner, which ends its runs on a signal), and worker.Runner is the
// one that builds and runs the code, in processes of its own, so a TODO
// that hangs or crashes cannot freeze or kill the screens.
//
// It is declared once, here, with every ability the screens use, so none
// of them is found by asserting on the runner: a wrapper that forgot one
// would not compile, where an assertion would quietly take another path.
type Runner interface {
	// Run builds the learner's code and runs every grade and part of day.
	// A compile error is a *worker.BuildError and no outcome; a program
	// that cannot run at all, a *worker.LabError.
	Run(ctx context.Context, day Day) (Outcome, error)
	// RunStream is Run with each piece handed to update as it lands (the
	// grades first, then the parts), so the screens draw the verdicts
	// while the parts still run.
	RunStream(ctx context.Context, day Day, update func(Outcome)) (Outcome, error)

	// Reference plays the reference solutions' parts of day, for the
	// scoreboard's comparison.
	Reference(ctx context.Context, day Day) (Outcome, error)
	// CachedReference is Reference's outcome as the cache folder keeps it
	// for this version of the day's code, without building or running
	// anything: false when it is not kept (yet).
	CachedReference(day Day) (Outcome, bool)

	// BuildDay builds (or finds up to date) day's own lean worker program
	// on the learner's code, as a run builds it, for a playground session
	// (worker.PlaySession); it returns the program's path.
	BuildDay(ctx context.Context, day Day) (string, error)
	// ReferenceBuild builds (or finds up to date) day's lean reference
	// program, the course's code with the shipped stubs, for a playground
	// session on the reference.
	ReferenceBuild(ctx context.Context, day Day) (string, error)
}
