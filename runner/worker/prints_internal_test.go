package worker

import (
	"bytes"
	"strings"
	"testing"
)

// The prints kept are the start, bounded, and every write is taken whole
// (a short write would stop the copy from the child's pipe); a nil prints
// keeps nothing; another try starts empty.
func TestPrintsKeepTheStart(t *testing.T) {
	p := &prints{}
	for i := range 3000 {
		b := []byte(strings.Repeat("x", i%7) + "\n")
		if n, err := p.Write(b); n != len(b) || err != nil {
			t.Fatalf("write %d: %d, %v", i, n, err)
		}
	}
	s := p.String()
	if !strings.HasSuffix(s, "\n[… more output not kept]") || len(p.buf) != printsKeep {
		t.Errorf("kept %d bytes, ends %q", len(p.buf), s[len(s)-30:])
	}
	if f := p.fresh(); f == nil || f.String() != "" {
		t.Errorf("another try: %v", f)
	}
	var none *prints
	if none.String() != "" || none.fresh() != nil {
		t.Error("a nil prints keeps something")
	}
	short := &prints{}
	short.Write([]byte("hi\n"))
	if short.String() != "hi\n" {
		t.Errorf("%q", short.String())
	}
	// stderr goes to both the trace's tail and the prints.
	var tl tail
	tl.max = 10
	both := &tee{&tl, short}
	if n, _ := both.Write([]byte("0123456789abc")); n != 13 || !bytes.Equal(tl.buf, []byte("3456789abc")) || !strings.HasSuffix(short.String(), "abc") {
		t.Errorf("tee: %d, %q, %q", n, tl.buf, short.String())
	}
}
