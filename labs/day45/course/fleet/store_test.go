package fleet

import (
	"context"
	"net"
	"os"
	"sync"
	"testing"
	"time"
)

// The shared bucket's script, on the embedded Redis always and on a real
// redis-server when TERMLAB_TEST_REDIS (host:port) points at one (.ci/run
// starts one). Nothing here depends on how fast the machine is.

// testStores opens every store the tests can reach, by name.
func testStores(t *testing.T) map[string]*Store {
	t.Helper()
	stores := map[string]*Store{}
	emb, err := OpenStore("")
	if err != nil {
		t.Fatalf("embedded Redis: %v", err)
	}
	t.Cleanup(emb.Close)
	stores["embedded"] = emb
	addr := os.Getenv("TERMLAB_TEST_REDIS")
	if addr == "" {
		t.Log("TERMLAB_TEST_REDIS is not set: real-Redis cases skipped")
		return stores
	}
	if c, err := net.DialTimeout("tcp", addr, time.Second); err != nil {
		t.Logf("TERMLAB_TEST_REDIS=%s does not answer (%v): real-Redis cases skipped", addr, err)
		return stores
	} else {
		c.Close()
	}
	real, err := OpenStore(addr)
	if err != nil {
		t.Fatalf("real Redis at %s: %v", addr, err)
	}
	t.Cleanup(real.Close)
	stores["real "+real.Version(context.Background())] = real
	return stores
}

func TestBucketScriptGivesTheSameAnswersOnEveryStore(t *testing.T) {
	// A refill so slow that the microseconds between calls add nothing a
	// whole micro-token: the answers are then exact on any store, real clock
	// or not, and must match these strings to the character.
	want := []struct {
		ok   bool
		left string
	}{{true, "2.000000"}, {true, "1.000000"}, {true, "0.000000"}, {false, "0.000000"}, {false, "0.000000"}}
	for name, st := range testStores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			for i, w := range want {
				d, err := st.Take(ctx, "same-answers", 3, 1e-9)
				if err != nil {
					t.Fatal(err)
				}
				if d.OK != w.ok || d.Left != w.left {
					t.Errorf("take %d: ok=%v left=%q, want ok=%v left=%q", i+1, d.OK, d.Left, w.ok, w.left)
				}
				if !w.ok && d.Wait <= 0 {
					t.Errorf("take %d: refused with no wait (%v)", i+1, d.Wait)
				}
			}
		})
	}
}

func TestBucketScriptKeepsFractionsAndReadsRedisTime(t *testing.T) {
	st, err := OpenStore("")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ss, err := st.session("fractions")
	if err != nil {
		t.Fatal(err)
	}
	// Capacity 20, 10/s: spend one, then 150 ms later (on Redis's clock,
	// which the embedded store lets the test set) 1.5 tokens came back,
	// capped at 20; spend two in that instant.
	steps := []struct {
		at   time.Duration
		ok   bool
		left string
	}{
		{0, true, "19.000000"},
		{150 * time.Millisecond, true, "19.000000"},
		{150 * time.Millisecond, true, "18.000000"},
		{250 * time.Millisecond, true, "18.000000"},
		{255 * time.Millisecond, true, "17.050000"},
	}
	for i, s := range steps {
		ss.at(s.at)
		d, when, err := ss.take(20, 10)
		if err != nil {
			t.Fatal(err)
		}
		if d.OK != s.ok || d.Left != s.left || when != s.at {
			t.Errorf("step %d at %v: ok=%v left=%q store time %v, want ok=%v left=%q at %v", i, s.at, d.OK, d.Left, when, s.ok, s.left, s.at)
		}
	}
}

func TestBucketScriptIsAtomicUnderConcurrentServers(t *testing.T) {
	const servers, each, capacity = 8, 40, 100
	for name, st := range testStores(t) {
		t.Run(name, func(t *testing.T) {
			var mu sync.Mutex
			accepted := 0
			var wg sync.WaitGroup
			for range servers {
				wg.Go(func() {
					for range each {
						d, err := st.Take(context.Background(), "atomic", capacity, 1e-9)
						if err != nil {
							t.Error(err)
							return
						}
						if d.OK {
							mu.Lock()
							accepted++
							mu.Unlock()
						}
					}
				})
			}
			wg.Wait()
			if accepted != capacity {
				t.Errorf("%d servers × %d checks let %d through a bucket of %d", servers, each, accepted, capacity)
			}
		})
	}
}

func TestFleetOnEveryStore(t *testing.T) {
	within := func(got, want, tol float64) bool { return got >= want*(1-tol) && got <= want*(1+tol) }
	local := FleetLocal(refTake, fleetServers, fleetLimit, fleetOffered, fleetSpan, balancer(fleetServers))
	if !within(local.SteadyRate, fleetServers*fleetLimit, 0.03) {
		t.Errorf("local limits delivered %.2f/s, want %d × %g within 3%%", local.SteadyRate, fleetServers, fleetLimit)
	}
	for name, st := range testStores(t) {
		t.Run(name, func(t *testing.T) {
			// A real server runs in real time (see realSpeedup): if this
			// machine stalls for longer than the bucket's burst covers, tokens
			// go unspent. Such a run is retried; the embedded store's is exact.
			var c FleetResult
			for try := 1; ; try++ {
				var err error
				if c, err = FleetCentral(st); err != nil {
					t.Fatal(err)
				}
				if st.Embedded() || within(c.SteadyRate, fleetLimit, 0.03) || try == 3 {
					break
				}
				t.Logf("try %d: %.2f/s; the machine stalled?", try, c.SteadyRate)
			}
			if !within(c.SteadyRate, fleetLimit, 0.03) {
				t.Errorf("shared counter delivered %.2f/s, want %g within 3%%", c.SteadyRate, fleetLimit)
			}
			o, err := FleetOutage(st)
			if err != nil {
				t.Fatal(err)
			}
			if o.OutageRateOpen != fleetOffered || o.OutageRateClosed != 0 {
				t.Errorf("store down: failing open let %.1f/s through, failing closed %.1f/s; want all %g and none", o.OutageRateOpen, o.OutageRateClosed, fleetOffered)
			}
			if o.OutageOffered != int(fleetOffered*(outageTo-outageFrom).Seconds()) {
				t.Errorf("%d checks during the outage", o.OutageOffered)
			}
		})
	}
}

func refTake(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
	tokens = min(capacity, tokens+elapsed.Seconds()*rate)
	if tokens >= 1 {
		return tokens - 1, true
	}
	return tokens, false
}
