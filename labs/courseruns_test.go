package labs

import (
	"encoding/json"
	"testing"
)

type runStore struct {
	m     map[string][]byte
	keeps int
}

func (s *runStore) LoadRun(key string) ([]byte, bool) { d, ok := s.m[key]; return d, ok }
func (s *runStore) KeepRun(key string, data []byte)   { s.keeps++; s.m[key] = data }

type courseRun struct{ N int }

// A kept run is used without playing; one missing, undecodable or refused
// by the part's check is played afresh and kept anew; a run the part says
// not to keep (measured, or against a real server) is never kept; without
// a store every call plays.
func TestCourseRunKeepsWhatTheCourseAlonePlays(t *testing.T) {
	valid := func(r courseRun) bool { return r.N > 0 && r.N < 100 }
	for _, tc := range []struct {
		name   string
		kept   []byte // nil: nothing kept
		keep   bool   // what play says
		want   int
		played bool
		keeps  int
	}{
		{"kept and whole: used", []byte(`{"N":7}`), true, 7, false, 0},
		{"nothing kept: played and kept", nil, true, 42, true, 1},
		{"kept but damaged: played and kept anew", []byte(`{"N":7`), true, 42, true, 1},
		{"kept but refused by the part's check: played and kept anew", []byte(`{"N":1000}`), true, 42, true, 1},
		{"kept in another shape: refused", []byte(`[1,2,3]`), true, 42, true, 1},
		{"played, not to be kept", nil, false, 42, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &runStore{m: map[string][]byte{}}
			if tc.kept != nil {
				s.m["k"] = tc.kept
			}
			SetCourseStore(s)
			t.Cleanup(func() { SetCourseStore(nil) })
			played := false
			got := CourseRun("k", valid, func() (courseRun, bool) { played = true; return courseRun{42}, tc.keep })
			if got.N != tc.want || played != tc.played || s.keeps != tc.keeps {
				t.Errorf("got %d, played %v, kept %d times; want %d, %v, %d", got.N, played, s.keeps, tc.want, tc.played, tc.keeps)
			}
			if tc.keeps > 0 {
				var k courseRun
				if json.Unmarshal(s.m["k"], &k) != nil || k.N != 42 {
					t.Errorf("kept %q, want the run played", s.m["k"])
				}
			}
		})
	}
	plays := 0
	for range 2 {
		CourseRun("k", valid, func() (courseRun, bool) { plays++; return courseRun{1}, true })
	}
	if plays != 2 {
		t.Errorf("without a store: played %d times in 2 calls, want 2", plays)
	}
}
