// Command benchtable reads `go test -bench` output and prints the lab's
// comparison as Markdown: each comparison as a ratio of medians, then every
// benchmark with its medians.
//
//	go test -run '^$' -bench . -count 5 ./... > bench.txt
//	go run ./author/benchtable bench.txt        # or: … < bench.txt
//
// .ci/bench does both. A comparison whose benchmarks did not run (no Redis
// code yet, no screen) says so instead of a ratio. For a statistical A/B of
// two runs, use benchstat; this is the one-run, side-by-side view.
package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// results maps a benchmark (without its -GOMAXPROCS suffix) to its samples
// by unit, in the order the runs printed them.
type results struct {
	names []string
	by    map[string]map[string][]float64
	iters map[string]int // the fewest iterations of any run of the benchmark
}

var procSuffix = regexp.MustCompile(`-\d+$`)

// parse reads benchmark lines ("BenchmarkX-2  100  12.5 ns/op  0 B/op …")
// and ignores everything else.
func parse(r io.Reader) (results, error) {
	res := results{by: map[string]map[string][]float64{}, iters: map[string]int{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") || len(f)%2 != 0 {
			continue
		}
		iters, err := strconv.Atoi(f[1])
		if err != nil {
			continue
		}
		name := procSuffix.ReplaceAllString(strings.TrimPrefix(f[0], "Benchmark"), "")
		if old, ok := res.iters[name]; !ok || iters < old {
			res.iters[name] = iters
		}
		units, ok := res.by[name]
		if !ok {
			units = map[string][]float64{}
			res.by[name] = units
			res.names = append(res.names, name)
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			units[f[i+1]] = append(units[f[i+1]], v)
		}
	}
	return res, sc.Err()
}

// median of the samples of name in unit, and whether there are any.
func (r results) median(name, unit string) (float64, bool) {
	vs := slices.Clone(r.by[name][unit])
	if len(vs) == 0 {
		return 0, false
	}
	slices.Sort(vs)
	n := len(vs)
	if n%2 == 1 {
		return vs[n/2], true
	}
	return (vs[n/2-1] + vs[n/2]) / 2, true
}

// comparison is one row of the ratio table: a over b in unit. A b that is
// a number instead of a benchmark (Const) compares with an aim.
type comparison struct {
	what  string
	a, b  string
	unit  string
	bUnit string  // b's unit, when not unit
	Const float64 // when b == "": a over this number
	note  string
	// line, when set, is the ratio a / b must stay within: past it (with
	// lineMargin for noise), and over at least lineSaves iterations, the
	// table says so and benchtable exits non-zero.
	line float64
}

// lineMargin is the noise a judged ratio is allowed past its line: the
// medians of 8 saves on a shared 2-core machine move by about this much
// from run to run (labs/BENCHMARKS.md, "Save to every place").
const lineMargin = 0.10

// lineSaves is how many saves (iterations) a judged median needs: fewer
// (the smoke run's one) are reported, not judged.
const lineSaves = 8

var comparisons = []comparison{
	{what: "token bucket per decision: the day's / x/time/rate AllowN (virtual time)",
		a: "Decide/limiter=token-bucket/impl=day", b: "Decide/limiter=token-bucket/impl=x-time-rate-AllowN", unit: "ns/op",
		note: "aim ≤ 1×, 0 allocs"},
	{what: "token bucket per decision: the day's / x/time/rate Allow (wall clock)",
		a: "Decide/limiter=token-bucket/impl=day", b: "Decide/limiter=token-bucket/impl=x-time-rate-Allow", unit: "ns/op"},
	{what: "leaky queue Offer / uber ratelimit Take bookkeeping (never sleeps)",
		a: "Decide/limiter=leaky-queue/impl=day", b: "Decide/limiter=leaky-queue/impl=uber-Take-unreachable-rate", unit: "ns/op",
		note: "not like for like: Take blocks instead of deciding"},
	{what: "uber ratelimit Take at 1000/s / its 1 ms slot",
		a: "Decide/limiter=leaky-queue/impl=uber-Take-paced-1k", unit: "ns/op", Const: 1e6,
		note: "Take's cost is the pace it enforces"},
	{what: "leaky bucket as a meter per decision: the day's / x/time/rate AllowN (burst 1)",
		a: "Decide/limiter=leaky-meter/impl=day", b: "Decide/limiter=leaky-meter/impl=x-time-rate-AllowN", unit: "ns/op"},
	{what: "sliding-window counter / sliding-window log, per decision",
		a: "Decide/limiter=sliding-counter/impl=day", b: "Decide/limiter=sliding-log/impl=day", unit: "ns/op",
		note: "the counter keeps 2 counts, the log up to the limit"},
	{what: "sliding-window log / fixed window, per decision",
		a: "Decide/limiter=sliding-log/impl=day", b: "Decide/limiter=fixed-window/impl=day", unit: "ns/op"},
	{what: "TakeToken through a func value / called directly",
		a: "TakeToken/call=func-value", b: "TakeToken/call=direct", unit: "ns/op"},
	{what: "Parts 1–3 in process / a 5 ms aim",
		a: "Experiments/run=parts-1-3", unit: "ms/run", Const: 5},
	{what: "every part (1–8) and the grades / Parts 1–3",
		a: "Experiments/run=execute", b: "Experiments/run=parts-1-3", unit: "ms/run",
		note: "Part 4 is most of it"},
	{what: "Part 4 in process / every part and the grades",
		a: "Experiments/run=part-4", b: "Experiments/run=execute", unit: "ns/op", bUnit: "ns/op",
		note: "miniredis's Lua, in a worker on every save"},
	{what: "virtual clock, events/s: streaming / 1809 prefilled",
		a: "Sim/queue=streaming", b: "Sim/queue=prefilled-1809", unit: "events/s"},
	{what: "scaled day (10M requests, 1M/day quota) / a 1 s aim",
		a: "ScaledDay/driver=loop", unit: "ns/op", Const: 1e9},
	{what: "scaled day on the virtual clock (streamed) / the plain loop",
		a: "ScaledDay/driver=sim-streaming", b: "ScaledDay/driver=loop", unit: "ns/op"},
	{what: "sliding log's peak memory / a log of all 10M requests (80 MB)",
		a: "ScaledDay/driver=loop", unit: "log-bytes", Const: 80e6,
		note: "bounded by the quota: 8 bytes × 1M"},
	{what: "Part 4 shared bucket: embedded Redis / the local check",
		a: "SharedCheck/store=embedded", b: "SharedCheck/store=local", unit: "ns/op"},
	{what: "Part 4: embedded Redis check / a bare embedded PING",
		a: "SharedCheck/store=embedded", b: "SharedCheck/store=embedded-ping", unit: "ns/op",
		note: "the script in one kept Lua state (lua.go)"},
	{what: "Part 4 shared bucket: real Redis / the local check",
		a: "SharedCheck/store=real", b: "SharedCheck/store=local", unit: "ns/op",
		note: "needs TERMLAB_TEST_REDIS"},
	{what: "save → every TODO's verdict (RunStream), median / the floor (build and run a one-function exercise), same run",
		a: "SaveToOutcome", b: "SaveToOutcome", unit: "verdicts-ms", bUnit: "floor-ms",
		note: "the lean worker, built directly", line: 1},
	{what: "save → the pure parts too (all but Parts 4, 6), median / the floor, same run",
		a: "SaveToOutcome", b: "SaveToOutcome", unit: "pure-ms", bUnit: "floor-ms",
		note: "the lean worker's parts", line: 2},
	{what: "save → every part too (the heavy Parts 4, 6), median / the floor, same run",
		a: "SaveToOutcome", b: "SaveToOutcome", unit: "median-ms", bUnit: "floor-ms",
		note: "the full worker, built directly", line: 4},
	{what: "save → the new verdict in every place on the real screens (TODO 1's row, the header's and the status line's counts; pty, 80×24), median / the floor, same run",
		a: "SaveToScreen", b: "SaveToScreen", unit: "ms/save", bUnit: "floor-ms",
		note: "the loop as the learner sees it", line: 1},
	{what: "Day 46: save → every TODO's verdict (RunStream), median / the floor, same run",
		a: "SaveToOutcome46", b: "SaveToOutcome46", unit: "verdicts-ms", bUnit: "floor-ms",
		note: "issue 46's aim ≤ 1×; not judged yet"},
	{what: "Day 46: save → every part (\"grading…\" gone in the runner), median / the floor, same run",
		a: "SaveToOutcome46", b: "SaveToOutcome46", unit: "all-ms", bUnit: "floor-ms",
		note: "issue 46's aim ≤ 2×; not judged yet"},
	{what: "Day 46: a failing TODO 3's verdict (the worker's early line) / its grade with counterexample and hint, same save",
		a: "SaveToOutcome46", b: "SaveToOutcome46", unit: "shard-verdict-ms", bUnit: "shard-grade-ms",
		note: "below 1× when the verdict comes first"},
	{what: "Day 46: save of TODO 4 (Overlap) → every part, nothing kept, median / the floor, same op",
		a: "SaveToOutcomeTODO4", b: "SaveToOutcomeTODO4", unit: "full-all-ms", bUnit: "floor-ms",
		note: "every grade and part run again, as before keep.go"},
	{what: "Day 46: save of TODO 4 (Overlap) → every part, the screens' runner (keeps what the save cannot reach), median / the floor, same op",
		a: "SaveToOutcomeTODO4", b: "SaveToOutcomeTODO4", unit: "kept-all-ms", bUnit: "floor-ms",
		note: "issue 46's aim ≤ 2×; not judged yet"},
	{what: "Day 46: save → the new verdict in every place on the real screens (pty, 80×24), median / the floor, same run",
		a: "SaveToScreen46", b: "SaveToScreen46", unit: "ms/save", bUnit: "floor-ms",
		note: "not judged yet"},
	{what: "save → \"grading…\" gone on the real screens (pty, 80×24), median / the floor, same run",
		a: "SaveToScreen", b: "SaveToScreen", unit: "over-ms", bUnit: "floor-ms",
		note: "issue 46's aim ≤ 2×"},
	{what: "Day 46: save → \"grading…\" gone on the real screens (pty, 80×24), median / the floor, same run",
		a: "SaveToScreen46", b: "SaveToScreen46", unit: "over-ms", bUnit: "floor-ms",
		note: "issue 46's aim ≤ 2×"},
	{what: "`run 45 --solutions` as a process / `python3 rate_limiting.py` (the course's Parts 1–3), median, same run",
		a: "WholeRun", b: "WholeRun", unit: "go-ms", bUnit: "python-ms",
		note: "aim ≤ 1×; the first run, which builds the full worker: first-go-ms"},
	{what: "the same, CPU time (user + system) / Python's",
		a: "WholeRun", b: "WholeRun", unit: "go-cpu-ms", bUnit: "python-cpu-ms",
		note: "what each asks of a core, whatever the load"},
	{what: "screen: View at 120×40 while a replay plays / its 50 ms frame",
		a: "View/size=120x40/screen=run-playing", unit: "ns/op", Const: 50e6},
	{what: "screen: the slowest View at 120×40 (a finished run's figures) / a 16 ms frame",
		a: "View/size=120x40/screen=run-finished", unit: "ns/op", Const: 16e6},
	{what: "screen idle: CPU per second / one core",
		a: "Idle", unit: "cpu-ms/s", Const: 1000,
		note: "the renderer at 20 fps; 0 updates/s is checked"},
	{what: "screen idle: the lab's CPU per second / a bare Bubble Tea program at 60 fps",
		a: "Idle", b: "IdleBare", unit: "cpu-ms/s",
		note: "what is left is the renderer's wake-ups"},
}

func main() {
	var in io.Reader = os.Stdin
	if len(os.Args) > 1 {
		var rs []io.Reader
		for _, p := range os.Args[1:] {
			f, err := os.Open(p)
			if err != nil {
				fmt.Fprintln(os.Stderr, "benchtable:", err)
				os.Exit(2)
			}
			defer f.Close()
			rs = append(rs, f)
		}
		in = io.MultiReader(rs...)
	}
	res, err := parse(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(1)
	}
	if len(res.names) == 0 {
		fmt.Fprintln(os.Stderr, "benchtable: no benchmark lines in the input")
		os.Exit(1)
	}
	if past := write(os.Stdout, res); len(past) > 0 {
		fmt.Fprintf(os.Stderr, "benchtable: past its line (by more than %.0f%%, over %d saves or more):\n  %s\n", lineMargin*100, lineSaves, strings.Join(past, "\n  "))
		os.Exit(1)
	}
}

// write prints the tables and returns the comparisons past their lines.
func write(w io.Writer, res results) (past []string) {
	fmt.Fprintln(w, "| comparison | a | b | a / b | |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | --- |")
	for _, c := range comparisons {
		a, okA := res.median(c.a, c.unit)
		b, okB := c.Const, true
		if c.b != "" {
			u := c.unit
			if c.bUnit != "" {
				u = c.bUnit
			}
			b, okB = res.median(c.b, u)
		}
		switch {
		case !okA || !okB:
			fmt.Fprintf(w, "| %s | | | not run | %s |\n", c.what, c.note)
		default:
			bu := c.unit
			if c.bUnit != "" {
				bu = c.bUnit
			}
			note := c.note
			if c.line > 0 {
				judged := res.iters[c.a] >= lineSaves
				switch {
				case !judged:
					note += fmt.Sprintf("; line ≤ %s, not judged: %d saves", ratio(c.line), res.iters[c.a])
				case a/b > c.line*(1+lineMargin):
					note += fmt.Sprintf("; **✗ past its line ≤ %s**", ratio(c.line))
					past = append(past, fmt.Sprintf("%s: %s > %s", c.what, ratio(a/b), ratio(c.line)))
				default:
					note += fmt.Sprintf("; ✓ within its line ≤ %s", ratio(c.line))
				}
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", c.what, value(a, c.unit), value(b, bu), ratio(a/b), note)
		}
	}

	fmt.Fprintln(w)
	fmt.Fprintln(w, "| benchmark | time/op | B/op | allocs/op | other (median) |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | --- |")
	for _, name := range res.names {
		units := res.by[name]
		cell := func(u string) string {
			if v, ok := res.median(name, u); ok {
				return value(v, u)
			}
			return ""
		}
		var other []string
		for u := range units {
			if u != "ns/op" && u != "B/op" && u != "allocs/op" {
				other = append(other, u)
			}
		}
		slices.Sort(other)
		for i, u := range other {
			other[i] = cell(u) + " " + u
		}
		n := len(units["ns/op"])
		fmt.Fprintf(w, "| %s (n=%d) | %s | %s | %s | %s |\n", name, n, cell("ns/op"), cell("B/op"), cell("allocs/op"), strings.Join(other, ", "))
	}
	return past
}

// value prints v in unit readably: ns/op as ns, µs, ms or s; bytes in B,
// kB, MB; counts with thousands; others with three significant figures.
func value(v float64, unit string) string {
	if strings.HasSuffix(unit, "-ms") {
		return sig(v) + " ms"
	}
	switch unit {
	case "ns/op":
		switch {
		case v >= 1e9:
			return sig(v/1e9) + " s"
		case v >= 1e6:
			return sig(v/1e6) + " ms"
		case v >= 1e3:
			return sig(v/1e3) + " µs"
		}
		return sig(v) + " ns"
	case "B/op", "log-bytes":
		switch {
		case v >= 1e6:
			return sig(v/1e6) + " MB"
		case v >= 1e3:
			return sig(v/1e3) + " kB"
		}
		return strconv.FormatFloat(v, 'f', 0, 64) + " B"
	case "allocs/op":
		return strconv.FormatFloat(v, 'f', 0, 64)
	case "ms/run", "median-ms", "build-ms", "run-ms", "verdicts-ms", "floor-ms", "pure-ms", "row-ms",
		"ms/save", "min-ms", "max-ms", "go-ms", "python-ms", "first-go-ms",
		"go-cpu-ms", "python-cpu-ms":
		return sig(v) + " ms"
	}
	if v >= 1e6 {
		return sig(v/1e6) + "M"
	}
	return sig(v)
}

// sig is v with three significant figures, never in e-notation.
func sig(v float64) string {
	if v == 0 {
		return "0"
	}
	d := max(0, 2-int(math.Floor(math.Log10(math.Abs(v)))))
	return strconv.FormatFloat(v, 'f', d, 64)
}

func ratio(r float64) string { return sig(r) + "×" }
