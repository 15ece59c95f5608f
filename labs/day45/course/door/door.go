// Package door is Day 45's Part 6, the polite no over real HTTP (polite.go),
// and the door `go run . serve 45` opens (serve.go), both in front of the
// middleware here. It needs net/http's server, so it lives apart from the
// course: the lab's own binary and the lean worker never link it; the full
// worker does, and its generated link file hands Pieces to the course
// (course.New, course.FullWorker). Like the course's other packages it
// never imports the course itself nor the reference solutions: the code it
// runs is handed to it (a piece's Funcs; parts.Linked for the command).
package door

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/door/sim"
	"termlab/labs/day45/course/limit"
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

// Verdict is one decision of the door and the numbers it sends back
// (sim's, which P10's figure decides with too).
type Verdict = sim.Verdict

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
	return sim.Judge(b, ok, d.Capacity, d.Rate), nil
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
