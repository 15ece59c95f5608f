package door

import (
	"container/list"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"termlab/labs/day45/course/limit"
)

// What keeps the door standing when the traffic is hostile: a bounded
// client table, a bounded client name, server timeouts, and log lines that
// cannot drive the terminal they are printed on. Before these, every
// distinct X-Client was kept forever (50k long names held 705 MB), idle and
// stalled connections were held for minutes, and a client name reached the
// log whole, escapes and all. See labs/BENCHMARKS.md, "serve under abuse".

// maxClients bounds the door's table of buckets. Past it, the client seen
// least recently is forgotten. Forgetting costs that client nothing it was
// owed: a bucket left alone refills, and at the serve door's rate it is
// full again within seconds, which is what a forgotten client starts with.
// Only a bucket touched within the time it takes maxClients other clients
// to arrive can be forgotten early, and a client who can send that many
// names can already start afresh under a new one.
const maxClients = 10_000

// maxKeyBytes bounds a client name as the door keeps it. A longer X-Client
// keeps its first bytes, for the log, and a digest of the whole, so two long
// names still count as two clients.
const maxKeyBytes = 64

// boundKey is the client name the door keeps for s: s itself when it is
// short, else a prefix of it and a digest of all of it, maxKeyBytes at most.
func boundKey(s string) string {
	if len(s) <= maxKeyBytes {
		return s
	}
	sum := sha256.Sum256([]byte(s))
	digest := "~" + hex.EncodeToString(sum[:8]) // 17 bytes
	keep := maxKeyBytes - len(digest)
	for keep > 0 && !utf8.RuneStart(s[keep]) {
		keep-- // never cut a character in two
	}
	return s[:keep] + digest
}

// clientTable is the door's buckets by client, at most max of them, the
// least recently seen forgotten first. The door's lock guards it.
type clientTable struct {
	max   int
	byKey map[string]*list.Element
	order list.List // of *clientEntry, the most recently seen first
}

type clientEntry struct {
	key    string
	bucket *limit.TokenBucket
}

func newClientTable(max int) *clientTable {
	return &clientTable{max: max, byKey: map[string]*list.Element{}}
}

// get returns key's bucket, and marks key as just seen.
func (t *clientTable) get(key string) *limit.TokenBucket {
	e := t.byKey[key]
	if e == nil {
		return nil
	}
	t.order.MoveToFront(e)
	return e.Value.(*clientEntry).bucket
}

// put stores key's bucket, forgetting the least recently seen client when
// the table is full.
func (t *clientTable) put(key string, b *limit.TokenBucket) {
	if e := t.byKey[key]; e != nil {
		e.Value.(*clientEntry).bucket = b
		t.order.MoveToFront(e)
		return
	}
	if t.max > 0 && t.order.Len() >= t.max {
		oldest := t.order.Back()
		t.order.Remove(oldest)
		delete(t.byKey, oldest.Value.(*clientEntry).key)
	}
	t.byKey[key] = t.order.PushFront(&clientEntry{key: key, bucket: b})
}

// len is how many clients the table holds.
func (t *clientTable) len() int { return t.order.Len() }

// The serve door's HTTP server bounds. A request's headers must arrive
// within serveHeaderTimeout and the whole request within serveReadTimeout
// (a refused request's body is never read, but a served one's may be); an
// answer must be written within serveWriteTimeout; a keep-alive connection
// idle for serveIdleTimeout is closed. Headers are capped at
// serveMaxHeaderBytes (net/http's default is 1 MB).
const (
	serveHeaderTimeout  = 5 * time.Second
	serveReadTimeout    = 10 * time.Second
	serveWriteTimeout   = 10 * time.Second
	serveIdleTimeout    = 30 * time.Second
	serveMaxHeaderBytes = 16 << 10
)

// newServeServer is the HTTP server `serve 45` runs the door in.
func newServeServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: serveHeaderTimeout,
		ReadTimeout:       serveReadTimeout,
		WriteTimeout:      serveWriteTimeout,
		IdleTimeout:       serveIdleTimeout,
		MaxHeaderBytes:    serveMaxHeaderBytes,
	}
}

// serveLog is the door's log for serve: one line per decision, on out.
// Client names come from the network, so each line goes through logSafe.
func serveLog(out io.Writer, start time.Time) func(client string, v Verdict) {
	var mu sync.Mutex
	return func(client string, v Verdict) {
		line := fmt.Sprintf("%8.2f s  200  %-16s %d left", time.Since(start).Seconds(), client, v.Remaining)
		if !v.OK {
			line = fmt.Sprintf("%8.2f s  429  %-16s retry in %d s", time.Since(start).Seconds(), client, v.RetryAfter)
		}
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintln(out, logSafe(line))
	}
}

// logLineMax bounds one line of serve's log, in characters.
const logLineMax = 200

// logSafe makes s fit to print on a terminal as one log line: terminal
// escape sequences are removed whole, other control characters (C0, DEL,
// C1) and invisible format characters (among them the bidi overrides and
// isolates U+202A–U+202E and U+2066–U+2069, which reorder what follows them
// on screen) are dropped, bytes that are not UTF-8 become U+FFFD, and the
// line is cut to logLineMax characters, ending in "…" when cut.
func logSafe(s string) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == 0x1b || r == 0x9b || r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f {
			i = skipEscape(s, i)
			continue
		}
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			r = utf8.RuneError
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r):
			continue
		}
		if n == logLineMax {
			return strings.TrimRight(b.String(), " ") + "…"
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// skipEscape returns the index just past the escape sequence that starts at
// s[i] (ESC, or a C1 introducer): a CSI sequence up to its final byte, an
// OSC, DCS, SOS, PM or APC string up to its terminator (BEL or ST), or ESC
// and the one character after it. An unterminated sequence runs to the end.
func skipEscape(s string, i int) int {
	r, size := utf8.DecodeRuneInString(s[i:])
	i += size
	kind := r
	if r == 0x1b {
		if i >= len(s) {
			return i
		}
		switch s[i] {
		case '[':
			kind = 0x9b
		case ']':
			kind = 0x9d
		case 'P', 'X', '^', '_':
			kind = 0x90
		default:
			_, size := utf8.DecodeRuneInString(s[i:])
			return i + size
		}
		i++
	}
	if kind == 0x9b { // CSI: parameters and intermediates, then a final byte
		for ; i < len(s); i++ {
			if c := s[i]; c >= 0x40 && c <= 0x7e {
				return i + 1
			} else if c < 0x20 || c > 0x7e {
				return i // not a CSI after all: stop before it
			}
		}
		return i
	}
	for ; i < len(s); i++ { // a string, up to BEL, ESC \ or C1 ST
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case strings.HasPrefix(s[i:], "\u009c"):
			return i + len("\u009c")
		}
	}
	return i
}
