package predictions

import (
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
)

// sparse makes a file of size bytes that takes no room on disk.
func sparse(t *testing.T, path string, size int64) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		t.Skip("no sparse files here:", err)
	}
}

// TestAHugeAnswersFileIsRefusedUnread: a 3 GB answers file is refused by
// its size, kept aside as any damaged file is, and not read: the load
// allocates next to nothing (reading it whole first took 3 GB, or the
// process).
func TestAHugeAnswersFileIsRefusedUnread(t *testing.T) {
	dir := t.TempDir()
	sparse(t, Path(dir, 45), 3<<30)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	a, err := Load(dir, 45)
	runtime.ReadMemStats(&after)
	var c *CorruptError
	if !errors.As(err, &c) || !strings.Contains(c.Problem, "3221225472 bytes") || c.KeptAs == "" {
		t.Fatalf("Load(3 GB) = %v, want a *CorruptError naming its size, kept aside", err)
	}
	if len(a.Predictions) != 0 || a.Day != 45 {
		t.Errorf("Load(3 GB) gave %+v, want empty answers", a)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
		t.Errorf("refusing it allocated %d bytes", grew)
	}
}
