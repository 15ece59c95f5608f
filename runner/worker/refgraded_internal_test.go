package worker

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"termlab/labs"
)

// The graded reference's figures: what one process keeps, the next reads;
// many keeping at once lose none; the file holds no figure in plain text
// (they are prediction answers); a file damaged or sealed with another
// clone's key is read as empty, never as figures.
func TestGradedReferenceIsKeptSealedAndWhole(t *testing.T) {
	clone := t.TempDir()
	dir := filepath.Join(clone, "day46-0123")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	const answer = 987654.321
	var wg sync.WaitGroup
	const writers = 8
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A store of its own for each, as each grade process has.
			newGradedStore(dir).Keep(fmt.Sprintf("piece%d", i), []labs.Metric{{Name: "share", Value: answer + float64(i)}})
		}()
	}
	wg.Wait()
	next := newGradedStore(dir)
	for i := range writers {
		m, ok := next.Load(fmt.Sprintf("piece%d", i))
		if !ok || len(m) != 1 || m[0].Value != answer+float64(i) {
			t.Errorf("piece%d: got %v, %v; want the figure its writer kept", i, m, ok)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, gradedFile))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("987654")) || bytes.Contains(data, []byte("share")) {
		t.Errorf("the kept figures are readable in the file: %q", data)
	}
	if _, ok := newGradedStore(dir).Load("piece99"); ok {
		t.Error("a piece nobody kept was found")
	}

	// Damaged: not read.
	if err := os.WriteFile(filepath.Join(dir, gradedFile), append(data[:len(data)/2:len(data)/2], 'x'), 0o644); err != nil {
		t.Fatal(err)
	}
	if m, ok := newGradedStore(dir).Load("piece0"); ok {
		t.Errorf("a damaged file gave %v", m)
	}
	// Another clone's key: not read.
	os.WriteFile(filepath.Join(dir, gradedFile), data, 0o644)
	os.WriteFile(filepath.Join(clone, keyFile), bytes.Repeat([]byte{7}, 32), 0o600)
	if m, ok := newGradedStore(dir).Load("piece0"); ok {
		t.Errorf("a file sealed with another key gave %v", m)
	}
}
