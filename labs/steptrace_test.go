package labs

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// A step is one line appended to the trace: the time, the process, the
// step; what was there stays.
func TestWriteStep(t *testing.T) {
	path := filepath.Join(t.TempDir(), "steps")
	if err := os.WriteFile(path, []byte("1 2 earlier\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Unix(1700000000, 123)
	writeStep(f, at, "direct: %s %s", "compile", "termlab/labs/day45")
	f.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := "1 2 earlier\n1700000000000000123 " + strconv.Itoa(os.Getpid()) + " direct: compile termlab/labs/day45\n"
	if string(data) != want {
		t.Errorf("the trace reads\n%q\nwant\n%q", data, want)
	}
}
