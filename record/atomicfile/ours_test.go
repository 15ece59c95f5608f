package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOursTellsOwnWritesFromOthers: a file this process wrote is its own
// until another writes something else there.
func TestOursTellsOwnWritesFromOthers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "day45.json")
	if Ours(path) {
		t.Fatal("a file never written is ours")
	}
	if err := Write(path, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !Ours(path) {
		t.Fatal("our own write is not ours")
	}
	if err := os.WriteFile(path, []byte("two\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if Ours(path) {
		t.Fatal("another program's write is ours")
	}
}
