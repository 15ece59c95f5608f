package cli

import (
	"context"
	"strings"
	"testing"
	"time"

	"termlab/labs"
)

// A first build's progress is told in a few lines: as it starts, at each
// quarter with the time so far, and as it ends; a save's small rebuild is
// not told at all; two programs are told apart.
func TestBuildLinesTellAFirstBuild(t *testing.T) {
	var said []string
	clock := time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)
	b := newBuildLines(func(s string) { said = append(said, s) }, func() time.Time { return clock })
	lean := labs.BuildProgress{Program: "the worker"}
	full := labs.BuildProgress{Program: "the full worker", Full: true}
	b.report(lean)
	b.report(full)
	lean.Total, full.Total = 100, 40
	b.report(lean)
	b.report(full)
	for i := 1; i <= 100; i++ {
		clock = clock.Add(time.Second)
		lean.Done = i
		b.report(lean)
		if i <= 40 {
			full.Done = i
			b.report(full)
		}
	}
	lean.Finished, full.Finished = true, true
	b.report(full)
	b.report(lean)
	want := []string{
		"Building the worker: 100 steps",
		"Building the full worker: 40 steps",
		"the full worker: 10 of 40 steps, 10 s so far.",
		"the full worker: 20 of 40 steps, 20 s so far.",
		"the worker: 25 of 100 steps, 25 s so far.",
		"the full worker: 30 of 40 steps, 30 s so far.",
		"the worker: 50 of 100 steps, 50 s so far.",
		"the worker: 75 of 100 steps, 75 s so far.",
		"the full worker is built, in 100 s.",
		"the worker is built, in 100 s.",
	}
	if len(said) != len(want) {
		t.Fatalf("said %d lines, want %d:\n%s", len(said), len(want), strings.Join(said, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(said[i], want[i]) {
			t.Errorf("line %d: %q, want %q…", i, said[i], want[i])
		}
	}

	// A save's rebuild through go build: three steps, nothing said.
	said = nil
	small := labs.BuildProgress{Program: "the worker", Total: 3}
	for i := 0; i <= 3; i++ {
		small.Done = i
		b.report(small)
	}
	small.Finished = true
	b.report(small)
	if len(said) > 0 {
		t.Errorf("a small rebuild was told: %q", said)
	}
}

// run and grade tell their builds on a terminal only, and never over a
// trace the caller has put in already (the plain lab's).
func TestTellBuildsOnlyWhereSomeoneReads(t *testing.T) {
	var buf strings.Builder
	e := Env{Stderr: &buf}
	if labs.BuildTraceOf(e.tellBuilds(context.Background())) != nil {
		t.Error("builds are told into a buffer, not a terminal")
	}
	mine := func(labs.BuildProgress) {}
	ctx := labs.WithBuildTrace(context.Background(), mine)
	if got := e.tellBuilds(ctx); got != ctx {
		t.Error("the caller's trace was replaced")
	}
}
