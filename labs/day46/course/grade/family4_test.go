package grade_test

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// A fourth family of learner-style variants (issue 42, item 5), written
// blind: from the learner's side only (todo.go, CONTRACT.md, the lesson and
// TODO cards, solutions/day46), without reading the diagnosis, its hint
// texts or the other families' variants. Each wrong variant records its
// true mistake in one line, written with the variant and before any run.
//
// Whether a hint names that mistake is a hand reading (read46_4): after
// the one measured run, each caught variant's hint was read and recorded
// as naming the true mistake, saying plainly what differs (the rule
// broken, what came back), or naming a mistake other than the recorded
// one. A reading is keyed to a fingerprint of the hint text it judged:
// once the hint changes, the reading no longer applies and the variant
// counts as unread until someone reads it again. By default the tests
// print counts only (as family 3 does); TERMLAB_FAMILY_VERBOSE=1 prints
// each variant, its hint and the fingerprint to record.
//
// Its one measured run, on the grader of commit 1cc478a (unchanged) and
// before any hint was changed for it:
// caught 22 of 22 wrong, 11 of 11 correct passed;
// read by hand 12 named, 8 plain, 2 wrong name.
// The two wrong names are judgement calls, noted in read46_4: each hint
// states a true symptom of its input but gives it a cause that is not the
// code's (a missing empty-queue case; a draw that cannot reach a worker).
// Read leniently, as plain statements, they give 12 named, 10 plain.

// blind4 is one wrong variant and its true mistake, in words.
type blind4 struct {
	variant
	mistake string
}

// fill4 water-fills capacity over demands walked in the order given by
// order (indexes into demands), each tenant getting min(its demand, what is
// left ÷ how many are left): the step every FairShare variant below shares,
// right when order is by rising demand.
func fill4(capacity float64, demands []float64, order []int) []float64 {
	out := make([]float64, len(demands))
	left := max(capacity, 0)
	for j, i := range order {
		out[i] = min(demands[i], left/float64(len(order)-j))
		left -= out[i]
	}
	return out
}

// rising4 is the indexes of demands, by rising demand.
func rising4(demands []float64) []int {
	idx := make([]int, len(demands))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return demands[idx[a]] < demands[idx[b]] })
	return idx
}

// serve4 is the reference's serving loop: add the quantum, serve while the
// head fits.
func serve4(deficit, quantum float64, queue []float64) (int, float64) {
	credit := deficit + quantum
	n := 0
	for n < len(queue) && queue[n] <= credit {
		credit -= queue[n]
		n++
	}
	return n, credit
}

var correct46_4 = []variant{
	// Correct: the water level in closed form from a sorted copy and its
	// prefix sums: the first tenant whose demand is above what is left
	// split among the rest sets the level; everyone gets min(demand, level).
	{"f4: the level from prefix sums of a sorted copy", 1, withShare(func(capacity float64, demands []float64) []float64 {
		s := slices.Clone(demands)
		slices.Sort(s)
		level := math.Inf(1)
		used := 0.0
		for j, d := range s {
			split := (max(capacity, 0) - used) / float64(len(s)-j)
			if d > split {
				level = split
				break
			}
			used += d
		}
		out := make([]float64, len(demands))
		for i, d := range demands {
			out[i] = min(d, level)
		}
		return out
	})},
	// Correct: no sort; each round finds the smallest unmet demand by a
	// scan and either satisfies it or gives everyone left the split.
	{"f4: repeated minimum scan, no sort", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		done := make([]bool, len(demands))
		left := max(capacity, 0)
		for rest := len(demands); rest > 0; rest-- {
			m := -1
			for i, d := range demands {
				if !done[i] && (m < 0 || d < demands[m]) {
					m = i
				}
			}
			split := left / float64(rest)
			if demands[m] > split {
				for i := range demands {
					if !done[i] {
						out[i] = split
					}
				}
				break
			}
			out[m], done[m] = demands[m], true
			left -= demands[m]
		}
		return out
	})},
	// Correct: recursive: satisfy every tenant asking at most the equal
	// split, then share what is left among the others; when nobody is
	// below the split, everyone gets it.
	{"f4: recursive on the tenants still unmet", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		var rec func(left float64, open []int)
		rec = func(left float64, open []int) {
			if len(open) == 0 {
				return
			}
			split := left / float64(len(open))
			var still []int
			for _, i := range open {
				if demands[i] <= split {
					out[i] = demands[i]
					left -= demands[i]
				} else {
					still = append(still, i)
				}
			}
			if len(still) == len(open) {
				for _, i := range open {
					out[i] = split
				}
				return
			}
			rec(left, still)
		}
		open := make([]int, len(demands))
		for i := range open {
			open[i] = i
		}
		rec(max(capacity, 0), open)
		return out
	})},
	// Correct: recursion over the queue, one head at a time.
	{"f4: recursive visit", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		var walk func(credit float64, q []float64) (int, float64)
		walk = func(credit float64, q []float64) (int, float64) {
			if len(q) == 0 {
				return 0, 0
			}
			if q[0] > credit {
				return 0, credit
			}
			n, c := walk(credit-q[0], q[1:])
			return n + 1, c
		}
		return walk(deficit+quantum, queue)
	})},
	// Correct: a range loop with break and a flag for "stopped early".
	{"f4: range with break and a flag", 2, withVisit(func(deficit, quantum float64, queue []float64) (served int, newDeficit float64) {
		credit := deficit + quantum
		stopped := false
		for _, size := range queue {
			if size > credit {
				stopped = true
				break
			}
			credit -= size
			served++
		}
		if !stopped {
			credit = 0
		}
		return served, credit
	})},
	// Correct: a PCG seeded with the tenant id, its Perm's first k.
	{"f4: a seeded PCG's Perm", 3, withShard(func(tenant uint64, n, k int) []int {
		return rand.New(rand.NewPCG(tenant, 46)).Perm(n)[:k]
	})},
	// Correct: rank the workers by a hash of (tenant, worker) and take the
	// k lowest: rendezvous hashing, the same each time and even over tenants.
	{"f4: rendezvous hashing by sha256", 3, withShard(func(tenant uint64, n, k int) []int {
		score := make([]uint64, n)
		var buf [16]byte
		for w := range n {
			binary.LittleEndian.PutUint64(buf[:8], tenant)
			binary.LittleEndian.PutUint64(buf[8:], uint64(w))
			sum := sha256.Sum256(buf[:])
			score[w] = binary.LittleEndian.Uint64(sum[:8])
		}
		ws := make([]int, n)
		for i := range ws {
			ws[i] = i
		}
		sort.Slice(ws, func(a, b int) bool { return score[ws[a]] < score[ws[b]] })
		return ws[:k]
	})},
	// Correct: reservoir sampling from a ChaCha8 seeded with the id's bytes.
	{"f4: reservoir sampling from ChaCha8", 3, withShard(func(tenant uint64, n, k int) []int {
		var seed [32]byte
		binary.BigEndian.PutUint64(seed[:], tenant)
		r := rand.New(rand.NewChaCha8(seed))
		out := make([]int, k)
		for i := range out {
			out[i] = i
		}
		for i := k; i < n; i++ {
			if j := r.IntN(i + 1); j < k {
				out[j] = i
			}
		}
		return out
	})},
	// Correct: sorted copies, then a merge walk.
	{"f4: sorted copies and a merge walk", 4, withOverlap(func(a, b []int) int {
		x, y := slices.Clone(a), slices.Clone(b)
		slices.Sort(x)
		slices.Sort(y)
		i, j, n := 0, 0, 0
		for i < len(x) && j < len(y) {
			switch {
			case x[i] < y[j]:
				i++
			case x[i] > y[j]:
				j++
			default:
				n, i, j = n+1, i+1, j+1
			}
		}
		return n
	})},
	// Correct: two nested loops.
	{"f4: nested loops", 4, withOverlap(func(a, b []int) int {
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
	// Correct: a []bool sized to the largest worker of a.
	{"f4: a []bool as big as the largest worker", 4, withOverlap(func(a, b []int) int {
		top := -1
		for _, w := range a {
			top = max(top, w)
		}
		in := make([]bool, top+1)
		for _, w := range a {
			in[w] = true
		}
		n := 0
		for _, w := range b {
			if w >= 0 && w <= top && in[w] {
				n++
			}
		}
		return n
	})},
}

var wrong46_4 = []blind4{
	// FairShare.
	{variant{"f4: sorts the caller's demands in place", 1, withShare(func(capacity float64, demands []float64) []float64 {
		orig := slices.Clone(demands)
		sort.Float64s(demands)
		level := math.Inf(1)
		left := max(capacity, 0)
		for j, d := range demands {
			if split := left / float64(len(demands)-j); d > split {
				level = split
				break
			}
			left -= d
		}
		out := make([]float64, len(orig))
		for i, d := range orig {
			out[i] = min(d, level)
		}
		return out
	})}, "sorts the caller's demands slice in place (the shares are right, but demands is changed)"},
	{variant{"f4: tenants asking nothing left out", 1, withShare(func(capacity float64, demands []float64) []float64 {
		var asking []float64
		for _, d := range demands {
			if d != 0 {
				asking = append(asking, d)
			}
		}
		return fill4(capacity, asking, rising4(asking))
	})}, "drops the tenants asking nothing, so the result is shorter and later shares sit at the wrong index"},
	{variant{"f4: what is left split among all tenants", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		left := max(capacity, 0)
		for _, i := range rising4(demands) {
			out[i] = min(demands[i], left/float64(len(demands)))
			left -= out[i]
		}
		return out
	})}, "wrong denominator: divides what is left by all tenants instead of by the tenants still unmet"},
	{variant{"f4: the last tenant takes all that is left", 1, withShare(func(capacity float64, demands []float64) []float64 {
		order := rising4(demands)
		out := fill4(capacity, demands, order)
		if len(order) > 0 {
			last := order[len(order)-1]
			used := 0.0
			for _, i := range order[:len(order)-1] {
				used += out[i]
			}
			out[last] = max(capacity, 0) - used
		}
		return out
	})}, "gives the largest tenant everything left, even beyond its demand (no cap at the demand for the last one)"},
	{variant{"f4: water level rounded down to whole units", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		left := max(capacity, 0)
		order := rising4(demands)
		for j, i := range order {
			out[i] = min(demands[i], math.Floor(left/float64(len(order)-j)))
			left -= out[i]
		}
		return out
	})}, "rounds the equal split down to a whole number, so fractional levels are lost"},
	{variant{"f4: filled in the given order, unsorted", 1, withShare(func(capacity float64, demands []float64) []float64 {
		order := make([]int, len(demands))
		for i := range order {
			order[i] = i
		}
		return fill4(capacity, demands, order)
	})}, "water-fills in the order the demands are given instead of from the smallest demand up"},
	{variant{"f4: stops once less than one unit is left", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		left := max(capacity, 0)
		order := rising4(demands)
		for j, i := range order {
			if left < 1 {
				break
			}
			out[i] = min(demands[i], left/float64(len(order)-j))
			left -= out[i]
		}
		return out
	})}, "stops sharing once less than one unit is left, as if capacity came in whole units"},
	// DRRVisit.
	{variant{"f4: an empty queue keeps its credit", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		if len(queue) == 0 {
			return 0, deficit + quantum
		}
		n, c := serve4(deficit, quantum, queue)
		if n == len(queue) {
			return n, 0
		}
		return n, c
	})}, "a queue empty on entry keeps deficit + quantum instead of 0"},
	{variant{"f4: serves while any credit is left", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit := deficit + quantum
		n := 0
		for n < len(queue) && credit > 0 {
			credit -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, credit
	})}, "serves the head while any credit is left instead of while the head fits, so the credit can go negative"},
	{variant{"f4: the quantum added for every head", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit := deficit
		n := 0
		for n < len(queue) {
			credit += quantum
			if queue[n] > credit {
				break
			}
			credit -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, credit
	})}, "adds the quantum once per request looked at instead of once per visit"},
	{variant{"f4: the quantum added after serving", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		n, c := serve4(deficit, 0, queue)
		if n == len(queue) {
			return n, 0
		}
		return n, c + quantum
	})}, "serves on the old credit and adds the quantum afterwards instead of before"},
	{variant{"f4: credit dropped when the head does not fit", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		n, c := serve4(deficit, quantum, queue)
		if n == len(queue) {
			return n, c
		}
		return n, 0
	})}, "the reset is on the wrong branch: the credit is dropped when a head waits and kept when the queue empties"},
	{variant{"f4: credit truncated to whole units", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		n, c := serve4(math.Trunc(deficit+quantum), 0, queue)
		if n == len(queue) {
			return n, 0
		}
		return n, c
	})}, "truncates the credit to a whole number before serving, losing quarter units"},
	// ShardOf.
	{variant{"f4: the global generator", 3, withShard(func(tenant uint64, n, k int) []int {
		return rand.Perm(n)[:k]
	})}, "draws from the unseeded global generator, so the same tenant gets a different shard each call"},
	{variant{"f4: seeded with the id mod n", 3, withShard(func(tenant uint64, n, k int) []int {
		return rand.New(rand.NewPCG(tenant%uint64(n), 46)).Perm(n)[:k]
	})}, "seeds the generator with tenant mod n, so at most n different shards ever occur"},
	{variant{"f4: k neighbouring workers from a seeded start", 3, withShard(func(tenant uint64, n, k int) []int {
		start := rand.New(rand.NewPCG(tenant, 46)).IntN(n)
		out := make([]int, k)
		for i := range out {
			out[i] = (start + i) % n
		}
		return out
	})}, "takes k consecutive workers (mod n) from a random start, so only n of the C(n, k) shards occur"},
	{variant{"f4: the whole permutation returned", 3, withShard(func(tenant uint64, n, k int) []int {
		return rand.New(rand.NewPCG(tenant, 46)).Perm(n)
	})}, "returns all n workers (the whole permutation) instead of its first k"},
	{variant{"f4: one LCG step per draw, low bits first", 3, withShard(func(tenant uint64, n, k int) []int {
		rest := make([]int, n)
		for i := range rest {
			rest[i] = i
		}
		x := tenant
		out := make([]int, 0, k)
		for len(out) < k {
			x = x*6364136223846793005 + 1442695040888963407
			j := int(x % uint64(len(rest)))
			out = append(out, rest[j])
			rest = append(rest[:j], rest[j+1:]...)
		}
		return out
	})}, "a home-made generator (one LCG step per draw, taken mod n): its low bits follow the id's low bits, so ids sharing them share workers"},
	// Overlap.
	{variant{"f4: place by place", 4, withOverlap(func(a, b []int) int {
		n := 0
		for i := range min(len(a), len(b)) {
			if a[i] == b[i] {
				n++
			}
		}
		return n
	})}, "compares the shards place by place, as if order mattered"},
	{variant{"f4: a 32-bit mask", 4, withOverlap(func(a, b []int) int {
		var mask uint32
		for _, w := range a {
			mask |= 1 << uint(w)
		}
		n := 0
		for _, w := range b {
			if mask&(1<<uint(w)) != 0 {
				n++
			}
		}
		return n
	})}, "a uint32 bit mask: workers 32 and above shift out and are never counted"},
	{variant{"f4: the union counted", 4, withOverlap(func(a, b []int) int {
		all := map[int]bool{}
		for _, w := range a {
			all[w] = true
		}
		for _, w := range b {
			all[w] = true
		}
		return len(all)
	})}, "counts the workers in either shard (the union) instead of in both"},
	{variant{"f4: b's positions marked, not its workers", 4, withOverlap(func(a, b []int) int {
		in := map[int]bool{}
		for j := range b {
			in[j] = true
		}
		n := 0
		for _, w := range a {
			if in[w] {
				n++
			}
		}
		return n
	})}, "fills the set with b's indexes instead of b's workers (range's first value)"},
}

// verdict46_4 is a hand reading of one hint against its variant's true mistake.
type verdict46_4 int

const (
	named46_4     verdict46_4 = iota + 1 // the hint names the true mistake
	plain46_4                            // the hint says what differs and names no mistake
	wrongName46_4                        // the hint names a mistake other than the recorded one
)

// reading46_4 is one hint read by hand: the fingerprint of the hint text
// read (fingerprint46_4), the reading, and why, in short.
type reading46_4 struct {
	hint string
	says verdict46_4
	why  string
}

// fingerprint46_4 keys a reading to the exact hint text it judged.
func fingerprint46_4(hint string) string {
	sum := sha256.Sum256([]byte(hint))
	return hex.EncodeToString(sum[:8])
}

// read46_4 holds the hand readings of the measured run, by variant name:
// named when the hint says what the code does wrong in a way that is the
// recorded mistake, plain when it restates the rule broken or what came
// back, wrong name when it names a mistake other than the recorded one.
var read46_4 = map[string]reading46_4{
	"f4: sorts the caller's demands in place":     {"1f2fc74b4a79bf08", named46_4, "you sorted demands in place"},
	"f4: tenants asking nothing left out":         {"fa4acef6d3bbccbe", named46_4, "the tenants asking 0 were left out (after: was plain, the count only)"},
	"f4: what is left split among all tenants":    {"f92f0bd45f91a13d", named46_4, "split among every tenant, not only the ones still asking"},
	"f4: the last tenant takes all that is left":  {"d6720105b1701a54", named46_4, "the largest demand was given all that was left (after: was plain, the rule)"},
	"f4: water level rounded down to whole units": {"7bd063a240abd0b9", named46_4, "the level was rounded down to a whole number"},
	"f4: filled in the given order, unsorted":     {"b0c165d93c4c1fad", named46_4, "right only when the demands come smallest first"},
	"f4: stops once less than one unit is left":   {"38cc96d5a22860e9", plain46_4, "tenant 0 gets 0 where water-filling gives 0.5: what differs"},
	"f4: an empty queue keeps its credit":         {"dcd85656b1a6525a", named46_4, "an empty queue on entry banked credit"},
	"f4: serves while any credit is left":         {"e8067b481215967c", named46_4, "a request was served that did not fit; only while the head fits (reworded after family 5, read again)"},
	"f4: the quantum added for every head":        {"ad278113a12e9326", named46_4, "the quantum added once for every head looked at (after: was plain, the rule)"},
	"f4: the quantum added after serving":         {"f1823bd8b8d2e878", named46_4, "the quantum came after the serving"},
	// Read again after the blind measurement (12 named, 8 plain, 2 wrong
	// names): the two wrong names broke the engine's rule and were mended
	// in general (a part of DRRVisit's answer is named alone only when the
	// other parts are right; a worker missing from few shards says nothing
	// of the draw's range). These two readings are not blind.
	//
	// Seven more read again after rows were added for the mistakes they
	// showed (issue 42: 13 named, 9 plain before): marked "after". Not
	// blind either: the rows were written having read these variants, as
	// whole mistakes or properties that must reproduce the learner on
	// every probe, and tested on other shapes of the same mistakes and on
	// near misses (behaviour_test.go, TestRowsAfterFamily4).
	"f4: credit dropped when the head does not fit":  {"a39104a6f572582f", named46_4, "the reset on the wrong branch: kept when empty, lost while a head waits (was: an empty queue banked credit, a wrong name)"},
	"f4: credit truncated to whole units":            {"42e67e70b9bb7dd6", named46_4, "the credit rounded down before serving (after: was plain, a credit of 34 where 34.5 remains)"},
	"f4: the global generator":                       {"e393c72b20c4536a", named46_4, "different shards on two calls: a generator seeded with the id"},
	"f4: seeded with the id mod n":                   {"580b2ce81c486919", named46_4, "the shard follows from the id mod n alone (after: was plain, 8 of 28 shards; before that the draw never reaching worker 7, a wrong name)"},
	"f4: k neighbouring workers from a seeded start": {"580f091d3a03ee50", named46_4, "every shard is a run of consecutive workers"},
	"f4: the whole permutation returned":             {"36c3c739d4c0542a", named46_4, "every shard holds all n workers (after: was plain, the rule)"},
	"f4: one LCG step per draw, low bits first":      {"5d31069551e7ace4", plain46_4, "only 7 of 28 shards come up: what differs, the generator not named"},
	"f4: place by place":                             {"42c41fdea8ee2b90", named46_4, "only workers at the same position were counted"},
	"f4: a 32-bit mask":                              {"8cdfb1a2db5daf78", named46_4, "a 32-bit mask holds workers 0 to 31 only"},
	"f4: the union counted":                          {"af3c74fa38dd41c1", named46_4, "that counts the workers in either shard (the union)"},
	"f4: b's positions marked, not its workers":      {"be3d6cc904732b32", named46_4, "b's positions were counted, not its workers (after: was plain, what differs)"},
}

// Every correct variant passes its TODO; every wrong one is caught in its
// own TODO and no hint read by hand names a mistake its variant does not
// make (familyCorrect and familyWrong, in families_test.go).
func TestFamily4CorrectPass(t *testing.T) {
	familyCorrect(t, "day 46 family 4", correct46_4, turnFamily4)
}

func TestFamily4WrongHints(t *testing.T) { familyWrong(t, "day 46 family 4", wrong46_4, read46_4) }
