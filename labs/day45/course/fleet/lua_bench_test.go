package fleet

import (
	"context"
	"testing"
)

// One shared check on the embedded store, both ways in the same run: the
// script by EVALSHA, as miniredis runs it (a fresh Lua state per call, the
// way Part 4 used to check), and by the store's own command, which runs the
// same script in one long-lived state (lua.go). allocs/op and B/op are the
// server's and the client's together: both are in this process.
func BenchmarkEmbeddedCheck(b *testing.B) {
	for _, way := range []struct {
		name     string
		embedded bool
	}{{"evalsha-fresh-state", false}, {"kept-state", true}} {
		b.Run(way.name, func(b *testing.B) {
			st, err := OpenStore("")
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			ctx := context.Background()
			if _, err := take(ctx, st.client, way.embedded, "bench", 10, 10); err != nil { // loads the script
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := take(ctx, st.client, way.embedded, "bench", 10, 10); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The same answers both ways: the kept state is the script's own semantics.
func TestKeptStateAnswersAsEvalsha(t *testing.T) {
	st, err := OpenStore("")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ss, err := st.session("same")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for i, at := range evenArrivals(30, 2e9) {
		ss.at(at)
		a, errA := take(ctx, st.client, false, "evalsha", 4, 2.5)
		b, errB := take(ctx, st.client, true, "kept", 4, 2.5)
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if a != b {
			t.Fatalf("check %d at %v: EVALSHA %+v, kept state %+v", i, at, a, b)
		}
	}
}
