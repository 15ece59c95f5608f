package tools

import (
	"testing"

	"termlab/labs"
	day45 "termlab/labs/day45/course"
)

func TestCheckLeavesOutWallClockMeasurements(t *testing.T) {
	part := func(ns float64, line string) []labs.PartResult {
		return []labs.PartResult{{ID: "4",
			Metrics: []labs.Metric{{Name: "fleet_central_delivered_rate", Value: 10}, {Name: "fleet_redis_check_ns", Value: ns}},
			Lines:   []string{"10.0/s after the opening burst", day45.Stopwatch + " " + line}}}
	}
	a, b := repeatable(part(75000, "75 µs")), repeatable(part(81000, "81 µs"))
	if len(a[0].Metrics) != 1 || len(a[0].Lines) != 1 || a[0].Metrics[0].Name != "fleet_central_delivered_rate" {
		t.Errorf("kept %v", a[0])
	}
	if a[0].Lines[0] != b[0].Lines[0] || a[0].Metrics[0] != b[0].Metrics[0] {
		t.Error("runs that differ only in measurements should compare equal")
	}
	orig := part(1, "x")
	repeatable(orig)
	if len(orig[0].Metrics) != 2 || len(orig[0].Lines) != 2 {
		t.Error("repeatable changed its argument")
	}
}
