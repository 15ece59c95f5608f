package door

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The figures of labs/BENCHMARKS.md, "serve under abuse". Run them with
//
//	go test -run '^$' -bench 'DoorClients|ServeHeldConnections' -benchtime 1x ./labs/day45/course/door/
//
// Each checks its own result (the table stays within its bound; every
// abusive connection is closed by the server), so a figure never comes from
// a run that went wrong.

// heapInUse is the live heap after a full collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkDoorClients feeds one door a stream of distinct clients, as a
// client who makes up a new X-Client per request would, and reports the
// heap the door holds afterwards. "unbounded" is the door before issue 10
// (no cap on the table, names kept whole), for comparison.
func BenchmarkDoorClients(b *testing.B) {
	long := strings.Repeat("x", 16<<10)
	for _, c := range []struct {
		name    string
		clients int
		cap     int
		key     func(i int) string
	}{
		{"short/1M/bounded", 1_000_000, maxClients, func(i int) string { return boundKey("client-" + strconv.Itoa(i)) }},
		{"short/1M/unbounded", 1_000_000, 0, func(i int) string { return "client-" + strconv.Itoa(i) }},
		{"16KB-names/50k/bounded", 50_000, maxClients, func(i int) string { return boundKey(long + strconv.Itoa(i)) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			var held uint64
			for b.Loop() {
				before := heapInUse()
				var now time.Duration
				d := testDoor(&now)
				d.clients.max = c.cap
				for i := range c.clients {
					now += time.Microsecond
					if _, fault := d.Decide(c.key(i)); fault != nil {
						b.Fatal(faultText(fault))
					}
				}
				if c.cap > 0 && d.clients.len() > c.cap {
					b.Fatalf("the table holds %d clients, over its %d", d.clients.len(), c.cap)
				}
				held = heapInUse() - before
				runtime.KeepAlive(d)
			}
			b.ReportMetric(float64(held)/(1<<20), "heap-MB")
			b.ReportMetric(float64(c.clients), "clients-fed")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// BenchmarkServeHeldConnections opens, against the serve door's own
// server (newServeServer), idle keep-alive connections, requests whose
// body stalls, and requests whose headers stall, all at once, and reports
// how long the server holds each kind before it closes them. It takes
// serveIdleTimeout and a little more.
func BenchmarkServeHeldConnections(b *testing.B) {
	const idle, stalledBodies, stalledHeaders = 1000, 500, 500
	for b.Loop() {
		var now time.Duration
		var mu sync.Mutex
		door := testDoor(&now)
		door.Next = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "served\n") })
		door.Capacity = 1e9 // every request passes: this measures the server, not the limit
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		srv := newServeServer(door)
		go srv.Serve(l)
		addr := l.Addr().String()

		start := time.Now()
		closedAfter := map[string][]time.Duration{}
		var wg sync.WaitGroup
		open := func(kind, send string, readFirst bool) {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := io.WriteString(c, send); err != nil {
				b.Fatal(err)
			}
			wg.Go(func() {
				defer c.Close()
				r := bufio.NewReader(c)
				if readFirst { // the answer to the one request, then idle
					resp, err := http.ReadResponse(r, nil)
					if err == nil {
						io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
					}
				}
				io.Copy(io.Discard, r) // until the server closes
				mu.Lock()
				closedAfter[kind] = append(closedAfter[kind], time.Since(start))
				mu.Unlock()
			})
		}
		for i := range idle {
			open("idle keep-alive", fmt.Sprintf("GET / HTTP/1.1\r\nHost: x\r\nX-Client: idle-%d\r\n\r\n", i), true)
		}
		for i := range stalledBodies {
			open("stalled body", fmt.Sprintf("POST / HTTP/1.1\r\nHost: x\r\nX-Client: body-%d\r\nContent-Length: 1000\r\n\r\npartial", i), true)
		}
		for i := range stalledHeaders {
			open("stalled headers", fmt.Sprintf("GET / HTTP/1.1\r\nHost: x\r\nX-Client: head-%d\r\n", i), false)
		}
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(serveIdleTimeout + serveReadTimeout + 30*time.Second):
			b.Fatalf("the server still held connections after %v", time.Since(start))
		}
		srv.Close()
		for _, kind := range []string{"idle keep-alive", "stalled body", "stalled headers"} {
			times := closedAfter[kind]
			if len(times) == 0 {
				b.Fatalf("no %s connection", kind)
			}
			last := times[0]
			for _, t := range times {
				last = max(last, t)
			}
			b.ReportMetric(last.Seconds(), strings.ReplaceAll(kind, " ", "-")+"-held-s")
			b.ReportMetric(float64(len(times)), strings.ReplaceAll(kind, " ", "-")+"-conns")
		}
		b.ReportMetric(0, "ns/op")
	}
}
