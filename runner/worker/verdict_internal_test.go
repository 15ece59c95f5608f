package worker

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// The early line is found as it arrives, split across reads or not, once,
// and only with the nonce; the data read is the pipe's, whole.
func TestReadAnswerSeesTheEarlyLine(t *testing.T) {
	const nonce = "abc123"
	answer := string(envelope(nonce)) + `{"todo":1,"status":"fail"}`
	tests := []struct {
		name  string
		pipe  string
		found int
	}{
		{"the line, then the answer", "junk" + string(loadedLine(nonce)) + string(verdictLine(nonce)) + answer, 1},
		{"the line twice", string(verdictLine(nonce)) + string(verdictLine(nonce)) + answer, 1},
		{"no line: a pass", string(loadedLine(nonce)) + answer, 0},
		{"a line under another nonce", string(verdictLine("guessed")) + answer, 0},
		{"half a line", strings.TrimSuffix(string(verdictLine(nonce)), " fail\n"), 0},
	}
	for _, tc := range tests {
		for _, split := range []string{"whole", "byte by byte"} {
			t.Run(tc.name+", "+split, func(t *testing.T) {
				var r io.Reader = strings.NewReader(tc.pipe)
				if split != "whole" {
					r = iotest.OneByteReader(r)
				}
				found, at := 0, -1
				read := 0
				counting := readerFunc(func(p []byte) (int, error) {
					n, err := r.Read(p)
					read += n
					return n, err
				})
				data := readAnswer(counting, &earlyWatch{line: verdictLine(nonce), found: func() { found++; at = read }})
				if string(data) != tc.pipe {
					t.Errorf("read %q, want %q", data, tc.pipe)
				}
				if found != tc.found {
					t.Errorf("found %d times, want %d", found, tc.found)
				}
				if found > 0 && split != "whole" {
					if end := strings.Index(tc.pipe, string(verdictLine(nonce))) + len(verdictLine(nonce)); at != end {
						t.Errorf("found after %d bytes, want as soon as the line is in (%d)", at, end)
					}
				}
			})
		}
	}
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// The worker's side: the early line at most once, and never after the
// answer (a grading goroutine the guard gave up on may still find a
// failure then).
func TestAnswerPipeSaysTheVerdictOnce(t *testing.T) {
	var pipe bytes.Buffer
	p := verdictFirst("n0nce", &pipe).(*answerPipe)
	p.fail()
	p.fail()
	p.Write([]byte("the answer"))
	p.fail()
	if got, want := pipe.String(), string(verdictLine("n0nce"))+"the answer"; got != want {
		t.Errorf("the pipe holds %q, want %q", got, want)
	}
	pipe.Reset()
	q := verdictFirst("n0nce", &pipe).(*answerPipe)
	q.Write([]byte("a pass"))
	q.fail()
	if got := pipe.String(); got != "a pass" {
		t.Errorf("after the answer, the pipe got %q", got)
	}
}
