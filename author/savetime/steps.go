//go:build unix

package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Where a save's time to the verdict goes. With -trace FILE the lab, its
// builds and its workers append their steps to FILE.steps (labs.Step), and
// so does this program (each save written, each verdict seen); stepsTable
// reads them back and gives, over the rounds, each stretch from the save
// to the verdict on screen, one after the other. A stretch is from the
// first line of its kind after the stretch before it ended, so parallel
// work (the parts, another grade) never counts twice.

// stretch is one stretch of a save: it ends at the first step after the
// last stretch's end whose text starts with one of ends.
type stretch struct {
	name string
	ends []string
}

// stretches are a save's way to its verdict, in order. A save that went
// to go build (no plan: the first, or one after the plan went stale) has
// no "direct:" steps and counts only up to the run's start.
var stretches = []stretch{
	{"save → the watcher's event", []string{"tui: watch"}},
	{"event → run starts (debounce)", []string{"tui: run starts"}},
	{"→ the compile starts (plan)", []string{"direct: compile"}},
	{"compile the learner's package", []string{"direct: compile main"}},
	{"compile the worker's main", []string{"direct: link"}},
	{"link the lean worker", []string{"direct: linked"}},
	{"→ the grade's worker started", []string{"box: started"}},
	{"→ its main runs (exec, init)", []string{"worker main"}},
	{"→ the verdict lands (checks…)", []string{"run: update"}},
	{"→ the screen's Update has it", []string{"tui: partial"}},
	{"→ the frame is written", []string{"tui: drawn"}},
	{"→ a capture shows it (tmux)", []string{"savetime: verdict seen"}},
}

// step is one line of a steps file.
type step struct {
	at   int64 // ns since the epoch
	text string
}

// readSteps reads a steps file, in time order.
func readSteps(path string) ([]step, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var steps []step
	for line := range strings.SplitSeq(string(data), "\n") {
		f := strings.SplitN(line, " ", 3)
		if len(f) != 3 {
			continue
		}
		at, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			continue
		}
		steps = append(steps, step{at, f[2]})
	}
	slices.SortStableFunc(steps, func(a, b step) int { return int(a.at - b.at) })
	return steps, nil
}

// roundStretches splits steps into the measured rounds (from each "save N
// written", N ≥ 1) and times each stretch of each: by round, the stretch's
// length, or -1 where the round has no such stretch.
func roundStretches(steps []step) [][]time.Duration {
	var out [][]time.Duration
	for i, s := range steps {
		n, ok := savedRound(s.text)
		if !ok || n < 1 {
			continue
		}
		end := len(steps)
		for j := i + 1; j < len(steps); j++ {
			if _, next := savedRound(steps[j].text); next {
				end = j
				break
			}
		}
		ds := make([]time.Duration, len(stretches))
		for x := range ds {
			ds[x] = -1
		}
		at, k := s.at, i
		for x, st := range stretches {
			found := -1
			for j := k + 1; j < end && found < 0; j++ {
				if slices.ContainsFunc(st.ends, func(p string) bool { return strings.HasPrefix(steps[j].text, p) }) {
					found = j
				}
			}
			if found < 0 {
				break // the stretches after it cannot be told either
			}
			ds[x] = time.Duration(steps[found].at - at)
			at, k = steps[found].at, found
		}
		out = append(out, ds)
	}
	return out
}

// savedRound reads "savetime: save N written".
func savedRound(text string) (int, bool) {
	rest, ok := strings.CutPrefix(text, "savetime: save ")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSuffix(rest, " written"))
	return n, err == nil
}

// stepsTable is the rounds' stretches as a table: the median, fastest and
// slowest of each, over the rounds that have it.
func stepsTable(steps []step) string {
	rounds := roundStretches(steps)
	var b strings.Builder
	fmt.Fprintf(&b, "\nwhere the verdict's time went (%d rounds, from the steps)\n%-34s %9s %9s %9s %7s\n", len(rounds), "stretch", "median", "min", "max", "rounds")
	var total time.Duration
	for x, st := range stretches {
		var ds []time.Duration
		for _, r := range rounds {
			if r[x] >= 0 {
				ds = append(ds, r[x])
			}
		}
		if len(ds) == 0 {
			fmt.Fprintf(&b, "%-34s %9s %9s %9s %7d\n", st.name, "–", "–", "–", 0)
			continue
		}
		m := median(ds)
		total += m
		fmt.Fprintf(&b, "%-34s %9s %9s %9s %7d\n", st.name, ms1(m), ms1(slices.Min(ds)), ms1(slices.Max(ds)), len(ds))
	}
	fmt.Fprintf(&b, "%-34s %9s\n", "sum of the medians", ms1(total))
	return b.String()
}

func ms1(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }
