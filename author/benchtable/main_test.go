package main

import (
	"strings"
	"testing"
)

const sampleRun = `goos: linux
pkg: termlab/labs/day45/course
BenchmarkDecide/limiter=token-bucket/impl=day-2         	175039982	         6.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkDecide/limiter=token-bucket/impl=day-2         	175039982	         8.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkDecide/limiter=token-bucket/impl=day-2         	175039982	         7.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkDecide/limiter=token-bucket/impl=x-time-rate-AllowN-2         	19665950	        70 ns/op	       0 B/op	       0 allocs/op
BenchmarkScaledDay/driver=loop-2 1 1228205292 ns/op 2002026 fixed-accepted 8000000 log-bytes 82000800 B/op 61 allocs/op
BenchmarkSaveToScreen-2 8 3918852080 ns/op 400 floor-ms 1376 max-ms 500 min-ms 600 ms/save 1.5 save/floor
BenchmarkSaveToOutcome-2 1 900000000 ns/op 300 floor-ms 250 verdicts-ms 500 pure-ms 2000 median-ms
BenchmarkWholeRun-2 6 1356255751 ns/op 69539 first-go-ms 150 go-ms 0.5 go/python 300 python-ms
--- FAIL: something
PASS
ok  	termlab/labs/day45/course	10.294s
`

func TestParseAndTable(t *testing.T) {
	res, err := parse(strings.NewReader(sampleRun))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.names) != 6 {
		t.Fatalf("names %v, want 6", res.names)
	}
	if m, _ := res.median("Decide/limiter=token-bucket/impl=day", "ns/op"); m != 7 {
		t.Errorf("median %v, want 7", m)
	}
	var b strings.Builder
	past := write(&b, res)
	out := b.String()
	// The screen's 1.5× over 8 saves is past its line of 1×; the save
	// loop's figures over 1 save are not judged, whatever they are.
	if len(past) != 1 || !strings.Contains(past[0], "every place") {
		t.Errorf("past its line: %q, want the screen's alone", past)
	}
	for _, want := range []string{
		"| 7.00 ns | 70.0 ns | 0.100× |", // day / AllowN
		"| 1.23 s | 1.00 s | 1.23× |",    // scaled day / aim
		"| 8.00 MB | 80.0 MB | 0.100× |", // log bytes
		"Part 4 shared bucket: embedded Redis / the local check | | | not run |",
		"same run | 600 ms | 400 ms | 1.50× | the loop as the learner sees it; **✗ past its line ≤ 1.00×** |", // the screen's median / its floor
		"same run | 2000 ms | 300 ms | 6.67× | the full worker, built directly; line ≤ 4.00×, not judged: 1 saves |",
		"same run | 250 ms | 300 ms | 0.833× | the lean worker, built directly; line ≤ 1.00×, not judged: 1 saves |",
		"same run | 150 ms | 300 ms | 0.500× | aim ≤ 1×", // go / python
		"| WholeRun (n=1) | 1.36 s |  |  | 69539 ms first-go-ms, 150 ms go-ms, 0.500 go/python, 300 ms python-ms |",
		"| ScaledDay/driver=loop (n=1) | 1.23 s | 82.0 MB | 61 | 2.00M fixed-accepted, 8.00 MB log-bytes |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}
