package day45_test

import (
	"testing"
	"time"

	"termlab/solutions/day45"
)

// The reference four, per call. "direct" lets the compiler inline the call,
// as code that names the function would; "func-value" calls through the
// course.Funcs value, as the day's limiters do (an indirect call, never
// inlined). Inputs change every op so nothing folds into a constant.

var (
	sinkF float64
	sinkB bool
	sinkI int64
	sinkD time.Duration
)

func BenchmarkTakeToken(b *testing.B) {
	run := func(b *testing.B, take func(tokens, capacity, ratePerSec float64, elapsed time.Duration) (float64, bool)) {
		b.ReportAllocs()
		tokens, elapsed := 20.0, time.Duration(0)
		for b.Loop() {
			tokens, sinkB = take(tokens, 20, 10, elapsed)
			elapsed = 150*time.Millisecond - elapsed // 0, 150 ms, 0, …: spend, refill, spend
		}
		sinkF = tokens
	}
	b.Run("call=direct", func(b *testing.B) { run(b, day45.TakeToken) })
	b.Run("call=func-value", func(b *testing.B) { run(b, day45.Funcs.TakeToken) })
}

func BenchmarkWindowID(b *testing.B) {
	b.Run("call=direct", func(b *testing.B) {
		b.ReportAllocs()
		var now time.Duration
		for b.Loop() {
			sinkI = day45.WindowID(now, time.Minute)
			now += 25 * time.Millisecond
		}
	})
	b.Run("call=func-value", func(b *testing.B) {
		id := day45.Funcs.WindowID
		b.ReportAllocs()
		var now time.Duration
		for b.Loop() {
			sinkI = id(now, time.Minute)
			now += 25 * time.Millisecond
		}
	})
}

func BenchmarkExpired(b *testing.B) {
	b.Run("call=direct", func(b *testing.B) {
		b.ReportAllocs()
		var now time.Duration
		for b.Loop() {
			sinkB = day45.Expired(now-59*time.Second, now, time.Minute)
			now += 25 * time.Millisecond
		}
	})
	b.Run("call=func-value", func(b *testing.B) {
		expired := day45.Funcs.Expired
		b.ReportAllocs()
		var now time.Duration
		for b.Loop() {
			sinkB = expired(now-59*time.Second, now, time.Minute)
			now += 25 * time.Millisecond
		}
	})
}

func BenchmarkNextEmit(b *testing.B) {
	b.Run("call=direct", func(b *testing.B) {
		b.ReportAllocs()
		var now, next time.Duration
		for b.Loop() {
			next = day45.NextEmit(now, next) + 100*time.Millisecond
			now += 25 * time.Millisecond
		}
		sinkD = next
	})
	b.Run("call=func-value", func(b *testing.B) {
		nextEmit := day45.Funcs.NextEmit
		b.ReportAllocs()
		var now, next time.Duration
		for b.Loop() {
			next = nextEmit(now, next) + 100*time.Millisecond
			now += 25 * time.Millisecond
		}
		sinkD = next
	})
}
