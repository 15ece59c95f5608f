package labs

import (
	"sync"
	"testing"
)

type twoFuncs struct {
	A func(int) int
	B func(int) int
}

func double(x int) int { return 2 * x }
func triple(x int) int { return 3 * x }

// mapStore is a ReferenceStore in memory, counting its loads and keeps.
type mapStore struct {
	mu           sync.Mutex
	m            map[string][]Metric
	loads, keeps int
}

func (s *mapStore) Load(key string) ([]Metric, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.loads++
	m, ok := s.m[key]
	return m, ok
}

func (s *mapStore) Keep(key string, m []Metric) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keeps++
	s.m[key] = m
}

func TestReferenceMetricsAreComputedOncePerReference(t *testing.T) {
	key := "test/" + t.Name() // unique to this test
	ref := twoFuncs{A: double, B: triple}
	other := twoFuncs{A: triple, B: triple}
	calls := 0
	compute := func(f twoFuncs) func() []Metric {
		return func() []Metric {
			calls++
			return []Metric{{Name: "x", Value: float64(f.A(1))}}
		}
	}
	for range 3 {
		if got := ReferenceMetrics(key, ref, compute(ref)); got[0].Value != 2 {
			t.Fatalf("the reference's figure: got %v, want 2", got[0].Value)
		}
	}
	if calls != 1 {
		t.Errorf("the reference was played %d times in one process, want once", calls)
	}
	// Another set of functions is another reference, whatever the key.
	if got := ReferenceMetrics(key, other, compute(other)); got[0].Value != 3 {
		t.Errorf("another reference's figure: got %v, want 3 (not the first reference's, kept by the same key)", got[0].Value)
	}
	if calls != 2 {
		t.Errorf("another reference was played %d times in all, want 2", calls-1)
	}
}

func TestReferenceMetricsComeFromTheStore(t *testing.T) {
	s := &mapStore{m: map[string][]Metric{}}
	SetReferenceStore(s)
	t.Cleanup(func() { SetReferenceStore(nil) })
	ref := twoFuncs{A: double, B: triple}
	kept := "test/" + t.Name() + "kept"
	s.m[kept] = []Metric{{Name: "x", Value: 7}}
	played := false
	if got := ReferenceMetrics(kept, ref, func() []Metric { played = true; return nil }); played || got[0].Value != 7 {
		t.Errorf("a figure in the store: got %v, played %v; want the store's 7, not played", got, played)
	}
	fresh := "test/" + t.Name() + "fresh"
	got := ReferenceMetrics(fresh, ref, func() []Metric { return []Metric{{Name: "y", Value: 4}} })
	if got[0].Value != 4 || s.keeps != 1 || s.m[fresh][0].Value != 4 {
		t.Errorf("a figure not in the store: got %v, kept %d times (%v); want 4, kept once", got, s.keeps, s.m[fresh])
	}
}

func TestAPanickingReferenceKeepsNothing(t *testing.T) {
	key := "test/" + t.Name()
	ref := twoFuncs{A: double}
	func() {
		defer func() { recover() }()
		ReferenceMetrics(key, ref, func() []Metric { panic("stopped by the guard") })
	}()
	if got := ReferenceMetrics(key, ref, func() []Metric { return []Metric{{Value: 1}} }); len(got) != 1 || got[0].Value != 1 {
		t.Errorf("after a play that panicked: got %v, want it played again", got)
	}
}
