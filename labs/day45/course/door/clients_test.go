package door

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"termlab/labs/day45/course/limit"
)

// These tests are internal: they look at the door's table itself. The
// bucket decides with a TakeToken of their own, so that what they hold of
// the table does not hang on the reference's.
func testTake(tokens, capacity, rate float64, elapsed time.Duration) (float64, bool) {
	tokens = min(capacity, tokens+elapsed.Seconds()*rate)
	if tokens >= 1 {
		return tokens - 1, true
	}
	return tokens, false
}

func testDoor(now *time.Duration) *Door {
	return NewDoor(testTake, ServeCapacity, ServeRate, func() time.Duration { return *now }, http.NotFoundHandler())
}

// However many clients come, the door keeps at most maxClients buckets,
// forgetting the least recently seen: a client that keeps asking keeps its
// (empty) bucket through the churn, and one gone quiet is forgotten.
func TestClientTableStaysBounded(t *testing.T) {
	var now time.Duration
	d := testDoor(&now)
	spend := func(client string) Verdict {
		t.Helper()
		v, fault := d.Decide(client)
		if fault != nil {
			t.Fatal(faultText(fault))
		}
		return v
	}
	for range int(ServeCapacity) {
		spend("regular")
		spend("quiet")
	}
	if spend("regular").OK || spend("quiet").OK {
		t.Fatal("a client past its capacity was let through")
	}
	for i := range 3 * maxClients {
		spend(fmt.Sprintf("churn-%d", i))
		if i%1000 == 0 {
			spend("regular") // seen again and again: never the least recent
		}
		if n := d.clients.len(); n > maxClients {
			t.Fatalf("after %d new clients the table holds %d, over %d", i+1, n, maxClients)
		}
	}
	if n := d.clients.len(); n != maxClients {
		t.Errorf("the table holds %d clients, want it full at %d", n, maxClients)
	}
	if spend("regular").OK {
		t.Error("the regular client's empty bucket was forgotten while it kept asking")
	}
	if d.clients.get("quiet") != nil {
		t.Error("the client gone quiet was kept over newer ones")
	}
	if !spend("quiet").OK {
		t.Error("a forgotten client did not start again with a full bucket")
	}
}

func TestClientTableEvictsLeastRecentlySeen(t *testing.T) {
	tb := newClientTable(3)
	for _, k := range []string{"a", "b", "c"} {
		tb.put(k, &limit.TokenBucket{})
	}
	tb.get("a")                       // a is now the most recent; b the least
	tb.put("d", &limit.TokenBucket{}) // evicts b
	for k, want := range map[string]bool{"a": true, "b": false, "c": true, "d": true} {
		if got := tb.get(k) != nil; got != want {
			t.Errorf("%s kept: %v, want %v", k, got, want)
		}
	}
	if tb.len() != 3 || len(tb.byKey) != 3 {
		t.Errorf("len %d, map %d, want 3", tb.len(), len(tb.byKey))
	}
}

func TestBoundKey(t *testing.T) {
	long := strings.Repeat("x", 900_000)
	cases := []struct {
		name string
		in   string
		same bool // comes back unchanged
	}{
		{"short", "curl-1", true},
		{"at the bound", strings.Repeat("a", maxKeyBytes), true},
		{"one over", strings.Repeat("a", maxKeyBytes+1), false},
		{"900 KB", long, false},
		{"multibyte at the cut", strings.Repeat("é", 100), false},
	}
	for _, c := range cases {
		got := boundKey(c.in)
		if c.same != (got == c.in) {
			t.Errorf("%s: %q", c.name, got)
		}
		if len(got) > maxKeyBytes || !utf8.ValidString(got) {
			t.Errorf("%s: %d bytes, valid UTF-8 %v", c.name, len(got), utf8.ValidString(got))
		}
		if got != boundKey(c.in) {
			t.Errorf("%s: not the same key twice", c.name)
		}
	}
	// Two long names that share their first bytes are two clients.
	if boundKey(long+"1") == boundKey(long+"2") {
		t.Error("two long names share a key")
	}
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.Header.Set("X-Client", long)
	if k := ClientKey(req); len(k) > maxKeyBytes {
		t.Errorf("ClientKey kept %d bytes", len(k))
	}
}

func TestLogSafe(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain", "    1.00 s  200  curl-1           4 left", "    1.00 s  200  curl-1           4 left"},
		{"clear screen", "a\x1b[2Jb", "ab"},
		{"colour", "\x1b[1;31mred\x1b[0m", "red"},
		{"bidi override", "evil\u202Egnp.exe", "evilgnp.exe"},
		{"bidi isolates", "\u2066a\u2067b\u2068c\u2069\u202A\u202B\u202C\u202D", "abc"},
		{"window title", "\x1b]0;pwned\x07after", "after"},
		{"title with ST", "\x1b]0;pwned\x1b\\after", "after"},
		{"C1 CSI", "a\u009b2Jb", "ab"},
		{"C0 and DEL", "a\x00b\x07c\x08d\x7fe\rf\ng\th", "abcdefgh"},
		{"C1 NEL", "a\u0085b", "ab"},
		{"ESC and one", "a\x1bcb", "ab"},
		{"lone ESC at end", "ab\x1b", "ab"},
		{"not UTF-8", "a\xffb", "a\uFFFDb"},
		{"zero width", "a\u200Bb\uFEFFc", "abc"},
		{"kept", "naïve 日本 ✓", "naïve 日本 ✓"},
	}
	for _, c := range cases {
		if got := logSafe(c.in); got != c.want {
			t.Errorf("%s: logSafe(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

// A log line built from a hostile client name comes out one line, clean
// and no longer than logLineMax characters.
func TestServeLogLineIsCleanAndBounded(t *testing.T) {
	hostile := "\x1b[2J\u202Eadmin" + strings.Repeat("\x1b[31mA", 200_000)
	var now time.Duration
	d := testDoor(&now)
	var out bytes.Buffer
	d.Log = serveLog(&out, time.Now())
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.Header.Set("X-Client", hostile)
	d.ServeHTTP(httptest.NewRecorder(), req)
	line := out.String()
	if strings.Count(line, "\n") != 1 || !strings.HasSuffix(line, "\n") {
		t.Fatalf("want one line, got %q", line)
	}
	line = strings.TrimSuffix(line, "\n")
	if n := utf8.RuneCountInString(line); n > logLineMax+1 {
		t.Errorf("%d characters, over %d", n, logLineMax)
	}
	for _, r := range line {
		if r == 0x1b || r == '\u202E' || r < 0x20 {
			t.Fatalf("%U reached the log: %q", r, line)
		}
	}
	if !strings.Contains(line, "200  admin") {
		t.Errorf("the client's printable name is lost: %q", line)
	}
}

// The serve door's server has every bound set.
func TestServeServerBounds(t *testing.T) {
	srv := newServeServer(http.NotFoundHandler())
	for name, d := range map[string]time.Duration{
		"ReadHeaderTimeout": srv.ReadHeaderTimeout, "ReadTimeout": srv.ReadTimeout,
		"WriteTimeout": srv.WriteTimeout, "IdleTimeout": srv.IdleTimeout,
	} {
		if d <= 0 || d > time.Minute {
			t.Errorf("%s is %v, want a bound of a minute or less", name, d)
		}
	}
	if srv.ReadHeaderTimeout > srv.ReadTimeout {
		t.Errorf("headers may take %v, longer than the whole request's %v", srv.ReadHeaderTimeout, srv.ReadTimeout)
	}
	if srv.MaxHeaderBytes <= 0 || srv.MaxHeaderBytes > 64<<10 {
		t.Errorf("MaxHeaderBytes %d", srv.MaxHeaderBytes)
	}
}
