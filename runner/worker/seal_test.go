package worker

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"termlab/labs"
)

// TestReferencePartsAreSealedAtRest: the reference's parts, kept in the
// day's cache folder, hold no figure or name in plain text (a grep finds
// no answer), read back whole with the clone's key, and not at all with
// another clone's key or from a plain file of an older lab.
func TestReferencePartsAreSealedAtRest(t *testing.T) {
	clone := t.TempDir()
	dayDir := filepath.Join(clone, "day45-0123")
	os.MkdirAll(dayDir, 0o755)
	day := labs.Day{Number: 45, Parts: []labs.Part{{ID: "1"}}}
	parts := map[string]labs.PartResult{"1": {ID: "1", Status: labs.OK,
		Metrics: []labs.Metric{labs.NewMetric("token_burst_accepted", "burst accepted", 20, "requests", 0)},
		Lines:   []string{"The bucket let 20 requests through."}}}
	data, _ := json.Marshal(parts)
	path := filepath.Join(dayDir, "reference-parts.sealed")
	writeSealed(path, data)
	onDisk, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, plain := range []string{"token_burst_accepted", "burst accepted", `"value"`, "requests"} {
		if bytes.Contains(onDisk, []byte(plain)) {
			t.Errorf("the file at rest holds %q in plain text", plain)
		}
	}
	got, ok := cachedParts(path, day)
	if !ok || len(got) != 1 || got[0].Metrics[0].Value != 20 {
		t.Fatalf("read back: %+v, %v", got, ok)
	}
	// Another clone's key opens nothing: the file is a cache miss.
	os.WriteFile(filepath.Join(clone, keyFile), bytes.Repeat([]byte{7}, 32), 0o600)
	if _, ok := cachedParts(path, day); ok {
		t.Error("read with another key")
	}
	// A plain file (an older lab's reference-parts.json renamed) is not read.
	os.WriteFile(path, data, 0o644)
	if _, ok := cachedParts(path, day); ok {
		t.Error("a plain file was read")
	}
}

// The key is made once per clone and kept: a second call reads it.
func TestCloneKeyIsKept(t *testing.T) {
	dir := t.TempDir()
	a, b := cloneKey(dir), cloneKey(dir)
	if len(a) != 32 || !bytes.Equal(a, b) {
		t.Fatalf("keys %x and %x", a, b)
	}
	if c := cloneKey(t.TempDir()); bytes.Equal(a, c) {
		t.Error("two clones share a key")
	}
}
