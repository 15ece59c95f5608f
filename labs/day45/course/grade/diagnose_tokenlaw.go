package grade

import (
	"math"
	"time"

	"termlab/labs/diagnose"
)

// How the refill depends on the wait and on the rate, each on its own:
// the learner's TakeToken is asked about an empty, roomy bucket at waits
// that double (rate 1) and at rates that double (a 1 s wait). The task's
// refill doubles with each; a refill that stays the same, halves or
// quadruples on every step has the rate or the wait at another power
// (left out, divided by, squared), and the hint names which, once the law
// read there also gives the learner's level on every probe below the cap.

// rateDividedPlain states the law read off the probes; it is not one of
// MistakeHints.
const rateDividedPlain = "on every probe below the cap the refill is elapsed.Seconds() / ratePerSec, and it shrinks as the rate grows: a wait adds elapsed.Seconds() × ratePerSec tokens"

const (
	lawRoomyCapacity = 1e4 // room for every refill the law is read on
)

var (
	rateIgnoredHint = tokenHints.Name("token.rate-ignored", "the refill does not grow with ratePerSec: a wait adds elapsed.Seconds() × ratePerSec tokens, so twice the rate refills twice as many")
	rateSquaredHint = tokenHints.Name("token.rate-squared", "the refill grows as the square of ratePerSec: the rate counts once, a wait adds elapsed.Seconds() × ratePerSec tokens")
	waitIgnoredHint = tokenHints.Name("token.wait-ignored", "the refill does not grow with the wait: a wait adds elapsed.Seconds() × ratePerSec tokens, so twice the wait refills twice as many")
	waitDividedHint = tokenHints.Name("token.wait-divided", "the refill shrinks as the wait grows: elapsed divides where it should multiply; a wait adds elapsed.Seconds() × ratePerSec tokens")
	waitSquaredHint = tokenHints.Name("token.wait-squared", "the refill grows as the square of the wait: elapsed counts once, a wait adds elapsed.Seconds() × ratePerSec tokens")
)

// refillLaw names a refill at another power of the wait or of the rate.
func refillLaw(learner func(tokenCase) tokenAnswer, rows []refillRow) diagnose.Hint {
	level := func(secs, rate float64) float64 {
		a, ok := diagnose.Try(func() tokenAnswer {
			return learner(tokenCase{capacity: lawRoomyCapacity, rate: rate, elapsed: time.Duration(secs * float64(time.Second))})
		})
		if !ok {
			return math.NaN()
		}
		return a.left + b2f(a.ok)
	}
	pe := power(func(x float64) float64 { return level(x, 1) })
	pr := power(func(x float64) float64 { return level(1, x) })
	if math.IsNaN(pe) || math.IsNaN(pr) || (pe == 1 && pr == 1) {
		return diagnose.Hint{}
	}
	k := level(1, 1)
	n := 0
	for _, r := range rows {
		if !r.free() {
			continue
		}
		want := k * math.Pow(r.c.elapsed.Seconds(), pe) * math.Pow(r.c.rate, pr)
		if math.IsInf(want, 0) || math.Abs(r.got-want) > 4*r.tol+1e-6*math.Abs(want) {
			return diagnose.Hint{}
		}
		if math.Abs(want-r.want) > 100*r.tol {
			n++
		}
	}
	if n < diagnose.MinBearing {
		return diagnose.Hint{}
	}
	// A refill of elapsed / rate is said as what it is, not named as a
	// mistake: the same law comes from more than one way of going wrong.
	if pe == 1 && pr == -1 {
		return diagnose.Plain("token.refill-over-rate", rateDividedPlain)
	}
	hints := map[[2]float64]diagnose.Hint{
		{1, 0}: rateIgnoredHint, {1, 2}: rateSquaredHint,
		{0, 1}: waitIgnoredHint, {-1, 1}: waitDividedHint, {2, 1}: waitSquaredHint,
	}
	return hints[[2]float64{pe, pr}]
}

// power is the whole power p of f (f(2x) = 2^p f(x)) on x = 1/4 … 8, the
// same on every step, or NaN.
func power(f func(float64) float64) float64 {
	p := math.NaN()
	prev := f(0.25)
	for x := 0.5; x <= 8; x *= 2 {
		next := f(x)
		if !(prev > 0) || !(next > 0) {
			return math.NaN()
		}
		q := math.Log2(next / prev)
		if math.Abs(q-math.Round(q)) > 1e-6 || (!math.IsNaN(p) && math.Round(q) != p) {
			return math.NaN()
		}
		p, prev = math.Round(q), next
	}
	return p
}
