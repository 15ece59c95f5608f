package atomicfile

import (
	"hash/fnv"
	"path/filepath"
	"sync"
)

// The files this process wrote, and what it wrote in each, so that a
// watcher on the learner's folder can tell the lab's own writes from
// another program's (Ours): the lab's save of an answer is no reason to
// re-read every day's answers and history.
var written sync.Map // cleaned absolute path → digest of the bytes

func digest(data []byte) uint64 {
	h := fnv.New64a()
	h.Write(data)
	return h.Sum64()
}

func remember(paths []string, data []byte) {
	d := digest(data)
	for _, p := range paths {
		if abs, err := filepath.Abs(p); err == nil {
			written.Store(abs, d)
		}
	}
}

// Ours reports whether the file at path holds what this process last
// wrote there: a change seen on it is the lab's own write.
func Ours(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	want, ok := written.Load(abs)
	if !ok {
		return false
	}
	data, err := ReadBounded(abs, MaxResults)
	return err == nil && digest(data) == want.(uint64)
}
