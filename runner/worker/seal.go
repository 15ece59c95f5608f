package worker

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"

	"termlab/record/atomicfile"
)

// The reference's figures at rest. Reference keeps the parts it played
// in the cache folder (reference-parts.json), and they hold every
// prediction's answer, written there the first time a day opens, before
// any guess. So they are kept sealed: XORed with a stream drawn from a
// key made for this clone (kept in the clone's cache folder, beside the
// days' folders, as reference.key) and a nonce of each file's.
//
// This is obfuscation, not secrecy: the key sits beside the file, and a
// learner who reads this comment and writes a few lines of Go can undo
// it. What it stops is an answer found by accident or by eye: a grep of
// the cache for a figure, a look at the file in an editor, a search of
// the disk. The lab's binary links no crypto (deps_test.go: crypto/sha256
// alone brings the FIPS 140 module), and no cipher would make the key
// harder to find; the stream is FNV-1a's hash of key and nonce driving
// splitmix64.

// sealMagic starts a sealed file; a file without it is not one of ours
// (or one from before sealing, plain JSON) and is not read.
var sealMagic = []byte("termlab-sealed 1\n")

const keyFile = "reference.key"

// seal returns plain XORed with the key's stream under a fresh nonce,
// after the magic and the nonce.
func seal(key, plain []byte) []byte {
	nonce := binary.LittleEndian.AppendUint64(nil, rand.Uint64())
	out := append(append(bytes.Clone(sealMagic), nonce...), plain...)
	xorStream(key, nonce, out[len(sealMagic)+len(nonce):])
	return out
}

// unseal undoes seal; false when data is not sealed (or too short).
func unseal(key, data []byte) ([]byte, bool) {
	if !bytes.HasPrefix(data, sealMagic) || len(data) < len(sealMagic)+8 {
		return nil, false
	}
	nonce := data[len(sealMagic) : len(sealMagic)+8]
	plain := bytes.Clone(data[len(sealMagic)+8:])
	xorStream(key, nonce, plain)
	return plain, true
}

// xorStream XORs b in place with splitmix64 seeded by FNV-1a of key and
// nonce.
func xorStream(key, nonce, b []byte) {
	h := fnv.New64a()
	h.Write(key)
	h.Write([]byte{0})
	h.Write(nonce)
	state := h.Sum64()
	var word [8]byte
	for i := range b {
		if i%8 == 0 {
			state += 0x9e3779b97f4a7c15
			z := state
			z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
			z = (z ^ (z >> 27)) * 0x94d049bb133111eb
			binary.LittleEndian.PutUint64(word[:], z^(z>>31))
		}
		b[i] ^= word[i%8]
	}
}

// cloneKey is the clone's key, in dir (the clone's cache folder), made on
// first use; nil when it can be neither read nor made (then nothing is
// kept sealed, and nothing in plain text either).
func cloneKey(dir string) []byte {
	path := filepath.Join(dir, keyFile)
	if key, err := atomicfile.ReadBounded(path, 64); err == nil && len(key) == 32 {
		return key
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	key := make([]byte, 0, 32)
	for range 4 {
		key = binary.LittleEndian.AppendUint64(key, rand.Uint64())
	}
	// Made whole under another name and linked into place, so two labs
	// opening at once agree on one key: the second link fails and that lab
	// reads the first one's.
	tmp, err := os.CreateTemp(dir, keyFile+".tmp-*")
	if err != nil {
		return nil
	}
	_, werr := tmp.Write(key)
	cerr := tmp.Close()
	defer os.Remove(tmp.Name())
	if werr != nil || cerr != nil {
		return nil
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if got, err := atomicfile.ReadBounded(path, 64); err == nil && len(got) == 32 {
			return got
		}
		return nil
	}
	return key
}

// writeSealed writes data sealed with the key of the clone whose day
// folder holds path; it writes nothing when there is no key.
func writeSealed(path string, data []byte) {
	key := cloneKey(filepath.Dir(filepath.Dir(path)))
	if key == nil {
		return
	}
	writeAtomicBytes(path, seal(key, data))
}

// readSealed reads what writeSealed wrote, bounded; false when it is not
// there or not sealed with this clone's key.
func readSealed(path string, max int64) ([]byte, bool) {
	data, err := atomicfile.ReadBounded(path, max)
	if err != nil {
		return nil, false
	}
	key := cloneKey(filepath.Dir(filepath.Dir(path)))
	if key == nil {
		return nil, false
	}
	return unseal(key, data)
}
