package grade_test

import (
	"crypto/sha256"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/day46/course/grade"
	"termlab/labs/diagnose"
)

// Learner-style wrong variants, one or more per property the diagnosis
// reads off the probes (behaviour.go and the *_behaviour.go files), each
// written in a shape of its own, not as the property's function: the hint
// must name its mistake (mentions), and be one of MistakeHints. Beside
// them, correct variants in styles the other suites lack, which must pass.

var behaviourWrong = []newVariant{
	// --- FairShare ---
	{variant{"max where min is meant", 1, withShare(func(capacity float64, demands []float64) []float64 {
		level := ref.FairShare(capacity, demands)
		lv := 0.0
		for _, s := range level {
			lv = math.Max(lv, s)
		}
		out := make([]float64, len(demands))
		for i, d := range demands {
			out[i] = math.Max(d, lv)
		}
		return out
	})}, "floor"},
	{variant{"pairs sorted by demand, answered in that order", 1, withShare(func(capacity float64, demands []float64) []float64 {
		type pair struct{ d, s float64 }
		ps := make([]pair, len(demands))
		for i, d := range demands {
			ps[i].d = d
		}
		sort.Slice(ps, func(i, j int) bool { return ps[i].d < ps[j].d })
		for j := range ps {
			ps[j].s = math.Min(ps[j].d, capacity/float64(len(ps)-j))
			capacity -= ps[j].s
		}
		out := make([]float64, 0, len(ps))
		for _, p := range ps {
			out = append(out, p.s)
		}
		return out
	})}, "wrong order"},
	{variant{"what is left divided by everyone", 1, withShare(func(capacity float64, demands []float64) []float64 {
		idx := make([]int, len(demands))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return demands[idx[a]] < demands[idx[b]] })
		out := make([]float64, len(demands))
		left := capacity
		for _, i := range idx {
			out[i] = math.Min(demands[i], left/float64(len(demands)))
			left -= out[i]
		}
		return out
	})}, "every tenant"},
	{variant{"filled in the order given", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		for i, d := range demands {
			out[i] = math.Min(d, capacity/float64(len(demands)-i))
			capacity -= out[i]
		}
		return out
	})}, "smallest first"},
	{variant{"the leftover spread over everyone once", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		used := 0.0
		for i, d := range demands {
			out[i] = math.Min(d, capacity/float64(len(demands)))
			used += out[i]
		}
		extra := (capacity - used) / float64(max(1, len(demands)))
		for i, d := range demands {
			out[i] = math.Min(d, out[i]+extra)
		}
		return out
	})}, "left over"},
	// --- DRRVisit ---
	{variant{"quantum added inside the loop", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		served := 0
		for _, s := range queue {
			if s > deficit+quantum {
				break
			}
			deficit += quantum - s
			served++
		}
		if served == len(queue) {
			return served, 0
		}
		return served, deficit
	})}, "every request"},
	{variant{"size compared with the credit, never charged", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit := deficit + quantum
		served := 0
		for served < len(queue) && queue[served] <= credit {
			served++
		}
		if served == len(queue) {
			return served, 0
		}
		return served, credit
	})}, "never taken off"},
	{variant{"the old deficit returned less what was spent", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit, spent := deficit+quantum, 0.0
		served := 0
		for _, s := range queue {
			if s > credit-spent {
				break
			}
			spent += s
			served++
		}
		if served == len(queue) {
			return served, 0
		}
		return served, deficit - spent
	})}, "lacks this visit's quantum"},
	{variant{"an empty queue returns its quantum", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		if len(queue) == 0 {
			return 0, quantum
		}
		return ref.DRRVisit(deficit, quantum, queue)
	})}, "empty queue on entry"},
	{variant{"continue past a big head", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		deficit += quantum
		served := 0
		for i := 0; i < len(queue); i++ {
			if queue[i] > deficit {
				continue
			}
			deficit -= queue[i]
			served++
		}
		if served == len(queue) {
			deficit = 0
		}
		return served, deficit
	})}, "stop at the first"},
	{variant{"the credit for the test is deficit alone", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		served, spent := 0, 0.0
		for served < len(queue) && spent+queue[served] <= deficit {
			spent += queue[served]
			served++
		}
		if served == len(queue) {
			return served, 0
		}
		return served, deficit + quantum - spent
	})}, "came after"}, // the known mistake, written another way
	// --- ShardOf ---
	{variant{"1 + a hash mod n", 3, withShard(func(tenant uint64, n, k int) []int {
		r := rand.New(rand.NewPCG(tenant, 7))
		var out []int
		for len(out) < k {
			if w := 1 + r.IntN(n); !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
		return out
	})}, "from 1 to n"},
	{variant{"int of a hash, signed remainder", 3, withShard(func(tenant uint64, n, k int) []int {
		h := tenant*0x9e3779b97f4a7c15 + 1
		var out []int
		for len(out) < k {
			if w := int(h) % n; !slices.Contains(out, w) {
				out = append(out, w)
			}
			h = h*6364136223846793005 + 1442695040888963407
		}
		return out
	})}, "negative"},
	{variant{"a seed from the low 20 bits", 3, withShard(func(tenant uint64, n, k int) []int {
		return rand.New(rand.NewPCG(tenant&(1<<20-1), 46)).Perm(n)[:k]
	})}, "low 20 bits"},
	{variant{"a seed from the id over 16", 3, withShard(func(tenant uint64, n, k int) []int {
		return rand.New(rand.NewPCG(tenant/16, 46)).Perm(n)[:k]
	})}, "lowest 4 bits"},
	{variant{"Fisher–Yates that never swaps in the last", 3, withShard(func(tenant uint64, n, k int) []int {
		r := rand.New(rand.NewPCG(tenant, 1))
		p := make([]int, n)
		for i := range p {
			p[i] = i
		}
		for i := range k {
			j := i
			if n-i-1 > 0 {
				j = i + r.IntN(n-i-1)
			}
			p[i], p[j] = p[j], p[i]
		}
		return p[:k]
	})}, "no shard"},
	// --- Overlap ---
	{variant{"outer loop stops one short", 4, withOverlap(func(a, b []int) int {
		n := 0
		for i := 0; i < len(a)-1; i++ {
			for _, y := range b {
				if a[i] == y {
					n++
				}
			}
		}
		return n
	})}, "last worker of a"},
	{variant{"inner loop stops one short", 4, withOverlap(func(a, b []int) int {
		n := 0
		for _, x := range a {
			for j := 0; j < len(b)-1; j++ {
				if b[j] == x {
					n++
					break
				}
			}
		}
		return n
	})}, "last worker of b"},
	{variant{"looked up in a itself", 4, withOverlap(func(a, b []int) int {
		n := 0
		for _, x := range a {
			if slices.Contains(a, x) {
				n++
			}
		}
		return n
	})}, "against b"},
	{variant{"pairs of the two lists together, both ways", 4, withOverlap(func(a, b []int) int {
		all := slices.Concat(a, b)
		n := 0
		for i, x := range all {
			for j, y := range all {
				if i != j && x == y {
					n++
				}
			}
		}
		return n
	})}, "twice"},
	{variant{"binary search in b as given", 4, withOverlap(func(a, b []int) int {
		n := 0
		for _, x := range a {
			if _, ok := slices.BinarySearch(b, x); ok {
				n++
			}
		}
		return n
	})}, "sorted"},
	{variant{"a 16-bit mask", 4, withOverlap(func(a, b []int) int {
		var x, y uint16
		for _, w := range a {
			x |= 1 << w
		}
		for _, w := range b {
			y |= 1 << w
		}
		n := 0
		for z := x & y; z != 0; z &= z - 1 {
			n++
		}
		return n
	})}, "16-bit"},
	// Written after the properties above as a check on them, before
	// the last three properties (never taken off the capacity, a credit
	// capped at one quantum, only the first len(b) of a), which they
	// prompted; "" where no property fits and the hint must stay plain.
	{variant{"share: forgets to subtract the satisfied", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		idx := make([]int, len(demands))
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(a, b int) int { return int(demands[a]*4 - demands[b]*4) })
		for j, i := range idx {
			out[i] = math.Min(demands[i], capacity/float64(len(idx)-j))
		}
		return out
	})}, "never taken off the capacity"},
	{variant{"share: level from the average demand", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		for i, d := range demands {
			out[i] = math.Min(d, capacity/float64(len(demands))*1.0)
			if d < capacity/float64(len(demands)) {
				out[i] = d
			}
		}
		return out
	})}, "never handed on"},
	{variant{"visit: deficit reset every visit", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		c := quantum
		n := 0
		for n < len(queue) && queue[n] <= c {
			c -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, 0
	})}, "credit was dropped"},
	{variant{"visit: keeps credit capped at quantum", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		s, l := ref.DRRVisit(deficit, quantum, queue)
		return s, math.Min(l, quantum)
	})}, "capped at one quantum"},
	{variant{"visit: serves at most 2", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		c := deficit + quantum
		n := 0
		for n < len(queue) && n < 2 && queue[n] <= c {
			c -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, c
	})}, ""},
	{variant{"shard: tenant mod n first then next ones by stride", 3, withShard(func(tenant uint64, n, k int) []int {
		var out []int
		w := int(tenant % uint64(n))
		step := 1 + int(tenant/uint64(n)%uint64(max(1, n-1)))
		for len(out) < k {
			if !slices.Contains(out, w) {
				out = append(out, w)
			}
			w = (w + step) % n
			if len(out) < k && slices.Contains(out, w) {
				w = (w + 1) % n
			}
		}
		return out
	})}, ""},
	{variant{"overlap: counts matches only up to len(b)", 4, withOverlap(func(a, b []int) int {
		n := 0
		for i := 0; i < len(a) && i < len(b); i++ {
			if slices.Contains(b, a[i]) {
				n++
			}
		}
		return n
	})}, "first len(b) workers"},
	{variant{"overlap: map of a, counts b entries twice if present", 4, withOverlap(func(a, b []int) int {
		m := map[int]int{}
		for _, x := range a {
			m[x]++
		}
		for _, y := range b {
			m[y]++
		}
		n := 0
		for _, v := range m {
			if v > 1 {
				n++
			}
		}
		if len(a) > 5 {
			n--
		}
		return max(n, 0)
	})}, ""},
}

// The rows added after family 4 was measured (issue 42), each here in a
// shape of its own, not the family's: the row must name the mistake
// however it is written.
var rowsAfterFamily4 = []newVariant{
	{variant{"zeros skipped, the rest filled by a level", 1, withShare(func(capacity float64, demands []float64) []float64 {
		var rest []float64
		for _, d := range demands {
			if d > 0 {
				rest = append(rest, d)
			}
		}
		return ref.FairShare(capacity, rest)
	})}, "asking 0 were left out"},
	{variant{"the largest takes the remainder", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := ref.FairShare(capacity, demands)
		if len(out) == 0 {
			return out
		}
		big, rest := 0, 0.0
		for i := range demands {
			if demands[i] >= demands[big] {
				big = i
			}
		}
		for i, s := range out {
			if i != big {
				rest += s
			}
		}
		out[big] = capacity - rest
		return out
	})}, "all that was left"},
	{variant{"a quantum per head, range and break", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		served, credit := 0, deficit
		for _, size := range queue {
			credit += quantum
			if size > credit {
				return served, credit
			}
			credit -= size
			served++
		}
		return served, 0
	})}, "every head looked at"},
	{variant{"the credit rounded up", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		return ref.DRRVisit(math.Ceil(deficit+quantum), 0, queue)
	})}, "rounded up before"},
	{variant{"the credit made an int", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		return ref.DRRVisit(float64(int(deficit+quantum+0.5)), 0, queue)
	})}, "rounded to the nearest whole number"},
	{variant{"ChaCha8 seeded with the id mod n", 3, withShard(func(tenant uint64, n, k int) []int {
		var seed [32]byte
		binary.LittleEndian.PutUint64(seed[:], tenant%uint64(n))
		return rand.New(rand.NewChaCha8(seed)).Perm(n)[:k]
	})}, "id mod n alone"},
	{variant{"a shuffled pool, all of it", 3, withShard(func(tenant uint64, n, k int) []int {
		ws := make([]int, n)
		for i := range ws {
			ws[i] = i
		}
		r := rand.New(rand.NewPCG(tenant, tenant>>7))
		r.Shuffle(n, func(i, j int) { ws[i], ws[j] = ws[j], ws[i] })
		return ws
	})}, "all n workers"},
	{variant{"a's indexes in the set", 4, withOverlap(func(a, b []int) int {
		in := map[int]bool{}
		for i := range a {
			in[i] = true
		}
		n := 0
		for _, w := range b {
			if in[w] {
				n++
			}
		}
		return n
	})}, "a's positions"},
	// Near misses: the same shapes without the mistake a row names.
	{variant{"seeded with the id mod 1000, not mod n", 3, withShard(func(tenant uint64, n, k int) []int {
		return rand.New(rand.NewPCG(tenant%1000, 3)).Perm(n)[:k]
	})}, "-id mod n alone"},
	{variant{"the credit rounded down only past a whole unit of sizes", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		n, left := ref.DRRVisit(deficit, quantum, queue)
		if n < len(queue) && left > 1 {
			return n, left - 0.25
		}
		return n, left
	})}, "-rounded"},
}

// Every row added after family 4 names its mistake in other shapes, and
// not its near misses ("-words": the hint must not say them).
func TestRowsAfterFamily4(t *testing.T) { rowsName(t, rowsAfterFamily4) }

// rowsName grades each of rows: a near miss ("-words") must not be told
// the words, any other must get a named hint holding its words.
func rowsName(t *testing.T, rows []newVariant) {
	for _, v := range rows {
		t.Run(v.name, func(t *testing.T) {
			g := grade.TODO(v.todo, v.f, ref)
			t.Logf("%s | %s", g.Detail, g.Hint)
			switch not, ok := strings.CutPrefix(v.mentions, "-"); {
			case g.Status != labs.Fail:
				t.Fatalf("TODO %d: %s (%s), want a fail", v.todo, g.Status, g.Detail)
			case ok && strings.Contains(g.Hint, not):
				t.Errorf("a near miss told %q: %s", not, g.Hint)
			case !ok && (!strings.Contains(g.Hint, v.mentions) || !diagnose.IsNamedID(g.HintID)):
				t.Errorf("the hint does not name its mistake (%q): %s", v.mentions, g.Hint)
			}
		})
	}
}

var behaviourCorrect = []variant{
	{"fill by the level, bisected on the sorted demands", 1, withShare(func(capacity float64, demands []float64) []float64 {
		s := slices.Sorted(slices.Values(demands))
		left, level := capacity, math.Inf(1)
		for j := range s {
			if s[j]*float64(len(s)-j) > left {
				level = left / float64(len(s)-j)
				break
			}
			left -= s[j]
		}
		out := make([]float64, len(demands))
		for i, d := range demands {
			out[i] = math.Min(d, level)
		}
		return out
	})},
	{"a slice popped from the front", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit, q := deficit+quantum, queue
		for len(q) > 0 && q[0] <= credit {
			credit -= q[0]
			q = q[1:]
		}
		if len(q) == 0 {
			credit = 0
		}
		return len(queue) - len(q), credit
	})},
	{"rendezvous hashing: the k highest scores", 3, withShard(func(tenant uint64, n, k int) []int {
		score := make([]uint64, n)
		var buf [16]byte
		binary.LittleEndian.PutUint64(buf[:8], tenant)
		for w := range n {
			binary.LittleEndian.PutUint64(buf[8:], uint64(w))
			h := sha256.Sum256(buf[:])
			score[w] = binary.LittleEndian.Uint64(h[:8])
		}
		ws := make([]int, n)
		for i := range ws {
			ws[i] = i
		}
		slices.SortFunc(ws, func(x, y int) int {
			if score[x] > score[y] {
				return -1
			}
			return 1
		})
		return ws[:k]
	})},
	{"the two lists together, sorted, neighbours equal", 4, withOverlap(func(a, b []int) int {
		all := slices.Sorted(slices.Values(slices.Concat(a, b)))
		n := 0
		for i := 1; i < len(all); i++ {
			if all[i] == all[i-1] {
				n++
			}
		}
		return n
	})},
}

func TestBehaviourHintsNameTheirMistake(t *testing.T) {
	for _, v := range behaviourWrong {
		t.Run(v.name, func(t *testing.T) {
			g := grade.TODO(v.todo, v.f, ref)
			t.Logf("%s | %s", g.Detail, g.Hint)
			switch {
			case g.Status != labs.Fail:
				t.Fatalf("TODO %d: %s (%s), want a fail", v.todo, g.Status, g.Detail)
			case v.mentions == "":
				// No property fits: the hint must name no mistake.
				if diagnose.IsNamedID(g.HintID) {
					t.Errorf("the hint names a mistake: %s", g.Hint)
				}
			case !strings.Contains(g.Hint, v.mentions) || !diagnose.IsNamedID(g.HintID):
				t.Errorf("the hint does not name its mistake (%q): %s", v.mentions, g.Hint)
			}
		})
	}
}

func TestBehaviourCorrectVariantsPass(t *testing.T) {
	per := map[int]int{}
	for _, v := range behaviourCorrect {
		if per[v.todo]++; !onTurn(v.todo, turnBehaviour, per[v.todo]) {
			continue // a sample; all of them in the whole suite without the race detector (onTurn)
		}
		t.Run(v.name, func(t *testing.T) {
			t.Parallel() // the grader's bound is CPU time of its own thread
			if g := grade.TODO(v.todo, v.f, ref); g.Status != labs.Pass {
				t.Errorf("TODO %d: %s: %s (hint %q)", v.todo, g.Status, g.Detail, g.Hint)
			}
		})
	}
}
