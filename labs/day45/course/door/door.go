// Package door is Day 45's Part 6, the polite no over real HTTP, and the
// door `go run . serve 45` opens. It needs net/http's server, so it lives
// apart from the course: the lab's own binary and the lean worker never
// link it; the full worker does, and its generated link file hands Pieces
// to the course (course.New, course.FullWorker).
package door

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"termlab/labs"
	"termlab/labs/clock"
	"termlab/labs/day45/course"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/parts"
)

// Part 6: the polite no, over real HTTP. A door (HTTP middleware) gives
// each client a token bucket of its own, run by the learner's TakeToken; a
// refused request gets 429 at once, with Retry-After and the remaining
// allowance. Polite clients wait as told, plus jitter; rude ones retry in a
// tight loop. The traffic is real HTTP on 127.0.0.1; the door's clock is the
// experiment's virtual one, advanced by the driver, so every run is the same.

// The door of the experiment: per client.
const (
	doorCapacity = 4.0
	doorRate     = 2.0 // tokens per second
)

// The clients.
const (
	politeClients = 2
	rudeClients   = 2
	politeSpan    = 10 * time.Second
	clientPace    = 100 * time.Millisecond // after a yes, each client asks again this soon: 10/s, 5× its allowance
	rudeGap       = 25 * time.Millisecond  // after a no, a rude client asks again this soon
	politeJitter  = 500 * time.Millisecond // a polite client adds up to this much to Retry-After
	politeSeed    = 45
	// Bounds on the real traffic, whatever the code under test does.
	politeMaxRequests = 5000
	politeWallLimit   = 6 * time.Second
)

// doorDecideLimit bounds one decision of the learner's code inside the door.
const doorDecideLimit = time.Second

// Door is an http.Handler in front of Next. It decides first and works
// later: the only thing it does before deciding is read one header and take
// one lock; a refused request never reaches Next and its body is never read.
type Door struct {
	Capacity, Rate float64
	Next           http.Handler
	Now            func() time.Duration // the door's clock
	// Log, when set, hears every decision (serve prints them).
	Log func(client string, v Verdict)

	take    limit.TakeTokenFunc
	track   labs.Tracker
	mu      sync.Mutex
	clients *clientTable // bounded: see clients.go
	broken  *labs.Fault  // the learner's function failed: the door stays shut
}

// Verdict is one decision of the door and the numbers it sends back.
type Verdict struct {
	OK         bool
	Tokens     float64 // left in the client's bucket
	Remaining  int     // whole requests the client may still send right now
	Reset      int     // seconds until the bucket is full again
	RetryAfter int     // seconds until a whole token is back (refusals only)
}

// NewDoor returns a door whose buckets hold capacity and refill at rate per
// second, deciding with take.
func NewDoor(take limit.TakeTokenFunc, capacity, rate float64, now func() time.Duration, next http.Handler) *Door {
	return &Door{Capacity: capacity, Rate: rate, Next: next, Now: now, take: take, clients: newClientTable(maxClients)}
}

// ClientKey is who a request counts against: the X-Client header when
// present (so curl can play several clients), else the caller's address.
// Trusting a header the caller writes is a lab convenience: a real door keys
// on an identity it has checked (an API key, a session), or on the address.
func ClientKey(r *http.Request) string {
	if c := r.Header.Get("X-Client"); c != "" {
		return boundKey(c)
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// Decide spends one token from client's bucket, if it has one.
func (d *Door) Decide(client string) (Verdict, *labs.Fault) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.broken != nil {
		return Verdict{}, d.broken
	}
	now := d.Now()
	b := d.clients.get(client)
	if b == nil {
		b = limit.NewTokenBucketAt(d.take, d.Capacity, d.Rate, now) // a new client starts with a full bucket
		d.clients.put(client, b)
	}
	var ok bool
	fault := labs.Guard(doorDecideLimit, limit.LearnerDir, &d.track, func() { ok = b.Allow(now) })
	if !fault.OK() {
		if fault.TODO == 0 {
			fault.TODO = 1
		}
		d.broken = &fault
		return Verdict{}, &fault
	}
	v := Verdict{OK: ok, Tokens: b.Tokens(), Remaining: int(math.Floor(b.Tokens()))}
	v.Reset = int(math.Ceil((d.Capacity - v.Tokens) / d.Rate))
	if !ok {
		v.RetryAfter = max(1, int(math.Ceil((1-v.Tokens)/d.Rate)))
	}
	return v, nil
}

// Fault is why the door is shut, or nil while it works.
func (d *Door) Fault() *labs.Fault {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.broken
}

// PolicyWindow is the window, in whole seconds, over which the door's quota
// (Capacity requests) is stated: the time an empty bucket takes to fill.
func (d *Door) PolicyWindow() int { return int(math.Ceil(d.Capacity / d.Rate)) }

// ServeHTTP decides, writes the allowance headers, and then either refuses
// at once or hands the request on.
func (d *Door) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	client := ClientKey(r)
	v, fault := d.Decide(client)
	if fault != nil {
		http.Error(w, "the limiter itself failed: "+faultText(fault), http.StatusInternalServerError)
		return
	}
	if d.Log != nil {
		d.Log(client, v)
	}
	// The fields are set in the map directly so they go out spelled the way
	// people know them (Header.Set would send X-Ratelimit-Limit); clients
	// read header names without regard to case either way.
	h := w.Header()
	limit := strconv.Itoa(int(d.Capacity))
	h["X-RateLimit-Limit"] = []string{limit}
	h["X-RateLimit-Remaining"] = []string{strconv.Itoa(v.Remaining)}
	h["X-RateLimit-Reset"] = []string{strconv.Itoa(v.Reset)} // seconds from now, not a date
	// The IETF httpapi draft's fields: the policy (a quota q per window w
	// seconds), then what is left of it (r) and when it is whole again (t).
	h["RateLimit-Policy"] = []string{fmt.Sprintf(`"bucket";q=%s;w=%d`, limit, d.PolicyWindow())}
	h["RateLimit"] = []string{fmt.Sprintf(`"bucket";r=%d;t=%d`, v.Remaining, v.Reset)}
	if !v.OK {
		h.Set("Retry-After", strconv.Itoa(v.RetryAfter))
		h.Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprintf(w, "429 too many requests for %q: the bucket is empty; try again in %d s\n", client, v.RetryAfter)
		return
	}
	d.Next.ServeHTTP(w, r)
}

// faultText says in one line what went wrong in the learner's code.
func faultText(f *labs.Fault) string {
	s := fmt.Sprintf("TODO %d ", f.TODO)
	switch f.Status {
	case labs.Unfinished:
		s += "is not done yet"
	case labs.Fail:
		s += "gave an impossible answer: " + f.Detail
	case labs.Timeout:
		s += "never returned: " + f.Detail
	default:
		s += "crashed: " + strings.TrimPrefix(f.Detail, "panicked: ")
	}
	if f.Where != "" {
		s += " at " + f.Where
	}
	return s
}

// raise hands a fault the door caught (on a server goroutine) to the piece
// that drives the experiment, so that the part reports it as its own.
func raise(f *labs.Fault) {
	switch f.Status {
	case labs.Unfinished:
		panic(labs.NotDone)
	case labs.Fail:
		panic(labs.Invalid{TODO: f.TODO, Reason: f.Detail})
	}
	panic(doorFault{f})
}

type doorFault struct{ f *labs.Fault }

func (e doorFault) Error() string {
	s := strings.TrimPrefix(e.f.Detail, "panicked: ")
	if e.f.Where != "" {
		s += " at " + e.f.Where
	}
	return s
}

// Span is how long the experiment lasts (Part 6's row in parts says the
// same; a test checks).
const Span = politeSpan

// Pieces are Part 6's piece, for course.New (the full worker's link file).
var Pieces = []parts.Piece{{Part: "6", Uses: []int{1}, Live: true, Run: politePiece}}

// --- the experiment ----------------------------------------------------------

// KindStats is what one kind of client did.
type KindStats struct {
	Requests, OK, Refused int
	PerSecond             []int // requests sent in each second
	OKPerSecond           []int
}

// PoliteResult is Part 6's run.
type PoliteResult struct {
	Polite, Rude KindStats
	Work         int // requests that reached the handler behind the door
}

type httpClient struct {
	name   string
	polite bool
	rng    *rand.Rand
	stats  *KindStats
}

// PoliteVsRude runs polite and rude clients against a door that uses take,
// over real HTTP on a loopback port, on the virtual clock.
func PoliteVsRude(take limit.TakeTokenFunc) (PoliteResult, error) {
	var res PoliteResult
	bins := int(politeSpan / time.Second)
	res.Polite = KindStats{PerSecond: make([]int, bins), OKPerSecond: make([]int, bins)}
	res.Rude = KindStats{PerSecond: make([]int, bins), OKPerSecond: make([]int, bins)}

	var now atomic.Int64 // the door's clock, in virtual nanoseconds
	var work atomic.Int64
	served := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		work.Add(1)
		io.WriteString(w, "served\n")
	})
	door := NewDoor(take, doorCapacity, doorRate, func() time.Duration { return time.Duration(now.Load()) }, served)

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return res, err
	}
	srv := &http.Server{Handler: door, ReadHeaderTimeout: 2 * time.Second}
	go srv.Serve(l)
	defer srv.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: politeClients + rudeClients, DisableCompression: true}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 2 * time.Second}
	url := "http://" + l.Addr().String() + "/"

	var clients []*httpClient
	for i := range politeClients + rudeClients {
		c := &httpClient{polite: i < politeClients, rng: rand.New(rand.NewPCG(politeSeed, uint64(i)))}
		c.name, c.stats = fmt.Sprintf("rude-%d", i-politeClients+1), &res.Rude
		if c.polite {
			c.name, c.stats = fmt.Sprintf("polite-%d", i+1), &res.Polite
		}
		clients = append(clients, c)
	}

	var sim clock.Sim
	var failure error
	var fault *labs.Fault
	sent := 0
	deadline := time.Now().Add(politeWallLimit)
	var send func(c *httpClient)
	send = func(c *httpClient) {
		if failure != nil || fault != nil {
			return
		}
		if sent++; sent > politeMaxRequests || time.Now().After(deadline) {
			failure = fmt.Errorf("stopped after %d requests: the run hit its bound", sent-1)
			return
		}
		now.Store(int64(sim.Now()))
		status, retryAfter, err := get(hc, url, c.name)
		if err != nil {
			failure = err
			return
		}
		sec := int(sim.Now() / time.Second)
		c.stats.Requests++
		c.stats.PerSecond[sec]++
		switch status {
		case http.StatusOK:
			c.stats.OK++
			c.stats.OKPerSecond[sec]++
			sim.After(clientPace, func() { send(c) })
		case http.StatusTooManyRequests:
			c.stats.Refused++
			wait := rudeGap
			if c.polite {
				wait = time.Duration(retryAfter)*time.Second + time.Duration(c.rng.Int64N(int64(politeJitter)))
			}
			sim.After(wait, func() { send(c) })
		default:
			if fault = door.Fault(); fault == nil {
				failure = fmt.Errorf("the door answered %d", status)
			}
		}
	}
	for i, c := range clients {
		sim.At(time.Duration(i)*10*time.Millisecond, func() { send(c) })
	}
	sim.Run(politeSpan - 1)
	res.Work = int(work.Load())
	if fault != nil {
		raise(fault)
	}
	return res, failure
}

// get sends one GET as client and reads the whole answer (so the connection
// is reused). It returns the status and Retry-After in seconds.
func get(hc *http.Client, url, client string) (status, retryAfter int, err error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return 0, 0, err
	}
	req.Header.Set("X-Client", client)
	resp, err := hc.Do(req)
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	if s := resp.Header.Get("Retry-After"); s != "" {
		if retryAfter, err = strconv.Atoi(s); err != nil {
			return resp.StatusCode, 0, fmt.Errorf("Retry-After %q is not a number of seconds", s)
		}
	}
	return resp.StatusCode, retryAfter, nil
}

func politePiece(f limit.Funcs, r *labs.PartResult) {
	res, err := PoliteVsRude(f.TakeToken)
	if err != nil {
		r.Lines = append(r.Lines, "The HTTP run did not finish: "+err.Error())
		return
	}
	p, ru := res.Polite, res.Rude
	ratio := float64(ru.Requests) / float64(max(1, p.Requests))
	r.Metrics = append(r.Metrics,
		labs.NewMetric("polite_requests", "polite clients: requests sent", float64(p.Requests), "requests", 0),
		labs.NewMetric("polite_429s", "polite clients: 429s", float64(p.Refused), "requests", 0),
		labs.NewMetric("polite_ok", "polite clients: served", float64(p.OK), "requests", 0),
		labs.NewMetric("rude_requests", "rude clients: requests sent", float64(ru.Requests), "requests", 0),
		labs.NewMetric("rude_429s", "rude clients: 429s", float64(ru.Refused), "requests", 0),
		labs.NewMetric("rude_ok", "rude clients: served", float64(ru.OK), "requests", 0),
		labs.NewMetric("rude_polite_request_ratio", "rude against polite: requests sent", ratio, "×", 1))
	r.Lines = append(r.Lines,
		fmt.Sprintf("A real HTTP server on 127.0.0.1; its door gives each client a bucket of %g refilling %g/s, deciding with TakeToken. Each client would like 10 requests a second, for %g s.", doorCapacity, doorRate, politeSpan.Seconds()),
		fmt.Sprintf("%d polite clients wait as Retry-After says, plus up to %g s of jitter: %d requests, %d served, %d refused.", politeClients, politeJitter.Seconds(), p.Requests, p.OK, p.Refused),
		fmt.Sprintf("%d rude clients retry %g ms after every no: %d requests, %d served, %d refused.", rudeClients, float64(rudeGap)/float64(time.Millisecond), ru.Requests, ru.OK, ru.Refused),
		fmt.Sprintf("Rudeness bought %d more served (%+.0f%%) for %.1f× the requests; the server answered %d 429s that served nobody, %.0f per success.", ru.OK-p.OK, 100*float64(ru.OK-p.OK)/float64(max(1, p.OK)), ratio, ru.Refused, float64(ru.Refused)/float64(max(1, ru.OK))),
		fmt.Sprintf("Behind the door the handler ran %d times, once per success: a refusal cost one header read and one bucket decision, nothing more.", res.Work),
		"Try it by hand: go run . serve 45, then curl -i http://127.0.0.1:8045/ a few times in a row.")
	xs, ends := parts.Indexes(len(p.PerSecond)), parts.IndexesFrom(1, len(p.PerSecond))
	r.Figures = append(r.Figures, labs.Figure{
		Title: "Polite against rude: requests sent and served per second", Kind: labs.Bars, XLabel: "second", YLabel: "requests",
		Series: []labs.Series{
			{Name: "polite sent", X: xs, Y: parts.Ints(p.PerSecond)}, {Name: "polite served", X: xs, Y: parts.Ints(p.OKPerSecond)},
			{Name: "rude sent", X: xs, Y: parts.Ints(ru.PerSecond)}, {Name: "rude served", X: xs, Y: parts.Ints(ru.OKPerSecond)},
		},
	}, labs.Figure{
		Title: "Polite against rude: requests sent and served so far", Kind: labs.Line, XLabel: "seconds", YLabel: "requests",
		Series: []labs.Series{
			{Name: "polite sent", X: ends, Y: running(p.PerSecond)}, {Name: "polite served", X: ends, Y: running(p.OKPerSecond)},
			{Name: "rude sent", X: ends, Y: running(ru.PerSecond)}, {Name: "rude served", X: ends, Y: running(ru.OKPerSecond)},
		},
	})
}

// running is the running total of per-second counts, at each second's end.
func running(per []int) []float64 {
	out := make([]float64, len(per))
	t := 0
	for i, n := range per {
		t += n
		out[i] = float64(t)
	}
	return out
}

// --- serve ---------------------------------------------------------------------

// The door `go run . serve 45` opens: small enough that a few curls in a
// row meet a 429.
const (
	ServeCapacity = 5.0
	ServeRate     = 1.0
	ServeAddr     = parts.ServeAddr
)

// Serve runs the door with f on addr (a loopback address) until ctx ends.
// whose names the code in the banner. It refuses to start while TODO 1 is
// unfinished or fails its first decision.
func Serve(ctx context.Context, f limit.Funcs, whose, addr string, out io.Writer) error {
	start := time.Now()
	served := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintf(w, "served: %s %s for %q\n", r.Method, r.URL.Path, ClientKey(r))
	})
	door := NewDoor(nil, ServeCapacity, ServeRate, func() time.Duration { return time.Since(start) }, served)
	door.take = f.Checked(&door.track).TakeToken
	door.Log = serveLog(out, start)
	// One decision on a scratch bucket first: an unfinished or broken TODO 1
	// is reported now, not on the first curl.
	probe := NewDoor(door.take, ServeCapacity, ServeRate, func() time.Duration { return 0 }, served)
	if _, fault := probe.Decide("probe"); fault != nil {
		return fmt.Errorf("the door needs TODO 1 (TakeToken): %s", faultText(fault))
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := newServeServer(door)
	fmt.Fprintf(out, "Day 45's door on http://%s/ with %s: each client (X-Client header, else its address) gets a bucket of %g refilling %g/s.\n", l.Addr(), whose, ServeCapacity, ServeRate)
	fmt.Fprintf(out, "Try: curl -i http://%s/   (several times in a row)   ·   Ctrl-C stops.\n", l.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	fmt.Fprintln(out, "stopped.")
	return nil
}

// ServeCommand is the full worker's hidden subcommand (ServeMain), which
// `go run . serve 45` builds and runs: the program links the learner's code.
const ServeCommand = parts.ServeCommand

// ServeMain is the full worker's side: `_serve --addr=HOST:PORT [--reference]`
// serves the door with the learner's TakeToken (or, with --reference, ref's)
// until SIGINT or SIGTERM. It returns the exit code: 0 stopped cleanly, 1
// could not serve, 2 a usage error.
func ServeMain(args []string, ref limit.Funcs, stdout, stderr io.Writer) int {
	addr := ""
	reference := len(args) == 3 && args[2] == "--reference"
	if len(args) == 2 || reference {
		addr, _ = strings.CutPrefix(args[1], "--addr=")
	}
	if len(args) < 2 || args[0] != ServeCommand || addr == "" || !IsLoopback(addr) {
		fmt.Fprintf(stderr, "usage: %s --addr=127.0.0.1:PORT [--reference]\n", ServeCommand)
		return 2
	}
	f, ok := course.LearnerFuncs()
	whose := "your TakeToken"
	if reference {
		f, ok, whose = ref, true, "the reference TakeToken"
	}
	if !ok {
		fmt.Fprintln(stderr, "termlab: this program was built without your code; use go run . serve 45")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := Serve(ctx, f, whose, addr, stdout); err != nil {
		fmt.Fprintln(stderr, "termlab:", err)
		return 1
	}
	return 0
}

// IsLoopback reports whether addr (host:port) names this machine only.
func IsLoopback(addr string) bool { return labs.IsLoopback(addr) }
