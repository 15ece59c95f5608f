//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A steps file as the lab writes it (out of order across processes, the
// parts' steps mixed in, a first save not measured, a round that went to
// go build) gives each round's stretches, and the table their medians.
func TestStepsTable(t *testing.T) {

	lines := []string{
		"0 1 savetime: save 0 written",
		"1000000 9 tui: watch todo.go", // before any measured save: not counted
		// Round 1: every stretch, 1, 2, 3… ms apart, a part's steps beside.
		"100000000 1 savetime: save 1 written",
		"101000000 9 tui: watch todo.go",
		"103000000 9 tui: run starts",
		"106000000 9 direct: compile termlab/labs/day45",
		"110000000 9 direct: compile main",
		"115000000 9 direct: link ",
		"121000000 9 direct: linked",
		"128000000 9 box: started 77 [45 grade 1]",
		"136000000 77 worker main [_worker 45 grade 1]", // another process, stamped before the lab's next line
		"145000000 9 run: update",
		"146000000 9 box: started 78 [45 part 1]", // a part: ignored
		"155000000 9 tui: partial",
		"166000000 9 tui: drawn 50 bytes",
		"178000000 1 savetime: verdict seen 1",
		"179000000 9 tui: drawn 10 bytes",
		// Round 2: go build, no direct steps: only its first two stretches.
		"300000000 1 savetime: save 2 written",
		"302000000 9 tui: watch todo.go",
		"306000000 9 tui: run starts",
		"307000000 9 build: plan false",
		"700000000 9 run: update",
		"710000000 1 savetime: verdict seen 2",
	}
	// Shuffled as several processes' appends may land.
	text := strings.Join(append(lines[10:], lines[:10]...), "\n") + "\n"
	path := filepath.Join(t.TempDir(), "trace.steps")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	steps, err := readSteps(path)
	if err != nil {
		t.Fatal(err)
	}
	rounds := roundStretches(steps)
	if len(rounds) != 2 {
		t.Fatalf("%d rounds, want 2", len(rounds))
	}
	for i, want := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12} {
		if got := rounds[0][i]; got != durMs(want) {
			t.Errorf("round 1, %s: %v, want %d ms", stretches[i].name, got, want)
		}
	}
	if rounds[1][0] != durMs(2) || rounds[1][1] != durMs(4) || rounds[1][2] != -1 || rounds[1][11] != -1 {
		t.Errorf("round 2 (go build): %v", rounds[1])
	}
	table := stepsTable(steps)
	for _, want := range []string{
		"save → the watcher's event            1.5 ms    1.0 ms    2.0 ms       2",
		"link the lean worker                  6.0 ms    6.0 ms    6.0 ms       1",
		"→ a capture shows it (tmux)          12.0 ms   12.0 ms   12.0 ms       1",
		"sum of the medians                   79.5 ms",
	} {
		if !strings.Contains(table, want+"\n") {
			t.Errorf("the table lacks\n%s\nin\n%s", want, table)
		}
	}

}

func durMs(n int) time.Duration { return time.Duration(n) * time.Millisecond }
