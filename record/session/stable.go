package session

import (
	"slices"
	"strings"

	"termlab/labs"
	"termlab/record/history"
)

// Stopwatch starts a part's line that quotes a wall-clock measurement
// (Day 45's parts.Stopwatch; TestStopwatchIsTheDays holds them equal).
// Such a line, and a metric whose name ends in _ns (history.Stopwatch),
// differ from run to run, so they are printed but never written to a file
// git tracks: re-running unchanged code leaves the learner's record alone.
const Stopwatch = "⏱"

// Stable is o without its wall-clock lines and metrics: what the
// learner's tracked files may hold of a run.
func Stable(o labs.Outcome) labs.Outcome {
	out := o
	out.Parts = make([]labs.PartResult, len(o.Parts))
	for i, p := range o.Parts {
		p.Lines = slices.DeleteFunc(slices.Clone(p.Lines), func(l string) bool { return strings.HasPrefix(l, Stopwatch) })
		p.Metrics = slices.DeleteFunc(slices.Clone(p.Metrics), history.Stopwatch)
		out.Parts[i] = p
	}
	return out
}

// StableMetrics is m without wall-clock figures: what the answers'
// last run may keep.
func StableMetrics(m labs.Metrics) labs.Metrics {
	out := labs.Metrics{}
	for k, v := range m {
		if !history.Stopwatch(labs.Metric{Name: k}) {
			out[k] = v
		}
	}
	return out
}
