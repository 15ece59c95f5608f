package labs

import "context"

// A build's progress, for whoever waits on it. The first build of a day's
// programs compiles a hundred packages or more (a minute or two on a small
// machine); a screen that only said "running…" meanwhile would leave the
// learner guessing. A caller that wants to hear how far a build has come
// puts a BuildTrace in the context it runs with, as net/http/httptrace
// does for a request: the Runner interface stays as it is, and a caller
// that asks for nothing pays for nothing.

// BuildProgress is how far one program's build has come.
type BuildProgress struct {
	// Program says which program, in the learner's words: "the worker"
	// (the grades and the light parts) or "the full worker" (the parts
	// that need the heavy libraries).
	Program string
	// Full is set for the full worker's build: the verdicts do not wait
	// for it, only the heavy parts do.
	Full bool
	// Done is the steps of the build finished so far, Total those it has
	// to do (each package compiled that the build cache lacks, then the
	// link); Total is 0 until it is known.
	Done, Total int
	// Finished says the build is over, whether or not it succeeded.
	Finished bool
}

// BuildTrace hears a build's progress. It is called from the builds' own
// goroutines (two programs may build at once), one call per step; it must
// be safe for that and must not block for long.
type BuildTrace func(BuildProgress)

type buildTraceKey struct{}

// WithBuildTrace returns ctx carrying trace: builds run under it report to
// trace.
func WithBuildTrace(ctx context.Context, trace BuildTrace) context.Context {
	return context.WithValue(ctx, buildTraceKey{}, trace)
}

// BuildTraceOf is the trace ctx carries, or nil.
func BuildTraceOf(ctx context.Context) BuildTrace {
	t, _ := ctx.Value(buildTraceKey{}).(BuildTrace)
	return t
}
