package main

import (
	"context"
	"strings"
	"testing"

	"termlab/labs"
)

// inProcess plays day's reference in this process (Day 46 has no heavy
// part), where the command plays it in the reference programs.
func inProcess(_ context.Context, _ string, day labs.Day) (labs.Outcome, error) {
	return labs.Outcome{Day: day.Number, Impl: labs.Reference, Parts: day.Run(labs.Reference)}, nil
}

func TestRun(t *testing.T) {
	var out strings.Builder
	if err := run(context.Background(), "../..", []string{"46"}, &out, inProcess); err != nil {
		t.Fatal(err)
	}
	// kit's TestReferenceTableIsTheReferenceRun checks the table's
	// figures; here, that the command reads the day's REFERENCE.md rows
	// (a row of two metrics) and says what it prints.
	for _, want := range []string{"SPOILERS", "| `fair_share_noisy`, `fair_share_quiet` | ", "| P13 | `vtfq_quiet_p50_ms_32` | "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
	for _, args := range [][]string{nil, {"46", "47"}, {"x"}, {"99"}} {
		if err := run(context.Background(), "../..", args, &out, inProcess); err == nil {
			t.Errorf("run %q: no error", args)
		}
	}
}
