package course_test

import (
	"context"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course"
	"termlab/labs/day45/course/door"
	"termlab/labs/day45/course/fleet"
	"termlab/labs/day45/course/limit"
	"termlab/solutions/day45"
)

// Parts 4–8 on the reference, figure by figure; their pictures; the door's
// headers; and the stubs. The fleet on a real Redis is in store_test.go.

func metricsOf(parts []labs.PartResult) labs.Metrics {
	return labs.Outcome{Parts: parts}.Metrics()
}

var refParts = func() func(t *testing.T) []labs.PartResult {
	var parts []labs.PartResult
	return func(t *testing.T) []labs.PartResult {
		t.Helper()
		if parts == nil {
			parts = course.RunWith(day45.Funcs, heavy...)
		}
		return parts
	}
}()

func TestBeyondTheCourseDayOnTheReference(t *testing.T) {
	m := metricsOf(refParts(t))
	near := func(got, want, tol float64) bool { return math.Abs(got-want) <= tol*want }
	cases := []struct {
		what string
		ok   bool
	}{
		{"fleet: servers and limit are stated", m["fleet_servers"] == 4 && m["fleet_local_limit"] == 10},
		{"fleet: local limits deliver servers × limit (3%)", near(m["fleet_local_delivered_rate"], m["fleet_servers"]*m["fleet_local_limit"], 0.03)},
		{"fleet: the shared counter delivers the limit (3%)", near(m["fleet_central_delivered_rate"], m["fleet_local_limit"], 0.03)},
		{"fleet: a split limit refuses a client inside its promise", m["fleet_split_refused_pct"] > 20 && m["fleet_split_delivered_rate"] < m["fleet_local_limit"]},
		{"fleet: failing open lets the whole flood through", m["fleet_failopen_rate"] == m["fleet_offered_rate"]},
		{"fleet: failing closed lets nothing through", m["fleet_failclosed_rate"] == 0},
		{"fleet: the check costs are measured (their size is the machine's business)", m["fleet_redis_check_ns"] > 0 && m["fleet_local_check_ns"] > 0 && m["fleet_redis_ping_ns"] > 0},
		{"counter: even traffic, a small error", m["counter_even_error_pct"] < 1},
		{"counter: random traffic, a few percent", m["counter_random_error_pct"] < 10},
		{"counter: the worst pattern is far beyond a few percent", m["counter_worst_error_pct"] > 50},
		{"counter: a bunching client gets far more than the limit", m["counter_max_trailing"] > 1.5*1000},
		{"log: holds the limit exactly", m["log_max_trailing"] == 1000},
		{"memory: the log pays per request, the counter does not", m["log_bytes_per_key"] >= 8*1000 && m["counter_bytes_per_key"] <= 32},
		{"polite: far fewer requests than rude", 5*m["polite_requests"] < m["rude_requests"]},
		{"polite: about as many served as rude", near(m["polite_ok"], m["rude_ok"], 0.2)},
		{"rude: most of its requests are 429s", m["rude_429s"] > 0.8*m["rude_requests"]},
		{"rude/polite ratio is what the counts say", m["rude_polite_request_ratio"] == m["rude_requests"]/m["polite_requests"]},
		{"stampede: clock-aligned flips spike", m["stampede_peak"] == 1000},
		{"stampede: jitter smooths the spike", m["stampede_peak"] > 3*m["stampede_smoothed_peak"]},
		{"stampede: a sliding window too", m["stampede_peak"] > 3*m["stampede_sliding_peak"]},
		{"meter: one per burst", m["meter_accepted"] == 5 && m["meter_dropped"] == 195},
		{"nodelay admits what the queue admits, bursts and all", m["nodelay_accepted"] == m["queue_accepted"] && m["nodelay_peak"] == 40},
		{"queue: requests wait", m["queue_mean_wait_s"] > 1},
		{"throttling never refuses the light clients", m["throttle_others_refused"] == 0 && m["throttle_heavy_refused"] > 300},
		{"throttling alone lets the backend's line grow", m["throttle_worst_wait_s"] > 1},
		{"shedding keeps the line short but refuses everyone", m["shed_worst_wait_s"] <= 0.5 && m["shed_others_refused"] > 0 && m["shed_heavy_refused"] > 0},
	}
	for _, c := range cases {
		if !c.ok {
			t.Errorf("%s: not so (metrics %v)", c.what, m)
		}
	}
}

func TestEveryNewPartHasItsMetricsLinesAndFigures(t *testing.T) {
	want := map[string][]string{
		"4": {"fleet_servers", "fleet_local_limit", "fleet_local_delivered_rate", "fleet_central_delivered_rate"},
		"5": {"counter_worst_error_pct"},
		"6": {"polite_requests", "rude_requests", "rude_429s"},
		"7": {"stampede_peak", "stampede_smoothed_peak"},
		"8": {"meter_accepted"},
	}
	for _, p := range refParts(t) {
		names, ok := want[p.ID]
		if !ok {
			continue
		}
		delete(want, p.ID)
		if p.Status != labs.OK {
			t.Errorf("part %s: %s (%s)", p.ID, p.Status, p.Detail)
		}
		have := map[string]bool{}
		for _, m := range p.Metrics {
			have[m.Name] = true
		}
		for _, n := range names {
			if !have[n] {
				t.Errorf("part %s: no metric %s", p.ID, n)
			}
		}
		if len(p.Lines) < 3 || len(p.Figures) < 2 || p.Span <= 0 {
			t.Errorf("part %s: %d lines, %d figures, span %g", p.ID, len(p.Lines), len(p.Figures), p.Span)
		}
		for _, f := range p.Figures {
			if f.Title == "" || len(f.Series) == 0 {
				t.Errorf("part %s: figure %q has no title or no series", p.ID, f.Title)
			}
			for _, s := range f.Series {
				if len(s.X) == 0 || len(s.X) != len(s.Y) {
					t.Errorf("part %s, %q, series %q: %d x, %d y", p.ID, f.Title, s.Name, len(s.X), len(s.Y))
				}
				for i := 1; i < len(s.X); i++ {
					if s.X[i] < s.X[i-1] {
						t.Errorf("part %s, %q, series %q: x goes backwards at %d", p.ID, f.Title, s.Name, i)
						break
					}
				}
			}
		}
	}
	for id := range want {
		t.Errorf("part %s did not run", id)
	}
}

// What the authors' check compares: two runs agree but for wall-clock
// measurements (metrics *_ns, lines starting with the stopwatch).
func TestNewPartsAreRepeatable(t *testing.T) {
	strip := func(parts []labs.PartResult) []labs.PartResult {
		var out []labs.PartResult
		for _, p := range parts {
			var ms []labs.Metric
			for _, m := range p.Metrics {
				if !strings.HasSuffix(m.Name, "_ns") {
					ms = append(ms, m)
				}
			}
			var ls []string
			for _, l := range p.Lines {
				if !strings.HasPrefix(l, course.Stopwatch) {
					ls = append(ls, l)
				}
			}
			p.Metrics, p.Lines = ms, ls
			out = append(out, p)
		}
		return out
	}
	a, b := strip(refParts(t)), strip(course.RunWith(day45.Funcs, heavy...))
	for i := range a {
		if !reflect.DeepEqual(a[i], b[i]) {
			t.Errorf("part %s differs between two runs", a[i].ID)
		}
	}
	for _, p := range refParts(t) {
		for _, l := range p.Lines {
			if strings.Contains(l, " ns") && !strings.HasPrefix(l, course.Stopwatch) {
				t.Errorf("part %s: a timing without the stopwatch: %q", p.ID, l)
			}
		}
	}
}

func TestNewPartsWaitOnTheirTODOsWithTheStubs(t *testing.T) {
	stub := course.Funcs{TakeToken: stubs.TakeToken, WindowID: stubs.WindowID, Expired: stubs.Expired, NextEmit: stubs.NextEmit}
	firstTODO := map[string]int{"4": 1, "5": 3, "6": 1, "7": 2, "8": 1}
	for _, p := range course.RunWith(stub, heavy...) {
		want, ok := firstTODO[p.ID]
		if !ok {
			continue
		}
		if p.Status != labs.Unfinished || p.TODO != want {
			t.Errorf("part %s on the stubs: %s, TODO %d (%s); want waiting on TODO %d", p.ID, p.Status, p.TODO, p.Detail, want)
		}
		if p.ID == "4" { // the shared counter needs no TODO and still shows
			found := false
			for _, m := range p.Metrics {
				found = found || m.Name == "fleet_central_delivered_rate"
			}
			if !found {
				t.Errorf("part 4 on the stubs: the shared counter did not run")
			}
		}
	}
}

// A TakeToken that crashes or returns nonsense inside the HTTP door stops
// Part 6 with that TODO's fault, as any other part would.
func TestDoorFaultsReachThePart(t *testing.T) {
	cases := []struct {
		name string
		take limit.TakeTokenFunc
		want labs.Status
	}{
		{"crash", func(float64, float64, float64, time.Duration) (float64, bool) {
			var s []int
			return float64(s[3]), true
		}, labs.Crash},
		{"NaN", func(float64, float64, float64, time.Duration) (float64, bool) { return math.NaN(), true }, labs.Fail},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := day45.Funcs
			f.TakeToken = c.take
			for _, p := range course.RunWith(f, heavy...) {
				if p.ID == "6" {
					t.Logf("part 6: %s", p.Detail)
				}
				if p.ID == "6" && (p.Status != c.want || p.TODO != 1) {
					t.Errorf("part 6: %s, TODO %d (%s); want %s on TODO 1", p.Status, p.TODO, p.Detail, c.want)
				}
			}
		})
	}
}

// bodySpy records whether anyone read the request body.
type bodySpy struct{ read atomic.Bool }

func (b *bodySpy) Read(p []byte) (int, error) { b.read.Store(true); return 0, io.EOF }
func (b *bodySpy) Close() error               { return nil }

func TestDoorHeaders(t *testing.T) {
	var now time.Duration
	var work int
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { work++; io.ReadAll(r.Body) })
	d := door.NewDoor(day45.TakeToken, 4, 2, func() time.Duration { return now }, next)
	do := func(client string) (*http.Response, *bodySpy) {
		body := &bodySpy{}
		req := httptest.NewRequest(http.MethodPost, "/work", nil)
		req.Body = body
		req.Header.Set("X-Client", client)
		rec := httptest.NewRecorder()
		d.ServeHTTP(rec, req)
		return rec.Result(), body
	}
	// header reads a field the way a client does: the name in any case.
	header := func(r *http.Response, name string) string {
		for k, v := range r.Header {
			if strings.EqualFold(k, name) {
				return v[0]
			}
		}
		return ""
	}
	steps := []struct {
		at                               time.Duration
		client                           string
		status                           int
		remaining, reset, retry, rlField string
	}{
		{0, "a", 200, "3", "1", "", `"bucket";r=3;t=1`},
		{0, "a", 200, "2", "1", "", `"bucket";r=2;t=1`},
		{0, "a", 200, "1", "2", "", `"bucket";r=1;t=2`},
		{0, "a", 200, "0", "2", "", `"bucket";r=0;t=2`},
		{0, "a", 429, "0", "2", "1", `"bucket";r=0;t=2`},
		{0, "b", 200, "3", "1", "", `"bucket";r=3;t=1`}, // another client, another bucket
		{250 * time.Millisecond, "a", 429, "0", "2", "1", `"bucket";r=0;t=2`},
		{500 * time.Millisecond, "a", 200, "0", "2", "", `"bucket";r=0;t=2`},
	}
	for i, s := range steps {
		now = s.at
		worked := work
		resp, body := do(s.client)
		got := []string{header(resp, "X-RateLimit-Remaining"), header(resp, "X-RateLimit-Reset"), header(resp, "Retry-After"), header(resp, "RateLimit")}
		want := []string{s.remaining, s.reset, s.retry, s.rlField}
		if resp.StatusCode != s.status || !reflect.DeepEqual(got, want) {
			t.Errorf("step %d: %d %q, want %d %q", i, resp.StatusCode, got, s.status, want)
		}
		if l, p := header(resp, "X-RateLimit-Limit"), header(resp, "RateLimit-Policy"); l != "4" || p != `"bucket";q=4;w=2` {
			t.Errorf("step %d: limit %q policy %q", i, l, p)
		}
		//lint:ignore SA1008 the point is the exact spelling on the wire, which Header.Set would canonicalise
		if _, exact := resp.Header["X-RateLimit-Limit"]; !exact {
			t.Errorf("step %d: the header names are not spelled as people know them: %v", i, resp.Header)
		}
		if s.status == 429 && (work != worked || body.read.Load()) {
			t.Errorf("step %d: a refused request reached the handler or had its body read", i)
		}
		if s.status == 200 && work != worked+1 {
			t.Errorf("step %d: an accepted request did not reach the handler", i)
		}
	}
}

func TestDoorOverRealHTTP(t *testing.T) {
	var now atomic.Int64
	d := door.NewDoor(day45.TakeToken, 1, 1, func() time.Duration { return time.Duration(now.Load()) },
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }))
	srv := httptest.NewServer(d)
	defer srv.Close()
	statuses := []int{}
	for range 2 {
		resp, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		statuses = append(statuses, resp.StatusCode)
		if resp.StatusCode == 429 && (resp.Header.Get("Retry-After") != "1" || resp.Header.Get("X-RateLimit-Remaining") != "0") {
			t.Errorf("429 over the wire: %v", resp.Header)
		}
	}
	if !reflect.DeepEqual(statuses, []int{200, 429}) {
		t.Errorf("statuses %v, want [200 429]", statuses)
	}
}

func TestServeRefusesWithoutTODO1(t *testing.T) {
	stub := course.Funcs{TakeToken: stubs.TakeToken}
	// Serve refuses at once; should it serve instead, the deadline ends it
	// and the test fails, rather than hanging until go test's own limit.
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	err := door.Serve(ctx, stub, "the stub", "127.0.0.1:0", io.Discard)
	if err == nil || !strings.Contains(err.Error(), "not done yet") || ctx.Err() != nil {
		t.Errorf("serve on the stub: %v (context: %v)", err, ctx.Err())
	}
	if door.IsLoopback("0.0.0.0:80") || door.IsLoopback("example.com:80") || !door.IsLoopback("localhost:1") || !door.IsLoopback("[::1]:8045") {
		t.Error("IsLoopback")
	}
}

// Parts 4 and 6 live in packages of their own; the course lists their spans
// without importing them, so the two must agree.
func TestLinkedPartsSpans(t *testing.T) {
	for id, span := range map[string]time.Duration{"4": fleet.Span, "6": door.Span} {
		if got := day.RunPart(labs.Reference, id).Span; got != span.Seconds() {
			t.Errorf("part %s: the course says %g s, its package %v", id, got, span)
		}
	}
}
