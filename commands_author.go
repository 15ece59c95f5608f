package main

import (
	"bufio"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"termlab/labs"
	"termlab/record/reset"
)

func cmdReset(ctx context.Context, e env, a args) int {
	day, err := dayArg(a, true)
	if err != nil {
		return usageError(e.stderr, err.Error())
	}
	what := fmt.Sprintf("all of Day %d's TODOs", day.Number)
	todo := 0
	if len(a.pos) > 1 {
		todo, err = strconv.Atoi(strings.TrimPrefix(strings.ToUpper(a.pos[1]), "TODO"))
		if _, ok := day.TODO(todo); err != nil || !ok {
			return usageError(e.stderr, fmt.Sprintf("%q is not a TODO of Day %d (it has 1–%d)", a.pos[1], day.Number, len(day.TODOs)))
		}
		what = fmt.Sprintf("TODO %d of Day %d", todo, day.Number)
	}
	if !a.has("yes") {
		fmt.Fprintf(e.stdout, "Reset %s to the shipped stub? Your version is kept aside first. [y/N] ", what)
		// The answer is read aside, so that a signal while the question
		// waits stops reset at once instead of after the next Enter.
		answer := make(chan string, 1)
		go func() {
			line, _ := bufio.NewReader(e.stdin).ReadString('\n')
			answer <- line
		}()
		var line string
		select {
		case line = <-answer:
		case <-ctx.Done():
			fmt.Fprintln(e.stdout)
			return e.sayStopped(ctx, "nothing was reset.")
		}
		if ans := strings.ToLower(strings.TrimSpace(line)); ans != "y" && ans != "yes" {
			fmt.Fprintln(e.stdout, "\nNothing was reset.")
			return exitNotOK
		}
	}
	var kept []string
	if todo == 0 {
		kept, err = reset.Day(e.root, day, time.Now())
	} else {
		var k string
		k, err = reset.TODO(e.root, day, todo, time.Now())
		kept = []string{k}
	}
	if err != nil {
		fmt.Fprintln(e.stderr, "termlab: nothing was reset:", err)
		return exitNotOK
	}
	fmt.Fprintf(e.stdout, "Reset %s. Your version is kept in %s\n", what, strings.Join(kept, ", "))
	return exitOK
}

// measuredPrefix starts a report line that gives a wall-clock measurement
// (Day 45's course.Stopwatch); such lines, and metrics whose names end in
// _ns, differ from run to run by nature.
const measuredPrefix = "⏱"

// repeatable is what two runs must agree on: everything but the wall-clock
// measurements (and figures titled as one).
func repeatable(parts []labs.PartResult) []labs.PartResult {
	out := make([]labs.PartResult, len(parts))
	for i, p := range parts {
		p.Metrics = slices.DeleteFunc(slices.Clone(p.Metrics), func(m labs.Metric) bool { return strings.HasSuffix(m.Name, "_ns") })
		p.Lines = slices.DeleteFunc(slices.Clone(p.Lines), func(l string) bool { return strings.HasPrefix(l, measuredPrefix) })
		p.Figures = slices.DeleteFunc(slices.Clone(p.Figures), func(f labs.Figure) bool { return strings.HasPrefix(f.Title, measuredPrefix) })
		out[i] = p
	}
	return out
}
