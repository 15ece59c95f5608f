package labs

import (
	"slices"
	"strings"
)

// Stopwatch starts a report line, or a figure's title, that gives a
// wall-clock measurement (what one check costs on this machine). Such
// figures differ from run to run by nature, while everything else a part
// reports is computed on the virtual clock and repeats exactly.
const Stopwatch = "⏱"

// Measured reports whether a metric is a wall-clock measurement: by the
// days' convention, its name ends in _ns.
func Measured(m Metric) bool { return strings.HasSuffix(m.Name, "_ns") }

// Repeatable is the part without its wall-clock measurements: what two
// runs of the same code must agree on, and what a screen compares to tell
// a part that changed from one that was only measured again.
func (p PartResult) Repeatable() PartResult {
	p.Metrics = slices.DeleteFunc(slices.Clone(p.Metrics), Measured)
	p.Lines = slices.DeleteFunc(slices.Clone(p.Lines), func(l string) bool { return strings.HasPrefix(l, Stopwatch) })
	p.Figures = slices.DeleteFunc(slices.Clone(p.Figures), func(f Figure) bool { return strings.HasPrefix(f.Title, Stopwatch) })
	return p
}
