package grade_test

import (
	"cmp"
	"container/heap"
	"crypto/sha256"
	"encoding/binary"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"sort"

	"termlab/labs/day46/course/fair"
)

// The equivalence suite: correct programs written other ways. Each must
// pass its TODO, so the grader judges the idea, not the reference's shape.

type variant struct {
	name string
	todo int
	f    fair.Funcs
}

func withShare(f fair.FairShareFunc) fair.Funcs { m := ref; m.FairShare = f; return m }
func withVisit(f fair.DRRVisitFunc) fair.Funcs  { m := ref; m.DRRVisit = f; return m }
func withShard(f fair.ShardOfFunc) fair.Funcs   { m := ref; m.ShardOf = f; return m }
func withOverlap(f fair.OverlapFunc) fair.Funcs { m := ref; m.Overlap = f; return m }

var correct = []variant{
	// --- FairShare ---
	{"repeat: meet everyone under the split, split again", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		open := make([]bool, len(demands))
		left, n := capacity, len(demands)
		for i := range open {
			open[i] = true
		}
		for n > 0 {
			split := left / float64(n)
			met := false
			for i, d := range demands {
				if open[i] && d <= split {
					out[i], open[i], left, n, met = d, false, left-d, n-1, true
				}
			}
			if !met {
				for i := range demands {
					if open[i] {
						out[i] = split
					}
				}
				break
			}
		}
		return out
	})},
	{"bisect the water level", 1, withShare(func(capacity float64, demands []float64) []float64 {
		total := 0.0
		for _, d := range demands {
			total += d
		}
		out := slices.Clone(demands)
		if total <= capacity {
			return out
		}
		lo, hi := 0.0, capacity
		for range 200 {
			mid := (lo + hi) / 2
			s := 0.0
			for _, d := range demands {
				s += math.Min(d, mid)
			}
			if s > capacity {
				hi = mid
			} else {
				lo = mid
			}
		}
		for i, d := range demands {
			out[i] = math.Min(d, lo)
		}
		return out
	})},
	{"sort a copy, find the level, then map", 1, withShare(func(capacity float64, demands []float64) []float64 {
		s := slices.Clone(demands)
		sort.Float64s(s)
		level, left := math.Inf(1), capacity
		for j, d := range s {
			if split := left / float64(len(s)-j); d > split {
				level = split
				break
			}
			left -= d
		}
		out := make([]float64, len(demands))
		for i, d := range demands {
			out[i] = math.Min(d, level)
		}
		return out
	})},
	{"recursive on the smallest", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		var fill func(left float64, idx []int)
		fill = func(left float64, idx []int) {
			if len(idx) == 0 {
				return
			}
			small := slices.MinFunc(idx, func(a, b int) int { return cmp.Compare(demands[a], demands[b]) })
			split := left / float64(len(idx))
			if demands[small] > split {
				for _, i := range idx {
					out[i] = split
				}
				return
			}
			out[small] = demands[small]
			fill(left-demands[small], slices.DeleteFunc(slices.Clone(idx), func(i int) bool { return i == small }))
		}
		idx := make([]int, len(demands))
		for i := range idx {
			idx[i] = i
		}
		fill(capacity, idx)
		return out
	})},
	{"sorts a copy of the pairs and answers through indexes", 1, withShare(func(capacity float64, demands []float64) []float64 {
		type td struct {
			i int
			d float64
		}
		ts := make([]td, len(demands))
		for i, d := range demands {
			ts[i] = td{i, d}
		}
		slices.SortFunc(ts, func(a, b td) int { return cmp.Compare(a.d, b.d) })
		out := make([]float64, len(ts))
		for j, t := range ts {
			out[t.i] = math.Min(t.d, capacity/float64(len(ts)-j))
			capacity -= out[t.i]
		}
		return out
	})},
	{"a min-heap of demands", 1, withShare(func(capacity float64, demands []float64) []float64 {
		h := &byDemand{d: demands}
		for i := range demands {
			heap.Push(h, i)
		}
		out := make([]float64, len(demands))
		for h.Len() > 0 {
			split := capacity / float64(h.Len())
			i := heap.Pop(h).(int)
			out[i] = math.Min(demands[i], split)
			capacity -= out[i]
		}
		return out
	})},
	{"weighted form with all weights 1", 1, withShare(func(capacity float64, demands []float64) []float64 {
		w := make([]float64, len(demands))
		for i := range w {
			w[i] = 1
		}
		out := make([]float64, len(demands))
		open := make([]bool, len(demands))
		for i := range open {
			open[i] = true
		}
		left := capacity
		for {
			wsum := 0.0
			for i := range w {
				if open[i] {
					wsum += w[i]
				}
			}
			if wsum == 0 {
				return out
			}
			level, changed := left/wsum, false
			for i, d := range demands {
				if open[i] && d <= level*w[i] {
					out[i], open[i], left, changed = d, false, left-d, true
				}
			}
			if !changed {
				for i := range demands {
					if open[i] {
						out[i] = level * w[i]
					}
				}
				return out
			}
		}
	})},
	{"progressive filling by exact steps", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		left := capacity
		for left > 1e-12 {
			var open []int
			for i, d := range demands {
				if out[i] < d {
					open = append(open, i)
				}
			}
			if len(open) == 0 {
				break
			}
			step := left / float64(len(open))
			for _, i := range open {
				step = math.Min(step, demands[i]-out[i])
			}
			for _, i := range open {
				out[i] += step
			}
			left -= step * float64(len(open))
		}
		return out
	})},
	// --- DRRVisit ---
	{"index loop with break", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit := deficit + quantum
		i := 0
		for ; i < len(queue); i++ {
			if queue[i] > credit {
				break
			}
			credit -= queue[i]
		}
		if i == len(queue) {
			credit = 0
		}
		return i, credit
	})},
	{"pop the head", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		served := 0
		for len(queue) > 0 && queue[0] <= deficit {
			deficit -= queue[0]
			queue = queue[1:]
			served++
		}
		if len(queue) == 0 {
			return served, 0
		}
		return served, deficit
	})},
	{"recursive", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		var serve func(credit float64, q []float64) (int, float64)
		serve = func(credit float64, q []float64) (int, float64) {
			if len(q) == 0 {
				return 0, 0
			}
			if q[0] > credit {
				return 0, credit
			}
			n, left := serve(credit-q[0], q[1:])
			return n + 1, left
		}
		return serve(deficit+quantum, queue)
	})},
	{"prefix sums", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit := deficit + quantum
		spent, n := 0.0, 0
		for _, s := range queue {
			if spent+s > credit {
				break
			}
			spent += s
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, credit - spent
	})},
	{"subtract then test the sign", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		d := deficit + quantum
		n := 0
		for n < len(queue) {
			if d-queue[n] < 0 {
				return n, d
			}
			d -= queue[n]
			n++
		}
		return n, 0
	})},
	{"range with a labelled exit", 2, withVisit(func(deficit, quantum float64, queue []float64) (served int, newDeficit float64) {
		newDeficit = deficit + quantum
	loop:
		for _, s := range queue {
			switch {
			case s <= newDeficit:
				newDeficit -= s
				served++
			default:
				break loop
			}
		}
		if served == len(queue) {
			newDeficit = 0
		}
		return
	})},
	{"early return for an empty queue", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		if len(queue) == 0 {
			return 0, 0
		}
		credit, n := deficit+quantum, 0
		for n < len(queue) && queue[n] <= credit {
			credit -= queue[n]
			n++
		}
		if n < len(queue) {
			return n, credit
		}
		return n, 0
	})},
	{"sort.Search over prefix sums", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		prefix := make([]float64, len(queue)+1)
		for i, s := range queue {
			prefix[i+1] = prefix[i] + s
		}
		credit := deficit + quantum
		n := sort.Search(len(queue)+1, func(i int) bool { return prefix[i] > credit }) - 1
		if n == len(queue) {
			return n, 0
		}
		return n, credit - prefix[n]
	})},
	{"a tolerant comparison (1e-9)", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		d, n := deficit+quantum, 0
		for n < len(queue) && queue[n] <= d+1e-9 {
			d -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, max(d, 0)
	})},
	// --- ShardOf ---
	{"math/rand/v2 PCG and Perm", 3, withShard(func(tenant uint64, n, k int) []int {
		return rand.New(rand.NewPCG(tenant, 46)).Perm(n)[:k]
	})},
	{"ChaCha8 seeded with the id, Shuffle", 3, withShard(func(tenant uint64, n, k int) []int {
		var seed [32]byte
		binary.LittleEndian.PutUint64(seed[:], tenant)
		r := rand.New(rand.NewChaCha8(seed))
		w := make([]int, n)
		for i := range w {
			w[i] = i
		}
		r.Shuffle(n, func(i, j int) { w[i], w[j] = w[j], w[i] })
		return w[:k]
	})},
	{"unrank a mixed id mod C(n,k)", 3, withShard(func(tenant uint64, n, k int) []int {
		total := new(big.Int).Binomial(int64(n), int64(k))
		rank := new(big.Int).Mod(new(big.Int).SetUint64(rand.New(rand.NewPCG(tenant, 0)).Uint64()), total)
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
	{"sha256 of id and salt, redraw on a repeat", 3, withShard(func(tenant uint64, n, k int) []int {
		var out []int
		for salt := uint64(0); len(out) < k; salt++ {
			var buf [16]byte
			binary.LittleEndian.PutUint64(buf[:8], tenant)
			binary.LittleEndian.PutUint64(buf[8:], salt)
			sum := sha256.Sum256(buf[:])
			w := int(binary.LittleEndian.Uint64(sum[:8]) % uint64(n))
			if !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
		return out
	})},
	{"reservoir sampling", 3, withShard(func(tenant uint64, n, k int) []int {
		r := rand.New(rand.NewPCG(tenant, tenant^0xabcdef))
		res := make([]int, k)
		for i := range n {
			if i < k {
				res[i] = i
			} else if j := r.IntN(i + 1); j < k {
				res[j] = i
			}
		}
		return res
	})},
	{"Floyd's algorithm", 3, withShard(func(tenant uint64, n, k int) []int {
		r := rand.New(rand.NewPCG(tenant, 7))
		chosen := map[int]bool{}
		var out []int
		for j := n - k; j < n; j++ {
			t := r.IntN(j + 1)
			if chosen[t] {
				t = j
			}
			chosen[t] = true
			out = append(out, t)
		}
		return out
	})},
	{"sha256 bytes as a shuffle", 3, withShard(func(tenant uint64, n, k int) []int {
		w := make([]int, n)
		for i := range w {
			w[i] = i
		}
		var buf [8]byte
		binary.BigEndian.PutUint64(buf[:], tenant)
		sum := sha256.Sum256(buf[:])
		r := rand.New(rand.NewPCG(binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:16])))
		for i := range k {
			j := i + r.IntN(n-i)
			w[i], w[j] = w[j], w[i]
		}
		return w[:k]
	})},
	{"sorted output", 3, withShard(func(tenant uint64, n, k int) []int {
		s := rand.New(rand.NewPCG(tenant, 1)).Perm(n)[:k]
		slices.Sort(s)
		return s
	})},
	// --- Overlap ---
	{"nested loops", 4, withOverlap(func(a, b []int) int {
		n := 0
		for _, x := range a {
			for _, y := range b {
				if x == y {
					n++
				}
			}
		}
		return n
	})},
	{"slices.Contains", 4, withOverlap(func(a, b []int) int {
		n := 0
		for _, x := range a {
			if slices.Contains(b, x) {
				n++
			}
		}
		return n
	})},
	{"sort copies and merge", 4, withOverlap(func(a, b []int) int {
		a, b = slices.Clone(a), slices.Clone(b)
		slices.Sort(a)
		slices.Sort(b)
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
	{"set of struct{}", 4, withOverlap(func(a, b []int) int {
		set := map[int]struct{}{}
		for _, x := range b {
			set[x] = struct{}{}
		}
		n := 0
		for _, x := range a {
			if _, ok := set[x]; ok {
				n++
			}
		}
		return n
	})},
	{"big.Int bit sets", 4, withOverlap(func(a, b []int) int {
		var x, y big.Int
		for _, w := range a {
			x.SetBit(&x, w, 1)
		}
		for _, w := range b {
			y.SetBit(&y, w, 1)
		}
		z := new(big.Int).And(&x, &y)
		n := 0
		for i := range z.BitLen() {
			n += int(z.Bit(i))
		}
		return n
	})},
	{"bool slice sized to the largest", 4, withOverlap(func(a, b []int) int {
		m := 0
		for _, w := range slices.Concat(a, b) {
			m = max(m, w+1)
		}
		in := make([]bool, m)
		for _, w := range a {
			in[w] = true
		}
		n := 0
		for _, w := range b {
			if in[w] {
				n++
			}
		}
		return n
	})},
	{"union size arithmetic", 4, withOverlap(func(a, b []int) int {
		u := map[int]bool{}
		for _, w := range slices.Concat(a, b) {
			u[w] = true
		}
		return len(a) + len(b) - len(u)
	})},
	{"binary search in a sorted copy", 4, withOverlap(func(a, b []int) int {
		s := slices.Clone(b)
		slices.Sort(s)
		n := 0
		for _, w := range a {
			if _, ok := slices.BinarySearch(s, w); ok {
				n++
			}
		}
		return n
	})},
}

// byDemand is a heap of tenant indexes, smallest demand on top.
type byDemand struct {
	d   []float64
	idx []int
}

func (h byDemand) Len() int           { return len(h.idx) }
func (h byDemand) Less(i, j int) bool { return h.d[h.idx[i]] < h.d[h.idx[j]] }
func (h byDemand) Swap(i, j int)      { h.idx[i], h.idx[j] = h.idx[j], h.idx[i] }
func (h *byDemand) Push(x any)        { h.idx = append(h.idx, x.(int)) }
func (h *byDemand) Pop() any {
	x := h.idx[len(h.idx)-1]
	h.idx = h.idx[:len(h.idx)-1]
	return x
}
