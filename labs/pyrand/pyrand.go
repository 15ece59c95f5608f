// Package pyrand reproduces CPython's random.Random bit for bit, for the few
// calls the course's experiments use.
//
// The course's reference run was made in Python with random.Random(45). Using
// the same generator here means a learner who compares this lab with the
// course's printed figures sees the very same numbers, not merely similar ones.
package pyrand

import "math"

const (
	n         = 624
	m         = 397
	matrixA   = 0x9908b0df
	upperMask = 0x80000000
	lowerMask = 0x7fffffff
)

// Random is a Mersenne Twister (MT19937) seeded the way CPython seeds it from
// a non-negative integer.
type Random struct {
	mt  [n]uint32
	idx int
}

// New returns the generator CPython's random.Random(seed) starts with.
func New(seed uint64) *Random {
	// CPython splits abs(seed) into 32-bit words, least significant first,
	// and feeds them to init_by_array. Zero still gives one word.
	key := []uint32{uint32(seed)}
	if hi := uint32(seed >> 32); hi != 0 {
		key = append(key, hi)
	}
	r := &Random{}
	r.initByArray(key)
	return r
}

func (r *Random) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < n; i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.idx = n
}

func (r *Random) initByArray(key []uint32) {
	r.initGenrand(19650218)
	i, j := 1, 0
	for k := max(n, len(key)); k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= n {
			r.mt[0] = r.mt[n-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := n - 1; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= n {
			r.mt[0] = r.mt[n-1]
			i = 1
		}
	}
	r.mt[0] = 0x80000000
}

// Uint32 is CPython's getrandbits(32): the next raw 32-bit output.
func (r *Random) Uint32() uint32 {
	if r.idx >= n {
		r.twist()
	}
	y := r.mt[r.idx]
	r.idx++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

func (r *Random) twist() {
	for i := 0; i < n; i++ {
		y := (r.mt[i] & upperMask) | (r.mt[(i+1)%n] & lowerMask)
		next := r.mt[(i+m)%n] ^ (y >> 1)
		if y&1 != 0 {
			next ^= matrixA
		}
		r.mt[i] = next
	}
	r.idx = 0
}

// Float64 is CPython's random(): 53 random bits in [0, 1), built from two
// outputs exactly as CPython builds it.
func (r *Random) Float64() float64 {
	a := r.Uint32() >> 5
	b := r.Uint32() >> 6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}

// ExpFloat64 is CPython's expovariate(lambd): an exponential gap with mean
// 1/lambd, computed as -ln(1 - random()) / lambd.
func (r *Random) ExpFloat64(lambd float64) float64 {
	return -math.Log(1.0-r.Float64()) / lambd
}
