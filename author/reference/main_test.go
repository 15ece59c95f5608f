package main

import (
	"context"
	"strings"
	"testing"

	"termlab/labs"
)

// played is a reference run of Day 46 as the command hears it from the
// reference programs: two figures (kit's TestReferenceTableIsTheReferenceRun
// checks the table against a whole run).
func played(_ context.Context, _ string, day labs.Day) (labs.Outcome, error) {
	return labs.Outcome{Day: day.Number, Impl: labs.Reference, Parts: []labs.PartResult{{ID: "3", Status: labs.OK, Metrics: []labs.Metric{
		labs.NewMetric("fair_share_noisy", "", 1234.5, "/s", 1), labs.NewMetric("fair_share_quiet", "", 6789, "/s", 0),
	}}}}, nil
}

func TestRun(t *testing.T) {
	var out strings.Builder
	if err := run(context.Background(), "../..", []string{"46"}, &out, played); err != nil {
		t.Fatal(err)
	}
	// The command reads the day's REFERENCE.md (a row of two metrics) and
	// prints the figures it was given, and every prediction.
	for _, want := range []string{"SPOILERS", "| `fair_share_noisy`, `fair_share_quiet` | 1234.5, 6789 | 3 | 1 | ", "| P13 | `vtfq_quiet_p50_ms_32` | (not in the run) | "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
	for _, args := range [][]string{nil, {"46", "47"}, {"x"}, {"99"}} {
		if err := run(context.Background(), "../..", args, &out, played); err == nil {
			t.Errorf("run %q: no error", args)
		}
	}
}
