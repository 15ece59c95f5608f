// Package play is Day 45's playground: the essay's three figures as
// simulations on the virtual clock, built from the day's four TODO
// functions alone, so the same code plays the learner's functions (in the
// worker) and the reference (in the lab's process).
//
// The figures' descriptions (knobs, time scale, the parts they wait for) are
// the day's words (course/words); this package plays them. It takes the
// day's Funcs (course/limit) as they are, but not its limiters: the
// playground's are small re-statements of the ones the parts use, each one
// call of a TODO per decision, so a knob's effect reads off a few lines.
package play

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/words"
)

// Funcs is one implementation of Day 45's four TODOs (limit.Funcs), the
// value the course hands over, used as it is.
type Funcs = limit.Funcs

// Linked returns an implementation when the calling process links it.
type Linked func(which labs.Impl) (Funcs, bool)

// Figures is Day 45's playground: the figures course/words describes,
// each played by its body here.
func Figures(impl Linked) []labs.PlayFigure {
	return labs.PlayFigures(words.Figures(), impl, map[string]func(Funcs, labs.Values, *labs.Frame){
		"boundary": playBoundary,
		"loan":     playLoan,
		"fleet":    playFleet,
	})
}

func sec(s float64) time.Duration { return time.Duration(math.Round(s * float64(time.Second))) }

// maxTrailing is the most of sorted stamps inside any trailing window of
// length w (a stamp w old no longer counts, as the sliding log forgets it).
func maxTrailing(stamps []time.Duration, w time.Duration) int {
	best, lo := 0, 0
	for hi := range stamps {
		for stamps[hi]-stamps[lo] >= w {
			lo++
		}
		best = max(best, hi-lo+1)
	}
	return best
}

// trailingSeries samples the count of stamps in the trailing window at n
// points across [0, end].
func trailingSeries(name string, stamps []time.Duration, w, end time.Duration, n int) labs.Series {
	s := labs.Series{Name: name}
	for i := 0; i <= n; i++ {
		at := end * time.Duration(i) / time.Duration(n)
		hi := sort.Search(len(stamps), func(j int) bool { return stamps[j] > at })
		lo := sort.Search(len(stamps), func(j int) bool { return stamps[j] > at-w })
		s.X = append(s.X, at.Seconds())
		s.Y = append(s.Y, float64(hi-lo))
	}
	return s
}

// perBin counts stamps per bin of width bin across [0, end].
func perBin(name string, stamps []time.Duration, bin, end time.Duration) (labs.Series, int) {
	n := int(end / bin)
	counts := make([]int, n)
	for _, t := range stamps {
		if i := int(t / bin); i >= 0 && i < n {
			counts[i]++
		}
	}
	s, peak := labs.Series{Name: name}, 0
	for i, c := range counts {
		s.X = append(s.X, (time.Duration(i) * bin).Seconds())
		s.Y = append(s.Y, float64(c))
		peak = max(peak, c)
	}
	return s, peak
}

// even is n arrivals spread evenly over [from, from+span).
func even(n int, from, span time.Duration) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = from + span*time.Duration(i)/time.Duration(n)
	}
	return out
}

// itoa writes a count as the screens write a readout's value, in groups
// of three ("offered 2,400" beside "refused 1,528").
func itoa(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

func fmtF(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// flat is a level line across [0, end], sampled as the other series are so
// the chart draws it as a line.
func flat(name string, y float64, end time.Duration) labs.Series {
	s := labs.Series{Name: name}
	for i := 0; i <= 60; i++ {
		s.X = append(s.X, (end * time.Duration(i) / 60).Seconds())
		s.Y = append(s.Y, y)
	}
	return s
}
