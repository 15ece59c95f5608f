package door

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/door/sim"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/parts"
)

// Part 6: the polite no, over real HTTP. A door (HTTP middleware) gives
// each client a token bucket of its own, run by the learner's TakeToken; a
// refused request gets 429 at once, with Retry-After and the remaining
// allowance. Polite clients wait as told, plus jitter; rude ones retry in a
// tight loop. The traffic is real HTTP on 127.0.0.1; the door's clock is the
// experiment's virtual one, advanced by the driver, so every run is the same.

// The run's door and clients are sim.Part6; the clients' behaviour and
// the door's decision are sim's, which P10's question figure plays without
// the network. Only the real traffic's bound in wall-clock time is here.
const politeWallLimit = 6 * time.Second

// Span is how long the experiment lasts (Part 6's row in parts says the
// same; a test checks).
const Span = sim.Span

// Pieces are Part 6's piece, for course.New (the full worker's link file).
var Pieces = []parts.Piece{{Part: "6", Uses: []int{1}, Live: true, Run: politePiece}}

// KindStats is what one kind of client did.
type KindStats = sim.KindStats

// PoliteResult is Part 6's run.
type PoliteResult struct {
	sim.Result
	Work int // requests that reached the handler behind the door
}

// PoliteVsRude runs polite and rude clients against a door that uses take,
// over real HTTP on a loopback port, on the virtual clock (sim.Run).
func PoliteVsRude(take limit.TakeTokenFunc) (PoliteResult, error) {
	s := sim.Part6
	var now atomic.Int64 // the door's clock, in virtual nanoseconds
	var work atomic.Int64
	served := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		work.Add(1)
		io.WriteString(w, "served\n")
	})
	door := NewDoor(take, s.Capacity, s.Rate, func() time.Duration { return time.Duration(now.Load()) }, served)

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return PoliteResult{}, err
	}
	srv := &http.Server{Handler: door, ReadHeaderTimeout: 2 * time.Second}
	go srv.Serve(l)
	defer srv.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: s.Polite + s.Rude, DisableCompression: true}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 2 * time.Second}
	url := "http://" + l.Addr().String() + "/"

	deadline, sent := time.Now().Add(politeWallLimit), 0
	var fault *labs.Fault // the door's, when the learner's code failed in it
	res, err := sim.Run(s, func(client string, at time.Duration) (sim.Reply, error) {
		if sent++; time.Now().After(deadline) {
			return sim.Reply{}, fmt.Errorf("stopped after %d requests: the run hit its bound", sent-1)
		}
		now.Store(int64(at))
		status, retryAfter, err := get(hc, url, client)
		switch {
		case err != nil:
			return sim.Reply{}, err
		case status == http.StatusOK:
			return sim.Reply{OK: true}, nil
		case status == http.StatusTooManyRequests:
			return sim.Reply{RetryAfter: retryAfter}, nil
		}
		if fault = door.Fault(); fault != nil {
			return sim.Reply{}, errDoorShut
		}
		return sim.Reply{}, fmt.Errorf("the door answered %d", status)
	})
	if fault != nil {
		raise(fault)
	}
	return PoliteResult{Result: res, Work: int(work.Load())}, err
}

// errDoorShut stops a run whose door the learner's code shut (the fault is
// raised instead).
var errDoorShut = errors.New("the door is shut")

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
	p, ru, s := res.Polite, res.Rude, sim.Part6
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
		fmt.Sprintf("A real HTTP server on 127.0.0.1; its door gives each client a bucket of %g refilling %g/s, deciding with TakeToken. Each client would like %g requests a second, for %g s.", s.Capacity, s.Rate, float64(time.Second)/float64(s.Pace), s.Span.Seconds()),
		fmt.Sprintf("%d polite clients wait as Retry-After says, plus up to %g s of jitter: %d requests, %d served, %d refused.", s.Polite, s.Jitter.Seconds(), p.Requests, p.OK, p.Refused),
		fmt.Sprintf("%d rude clients retry %g ms after every no: %d requests, %d served, %d refused.", s.Rude, float64(s.RudeGap)/float64(time.Millisecond), ru.Requests, ru.OK, ru.Refused),
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
