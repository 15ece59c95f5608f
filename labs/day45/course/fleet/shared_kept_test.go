package fleet

import (
	"encoding/json"
	"testing"

	"termlab/labs"
)

type keptRuns struct {
	m     map[string][]byte
	keeps int
}

func (s *keptRuns) LoadRun(key string) ([]byte, bool) { d, ok := s.m[key]; return d, ok }
func (s *keptRuns) KeepRun(key string, data []byte)   { s.keeps++; s.m[key] = data }

func useKept(t *testing.T) *keptRuns {
	s := &keptRuns{m: map[string][]byte{}}
	labs.SetCourseStore(s)
	t.Cleanup(func() { labs.SetCourseStore(nil) })
	return s
}

func encode(t *testing.T, s sharedRun) []byte {
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Part 4's shared runs are played once per version of the course: a played
// run is kept and the same on every play (so keeping it changes no
// figure); a kept run is used; one that is not whole is played afresh and
// kept anew, never shown; on a real Redis nothing is read or kept.
func TestSharedRunsAreKeptAndChecked(t *testing.T) {
	t.Setenv(RedisEnv, "")
	played := playShared()
	if played.Err != "" {
		t.Fatalf("the embedded store: %s", played.Err)
	}
	if !wellFormed(played) {
		t.Fatal("a played run is not well formed")
	}
	if again := playShared(); string(encode(t, again)) != string(encode(t, played)) {
		t.Fatalf("two plays differ, so the runs cannot be kept:\n%s\n%s", encode(t, played), encode(t, again))
	}

	s := useKept(t)
	if got := loadShared(); string(encode(t, got)) != string(encode(t, played)) || s.keeps != 1 {
		t.Fatalf("nothing kept: got %s, kept %d times; want the play, kept once", encode(t, got), s.keeps)
	}
	// A kept run is used: one second's grant moved from server 1 to
	// server 2, as a play never gives, shows that it was read, not played.
	moved := played
	moved.Central.PerServerSecond = [][]int{
		append([]int(nil), played.Central.PerServerSecond[0]...),
		append([]int(nil), played.Central.PerServerSecond[1]...),
		played.Central.PerServerSecond[2], played.Central.PerServerSecond[3]}
	moved.Central.ServerAccepted = append([]int(nil), played.Central.ServerAccepted...)
	moved.Central.PerServerSecond[0][5]--
	moved.Central.PerServerSecond[1][5]++
	moved.Central.ServerAccepted[0]--
	moved.Central.ServerAccepted[1]++
	if !wellFormed(moved) {
		t.Fatal("the moved run is not well formed")
	}
	s.m[sharedKey] = encode(t, moved)
	if got := loadShared(); got.Central.PerServerSecond[1][5] != moved.Central.PerServerSecond[1][5] || s.keeps != 1 {
		t.Errorf("a whole kept run was not used (kept %d times)", s.keeps)
	}

	broken := map[string]func(*sharedRun){
		"an accepted count past what was offered": func(r *sharedRun) { r.Central.Accepted = r.Central.Offered + 1 },
		"a total that is not its parts' sum": func(r *sharedRun) {
			r.Central.PerSecond = append([]int{r.Central.PerSecond[0] + 1}, r.Central.PerSecond[1:]...)
		},
		"a second missing":                    func(r *sharedRun) { r.Outage.OutageOpen = r.Outage.OutageOpen[1:] },
		"a server missing":                    func(r *sharedRun) { r.Central.PerServerSecond = r.Central.PerServerSecond[1:] },
		"a rate past every arrival":           func(r *sharedRun) { r.Outage.OutageRateOpen = 1e9 },
		"a negative count":                    func(r *sharedRun) { r.Outage.OutageClosed = append([]int{-1}, r.Outage.OutageClosed[1:]...) },
		"fewer arrivals in the outage":        func(r *sharedRun) { r.Outage.OutageOffered-- },
		"failing closed letting more through": func(r *sharedRun) { r.Outage.OutageRateClosed = r.Outage.OutageRateOpen + 1 },
		"a run of a real Redis":               func(r *sharedRun) { r.Embedded = false },
		"a run that failed":                   func(r *sharedRun) { r.Err = "down" },
		"no store named":                      func(r *sharedRun) { r.Store = "" },
	}
	for name, breakIt := range broken {
		var r sharedRun
		json.Unmarshal(encode(t, played), &r) // a deep copy
		breakIt(&r)
		if wellFormed(r) {
			t.Errorf("%s: taken as well formed", name)
		}
		s.m[sharedKey], s.keeps = encode(t, r), 0
		if got := loadShared(); string(encode(t, got)) != string(encode(t, played)) || s.keeps != 1 {
			t.Errorf("%s: got %s, kept %d times; want the run played afresh and kept", name, encode(t, got), s.keeps)
		}
	}
	s.m[sharedKey], s.keeps = []byte(`{"Store":"x"`), 0
	if got := loadShared(); string(encode(t, got)) != string(encode(t, played)) || s.keeps != 1 {
		t.Errorf("a damaged file: got %s, want the run played afresh", encode(t, got))
	}

	// A real Redis (here an address nobody listens on): its runs are its
	// own, never the kept ones, and never kept.
	s.m[sharedKey], s.keeps = encode(t, played), 0
	t.Setenv(RedisEnv, "127.0.0.1:1")
	if got := loadShared(); got.Err == "" || s.keeps != 0 {
		t.Errorf("with %s set: got %+v, kept %d times; want the real store's own answer, nothing kept", RedisEnv, got, s.keeps)
	}
}
