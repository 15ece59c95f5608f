package testrun

import (
	"net"
	"testing"
	"time"
)

// FreeAddr is a loopback address with a port free a moment ago, for a test
// to serve on: the tests of serve in-process (cli) and end to end (the
// module root) both need one.
func FreeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// WaitUp waits until something answers at addr, or gaveUp is closed (the
// server gave up), or the test's time is nearly out (the first build of the
// full worker may take minutes on a busy machine). It reports whether
// something answered.
func WaitUp(t testing.TB, addr string, gaveUp <-chan struct{}) bool {
	t.Helper()
	ctx, cancel := Context(t)
	defer cancel()
	for {
		if c, err := net.DialTimeout("tcp", addr, 100*time.Millisecond); err == nil {
			c.Close()
			return true
		}
		select {
		case <-gaveUp:
			return false
		case <-ctx.Done():
			return false
		case <-time.After(50 * time.Millisecond):
		}
	}
}
