package registry_test

import (
	"fmt"
	"os"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/registry/full"
	"termlab/record/history"
	"termlab/record/predictions"
	"termlab/runner/testrun"
)

// TestTheHistoryKeepsWhatItPromises: MaxRuns runs of every day, each as
// big as a real run gets (every part played, every figure shown, every
// prediction judged), all fit in MaxBytes, so the byte cap never cuts the
// history short of the runs docs/ARCHITECTURE.md promises (MaxRuns).
//
// The default run tries the first day, the whole suite every day
// (testrun.Sampled): each day plays every part of its reference.
func TestTheHistoryKeepsWhatItPromises(t *testing.T) {
	for i, day := range full.Days {
		if !testrun.Sampled(i+1, 1) {
			continue
		}
		if d, ok := heavy[day.Number]; ok {
			day = d
		}
		t.Run(fmt.Sprintf("day%d", day.Number), func(t *testing.T) {
			t.Parallel() // each day runs, grades and writes a folder of its own
			o := labs.Outcome{Day: day.Number, Parts: day.Run(labs.Reference), Grades: day.Grade(labs.Reference)}
			a := predictions.New(day.Number)
			for _, p := range day.Predictions {
				a.Set(p.ID, 123456.5)
			}
			a.RevealRun(day, o.Metrics())
			snap := history.Snapshot{Digest: "0123456789ab", Bodies: map[int]string{}}
			for _, td := range day.TODOs {
				snap.Bodies[td.Number] = "fnv:01234567"
			}
			dir := t.TempDir() + "/predictions"
			run := func(i int) history.Record {
				r := history.New(day, o, snap, history.FromScreens, time.Unix(1_800_000_000+int64(i), 0), a, nil)
				r.Changed = []int{1, 2, 3, 4}
				return r
			}
			// The first MaxRuns-1 runs are written as Append writes them
			// (Encode: one line each, the bodies unchanged, so no Changed);
			// the last four go through Append, which loads them and, from
			// the second on, drops the oldest. Appending all 103 loaded the
			// growing file 103 times, most of the test's CPU.
			var seed []history.Record
			for i := range history.MaxRuns - 1 {
				r := run(i)
				r.Changed = nil
				seed = append(seed, r)
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(history.Path(dir, day.Number), history.Encode(seed), 0o644); err != nil {
				t.Fatal(err)
			}
			for i := history.MaxRuns - 1; i < history.MaxRuns+3; i++ {
				if _, err := history.Append(dir, day.Number, run(i)); err != nil {
					t.Fatal(err)
				}
			}
			recs, err := history.Load(dir, day.Number)
			if err != nil {
				t.Fatal(err)
			}
			one := len(history.Encode(recs[len(recs)-1:]))
			t.Logf("day %d: a run takes %d bytes; %d runs kept", day.Number, one, len(recs))
			if len(recs) != history.MaxRuns {
				t.Errorf("day %d: %d runs kept, not the %d promised (a run takes %d bytes, the cap is %d)", day.Number, len(recs), history.MaxRuns, one, history.MaxBytes)
			}
			// And with room to spare: a quarter more figures must still fit.
			if one*history.MaxRuns*5/4 > history.MaxBytes {
				t.Errorf("day %d: %s", day.Number, fmt.Sprintf("%d runs of %d bytes, and a quarter more, pass the cap of %d", history.MaxRuns, one, history.MaxBytes))
			}
		})
	}
}
