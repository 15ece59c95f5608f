package door

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"termlab/labs"
	"termlab/labs/clock"
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

// Span is how long the experiment lasts (Part 6's row in parts says the
// same; a test checks).
const Span = politeSpan

// Pieces are Part 6's piece, for course.New (the full worker's link file).
var Pieces = []parts.Piece{{Part: "6", Uses: []int{1}, Live: true, Run: politePiece}}

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

	run := &politeRun{deadline: time.Now().Add(politeWallLimit)}
	var work atomic.Int64
	served := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		work.Add(1)
		io.WriteString(w, "served\n")
	})
	run.door = NewDoor(take, doorCapacity, doorRate, func() time.Duration { return time.Duration(run.now.Load()) }, served)

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return res, err
	}
	srv := &http.Server{Handler: run.door, ReadHeaderTimeout: 2 * time.Second}
	go srv.Serve(l)
	defer srv.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: politeClients + rudeClients, DisableCompression: true}
	defer tr.CloseIdleConnections()
	run.hc = &http.Client{Transport: tr, Timeout: 2 * time.Second}
	run.url = "http://" + l.Addr().String() + "/"

	for i, c := range newClients(&res) {
		run.sim.At(time.Duration(i)*10*time.Millisecond, func() { run.send(c) })
	}
	run.sim.Run(politeSpan - 1)
	res.Work = int(work.Load())
	if run.fault != nil {
		raise(run.fault)
	}
	return res, run.failure
}

// newClients are the polite clients, then the rude ones, each counting
// into its kind's stats in res.
func newClients(res *PoliteResult) []*httpClient {
	var clients []*httpClient
	for i := range politeClients + rudeClients {
		c := &httpClient{polite: i < politeClients, rng: rand.New(rand.NewPCG(politeSeed, uint64(i)))}
		c.name, c.stats = fmt.Sprintf("rude-%d", i-politeClients+1), &res.Rude
		if c.polite {
			c.name, c.stats = fmt.Sprintf("polite-%d", i+1), &res.Polite
		}
		clients = append(clients, c)
	}
	return clients
}

// politeRun is Part 6 under way: the virtual clock, the door's view of it,
// the way to the door, and what stopped the run, if anything.
type politeRun struct {
	sim      clock.Sim
	now      atomic.Int64 // the door's clock, in virtual nanoseconds
	door     *Door
	hc       *http.Client
	url      string
	sent     int
	deadline time.Time // the run's bound in real time
	failure  error
	fault    *labs.Fault // the door's, when the learner's code failed in it
}

// send sends c's next request at the virtual now and schedules the one
// after it: soon after a yes, after Retry-After and jitter (polite) or a
// short gap (rude) after a no. The run stops at its first failure.
func (p *politeRun) send(c *httpClient) {
	if p.failure != nil || p.fault != nil {
		return
	}
	if p.sent++; p.sent > politeMaxRequests || time.Now().After(p.deadline) {
		p.failure = fmt.Errorf("stopped after %d requests: the run hit its bound", p.sent-1)
		return
	}
	p.now.Store(int64(p.sim.Now()))
	status, retryAfter, err := get(p.hc, p.url, c.name)
	if err != nil {
		p.failure = err
		return
	}
	sec := int(p.sim.Now() / time.Second)
	c.stats.Requests++
	c.stats.PerSecond[sec]++
	switch status {
	case http.StatusOK:
		c.stats.OK++
		c.stats.OKPerSecond[sec]++
		p.sim.After(clientPace, func() { p.send(c) })
	case http.StatusTooManyRequests:
		c.stats.Refused++
		wait := rudeGap
		if c.polite {
			wait = time.Duration(retryAfter)*time.Second + time.Duration(c.rng.Int64N(int64(politeJitter)))
		}
		p.sim.After(wait, func() { p.send(c) })
	default:
		if p.fault = p.door.Fault(); p.fault == nil {
			p.failure = fmt.Errorf("the door answered %d", status)
		}
	}
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
