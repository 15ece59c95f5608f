package grade

// The grader of TODO 1, TakeToken: its hand-picked and random cases, the
// per-call check, how a failing case is made simpler and how the calls an
// experiment makes to it are kept (see grade.go).

import (
	"fmt"
	"math"
	"strings"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
	"termlab/labs/diagnose"
)

type tokenCase struct {
	tokens, capacity, rate float64
	elapsed                time.Duration
	what                   string
	// exact marks a case whose boundary is its point: its inputs involve no
	// float rounding at all, so ok must match even on a whole token.
	exact bool
}

func (c tokenCase) input() string {
	return fmt.Sprintf("TakeToken(tokens=%g, capacity=%g, ratePerSec=%g, elapsed=%v)", c.tokens, c.capacity, c.rate, c.elapsed)
}

var tokenCases = []tokenCase{
	{tokens: 1, capacity: 1, rate: 1, what: "one whole token and no time passed", exact: true},
	{tokens: 0, capacity: 1, rate: 1, what: "an empty bucket and no time passed", exact: true},
	{tokens: 5, capacity: 10, rate: 1, what: "elapsed is zero", exact: true},
	{tokens: 1, capacity: 20, rate: 10, what: "the last whole token of a burst (no time passed)", exact: true},
	{tokens: 0.5, capacity: 10, rate: 1, what: "half a token", exact: true},
	{tokens: 0, capacity: 10, rate: 2, elapsed: 600 * time.Millisecond, what: "an empty bucket that refilled 1.2 tokens"},
	{tokens: 0.5, capacity: 10, rate: 1, elapsed: 400 * time.Millisecond, what: "a refill that still leaves less than one token"},
	{tokens: 10, capacity: 10, rate: 1, elapsed: 5 * time.Second, what: "a full bucket that waited"},
	{tokens: 19.5, capacity: 20, rate: 10, elapsed: time.Second, what: "refill past the cap, then spend"},
	{tokens: 0, capacity: 20, rate: 10, elapsed: time.Hour, what: "a long idle hour"},
	{tokens: 0, capacity: 5, rate: 0.5, elapsed: 2500 * time.Millisecond, what: "a slow rate (0.5 per second) over 2.5 s"},
	{tokens: 3, capacity: 20, rate: 10, elapsed: 1500 * time.Microsecond, what: "a refill of a fraction of a token"},
	{tokens: 0.9996, capacity: 10, rate: 1, elapsed: 500 * time.Microsecond, what: "a refill over less than a millisecond"},
	{tokens: 0.5, capacity: 10, rate: 1000, elapsed: 600 * time.Microsecond, what: "a fast rate (1000 per second) over 0.6 ms"},
	{tokens: 2.5, capacity: 2.5, rate: 1, what: "a fractional capacity (2.5)", exact: true},
	{tokens: 0, capacity: 2.5, rate: 1, elapsed: time.Minute, what: "a fractional capacity refilled to the top"},
	{tokens: 0, capacity: 10, rate: 0.25, elapsed: 6 * time.Second, what: "a fractional rate (0.25 per second)"},
	{tokens: 0, capacity: 1000, rate: 10, elapsed: 50 * time.Second, what: "a large bucket after 50 s idle"},
	{tokens: 0, capacity: 1e6, rate: 100, elapsed: 2 * time.Hour, what: "a large bucket idle for two whole hours"},
	{tokens: 0, capacity: 1e6, rate: 0.001, elapsed: 48 * time.Hour, what: "a very slow rate over two days"},
	{tokens: 3, capacity: 10, rate: 3, elapsed: 4 * time.Second, what: "a rate that differs from the capacity"},
}

// checkTakeToken grades TODO 1: its cases, then the experiments that call it.
func checkTakeToken(g *grading) *labs.Failure {
	return checkThenExperiments(g, g.tokenChecks(), recordToken)
}

// recordToken keeps each call an experiment makes to TakeToken, as a case.
func recordToken(f *limit.Funcs, keep func(tokenCase)) {
	take := f.TakeToken
	f.TakeToken = func(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
		keep(tokenCase{tokens: tokens, capacity: capacity, rate: rate, elapsed: elapsed, what: madeByExperiment})
		return take(tokens, capacity, rate, elapsed)
	}
}

func (g *grading) tokenChecks() labs.Cases[tokenCase] {
	check := func(c tokenCase) *labs.Failure { return checkToken(g.learner.TakeToken, g.ref.TakeToken, c) }
	return labs.Cases[tokenCase]{
		Hand:    tokenCases,
		Random:  randomToken,
		N:       randomCases,
		Check:   check,
		Simpler: simplerToken,
	}
}

// fmtTol writes a tolerance the way people do: 1e-9, not 1e-09.
func fmtTol(x float64) string {
	return strings.Replace(strings.Replace(fmt.Sprintf("%g", x), "e-0", "e-", 1), "e+0", "e+", 1)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func checkToken(learner, ref limit.TakeTokenFunc, c tokenCase) *labs.Failure {
	gotL, gotOK := learner(c.tokens, c.capacity, c.rate, c.elapsed)
	refL, refOK := ref(c.tokens, c.capacity, c.rate, c.elapsed)
	tol := limit.TokenTolerance(c.capacity)
	level := refL + b2f(refOK) // the reference's level before spending
	tie := !c.exact && math.Abs(level-1) <= tol
	want := fmt.Sprintf("left=%.12g, ok=%v", refL, refOK)
	if tie {
		want += fmt.Sprintf(" (or left=%.12g, ok=%v: the level is within %s of one whole token, so either answer is accepted)", level-b2f(!refOK), !refOK, fmtTol(tol))
	}
	ce := labs.Counterexample{Input: c.input(), Got: fmt.Sprintf("left=%.12g, ok=%v", gotL, gotOK), Want: want}
	what := "wrong on " + c.what
	if reason, _ := limit.ImpossibleTokens(gotL, c.capacity); reason != "" {
		// Its plain statement (not a number, below zero, over the cap)
		// says as much as ImpossibleTokens' hint, with the figures.
		what = "an impossible answer on " + c.what + ": " + reason
	} else if okAgrees := gotOK == refOK || tie; okAgrees && math.Abs(gotL-(level-b2f(gotOK))) <= tol {
		return nil
	}
	plain := tokenPlain(c, gotL, gotOK, refL, refOK)
	return &labs.Failure{What: what, Counterexample: ce, Hint: plain.Text, HintID: plain.ID,
		Diagnose: diagnose.Reading(func() diagnose.Hint { return tokenNamed(learner, c, gotL, gotOK, refL, refOK) })}
}

// randomToken draws a bucket from every corner the course can reach.
func randomToken(i int) tokenCase {
	rng := seeded(1, i)
	var c tokenCase
	switch rng.IntN(4) {
	case 0:
		c.capacity = float64(1 + rng.IntN(100))
	case 1:
		c.capacity = math.Round((0.25+rng.Float64()*50)*1000) / 1000 // fractional
	case 2:
		c.capacity = float64(1000 + rng.IntN(1_000_000)) // large
	default:
		c.capacity = 1 + math.Round(rng.Float64()*3*100)/100
	}
	switch rng.IntN(4) {
	case 0:
		c.rate = float64(1 + rng.IntN(50))
	case 1:
		c.rate = math.Round((0.01+rng.Float64()*20)*1000) / 1000 // fractional
	case 2:
		c.rate = float64(100 + rng.IntN(100_000)) // faster than one per millisecond
	default:
		c.rate = math.Round((0.001+rng.Float64())*10000) / 10000 // slower than one per second
	}
	switch rng.IntN(6) {
	case 0:
		c.elapsed = time.Duration(rng.Int64N(int64(time.Millisecond))) // under a millisecond
	case 1:
		c.elapsed = time.Duration(rng.Int64N(int64(time.Second)))
	case 2:
		c.elapsed = time.Duration(rng.Int64N(int64(10 * time.Second)))
	case 3:
		c.elapsed = time.Duration(1+rng.IntN(48)) * time.Hour // whole hours
	case 4:
		c.elapsed = time.Duration(rng.Int64N(int64(30 * 24 * time.Hour))) // a long idle spell
	default:
		c.elapsed = time.Duration(rng.Int64N(int64(100 * time.Millisecond)))
	}
	c.tokens = rng.Float64() * c.capacity
	switch rng.IntN(3) {
	case 0:
		c.tokens = math.Floor(c.tokens) // whole tokens, as after a burst
	case 1:
		c.tokens = math.Round(c.tokens*1000) / 1000
	}
	c.what = "an input found at random"
	return c
}

// simplerToken is each way to make a token case rounder by one step.
func simplerToken(c tokenCase) []tokenCase {
	var out []tokenCase
	add := func(d tokenCase) {
		if d != c {
			out = append(out, d)
		}
	}
	for _, unit := range []time.Duration{time.Hour, time.Minute, time.Second, 100 * time.Millisecond, time.Millisecond, time.Microsecond} {
		if r := c.elapsed.Round(unit); r != c.elapsed {
			d := c
			d.elapsed = r
			add(d)
			break // the coarsest rounding that changes anything first
		}
	}
	if c.elapsed > time.Hour {
		d := c
		d.elapsed = time.Hour
		add(d)
	}
	for _, v := range []float64{0, math.Floor(c.tokens), math.Round(c.tokens*10) / 10} {
		if v < c.tokens {
			d := c
			d.tokens = v
			add(d)
		}
	}
	for _, v := range []float64{1, 10, 20, 100, 1000} {
		if v < c.capacity && v >= c.tokens {
			d := c
			d.capacity = v
			add(d)
			break
		}
	}
	if r := math.Round(c.capacity); r != c.capacity && r >= c.tokens && r >= 1 {
		d := c
		d.capacity = r
		add(d)
	}
	for _, v := range []float64{1, 10, math.Round(c.rate)} {
		if v != c.rate && v > 0 && (c.rate != math.Round(c.rate) || v < c.rate) {
			d := c
			d.rate = v
			add(d)
		}
	}
	return out
}
