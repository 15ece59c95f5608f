package labs

import (
	"encoding/json"
	"sync"
)

// The course's own runs: experiments of a part that call none of the
// learner's code (Day 45's Part 4 on the embedded Redis: the fleet on one
// shared bucket, the store going down). Their figures depend only on the
// course's code, like the reference's half of a grade (refcache.go), so a
// part plays them once per version of the course's code and keeps them in
// the day's cache folder (the worker's sealed file, runner/worker), and a
// save of the learner's file reads them instead of playing them again.
//
// Only runs whose figures are the same on every play may be kept: never a
// time measured on the wall clock, never a run against a real server (a
// run that depends on anything but the course's code). What is read back
// is a claim from a file, not a figure yet: the part hands a check of its
// own (valid), and a run it refuses is played afresh and kept anew.

// CourseStore keeps the course's own runs between processes, by key, as
// JSON.
type CourseStore interface {
	LoadRun(key string) ([]byte, bool)
	KeepRun(key string, data []byte)
}

var (
	courseMu    sync.Mutex
	courseStore CourseStore
)

// SetCourseStore names the store CourseRun reads and fills (the worker
// sets it before it plays a part); nil, the default, keeps nothing.
func SetCourseStore(s CourseStore) {
	courseMu.Lock()
	defer courseMu.Unlock()
	courseStore = s
}

// CourseRun is the course's run named key: the store's, when it holds one
// that decodes and that valid accepts, else play's, kept in the store when
// play says it may be (keep: the run is whole and the same on every play).
// The key must name everything the run depends on besides the course's
// code (the store it ran on, say); the store's folder names the code.
func CourseRun[T any](key string, valid func(T) bool, play func() (run T, keep bool)) T {
	courseMu.Lock()
	store := courseStore
	courseMu.Unlock()
	if store != nil {
		if data, ok := store.LoadRun(key); ok {
			var kept T
			if json.Unmarshal(data, &kept) == nil && valid(kept) {
				return kept
			}
		}
	}
	run, keep := play()
	if keep && store != nil {
		if data, err := json.Marshal(run); err == nil {
			store.KeepRun(key, data)
		}
	}
	return run
}
