package worker

import (
	"bytes"
	"strings"
	"testing"
)

// The prints kept are each stream's start, bounded, and every write is
// taken whole (a short write would stop the copy from the child's pipe);
// stdout comes before stderr whatever order they arrived in; a nil prints
// keeps nothing; another try starts empty.
func TestPrintsKeepTheStart(t *testing.T) {
	p := &prints{}
	p.err.Write([]byte("on stderr\n"))
	for i := range 3000 {
		b := []byte(strings.Repeat("x", i%7) + "\n")
		if n, err := p.out.Write(b); n != len(b) || err != nil {
			t.Fatalf("write %d: %d, %v", i, n, err)
		}
	}
	s := p.String()
	if !strings.HasPrefix(s, "\nx\nxx\n") || !strings.HasSuffix(s, "\n[… more output not kept]\non stderr\n") || len(p.out.buf) != printsKeep {
		t.Errorf("kept %d bytes: %q … %q", len(p.out.buf), s[:10], s[len(s)-40:])
	}
	if f := p.fresh(); f == nil || f.String() != "" {
		t.Errorf("another try: %v", f)
	}
	var none *prints
	if none.String() != "" || none.fresh() != nil {
		t.Error("a nil prints keeps something")
	}
	only := &prints{}
	only.err.Write([]byte("hi"))
	if only.String() != "hi\n" {
		t.Errorf("%q", only.String())
	}
	// stderr goes to both the trace's tail and the prints.
	var tl tail
	tl.max = 10
	both := &tee{&tl, &only.err}
	if n, _ := both.Write([]byte("0123456789abc")); n != 13 || !bytes.Equal(tl.buf, []byte("3456789abc")) || !strings.HasSuffix(only.String(), "abc\n") {
		t.Errorf("tee: %d, %q, %q", n, tl.buf, only.String())
	}
}
