package cli

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"termlab/record/reset"
)

// cmdReset is `reset day [TODO]`: a TODO, or the whole day, back to the
// shipped stub (record/reset), the learner's version kept aside first.
func cmdReset(ctx context.Context, e Env, a Args) int {
	day, err := dayArg(a, true)
	if err != nil {
		return UsageError(e.Stderr, err.Error())
	}
	what := fmt.Sprintf("all of Day %d's TODOs", day.Number)
	todo := 0
	if len(a.Pos) > 1 {
		todo, err = strconv.Atoi(strings.TrimPrefix(strings.ToUpper(a.Pos[1]), "TODO"))
		if _, ok := day.TODO(todo); err != nil || !ok {
			return UsageError(e.Stderr, fmt.Sprintf("%q is not a TODO of Day %d (it has 1–%d)", a.Pos[1], day.Number, len(day.TODOs)))
		}
		what = fmt.Sprintf("TODO %d of Day %d", todo, day.Number)
	}
	if !a.Has("yes") {
		fmt.Fprintf(e.Stdout, "Reset %s to the shipped stub? Your version is kept aside first. [y/N] ", what)
		// The answer is read aside, so that a signal while the question
		// waits stops reset at once instead of after the next Enter.
		answer := make(chan string, 1)
		go func() {
			line, _ := bufio.NewReader(e.Stdin).ReadString('\n')
			answer <- line
		}()
		var line string
		select {
		case line = <-answer:
		case <-ctx.Done():
			fmt.Fprintln(e.Stdout)
			return e.SayStopped(ctx, "nothing was reset.")
		}
		if ans := strings.ToLower(strings.TrimSpace(line)); ans != "y" && ans != "yes" {
			fmt.Fprintln(e.Stdout, "\nNothing was reset.")
			return ExitNotOK
		}
	}
	var kept []string
	if todo == 0 {
		kept, err = reset.Day(e.Root, day, time.Now())
	} else {
		var k string
		k, err = reset.TODO(e.Root, day, todo, time.Now())
		kept = []string{k}
	}
	if err != nil {
		fmt.Fprintln(e.Stderr, "termlab: nothing was reset:", err)
		return ExitNotOK
	}
	fmt.Fprintf(e.Stdout, "Reset %s. Your version is kept in %s\n", what, strings.Join(kept, ", "))
	return ExitOK
}
