package class

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"termlab/labs"
	"termlab/record/atomicfile"
)

// The class cache: a grade is a fact this grader wrote. Each entry is
// sealed with an HMAC-SHA256 under a key of the staff's own (keyFile, in
// the cache folder, readable by its owner only, made on first use), over
// the lab's version (which covers the Go toolchain), the day, the
// submission's digest and the result: an entry a submission forged or
// swapped for another's does not verify, is graded again and reported
// (Result.Tampered). The boxed workers run with neither the cache folder's
// path nor a HOME that leads to it (worker.Runner.Confine), and a
// submission that gets through the import gate can open no file.

// maxCached bounds an entry read back: one result is a few kilobytes, and
// a file past this was not written by the grader.
const maxCached = 1 << 20

// keyFile is the seal's key, in the cache folder.
const keyFile = "seal.key"

type cache struct {
	dir, version string
	day          int
	key          []byte
}

// openCache is the cache for this version of the lab and day under dir,
// nil when it cannot be used (then everything is graded afresh).
func openCache(dir string, day labs.Day, version string) *cache {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil
	}
	key, err := sealKey(filepath.Join(dir, keyFile))
	if err != nil {
		return nil
	}
	sub := filepath.Join(dir, fmt.Sprintf("day%d-%s", day.Number, version[:16]))
	if err := os.MkdirAll(sub, 0o700); err != nil {
		return nil
	}
	return &cache{dir: sub, version: version, day: day.Number, key: key}
}

// sealKey reads the key at path, or makes one: 32 random bytes, for the
// owner only. A key of another shape, or one others may read, is not
// trusted: a new one is made, so every entry sealed with it is re-graded.
func sealKey(path string) ([]byte, error) {
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o077 == 0 {
		if key, err := os.ReadFile(path); err == nil && len(key) == 32 {
			return key, nil
		}
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	tmp := path + ".tmp"
	os.Remove(tmp)
	if err := os.WriteFile(tmp, key, 0o600); err != nil {
		return nil, err
	}
	return key, os.Rename(tmp, path)
}

// entry is one file of the cache.
type entry struct {
	Result json.RawMessage `json:"result"`
	Seal   string          `json:"seal"`
}

func (c *cache) seal(digest string, result []byte) string {
	m := hmac.New(sha256.New, c.key)
	fmt.Fprintf(m, "termlab grade-class 1\x00%s\x00%s\x00%d\x00%s\x00", c.version, runtime.Version(), c.day, digest)
	m.Write(result)
	return hex.EncodeToString(m.Sum(nil))
}

func (c *cache) file(digest string) string { return filepath.Join(c.dir, digest+".json") }

// get is the sealed result for digest. ok: it is there and verifies;
// bad: an entry is there that does not (forged, swapped, damaged).
func (c *cache) get(digest string) (r Result, ok, bad bool) {
	data, err := atomicfile.ReadBounded(c.file(digest), maxCached)
	if errors.Is(err, fs.ErrNotExist) {
		return r, false, false
	}
	var e entry
	if err != nil || json.Unmarshal(data, &e) != nil || !hmac.Equal([]byte(e.Seal), []byte(c.seal(digest, e.Result))) ||
		json.Unmarshal(e.Result, &r) != nil || r.Digest != digest {
		return Result{}, false, true
	}
	return r, true, false
}

// put seals r and writes it (a temporary file, then a rename).
func (c *cache) put(r Result) {
	r.Tampered, r.Cached = false, false
	result, err := json.Marshal(r)
	if err != nil {
		return
	}
	data, err := json.Marshal(entry{Result: result, Seal: c.seal(r.Digest, result)})
	if err != nil {
		return
	}
	file := c.file(r.Digest)
	tmp, err := os.CreateTemp(c.dir, ".entry-*")
	if err != nil {
		return
	}
	_, err = tmp.Write(data)
	if err = errors.Join(err, tmp.Close()); err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
}
