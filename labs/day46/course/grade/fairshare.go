package grade

import (
	"math"
	"math/rand/v2"
	"slices"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/diagnose"
)

type shareCase struct {
	capacity float64
	demands  []float64
	what     string
}

var shareCases = []shareCase{
	{100, nil, "no tenants at all"},
	{100, []float64{30}, "one tenant asking less than the capacity"},
	{100, []float64{250}, "one tenant asking more than the capacity"},
	{100, []float64{10, 20, 30}, "demands that all fit"},
	{90, []float64{50, 50, 50}, "equal demands over the capacity"},
	{100, []float64{200, 10, 10, 10, 10}, "one big demand and four small ones"},
	{90, []float64{60, 10, 40, 20}, "demands not in order"},
	{90, []float64{10, 20, 40, 60}, "two rounds of filling"},
	{100, []float64{0, 80, 80}, "a tenant asking for nothing"},
	{0, []float64{5, 5}, "no capacity"},
	{10, []float64{2.5, 2.5, 7.25}, "fractional demands"},
	{100, []float64{40, 40, 30, 30, 30}, "a level between two demands"},
}

// shareAnswers tags the fixed cases that are a prediction's scenario with
// that prediction: its want is the prediction's answer, which the learner's
// session holds back while the prediction is open (record/session.Redact).
var shareAnswers = map[string][]string{
	fair.FormatFairShare(100, []float64{200, 10, 10, 10, 10}): {"P4"},
}

func checkFairShare(mixed, ref fair.Funcs, explain explainer) (*labs.Failure, int) {
	check := func(c shareCase) *labs.Failure {
		got := mixed.FairShare(c.capacity, c.demands)
		want := ref.FairShare(c.capacity, c.demands)
		ok := len(got) == len(want)
		for i := 0; ok && i < len(want); i++ {
			ok = near(got[i], want[i], c.capacity)
		}
		if ok {
			return nil
		}
		plain := sharePlain(c, got, want)
		return &labs.Failure{
			What: "wrong on " + c.what,
			Counterexample: labs.Counterexample{Input: fair.FormatFairShare(c.capacity, c.demands), Got: fair.FormatFloats(got), Want: fair.FormatFloats(want),
				Answers: shareAnswers[fair.FormatFairShare(c.capacity, c.demands)]},
			Hint: plain.Text, HintID: plain.ID,
			Diagnose: explain(func(raw fair.Funcs) diagnose.Hint { return shareNamed(raw.FairShare, ref.FairShare, c) }),
		}
	}
	random := randomShareCases(46, 1, randomCases)
	f, checks := checkThenExperiments(labs.Cases[shareCase]{Hand: shareCases, Random: randomOf(random), N: len(random), Check: check, Simpler: simplerShares}, mixed, ref, 1)
	if f == nil || f.HintID == runDiffersID {
		// Right on every call, and still a wrong run (or none): an answer
		// overwritten by a later call would explain it.
		if k := sharesKept(mixed); k != nil || f == nil {
			return k, checks + len(shareCases)
		}
	}
	return f, checks
}

// randomShareCases are n random inputs from the PCG seeds a, b: capacities
// 0–300, up to 8 demands of 0–120, some in quarters.
func randomShareCases(a, b uint64, n int) []shareCase {
	rng := rand.New(rand.NewPCG(a, b))
	var out []shareCase
	for range n {
		c := shareCase{capacity: float64(rng.IntN(301)), what: "a random input"}
		for range 1 + rng.IntN(8) {
			d := float64(rng.IntN(121))
			if rng.IntN(4) == 0 {
				d += float64(rng.IntN(4)) / 4
			}
			c.demands = append(c.demands, d)
		}
		out = append(out, c)
	}
	return out
}

// simplerShares are smaller versions of a failing random case (fewer
// tenants, whole numbers, less capacity), tried in order while it fails.
func simplerShares(c shareCase) []shareCase {
	candidates := dropOne(c, c.demands, func(c shareCase, d []float64) shareCase { c.demands = d; return c })
	r := c
	r.demands = slices.Clone(c.demands)
	for i := range r.demands {
		r.demands[i] = math.Round(r.demands[i]/10) * 10
	}
	candidates = append(candidates, r)
	cap10 := c
	cap10.capacity = math.Round(c.capacity/10) * 10
	half := c // the same shape at half the size, in round numbers
	half.capacity = math.Round(c.capacity/20) * 10
	half.demands = slices.Clone(c.demands)
	for i := range half.demands {
		half.demands[i] = math.Round(half.demands[i]/20) * 10
	}
	candidates = append(candidates, cap10, half)
	return slices.DeleteFunc(candidates, func(d shareCase) bool {
		return slices.Equal(d.demands, c.demands) && d.capacity == c.capacity
	})
}
