package worker

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// The course's own runs at rest: what one process keeps the next reads, in
// the folder of that version of the course only; the file holds no figure
// in plain text; a file damaged, longer than its bound, or sealed with
// another clone's key reads as nothing kept (the part then plays afresh).
func TestCourseRunsAreKeptSealedPerVersion(t *testing.T) {
	clone := t.TempDir()
	dir, next := filepath.Join(clone, "day45-0123"), filepath.Join(clone, "day45-4567")
	for _, d := range []string{dir, next} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	const run = `{"Central":{"Accepted":876543}}`
	newCourseStore(dir).KeepRun("day45/part4/x", []byte(run))
	if got, ok := newCourseStore(dir).LoadRun("day45/part4/x"); !ok || string(got) != run {
		t.Fatalf("read back %q, %v; want the run kept", got, ok)
	}
	if got, ok := newCourseStore(next).LoadRun("day45/part4/x"); ok {
		t.Errorf("another version of the course read %q", got)
	}
	path := filepath.Join(dir, courseFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("876543")) || bytes.Contains(data, []byte("Central")) {
		t.Errorf("the kept run is readable in the file: %q", data)
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"damaged", append(bytes.Clone(data[:len(data)/2]), 'x')},
		{"plain JSON, not sealed", []byte(`{"day45/part4/x":` + run + `}`)},
		{"past its bound", append(bytes.Clone(data), bytes.Repeat([]byte{' '}, maxCourseRuns)...)},
	} {
		os.WriteFile(path, tc.data, 0o644)
		if got, ok := newCourseStore(dir).LoadRun("day45/part4/x"); ok {
			t.Errorf("%s: read %q", tc.name, got)
		}
	}
	os.WriteFile(path, data, 0o644)
	os.WriteFile(filepath.Join(clone, keyFile), bytes.Repeat([]byte{7}, 32), 0o600)
	if got, ok := newCourseStore(dir).LoadRun("day45/part4/x"); ok {
		t.Errorf("a file sealed with another key gave %q", got)
	}
}
