package door

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/parts"
)

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
// serves the door with the learner's TakeToken (or, with --reference, the
// reference's), as code gives them, until SIGINT or SIGTERM. It returns the
// exit code: 0 stopped cleanly, 1 could not serve, 2 a usage error.
func ServeMain(args []string, code parts.Code, stdout, stderr io.Writer) int {
	addr := ""
	reference := len(args) == 3 && args[2] == "--reference"
	if len(args) == 2 || reference {
		addr, _ = strings.CutPrefix(args[1], "--addr=")
	}
	if len(args) < 2 || args[0] != ServeCommand || addr == "" || !IsLoopback(addr) {
		fmt.Fprintf(stderr, "usage: %s --addr=127.0.0.1:PORT [--reference]\n", ServeCommand)
		return 2
	}
	which, whose := labs.Learner, "your TakeToken"
	if reference {
		which, whose = labs.Reference, "the reference TakeToken"
	}
	f, ok := code(which)
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
