package fleet

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"
	"time"

	"termlab/labs/day45/course/fleet/local"
)

// TestBucketIsTheScript: the shared bucket P8's figure holds in process
// (local.Bucket) answers as the Lua script in the embedded store does, to the
// micro-token it leaves,, on
// the same requests at the same store times: seeded gaps from nothing to
// past a token's refill, odd capacities and rates. A change to either that
// the other does not make fails here.
func TestBucketIsTheScript(t *testing.T) {
	st, err := OpenStore("")
	if err != nil {
		t.Fatalf("embedded Redis: %v", err)
	}
	defer st.Close()
	for _, c := range []struct{ capacity, rate float64 }{{10, 10}, {1, 10}, {3, 0.7}, {7.5, 13.3}, {20, 2}} {
		t.Run(strconv.FormatFloat(c.capacity, 'f', -1, 64)+"@"+strconv.FormatFloat(c.rate, 'f', -1, 64), func(t *testing.T) {
			ss, err := st.session("script-vs-go")
			if err != nil {
				t.Fatal(err)
			}
			var b local.Bucket
			rnd := rand.New(rand.NewPCG(44, uint64(c.capacity*100)))
			at, oks := time.Duration(0), 0
			for i := range 400 {
				at += time.Duration(rnd.Int64N(int64(1.6 / c.rate * float64(time.Second)))) // 0.8 of a token's refill on average: it empties, then hovers
				ss.at(at)
				d, when, err := ss.take(c.capacity, c.rate)
				if err != nil {
					t.Fatal(err)
				}
				now := at.Microseconds()
				if got := b.Take(now, c.capacity, c.rate); got != d.OK || b.Left() != d.Left || when != time.Duration(now)*time.Microsecond {
					t.Fatalf("check %d at %v: the script says %v, %s left at %v; the bucket in process %v, %s left at %v", i, at, d.OK, d.Left, when, got, b.Left(), time.Duration(now)*time.Microsecond)
				}
				if d.OK {
					oks++
				}
			}
			if oks == 0 || oks == 400 {
				t.Fatalf("%d of 400 let in: the case tries only one answer", oks)
			}
		})
	}
}

// TestSharedFigureIsThePart: Part 4's shared fleet on the embedded store
// and the same fleet on the bucket held in process (local.InProcess, what
// P8's figure plays) are the same run, second by second and server by
// server, so the figure at the question's setting reads the part's
// fleet_central_delivered_rate.
func TestSharedFigureIsThePart(t *testing.T) {
	st, err := OpenStore("")
	if err != nil {
		t.Fatalf("embedded Redis: %v", err)
	}
	defer st.Close()
	part, err := FleetCentral(st)
	if err != nil {
		t.Fatal(err)
	}
	fig, err := local.Shared(local.InProcess(fleetLimit), fleetServers, fleetOffered, fleetSpan)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(part, fig) {
		t.Fatalf("the part delivered %.2f/s (%d of %d, %v a second); the figure %.2f/s (%d of %d, %v)",
			part.SteadyRate, part.Accepted, part.Offered, part.PerSecond, fig.SteadyRate, fig.Accepted, fig.Offered, fig.PerSecond)
	}
}
