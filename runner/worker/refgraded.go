package worker

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"termlab/labs"
	"termlab/record/atomicfile"
)

// The reference's figures of the graders' experiments, kept between
// processes (labs.ReferenceStore). A grade replays each experiment of its
// TODO with the reference as well as with the learner's function; the
// reference's figures depend only on the course's code, so the first
// worker to play one keeps it in the day's cache folder (labs.CacheEnv,
// named by every build input but the learner's files and the Go version:
// an edit of the course or a new Go starts an empty one), and later saves
// read it. What is kept is what the reference's functions alone computed,
// never a figure of the learner's. The figures are prediction answers, so
// the file is sealed as reference-parts.sealed is (seal.go).
//
// Four grade processes of one save may fill it at once: each write takes
// the folder's lock, reads what the others kept, adds its own and replaces
// the file whole (a reader sees the old file or the new one).

// gradedFile is the store's file in the day's cache folder.
const gradedFile = "graded-reference.sealed"

// maxGraded bounds what is read of it: the two days' files are a few kB.
const maxGraded = 4 << 20

// gradedStore is the store of the day's cache folder dir.
type gradedStore struct{ m *sealedMap[[]labs.Metric] }

func newGradedStore(dir string) *gradedStore {
	return &gradedStore{newSealedMap[[]labs.Metric](dir, gradedFile, maxGraded)}
}

func (s *gradedStore) Load(key string) ([]labs.Metric, bool) { return s.m.load(key) }

func (s *gradedStore) Keep(key string, m []labs.Metric) {
	if len(m) == 0 {
		return // a piece that gave nothing is not worth a file's write
	}
	s.m.keep(key, m)
}

// sealedMap is a map kept in a sealed file of a day's cache folder, by
// key: the graded reference's figures here, the course's own runs in
// courseruns.go. It is read once per process, bounded (a file longer than
// max is no file), and a file that is not sealed with this clone's key, or
// damaged, reads as empty. A keep takes the folder's lock for the file,
// reads what other processes kept, adds its own and replaces the file
// whole, so a reader sees the old file or the new one and no keep is lost.
type sealedMap[V any] struct {
	dir, file string
	max       int64
	once      sync.Once
	mu        sync.Mutex
	kept      map[string]V
}

func newSealedMap[V any](dir, file string, max int64) *sealedMap[V] {
	return &sealedMap[V]{dir: dir, file: file, max: max}
}

func (s *sealedMap[V]) path() string { return filepath.Join(s.dir, s.file) }

// read is the file's map; nil when there is none (or it is not sealed
// with this clone's key, or damaged).
func (s *sealedMap[V]) read() map[string]V {
	data, ok := readSealed(s.path(), s.max)
	if !ok {
		return nil
	}
	var m map[string]V
	if json.Unmarshal(data, &m) != nil {
		return nil
	}
	return m
}

func (s *sealedMap[V]) load(key string) (V, bool) {
	s.once.Do(func() { s.kept = s.read() })
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.kept[key]
	return v, ok
}

func (s *sealedMap[V]) keep(key string, v V) {
	unlock, err := atomicfile.Lock(filepath.Join(s.dir, "."+strings.TrimSuffix(s.file, ".sealed")+".lock"))
	if err != nil {
		return
	}
	defer unlock()
	all := s.read()
	if all == nil {
		all = map[string]V{}
	}
	all[key] = v
	data, err := json.Marshal(all)
	if err != nil {
		return
	}
	writeSealed(s.path(), data)
	s.mu.Lock()
	s.kept = all
	s.mu.Unlock()
}

// useGradedStore makes the reference's graded figures kept in the day's
// cache folder that the runner named, when it named one.
func useGradedStore() {
	if dir := os.Getenv(labs.CacheEnv); dir != "" {
		labs.SetReferenceStore(newGradedStore(dir))
	}
}
