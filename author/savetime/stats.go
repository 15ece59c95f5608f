//go:build unix

package main

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

func ms(d time.Duration) string { return fmt.Sprintf("%d ms", d.Milliseconds()) }

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + m) / 2
	}
	return m
}

// summary is the rounds' medians, fastest and slowest, each median as a
// ratio to the floor's median, and the median of each round's ratio to its
// own floor (steadier on a shared machine, whose load moves between
// rounds more than within one).
func summary(rs []round) string {
	rows := []struct {
		name string
		of   func(round) time.Duration
	}{
		{"floor", func(r round) time.Duration { return r.floor }},
		{"verdict (TODO row, header, status)", func(r round) time.Duration { return r.verdict }},
		{`over ("grading…" gone)`, func(r round) time.Duration { return r.over }},
		{"still (the screen unchanged)", func(r round) time.Duration { return r.still }},
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-36s %9s %9s %9s %9s %12s\n", fmt.Sprintf("%d rounds", len(rs)), "median", "min", "max", "÷ floor", "per round")
	var floor time.Duration
	for i, row := range rows {
		var ds, ratios []time.Duration // a ratio kept as a Duration of 1 s per 1×, for median
		for _, r := range rs {
			ds = append(ds, row.of(r))
			ratios = append(ratios, time.Duration(float64(time.Second)*row.of(r).Seconds()/r.floor.Seconds()))
		}
		m := median(ds)
		if i == 0 {
			floor = m
		}
		fmt.Fprintf(&b, "%-36s %9s %9s %9s %8.2f× %11.2f×\n", row.name, ms(m), ms(slices.Min(ds)), ms(slices.Max(ds)), m.Seconds()/floor.Seconds(), median(ratios).Seconds())
	}
	b.WriteString("÷ floor: the median ÷ the floor's median; per round: the median of each round's ratio to its own floor\n")
	return b.String()
}
