package history

import (
	"errors"
	"os"
	"runtime"
	"testing"
	"time"

	"termlab/labs"
)

// TestAHugeHistoryIsRefusedUnread: a 3 GB history is refused by its size
// without being read, and the next run keeps it aside and starts anew.
func TestAHugeHistoryIsRefusedUnread(t *testing.T) {
	dir := predDir(t)
	// A sparse file: 3 GB long, no room on disk.
	if os.WriteFile(Path(dir, 45), nil, 0o644) != nil || os.Truncate(Path(dir, 45), 3<<30) != nil {
		t.Skip("no sparse files here")
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Load(dir, 45)
	runtime.ReadMemStats(&after)
	var c *CorruptError
	if !errors.As(err, &c) {
		t.Fatalf("Load(3 GB) = %v, want a *CorruptError", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
		t.Errorf("refusing it allocated %d bytes", grew)
	}
	recs, err := Append(dir, 45, rec(time.Unix(1_800_000_000, 0), map[int]labs.Status{1: labs.Pass}))
	if !errors.As(err, &c) || c.KeptAs == "" || len(recs) != 1 {
		t.Fatalf("Append after it: %d runs, %v; want 1 run and the file kept aside", len(recs), err)
	}
}
