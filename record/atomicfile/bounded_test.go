package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestReadBoundedRefusesABigFileUnread: a sparse 3 GB file is refused by
// its size, before a byte of it is read (memory stays put), and a file
// within the bound comes back whole.
func TestReadBoundedRefusesABigFileUnread(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(3 << 30); err != nil {
		t.Skip("no sparse files here:", err)
	}
	f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = ReadBounded(big, 64<<20)
	runtime.ReadMemStats(&after)
	var tb *TooBigError
	if !errors.As(err, &tb) || tb.Size != 3<<30 {
		t.Fatalf("ReadBounded(3 GB) = %v, want a *TooBigError of its size", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Errorf("refusing it allocated %d bytes", grew)
	}
	small := filepath.Join(dir, "small")
	os.WriteFile(small, []byte("hello"), 0o644)
	if got, err := ReadBounded(small, 5); err != nil || string(got) != "hello" {
		t.Errorf("ReadBounded(5 bytes, max 5) = %q, %v", got, err)
	}
	if _, err := ReadBounded(small, 4); !errors.As(err, &tb) {
		t.Errorf("ReadBounded(5 bytes, max 4) = %v, want a *TooBigError", err)
	}
	if _, err := ReadBounded(filepath.Join(dir, "none"), 4); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file gave %v", err)
	}
}
