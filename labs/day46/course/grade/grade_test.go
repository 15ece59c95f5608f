package grade_test

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/day46/course/grade"
	"termlab/labs/day46/course/words"
	"termlab/labs/diagnose"
	"termlab/runner/testrun"
	"termlab/solutions/day46"
)

var ref = day46.Funcs

// The limits are bounds for hangs, not speed tests: -race runs the
// experiments and the readings of the probes several times slower than
// the worker ever would.
func TestMain(m *testing.M) {
	grade.Limit, grade.DiagnosisLimit = 5*time.Minute, 5*time.Minute
	testrun.CollectLess()
	os.Exit(m.Run())
}

func TestReferencePasses(t *testing.T) {
	for n := 1; n <= 4; n++ {
		if g := grade.TODO(n, ref, ref); g.Status != labs.Pass {
			t.Errorf("TODO %d: %s: %s", n, g.Status, g.Detail)
		}
	}
}

// Each TODO's screen says what is checked and how closely (the same
// numbers as CONTRACT.md), so a learner knows what "correct" means.
func TestEveryTODOSaysWhatIsChecked(t *testing.T) {
	tests := []struct {
		n    int
		says []string
	}{
		{1, []string{"within 1e-9 × max(1, capacity)", "in the order of demands", "Parts 3 and 7", "2000 random"}},
		{2, []string{"served exactly", "within 1e-9 × max(1, deficit + quantum)", "Part 4", "2000 random"}},
		{3, []string{"the same on 12 calls", "28 shards", "5600 tenants", "chi-square statistic of at most 77.2", "random ids", "within 1.6 points", "3.57 %"}},
		{4, []string{"exact", "Parts 5 and 6", "2000 random"}},
	}
	for _, tt := range tests {
		c := words.TODOs[tt.n-1].Checked
		for _, s := range tt.says {
			if !strings.Contains(c, s) {
				t.Errorf("TODO %d's Checked %q does not say %q", tt.n, c, s)
			}
		}
	}
}

func TestEquivalentProgramsPass(t *testing.T) {
	per := map[int]int{}
	for _, v := range correct {
		per[v.todo]++
		if !onTurn(v.todo, turnEquivalent, per[v.todo]) {
			continue // a sample; all of them in the whole suite without the race detector (onTurn)
		}
		t.Run(v.name, func(t *testing.T) {
			t.Parallel() // the grader's bound is CPU time of its own thread
			if g := grade.TODO(v.todo, v.f, ref); g.Status != labs.Pass {
				t.Errorf("TODO %d: %s: %s (%+v, hint %q)", v.todo, g.Status, g.Detail, g.Counterexample, g.Hint)
			}
		})
	}
	for n := 1; n <= 4; n++ {
		if per[n] < 8 {
			t.Errorf("TODO %d has %d correct variants, want at least 8", n, per[n])
		}
	}
}

func TestEachWrongProgramFailsInItsOwnTODO(t *testing.T) {
	if len(wrong) < 20 {
		t.Errorf("%d wrong variants, want at least 20", len(wrong))
	}
	per := map[int]int{}
	for _, v := range wrong {
		if per[v.todo]++; !testrun.Sampled(per[v.todo], 3) {
			continue // a sample; all of them in the whole suite (testrun.Sampled)
		}
		t.Run(v.name, func(t *testing.T) {
			t.Parallel() // the grader's bound is CPU time of its own thread
			// The grader puts the variant's function in slot n and the
			// reference in the others, so only slot v.todo differs from the
			// reference: the other TODOs are graded as the reference is (see
			// TestReferencePasses), and blame cannot leak to them.
			n := v.todo
			g := grade.TODO(n, v.f, ref)
			switch {
			case g.Status == labs.Pass:
				t.Errorf("TODO %d passed; it should be caught", n)
			case g.Status == labs.Fail && g.Counterexample == nil:
				t.Errorf("TODO %d failed without a counterexample: %s", n, g.Detail)
			case g.Status == labs.Fail && g.Hint == "":
				t.Errorf("TODO %d failed without a hint: %s", n, g.Detail)
			case g.Status != labs.Fail:
				t.Errorf("TODO %d: %s (%s), want a fail", n, g.Status, g.Detail)
			}
		})
	}
}

// The first counterexample is the smallest edge case that shows the bug,
// and the hint speaks to what that input reveals.
func TestCounterexamplesAreSmallAndHintsFit(t *testing.T) {
	tests := []struct {
		variant, input, hint string
	}{
		{"answers in sorted order", "FairShare(capacity=100, demands=[200 10 10 10 10])", "order"},
		{"capped equal split, no redistribution", "FairShare(capacity=100, demands=[200 10 10 10 10])", "leave"},
		{"banks credit on an empty queue", "DRRVisit(deficit=0, quantum=10, queue=[])", "no credit"},
		{"forgets to add the quantum", "DRRVisit(deficit=0, quantum=10, queue=[10])", "quantum"},
		{"skips a big head to serve smaller ones", "DRRVisit(deficit=0, quantum=10, queue=[20 5])", "in order"},
		{"strict comparison (size < credit)", "DRRVisit(deficit=0, quantum=10, queue=[10])", "<="},
		{"compares position by position", "Overlap(a=[0 1], b=[1 2])", "anywhere"},
		{"merges without sorting", "Overlap(a=[1 3], b=[3 1])", "order"},
		{"a 32-bit mask", "Overlap(a=[40 3], b=[3 40])", "mask"},
		{"consecutive workers", "ShardOf(tenant, 8, 2)", "possible shards"},
		{"the global generator", "ShardOf(tenant=1, n=10, k=1), called", "seed"},
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			i := slicesIndex(tt.variant)
			if i < 0 {
				t.Fatal("no such variant")
			}
			v := wrong[i]
			g := grade.TODO(v.todo, v.f, ref)
			if g.Counterexample == nil || !strings.HasPrefix(g.Counterexample.Input, tt.input) {
				t.Fatalf("counterexample %+v, want input starting %s", g.Counterexample, tt.input)
			}
			if !strings.Contains(g.Hint, tt.hint) {
				t.Errorf("hint %q does not mention %q", g.Hint, tt.hint)
			}
		})
	}
}

func slicesIndex(name string) int {
	for i, v := range wrong {
		if v.name == name {
			return i
		}
	}
	return -1
}

func TestHangIsATimeoutAndPanicACrashOfItsTODO(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the grader's time limit")
	}
	defer func(l time.Duration) { grade.Limit = l }(grade.Limit)
	// A hang is a hang at any bound: a small one ends the wait sooner
	// (the wall-clock backstop is labs.WallBackstop times the bound, and
	// never under the guard's one second of a still CPU clock: 200 ms is
	// that second), and the hang comes on the first call, before the
	// grader has used any CPU.
	grade.Limit = 200 * time.Millisecond
	hang := ref
	hang.ShardOf = func(uint64, int, int) []int { select {} }
	if g := grade.TODO(3, hang, ref); g.Status != labs.Timeout {
		t.Errorf("a ShardOf that never returns: %s (%s), want timeout", g.Status, g.Detail)
	}
	crash := ref
	crash.Overlap = func(a, b []int) int { return a[len(a)] }
	if g := grade.TODO(4, crash, ref); g.Status != labs.Crash || !strings.Contains(g.Detail, "index out of range") {
		t.Errorf("an Overlap that indexes past the end: %s (%s), want a crash", g.Status, g.Detail)
	}
}

// A bug that only shows on bigger inputs is reported on the smallest one
// the shrinker can find: here exactly as many tenants (or requests) as it
// takes, with round numbers.
func TestRandomFailuresAreShrunk(t *testing.T) {
	bigShare := ref
	bigShare.FairShare = func(c float64, d []float64) []float64 {
		out := ref.FairShare(c, d)
		if len(d) >= 6 && len(out) > 0 {
			out[0] = 0 // forgets the first tenant, but only in a crowd
		}
		return out
	}
	longQueue := ref
	longQueue.DRRVisit = func(deficit, quantum float64, queue []float64) (int, float64) {
		if len(queue) >= 7 {
			return 0, deficit + quantum // gives up on long queues
		}
		return ref.DRRVisit(deficit, quantum, queue)
	}
	for _, tt := range []struct {
		name  string
		todo  int
		f     fair.Funcs
		count func(input string) int
		want  int
	}{
		{"six tenants", 1, bigShare, countIn("demands=["), 6},
		{"seven requests", 2, longQueue, countIn("queue=["), 7},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := grade.TODO(tt.todo, tt.f, ref)
			if g.Status != labs.Fail || g.Counterexample == nil {
				t.Fatalf("%s: %s", g.Status, g.Detail)
			}
			t.Logf("%s → %s, want %s", g.Counterexample.Input, g.Counterexample.Got, g.Counterexample.Want)
			if n := tt.count(g.Counterexample.Input); n != tt.want {
				t.Errorf("counterexample %s has %d items, want the smallest failing size %d", g.Counterexample.Input, n, tt.want)
			}
		})
	}
}

// countIn counts the numbers in the list that follows marker in input.
func countIn(marker string) func(string) int {
	return func(input string) int {
		i := strings.Index(input, marker)
		if i < 0 {
			return -1
		}
		rest := input[i+len(marker):]
		rest = rest[:strings.Index(rest, "]")]
		return len(strings.Fields(rest))
	}
}

// The spread check's limit is where a fair draw goes past it about once in
// a million: the chi-square distribution with 27 degrees of freedom,
// integrated here, not read from a table.
func TestChiSquareLimitIsAboutOneInAMillion(t *testing.T) {
	p := chiSquareSurvival(27, grade.ChiSquareLimit)
	if p < 0.8e-6 || p > 1.2e-6 {
		t.Errorf("P(chi² > %g | 27 df) = %.3g, want about 1e-6", grade.ChiSquareLimit, p)
	}
	// The closed form at a checkable point: for 2 degrees of freedom the
	// survival function is exp(−x/2).
	if got, want := chiSquareSurvival(2, 10), math.Exp(-5); math.Abs(got-want) > 1e-12 {
		t.Errorf("P(chi² > 10 | 2 df) = %g, want %g", got, want)
	}
	if got := grade.ChiSquare([]int{10, 10, 10}); got != 0 {
		t.Errorf("even counts: chi-square %g, want 0", got)
	}
	if got := grade.ChiSquare([]int{5, 15}); got != 5 {
		t.Errorf("counts 5 and 15: chi-square %g, want 5", got)
	}
}

// chiSquareSurvival is P(X > x) for X chi-square with df degrees of
// freedom: 1 − P(df/2, x/2), the regularized lower gamma by its series.
func chiSquareSurvival(df, x float64) float64 {
	a, z := df/2, x/2
	sum, term := 1/a, 1/a
	for n := 1; n < 100000 && term > sum*1e-18; n++ {
		term *= z / (a + float64(n))
		sum += term
	}
	lg, _ := math.Lgamma(a)
	return 1 - sum*math.Exp(-z+a*math.Log(z)-lg)
}

// How close the correct generators come to the spread limit, and how far
// past it the biased one goes, over the same ids the grader uses.
func TestShardSpreadSeparatesFairFromBiased(t *testing.T) {
	worst := 0.0
	for _, v := range correct {
		if v.todo == 3 {
			worst = max(worst, grade.WorstChiSquare(v.f))
		}
	}
	biased := grade.WorstChiSquare(wrong[slicesIndex("partial Fisher–Yates swapping with any position (biased)")].f)
	t.Logf("chi-square, 27 df: correct generators at most %.1f, the biased partial Fisher–Yates %.1f, limit %g", worst, biased, grade.ChiSquareLimit)
	if worst >= grade.ChiSquareLimit || biased <= grade.ChiSquareLimit {
		t.Errorf("the limit %g does not separate them", grade.ChiSquareLimit)
	}
}

// mistakeOf is each wrong variant's mistake: a phrase of the one hint of its
// TODO that names it, or "" where the grader knows no such mistake (the
// hint must then say plainly what differs).
var mistakeOf = map[string]string{
	"right shares, in one slice kept between calls":              "changed when FairShare was called again",
	"right shard, in one slice kept between calls":               "changed when ShardOf was called again",
	"equal split, ignoring demands":                              "capacity ÷ n, whatever",
	"proportional to demand":                                     "proportional",
	"capped equal split, no redistribution":                      "never handed on",
	"answers in sorted order":                                    "wrong order",
	"one redistribution pass only":                               "one round",
	"leftover to the biggest only":                               "largest demand alone",
	"whole requests only (floor of the level)":                   "rounded down",
	"right shares, but sorts demands in place":                   "",
	"right shares, then zeroes demands":                          "",
	"forgets to add the quantum":                                 "never added",
	"serves against the old credit, adds the quantum after":      "came after the serving",
	"adds the quantum twice":                                     "added twice",
	"banks credit on an empty queue":                             "keeps no credit",
	"skips a big head to serve smaller ones":                     "stop at the first",
	"strict comparison (size < credit)":                          "<=, not <",
	"one request per visit":                                      "several requests",
	"never keeps credit":                                         "credit was dropped",
	"consecutive workers":                                        "consecutive",
	"draws with replacement":                                     "came up twice",
	"workers numbered from 1":                                    "from 1 to n",
	"the global generator":                                       "earlier calls",
	"the same seed for everyone":                                 "same shard",
	"low bits of the id pick the first worker":                   "",
	"fnv low bits mod n (weak mixing)":                           "",
	"unrank a multiplied id mod C(n,k) (structured ids collide)": "",
	"partial Fisher–Yates swapping with any position (biased)":   "",
	"compares position by position":                              "same position",
	"merges without sorting":                                     "merge walk",
	"a 32-bit mask":                                              "32-bit",
	"a 64-bit mask":                                              "64-bit",
	"counts the union, not the intersection":                     "union",
	"counts the workers not shared":                              "not in b",
	"any shared worker counts as one":                            "not only whether",
	"skips the first worker":                                     "first worker of a",
}

// A hint that names a mistake names the variant's own, on every variant of
// the suite; the others fall back to a plain statement of what differs.
// The figure (named / caught) is printed for the suite's log.
func TestHintsNameOnlyTheTrueMistake(t *testing.T) {
	caught, named := 0, 0
	per := map[int]int{}
	for _, v := range wrong {
		want, ok := mistakeOf[v.name]
		if !ok {
			t.Errorf("variant %q has no expected mistake in mistakeOf", v.name)
			continue
		}
		if per[v.todo]++; !testrun.Sampled(per[v.todo], 2) {
			continue // a sample; all of them in the whole suite, whose figure equivalence.sh prints
		}
		g := grade.TODO(v.todo, v.f, ref)
		if g.Status != labs.Fail {
			continue // TestEachWrongProgramFailsInItsOwnTODO reports it
		}
		caught++
		hints := grade.MistakeHints(v.todo)
		t.Logf("%s: %s", v.name, g.Hint)
		if g.HintID == "" {
			t.Errorf("%s: the hint has no ID: %s", v.name, g.Hint)
		}
		if !diagnose.IsNamedID(g.HintID) {
			continue // a plain statement of what differs
		}
		if !slices.Contains(grade.HintIDs(v.todo), g.HintID) {
			t.Errorf("%s: the hint's ID %s is not among the TODO's declared hints", v.name, g.HintID)
		}
		n := 0
		for _, h := range hints {
			if want != "" && strings.Contains(h, want) {
				n++
			}
		}
		if want == "" || n > 1 || !strings.Contains(g.Hint, want) {
			t.Errorf("%s: the hint names a mistake it did not make (its mistake: %q):\n  %s\n  input %s got %s want %s", v.name, want, g.Hint, g.Counterexample.Input, g.Counterexample.Got, g.Counterexample.Want)
			continue
		}
		named++
	}
	t.Logf("hints naming the true mistake: %d of %d caught (the rest say plainly what differs)", named, caught)
	fmt.Printf("day 46 hints naming the true mistake / all caught: %d/%d\n", named, caught)
}
