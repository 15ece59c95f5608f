package grade_test

import (
	"cmp"
	"encoding/binary"
	"hash/fnv"
	"math"
	"math/big"
	"math/rand"
	"slices"
	"sync"

	"termlab/labs/day46/course/fair"
)

// Plausible wrong answers a learner might write. Each must be caught in its
// own TODO and in no other.
// keptShares and keptShard are the one buffer the variants below hand
// back on every call, as a learner saving an allocation might.
var (
	keptShares []float64
	keptShard  []int
	keptMu     sync.Mutex
)

var wrong = []variant{
	{"right shares, in one slice kept between calls", 1, withShare(func(capacity float64, demands []float64) []float64 {
		keptMu.Lock()
		defer keptMu.Unlock()
		keptShares = append(keptShares[:0], ref.FairShare(capacity, demands)...)
		return keptShares
	})},
	{"right shard, in one slice kept between calls", 3, withShard(func(tenant uint64, n, k int) []int {
		keptMu.Lock()
		defer keptMu.Unlock()
		keptShard = append(keptShard[:0], ref.ShardOf(tenant, n, k)...)
		return keptShard
	})},
	// --- FairShare ---
	{"equal split, ignoring demands", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		for i := range out {
			out[i] = capacity / float64(len(demands))
		}
		return out
	})},
	{"proportional to demand", 1, withShare(func(capacity float64, demands []float64) []float64 {
		total := 0.0
		for _, d := range demands {
			total += d
		}
		out := make([]float64, len(demands))
		for i, d := range demands {
			out[i] = d
			if total > capacity {
				out[i] = d * capacity / total
			}
		}
		return out
	})},
	{"capped equal split, no redistribution", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		for i, d := range demands {
			out[i] = math.Min(d, capacity/float64(len(demands)))
		}
		return out
	})},
	{"answers in sorted order", 1, withShare(func(capacity float64, demands []float64) []float64 {
		demands = slices.Sorted(slices.Values(demands))
		out := make([]float64, len(demands))
		for j, d := range demands {
			out[j] = math.Min(d, capacity/float64(len(demands)-j))
			capacity -= out[j]
		}
		return out
	})},
	{"one redistribution pass only", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		split := capacity / float64(len(demands))
		left, open := capacity, 0
		for i, d := range demands {
			if d <= split {
				out[i], left = d, left-d
			} else {
				open++
			}
		}
		for i, d := range demands {
			if d > split {
				out[i] = math.Min(d, left/float64(open))
			}
		}
		return out
	})},
	{"leftover to the biggest only", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		if len(demands) == 0 {
			return out
		}
		big := 0
		for i, d := range demands {
			out[i] = math.Min(d, capacity/float64(len(demands)))
			if d > demands[big] {
				big = i
			}
		}
		used := 0.0
		for _, s := range out {
			used += s
		}
		out[big] = math.Min(demands[big], out[big]+capacity-used)
		return out
	})},
	{"whole requests only (floor of the level)", 1, withShare(func(capacity float64, demands []float64) []float64 {
		idx := make([]int, len(demands))
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(a, b int) int { return int(demands[a] - demands[b]) })
		out := make([]float64, len(demands))
		for j, i := range idx {
			out[i] = math.Min(demands[i], math.Floor(capacity/float64(len(idx)-j)))
			capacity -= out[i]
		}
		return out
	})},
	{"right shares, but sorts demands in place", 1, withShare(func(capacity float64, demands []float64) []float64 {
		idx := make([]int, len(demands))
		for i := range idx {
			idx[i] = i
		}
		orig := slices.Clone(demands)
		slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(orig[a], orig[b]) })
		slices.Sort(demands) // "Do not change demands"
		out := make([]float64, len(demands))
		for j, i := range idx {
			out[i] = math.Min(orig[i], capacity/float64(len(idx)-j))
			capacity -= out[i]
		}
		return out
	})},
	{"right shares, then zeroes demands", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := ref.FairShare(capacity, demands)
		for i := range demands {
			demands[i] = 0
		}
		return out
	})},
	// --- DRRVisit ---
	{"forgets to add the quantum", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		n := 0
		for n < len(queue) && queue[n] <= deficit {
			deficit -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, deficit
	})},
	{"serves against the old credit, adds the quantum after", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		n := 0
		for n < len(queue) && queue[n] <= deficit {
			deficit -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, deficit + quantum
	})},
	{"adds the quantum twice", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += 2 * quantum
		n := 0
		for n < len(queue) && queue[n] <= deficit {
			deficit -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, deficit
	})},
	{"banks credit on an empty queue", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		n := 0
		for n < len(queue) && queue[n] <= deficit {
			deficit -= queue[n]
			n++
		}
		return n, deficit
	})},
	{"skips a big head to serve smaller ones", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		n := 0
		for _, s := range queue {
			if s <= deficit {
				deficit -= s
				n++
			}
		}
		if n == len(queue) {
			return n, 0
		}
		return n, deficit
	})},
	{"strict comparison (size < credit)", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		n := 0
		for n < len(queue) && queue[n] < deficit {
			deficit -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, deficit
	})},
	{"one request per visit", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		if len(queue) > 0 && queue[0] <= deficit {
			if len(queue) == 1 {
				return 1, 0
			}
			return 1, deficit - queue[0]
		}
		if len(queue) == 0 {
			return 0, 0
		}
		return 0, deficit
	})},
	{"never keeps credit", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		n := 0
		for n < len(queue) && queue[n] <= quantum {
			quantum -= queue[n]
			n++
		}
		return n, 0
	})},
	// --- ShardOf ---
	{"consecutive workers", 3, withShard(func(tenant uint64, n, k int) []int {
		out := make([]int, k)
		for i := range out {
			out[i] = int((tenant + uint64(i)) % uint64(n))
		}
		return out
	})},
	{"draws with replacement", 3, withShard(func(tenant uint64, n, k int) []int {
		r := rand.New(rand.NewSource(int64(tenant)))
		out := make([]int, k)
		for i := range out {
			out[i] = r.Intn(n)
		}
		return out
	})},
	{"workers numbered from 1", 3, withShard(func(tenant uint64, n, k int) []int {
		p := rand.New(rand.NewSource(int64(tenant))).Perm(n)[:k]
		for i := range p {
			p[i]++
		}
		return p
	})},
	{"the global generator", 3, withShard(func(tenant uint64, n, k int) []int {
		return rand.Perm(n)[:k]
	})},
	{"the same seed for everyone", 3, withShard(func(tenant uint64, n, k int) []int {
		return rand.New(rand.NewSource(46)).Perm(n)[:k]
	})},
	{"low bits of the id pick the first worker", 3, withShard(func(tenant uint64, n, k int) []int {
		first := int(tenant % uint64(n))
		r := rand.New(rand.NewSource(int64(tenant >> 3)))
		out := []int{first}
		for len(out) < k {
			if w := r.Intn(n); !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
		return out
	})},
	{"fnv low bits mod n (weak mixing)", 3, withShard(func(tenant uint64, n, k int) []int {
		var out []int
		for salt := uint64(0); len(out) < k; salt++ {
			h := fnv.New64a()
			binary.Write(h, binary.LittleEndian, [2]uint64{tenant, salt})
			w := int(h.Sum64() % uint64(n))
			if !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
		return out
	})},
	{"unrank a multiplied id mod C(n,k) (structured ids collide)", 3, withShard(func(tenant uint64, n, k int) []int {
		total := new(big.Int).Binomial(int64(n), int64(k))
		rank := new(big.Int).Mod(new(big.Int).SetUint64(tenant*0x9e3779b97f4a7c15), total)
		var out []int
		for w := 0; len(out) < k; w++ {
			with := new(big.Int).Binomial(int64(n-w-1), int64(k-len(out)-1))
			if rank.Cmp(with) < 0 {
				out = append(out, w)
			} else {
				rank.Sub(rank, with)
			}
		}
		return out
	})},
	{"partial Fisher–Yates swapping with any position (biased)", 3, withShard(func(tenant uint64, n, k int) []int {
		x := tenant
		next := func() uint64 { // splitmix64
			x += 0x9e3779b97f4a7c15
			z := x
			z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
			z = (z ^ z>>27) * 0x94d049bb133111eb
			return z ^ z>>31
		}
		p := make([]int, n)
		for i := range p {
			p[i] = i
		}
		for i := range k {
			j := int(next() % uint64(n)) // should be i + next() % (n − i)
			p[i], p[j] = p[j], p[i]
		}
		return p[:k]
	})},
	// --- Overlap ---
	{"compares position by position", 4, withOverlap(func(a, b []int) int {
		n := 0
		for i := range min(len(a), len(b)) {
			if a[i] == b[i] {
				n++
			}
		}
		return n
	})},
	{"merges without sorting", 4, withOverlap(func(a, b []int) int {
		i, j, n := 0, 0, 0
		for i < len(a) && j < len(b) {
			switch {
			case a[i] == b[j]:
				n, i, j = n+1, i+1, j+1
			case a[i] < b[j]:
				i++
			default:
				j++
			}
		}
		return n
	})},
	{"a 32-bit mask", 4, withOverlap(func(a, b []int) int {
		var x, y uint32
		for _, w := range a {
			x |= 1 << uint(w)
		}
		for _, w := range b {
			y |= 1 << uint(w)
		}
		n := 0
		for z := x & y; z != 0; z &= z - 1 {
			n++
		}
		return n
	})},
	{"counts the workers not shared", 4, withOverlap(func(a, b []int) int {
		n := 0
		for _, x := range a {
			if !slices.Contains(b, x) {
				n++
			}
		}
		return n
	})},
	{"a 64-bit mask", 4, withOverlap(func(a, b []int) int {
		var x, y uint64
		for _, w := range a {
			x |= 1 << uint(w)
		}
		for _, w := range b {
			y |= 1 << uint(w)
		}
		n := 0
		for z := x & y; z != 0; z &= z - 1 {
			n++
		}
		return n
	})},
	{"counts the union, not the intersection", 4, withOverlap(func(a, b []int) int {
		seen := map[int]bool{}
		for _, w := range slices.Concat(a, b) {
			seen[w] = true
		}
		return len(seen)
	})},
	{"any shared worker counts as one", 4, withOverlap(func(a, b []int) int {
		for _, x := range a {
			if slices.Contains(b, x) {
				return 1
			}
		}
		return 0
	})},
	{"skips the first worker", 4, withOverlap(func(a, b []int) int {
		n := 0
		for i := 1; i < len(a); i++ {
			if slices.Contains(b, a[i]) {
				n++
			}
		}
		return n
	})},
}

var _ = fair.Funcs{}
