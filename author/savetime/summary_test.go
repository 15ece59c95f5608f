//go:build unix

package main

import (
	"strings"
	"testing"
	"time"
)

// The summary's columns: medians (of an even count too), extremes, the
// ratio of medians and the median of each round's ratio to its own floor.
func TestSummary(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	rs := []round{
		{floor: ms(100), verdict: ms(100), over: ms(400), still: ms(400)},
		{floor: ms(200), verdict: ms(400), over: ms(600), still: ms(700)},
		{floor: ms(300), verdict: ms(300), over: ms(900), still: ms(900)},
		{floor: ms(400), verdict: ms(400), over: ms(800), still: ms(800)},
	}
	got := summary(rs)
	for _, want := range []string{
		"floor                                   250 ms    100 ms    400 ms     1.00×        1.00×",
		"verdict (TODO row, header, status)      350 ms    100 ms    400 ms     1.40×        1.00×",
		`over ("grading…" gone)                  700 ms    400 ms    900 ms     2.80×        3.00×`,
		"still (the screen unchanged)            750 ms    400 ms    900 ms     3.00×        3.25×",
	} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("summary lacks the line\n%s\nin\n%s", want, got)
		}
	}
}
