package worker

import (
	"encoding/json"
	"os"

	"termlab/labs"
)

// The course's own runs (labs.CourseRun), kept between processes in the
// day's cache folder: the same sealed, bounded, locked map as the graded
// reference's figures (refgraded.go), in a file of its own. The folder is
// named by every build input but the learner's files (an edit of the
// course, of go.sum or a new Go starts an empty one), so a kept run is
// this version of the course's; the runs are the course's alone, and the
// Day 45 runs it holds answer predictions, hence the seal.

// courseFile is the store's file in the day's cache folder.
const courseFile = "course-runs.sealed"

// maxCourseRuns bounds what is read of it: Day 45's Part 4 keeps about
// 3 kB.
const maxCourseRuns = 1 << 20

type courseStore struct{ m *sealedMap[json.RawMessage] }

func newCourseStore(dir string) *courseStore {
	return &courseStore{newSealedMap[json.RawMessage](dir, courseFile, maxCourseRuns)}
}

func (s *courseStore) LoadRun(key string) ([]byte, bool) { return s.m.load(key) }

func (s *courseStore) KeepRun(key string, data []byte) { s.m.keep(key, data) }

// useCourseStore keeps the course's own runs in the day's cache folder
// that the runner named, when it named one (a part's task).
func useCourseStore() {
	if dir := os.Getenv(labs.CacheEnv); dir != "" {
		labs.SetCourseStore(newCourseStore(dir))
	}
}
