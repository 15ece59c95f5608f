package grade_test

import (
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/day46/course/grade"
	"termlab/labs/diagnose"
)

// Wired in from testdata for its one measured run: a family of variants
// written blind to the diagnosis (issue 33). Whoever tunes the hints must
// not read this file first, and need not: by default the tests give only
// counts (caught, named, wrong-named); TERMLAB_FAMILY_VERBOSE=1 names each
// variant and its hint, for whoever measures. Its one blind run, on the
// code of commit 8756211 and before any hint was changed for it: caught
// 14/14, hints naming the true mistake (by the mentions) 7/14, hints
// naming a mistake the variant did not make 1.
// Read by hand (byHand3): named 10/14, wrong-named 0 (the one
// counted was a phrase artefact).

// A third family, written blind to the diagnosis (its source, its hint
// text and its tests were not read, and none of these was graded before
// the family's one measured run): mistakes learners plausibly make that
// the earlier families do not hold. mentions is the phrase a hint naming
// the true mistake would most likely contain, chosen from the mistake when
// the variant was written. Each wrong variant's comment states its true
// mistake.

// shardBuf3 is the buffer newWrong46_3's aliasing ShardOf hands out again
// and again.
var shardBuf3 []int

var newCorrect46_3 = []variant{
	// Correct: progressive filling in rounds; each round gives every open
	// tenant the equal split or what it still needs, whichever is less,
	// and stops when a round meets nobody (or nothing is left).
	{"new3: progressive filling in rounds", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		open := make([]int, len(demands))
		for i := range open {
			open[i] = i
		}
		left := max(capacity, 0)
		for len(open) > 0 && left > 0 {
			split := left / float64(len(open))
			var still []int
			for _, i := range open {
				need := demands[i] - out[i]
				if need <= split {
					out[i] = demands[i]
					left -= need
					continue
				}
				out[i] = min(out[i]+split, demands[i])
				left -= split
				still = append(still, i)
			}
			if len(still) == len(open) {
				break
			}
			open = still
		}
		return out
	})},
	// Correct: slices.IndexFunc finds the first head that does not fit,
	// spending the credit on the ones before it; -1 means all were served.
	{"new3: slices.IndexFunc spends as it looks", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit := deficit + quantum
		stop := slices.IndexFunc(queue, func(size float64) bool {
			if size > credit {
				return true
			}
			credit -= size
			return false
		})
		if stop < 0 {
			return len(queue), 0
		}
		return stop, credit
	})},
	// Correct: Knuth's selection sampling: worker i joins with chance
	// (still needed)/(still to see), which gives every k-set the same
	// chance, from a generator seeded with the tenant id.
	{"new3: selection sampling (Knuth's algorithm S)", 3, withShard(func(tenant uint64, n, k int) []int {
		r := rand.New(rand.NewPCG(tenant, 0x5eed))
		out := make([]int, 0, k)
		for i := 0; i < n && len(out) < k; i++ {
			if r.IntN(n-i) < k-len(out) {
				out = append(out, i)
			}
		}
		return out
	})},
	// Correct: count how often each worker appears in the two shards; the
	// shared ones appear twice (each shard lists distinct workers).
	{"new3: a count map of both shards", 4, withOverlap(func(a, b []int) int {
		seen := make(map[int]int, len(a)+len(b))
		for _, w := range a {
			seen[w]++
		}
		for _, w := range b {
			seen[w]++
		}
		n := 0
		for _, c := range seen {
			if c == 2 {
				n++
			}
		}
		return n
	})},
}

var newWrong46_3 = []newVariant{
	// Mistake: one equal split capped at each demand; what the modest tenants leave over is never shared out again.
	{variant{"new3: one equal split, the leftover not redistributed", 1, withShare(func(capacity float64, demands []float64) []float64 {
		out := make([]float64, len(demands))
		split := capacity / float64(len(demands))
		for i, d := range demands {
			out[i] = math.Min(d, split)
		}
		return out
	})}, "leftover"},
	// Mistake: shares proportional to demand when the capacity is short, instead of max-min water-filling.
	{variant{"new3: shares proportional to demand", 1, withShare(func(capacity float64, demands []float64) []float64 {
		total := 0.0
		for _, d := range demands {
			total += d
		}
		out := slices.Clone(demands)
		if total <= capacity {
			return out
		}
		for i, d := range demands {
			out[i] = capacity * d / total
		}
		return out
	})}, "proportional"},
	// Mistake: water-fills a sorted copy correctly but returns the shares in sorted order, not in the order of demands.
	{variant{"new3: shares returned in sorted order", 1, withShare(func(capacity float64, demands []float64) []float64 {
		s := slices.Clone(demands)
		slices.Sort(s)
		out := make([]float64, len(s))
		left := capacity
		for j, d := range s {
			out[j] = math.Min(d, left/float64(len(s)-j))
			left -= out[j]
		}
		return out
	})}, "order"},
	// Mistake: the met demands are never taken off the capacity, so each split divides the whole capacity among fewer tenants.
	{variant{"new3: met demands not subtracted from what is left", 1, withShare(func(capacity float64, demands []float64) []float64 {
		idx := make([]int, len(demands))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return demands[idx[a]] < demands[idx[b]] })
		out := make([]float64, len(demands))
		for j, i := range idx {
			out[i] = math.Min(demands[i], capacity/float64(len(idx)-j))
		}
		return out
	})}, "what is left"},
	// Mistake: skips a head that does not fit and goes on serving smaller requests behind it, instead of stopping at the head.
	{variant{"new3: skips a head that does not fit", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit := deficit + quantum
		served := 0
		for _, size := range queue {
			if size <= credit {
				credit -= size
				served++
			}
		}
		if served == len(queue) {
			return served, 0
		}
		return served, credit
	})}, "head"},
	// Mistake: < instead of <=, so a head whose size equals the credit is not served.
	{variant{"new3: a head equal to the credit waits", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit := deficit + quantum
		n := 0
		for n < len(queue) && queue[n] < credit {
			credit -= queue[n]
			n++
		}
		if n == len(queue) {
			return n, 0
		}
		return n, credit
	})}, "equal"},
	// Mistake: the credit left is kept even when the visit empties the queue (no reset to 0).
	{variant{"new3: an emptied queue keeps its credit", 2, withVisit(func(deficit, quantum float64, queue []float64) (int, float64) {
		credit := deficit + quantum
		n := 0
		for n < len(queue) && queue[n] <= credit {
			credit -= queue[n]
			n++
		}
		return n, credit
	})}, "empty"},
	// Mistake: draws k workers with replacement, so a shard can hold the same worker twice.
	{variant{"new3: drawn with replacement", 3, withShard(func(tenant uint64, n, k int) []int {
		r := rand.New(rand.NewPCG(tenant, 46))
		out := make([]int, k)
		for i := range out {
			out[i] = r.IntN(n)
		}
		return out
	})}, "repeat"},
	// Mistake: workers numbered 1 … n instead of 0 … n−1, so worker n is out of range.
	{variant{"new3: workers numbered from 1", 3, withShard(func(tenant uint64, n, k int) []int {
		p := rand.New(rand.NewPCG(tenant, 46)).Perm(n)[:k]
		for i := range p {
			p[i]++
		}
		return p
	})}, "range"},
	// Mistake: reuses one package-level buffer for every shard, so each call overwrites the shards returned before (aliasing).
	{variant{"new3: one buffer reused for every shard", 3, withShard(func(tenant uint64, n, k int) []int {
		if cap(shardBuf3) < n {
			shardBuf3 = make([]int, n)
		}
		w := shardBuf3[:n]
		for i := range w {
			w[i] = i
		}
		r := rand.New(rand.NewPCG(tenant, 46))
		r.Shuffle(n, func(i, j int) { w[i], w[j] = w[j], w[i] })
		return w[:k]
	})}, "reuse"},
	// Mistake: no generator: the id's digits in mixed radix pick the workers, so ids sharing low bits (multiples of 2^20) share workers.
	{variant{"new3: the id's digits pick the workers, no generator", 3, withShard(func(tenant uint64, n, k int) []int {
		rest := make([]int, n)
		for i := range rest {
			rest[i] = i
		}
		out := make([]int, 0, k)
		for len(out) < k {
			m := uint64(len(rest))
			j := int(tenant % m)
			tenant /= m
			out = append(out, rest[j])
			rest = append(rest[:j], rest[j+1:]...)
		}
		return out
	})}, "generator"},
	// Mistake: a uint64 bit mask, so workers 64 and above shift out and are never counted.
	{variant{"new3: a 64-bit mask", 4, withOverlap(func(a, b []int) int {
		var mask uint64
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
	})}, "mask"},
	// Mistake: a merge walk that assumes both shards are sorted; shards come in any order.
	{variant{"new3: a merge walk without sorting", 4, withOverlap(func(a, b []int) int {
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
	})}, "order"},
	// Mistake: slices.Index(b, w) > 0 instead of >= 0, so a worker at the first place of b is missed.
	{variant{"new3: Index > 0 misses the first place", 4, withOverlap(func(a, b []int) int {
		n := 0
		for _, w := range a {
			if slices.Index(b, w) > 0 {
				n++
			}
		}
		return n
	})}, "first"},
}

// familyVerboseEnv set to 1 makes the family 3 tests name each variant and
// its verdict; without it they give only counts, so that the family stays
// blind to whoever runs them while tuning the hints.
const familyVerboseEnv = "TERMLAB_FAMILY_VERBOSE"

func familyVerbose() bool { return os.Getenv(familyVerboseEnv) == "1" }

// Every correct variant passes its TODO (the only one it writes: TODO n
// grades the learner's func n beside the reference's others).
func TestFamily3CorrectPass(t *testing.T) {
	verbose, failed := familyVerbose(), 0
	per, ran := map[int]int{}, 0
	for _, v := range newCorrect46_3 {
		if per[v.todo]++; !onTurn(v.todo, turnFamily3, per[v.todo]) {
			continue // a sample; all of them in the whole suite (onTurn)
		}
		ran++
		if g := grade.TODO(v.todo, v.f, ref); g.Status != labs.Pass {
			failed++
			if verbose {
				t.Logf("%s: TODO %d: %s: %s (hint %q)", v.name, v.todo, g.Status, g.Detail, g.Hint)
			}
		}
	}
	if failed > 0 {
		t.Errorf("day 46 family 3: %d of %d correct variants do not pass their TODO (%s=1 names them)", failed, ran, familyVerboseEnv)
	}
}

// byHand3 is hints read by hand, once, where the phrase chosen when the
// variant was written misjudges them: for a variant, words of the hint it
// got and whether that hint names the true mistake (in other words than
// the phrase, or not at all though it holds the phrase by chance). It
// applies only while the variant's hint holds those words: a changed hint
// is judged by its phrase again. Nothing here was changed for the hints.
var byHand3 = map[string]handRead{
	"new3: one equal split, the leftover not redistributed": {"what the modest tenants leave is never handed on", true}, // the leftover, in other words
	"new3: drawn with replacement":                          {"draw without replacement", true},                         // the mistake, in other words
	"new3: workers numbered from 1":                         {"from 0 to n−1", true},                                    // the mistake, in other words
}

// handRead is one hint read by hand: its words, and what it names.
type handRead struct {
	words string
	named bool
}

// Every wrong variant fails in its own TODO, and a hint that names a
// mistake (one of MistakeHints: TestNewFamilyWrongHints's test) names its
// own; how many hints name the true mistake is a figure, not a bound. It
// counts as TestNewFamilyWrongHints does and differs in what it prints
// (counts unless verbose) and in that a wrong variant let through is an
// error here: this family was written to be caught.
func TestFamily3WrongHints(t *testing.T) {
	verbose := familyVerbose()
	caught, named, wrongNamed := 0, 0, 0
	for _, v := range newWrong46_3 {
		g := grade.TODO(v.todo, v.f, ref)
		if g.Status != labs.Fail {
			if verbose {
				t.Logf("%s: TODO %d: %s (%s): not caught", v.name, v.todo, g.Status, g.Detail)
			}
			continue
		}
		caught++
		isNamed := diagnose.IsNamedID(g.HintID)
		truly := strings.Contains(g.Hint, v.mentions)
		if r, ok := byHand3[v.name]; ok && strings.Contains(g.Hint, r.words) {
			truly = r.named
		}
		switch {
		case isNamed && !truly:
			wrongNamed++
		case truly:
			named++
		}
		if verbose {
			t.Logf("%s: TODO %d: named=%v wrong-named=%v: %s | %s", v.name, v.todo, truly, isNamed && !truly, g.Detail, g.Hint)
		}
	}
	t.Logf("day 46 family 3: caught %d/%d, named %d/%d, wrong-named %d", caught, len(newWrong46_3), named, caught, wrongNamed)
	if caught < len(newWrong46_3) {
		t.Errorf("day 46 family 3: %d wrong variants not caught in their own TODO (%s=1 names them)", len(newWrong46_3)-caught, familyVerboseEnv)
	}
	if wrongNamed > 0 {
		t.Errorf("day 46 family 3: %d hints name a mistake their variant did not make (%s=1 names them)", wrongNamed, familyVerboseEnv)
	}
}
