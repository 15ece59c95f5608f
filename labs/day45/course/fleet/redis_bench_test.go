package fleet_test

import (
	"context"
	"os"
	"testing"
	"time"

	"termlab/labs/day45/course/fleet"
	"termlab/labs/day45/course/limit"
	"termlab/solutions/day45"
)

// Part 4's price: one check of the shared bucket in Redis (a round trip and
// a Lua script) against one check of a server's own bucket (a function
// call), per op. The embedded Redis (miniredis) listens on 127.0.0.1 in this
// process; a real one is measured too when TERMLAB_TEST_REDIS=host:port
// names it (skipped otherwise). "ping" is a bare round trip to the same
// store, to show how much of a check is the network.
//
// The shared bucket is asked as fast as the loop goes, so past its opening
// burst nearly every answer is no, as it would be for a client over its
// promise; the local bucket below is offered the same 10/s bucket at 1 ms
// steps, likewise mostly saying no.

// testRedisEnv names a real Redis for these benchmarks ("127.0.0.1:6379").
const testRedisEnv = "TERMLAB_TEST_REDIS"

func BenchmarkSharedCheck(b *testing.B) {
	b.Run("store=local", func(b *testing.B) {
		tb := limit.NewTokenBucket(day45.TakeToken, 10, 10)
		b.ReportAllocs()
		var now time.Duration
		for b.Loop() {
			sinkBool = tb.Allow(now)
			now += time.Millisecond
		}
	})
	stores := []struct{ name, url string }{{"embedded", ""}, {"real", os.Getenv(testRedisEnv)}}
	for _, s := range stores {
		b.Run("store="+s.name, func(b *testing.B) {
			if s.name == "real" && s.url == "" {
				b.Skip("set " + testRedisEnv + "=host:port to measure a real Redis")
			}
			st, err := fleet.OpenStore(s.url)
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			ctx := context.Background()
			if _, err := st.Take(ctx, "bench", 10, 10); err != nil { // loads the script
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				d, err := st.Take(ctx, "bench", 10, 10)
				if err != nil {
					b.Fatal(err)
				}
				sinkBool = d.OK
			}
		})
		b.Run("store="+s.name+"-ping", func(b *testing.B) {
			if s.name == "real" && s.url == "" {
				b.Skip("set " + testRedisEnv + "=host:port to measure a real Redis")
			}
			st, err := fleet.OpenStore(s.url)
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if err := st.Ping(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

var sinkBool bool // keeps the compiler from dropping the local check
