package grade

import (
	"fmt"
	"slices"

	"termlab/labs"
	"termlab/labs/day46/course/fair"
	"termlab/labs/diagnose"
)

// A slice a TODO returns is the caller's (CONTRACT.md): a function that
// hands back one buffer of its own and fills it again on the next call
// overwrites what an earlier caller kept. Once a TODO is right on every
// check, each hand-picked case's answer is compared, after a call on the
// next case, with a copy taken when it came back (last, so it changes no
// other check's counterexample).

// The hints that name the mistake: the answer is the function's own
// buffer, written again by the next call.
var (
	shareOverwritten = shareHints.Name("share.result-overwritten", "the shares you returned changed when FairShare was called again: a slice reused from call to call is overwritten by the next one; return a new slice (make) every time, since the caller keeps each answer")
	shardOverwritten = shardSet.Name("shard.result-overwritten", "the shard you returned changed when ShardOf was called again: a slice reused from call to call is overwritten by the next one; return a new slice (make) every time, since the caller keeps each answer")
)

// keptAfter is a failure when got, which came back from the call input
// (copy: a copy taken then), is no longer copy after next, another call.
func keptAfter[E comparable](what, input string, got, copy []E, next func(), format func([]E) string, hint diagnose.Hint) *labs.Failure {
	next()
	if slices.Equal(got, copy) {
		return nil
	}
	return &labs.Failure{
		What: fmt.Sprintf("%s: an answer changed after it was returned, when the function was called again", what),
		Counterexample: labs.Counterexample{Input: input + ", then another call",
			Got: format(copy) + ", then " + format(got) + " in the same slice", Want: format(copy) + " kept as it was"},
		Hint: hint.Text, HintID: hint.ID,
	}
}

// sharesKept is that check for FairShare.
func sharesKept(mixed fair.Funcs) *labs.Failure {
	for i, c := range shareCases {
		got := mixed.FairShare(c.capacity, c.demands)
		o := shareCases[(i+1)%len(shareCases)]
		if f := keptAfter("FairShare on "+c.what, fair.FormatFairShare(c.capacity, c.demands), got, slices.Clone(got),
			func() { mixed.FairShare(o.capacity, o.demands) }, fair.FormatFloats, shareOverwritten); f != nil {
			return f
		}
	}
	return nil
}

// shardsKept is that check for ShardOf.
func shardsKept(mixed fair.Funcs) *labs.Failure {
	for i, c := range shardCases {
		got := mixed.ShardOf(c.tenant, c.n, c.k)
		o := shardCases[(i+1)%len(shardCases)]
		if f := keptAfter("ShardOf on "+c.what, fair.FormatShardOf(c.tenant, c.n, c.k), got, slices.Clone(got),
			func() { mixed.ShardOf(o.tenant, o.n, o.k) }, fair.FormatInts, shardOverwritten); f != nil {
			return f
		}
	}
	return nil
}
