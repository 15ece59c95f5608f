package history

import (
	"testing"
	"time"

	"termlab/labs"
	"termlab/record/atomicfile"
)

// benchRecord is about the size of a Day 45 run: 4 TODOs, 8 parts, 40
// figures, 12 verdicts.
func benchRecord(i int) Record {
	r := rec(t0.Add(time.Duration(i)*time.Second), map[int]labs.Status{1: labs.Pass, 2: labs.Pass, 3: labs.Fail, 4: labs.Unfinished})
	r.Bodies = map[int]string{1: "aaaaaaaa", 2: "bbbbbbbb", 3: "cccccccc", 4: "dddddddd"}
	for p := range 8 {
		part := Part{ID: string(rune('1' + p)), Status: labs.OK}
		for f := range 5 {
			part.Figures = append(part.Figures, labs.Metric{Name: "a_figure_name", Label: "a label of some length", Value: float64(i*f) + 0.25, Unit: "requests", Decimals: 1})
		}
		r.Parts = append(r.Parts, part)
	}
	return r
}

// BenchmarkAppendToAFullHistory is what a run costs the history once it
// holds MaxRuns runs: lock, reload, drop the oldest, write atomically.
// Compare it with BenchmarkFloorAtomicWrite, the atomic write of the same
// bytes alone, in the same run.
func BenchmarkAppendToAFullHistory(b *testing.B) {
	dir := b.TempDir() + "/predictions"
	for i := range MaxRuns {
		if _, err := Append(dir, 45, benchRecord(i)); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := range b.N {
		if _, err := Append(dir, 45, benchRecord(MaxRuns+i)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFloorAtomicWrite(b *testing.B) {
	dir := b.TempDir()
	recs := make([]Record, MaxRuns)
	for i := range recs {
		recs[i] = benchRecord(i)
	}
	data := Encode(recs)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for range b.N {
		if err := atomicfile.Write(dir+"/h.jsonl", data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
}
