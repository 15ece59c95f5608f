package course

import (
	_ "embed"
	"fmt"
	"slices"
	"time"

	"termlab/labs"
)

// learner is the learner's four functions, set only in the worker program
// (UseLearner); the screens' own process never links the learner's code.
var learner *Funcs

//go:embed shipped/todo.go.txt
var shippedTODO string

// shippedNotDone is labs/day45/notdone.go, the lab's file beside the
// learner's: the marker the stubs panic with. It ships (and reset restores
// it) with todo.go.
//
//go:embed shipped/notdone.go.txt
var shippedNotDone string

// partLimit bounds one piece of an experiment; the reference takes
// microseconds, so a learner's piece that needs this long is stuck.
const partLimit = 2 * time.Second

// The TODOs say what to compute and the hints lead there step by step; none
// of them writes the code (the reference stays behind v on the TODO screen).
var todos = []labs.TODO{
	{Number: 1, Func: "TakeToken", Title: "token bucket: refill, cap, spend",
		Goal: "the bucket's level once the tap has run for elapsed (it never overflows), and whether that pays for one request",
		Hints: []string{
			"Bring the bucket up to date before you decide: judged on its old level, a request is refused tokens the tap has already dripped in.",
			"The tap drips ratePerSec tokens every second, and a Duration can tell you how many seconds it holds. Whatever would rise above the rim spills away.",
			"A request costs one whole token. If there is at least that much it pays and gets in; if not, nothing is taken and it is refused, but the refill still stands.",
		},
		Checked: "left must be within 1e-9 × max(1, capacity) of the reference, on elapsed from nanoseconds to days, fractional and large capacities and rates; within that of one whole token either ok is accepted if left goes with it, except a whole token with no time passed, which must say yes. Any correct order of arithmetic passes."},
	{Number: 2, Func: "WindowID", Title: "fixed window: which window is now in",
		Goal: "the number of the clock-aligned window now falls in, the one starting at zero being number 0",
		Hints: []string{
			"Draw the time line: window 0 is the first window-long stretch from zero, window 1 the next, and so on. Where does now land?",
			"Count the whole windows that have gone by between zero and now; the one in progress is not finished, so it does not add one.",
			"Go divides one Duration by another. Check what you get for a moment exactly on a boundary, and what type the function must return.",
		},
		Checked: "exact: the same window number as the reference, for windows from 1 µs to a day and clocks up to a century of nanoseconds, boundaries included."},
	{Number: 3, Func: "Expired", Title: "sliding window: has a stamp aged out",
		Goal: "whether a request stamped at stamp has left the trailing window, window long, that ends at now",
		Hints: []string{
			"Find where the trailing window begins: it reaches back one window from now.",
			"A stamp on the far side of that beginning no longer counts; one after it still does.",
			"Decide the edge: is a request exactly one window old still in? The lesson says the log forgets a stamp once it is a full window old.",
		},
		Checked: "exact: the same answer as the reference, for windows from 1 µs to a day and clocks up to a century, with stamps exactly one window old and a nanosecond either side."},
	{Number: 4, Func: "NextEmit", Title: "leaky bucket: when does a request leave",
		Goal: "the moment a request accepted at now leaves the queue, given nextEmit, the queue's earliest free slot",
		Hints: []string{
			"Two things can hold a request back: it cannot leave before it arrives, and it cannot leave before the queue has a slot free for it.",
			"When the queue has been idle, its free slot is already in the past; when it is busy, the slot lies ahead.",
			"Work two cases on the time line: at now = 5 s, an idle queue with nextEmit = 3 s and a busy one with nextEmit = 7 s. When does each request go? (Spacing the slot after it is the caller's job.)",
		},
		Checked: "exact: the same moment as the reference, to the nanosecond, for clocks up to a century, idle queues and busy ones."},
}

var predictions = []labs.Prediction{
	{ID: "P1", Question: "A full token bucket (holds 20, refills 10/s) gets 50 requests in the same instant. How many get in?",
		Unit: "requests", Metric: "token_burst_accepted", Part: "1", Needs: []int{1}, Count: true,
		Why: "No time passes within an instant, so nothing refills: only the 20 tokens already in the bucket can be spent."},
	{ID: "P2", Question: "The same bucket faces about 30 requests/s for a whole minute. What accept rate does it settle to?",
		Unit: "/s", Metric: "token_sustained_rate", Part: "1", Needs: []int{1},
		Why: "Once the first 20 are spent, each request waits for a token to drip in at 10/s; the opening burst adds only 20 over the minute, so about 10.3/s."},
	{ID: "P3", Question: "A fixed window allows 100 per 60 s. A client sends 100 just before the boundary and 100 just after. How many get in?",
		Unit: "requests", Metric: "fixed_boundary_accepted", Part: "2", Needs: []int{2}, Count: true,
		Why: "The counter resets when the clock crosses 60 s, so each side of the boundary finds a fresh allowance of 100: 200 in two seconds."},
	{ID: "P4", Question: "The same stream through a sliding window that counts the trailing 60 s. How many get in?",
		Unit: "requests", Metric: "sliding_boundary_accepted", Part: "2", Needs: []int{3}, Count: true,
		Why: "The second hundred still see the first hundred inside their trailing minute, so the limit is already used up."},
	{ID: "P5", Question: "A leaky bucket draining 10/s gets bursty input. At what rate do requests leave it?",
		Unit: "/s", Metric: "leaky_output_rate", Part: "3", Needs: []int{4},
		Why: "A queue draining at a fixed pace sends one request every 0.1 s whatever arrives: the input's shape never reaches the output."},
	{ID: "P6", Question: "The token bucket (holds 20, refills 10/s) gets the same bursty input. What is the most it lets out in any one second?",
		Unit: "requests", Metric: "token_peak_output", Part: "3", Needs: []int{1}, Count: true,
		Why: "Between bursts the bucket refills to its cap, and a burst can spend all of it at once: the capacity, 20."},
	{ID: "P7", Question: "Four servers sit behind an even load balancer, and each lets one client through at 10 requests/s on its own. The client sends 60/s. How many per second get through?",
		Unit: "/s", Metric: "fleet_local_delivered_rate", Part: "4", Needs: []int{1},
		Why: "Each server enforces its 10/s alone and never hears what the others granted, so the fleet grants four times the promise: 40/s."},
	{ID: "P8", Question: "The same four servers now ask one shared bucket of 10/s in Redis before letting a request in. How many per second get through?",
		Unit: "/s", Metric: "fleet_central_delivered_rate", Part: "4",
		Why: "The client has one bucket, wherever the balancer sends it, so the fleet grants exactly the 10/s promised; the price is a round trip to Redis on every request."},
	{ID: "P9", Question: "A sliding-window counter (1000 per minute) guesses the trailing minute from this minute's count plus a share of the last one's. Over the arrival patterns tried, how far off can the guess be, in % of the limit?",
		Unit: "%", Metric: "counter_worst_error_pct", Part: "5", Needs: []int{2, 3},
		Why: "The share assumes last minute's requests were spread evenly. If they all came in its final second, the counter soon believes almost none are left while nearly all still count: off by about 98% of the limit."},
	{ID: "P10", Question: "Polite clients wait as Retry-After says; rude ones retry every 25 ms. Both end up served about equally often. How many times as many requests do the rude ones send?",
		Unit: "times", Metric: "rude_polite_request_ratio", Part: "6", Needs: []int{1},
		Why: "The bucket refills at its own pace whatever the client does, so hammering buys no more than the refill: every extra request is a 429, a dozen or so per success."},
	{ID: "P11", Question: "100 clients each get 10 requests per 10 s window, windows aligned to the clock, and each comes back exactly when its window flips. What is the most requests the door sees in one second?",
		Unit: "requests", Metric: "stampede_peak", Part: "7", Needs: []int{2}, Count: true,
		Why: "Every window flips at the same instant and every client returns then and spends its 10 within the second: 100 × 10 = 1000, about nine times the average."},
	{ID: "P12", Question: "A meter (10/s, holds one) faces Part 3's input: 5 bursts of 40 requests, each burst in one instant. How many get in?",
		Unit: "requests", Metric: "meter_accepted", Part: "8", Needs: []int{1}, Count: true,
		Why: "A burst arrives all at once and the meter holds a single token: the first request of each burst takes it and the rest come too soon. Five in all."},
}

// New returns Day 45, graded against ref (the reference solutions).
func New(ref Funcs) labs.Day {
	impl := func(which labs.Impl) (Funcs, bool) {
		if which == labs.Reference {
			return ref, true
		}
		if learner == nil {
			return Funcs{}, false
		}
		return *learner, true
	}
	return labs.Day{
		Number:      45,
		Title:       "Rate limiting",
		Summary:     "token bucket, the fixed-window trap, sliding window, leaky bucket",
		LearnerDir:  learnerDir,
		Shipped:     map[string]string{"todo.go": shippedTODO, "notdone.go": shippedNotDone},
		Lesson:      lesson,
		TODOs:       todos,
		Parts:       parts(),
		Predictions: predictions,
		Drills:      drills,
		Carry:       carry,
		Deliverable: "How many did the fixed window let through at the boundary against the sliding window, and would you put a token bucket or a leaky bucket in front of a database that falls over above 50 writes per second? Why?",
		RunPart: func(which labs.Impl, id string) labs.PartResult {
			f, ok := impl(which)
			if !ok {
				return unlinkedPart(id, "")
			}
			return runPart(id, f, partLimit)
		},
		GradeTODO: func(which labs.Impl, n int) labs.Grade {
			f, ok := impl(which)
			if !ok || n < 1 || n > len(todos) {
				return labs.Grade{TODO: n, Status: labs.Unfinished, Detail: "the learner's code is not linked into this process"}
			}
			return gradeTODO(n, f, ref)
		},
	}
}

func parts() []labs.Part {
	var out []labs.Part
	for _, info := range partInfos {
		p := labs.Part{ID: info.id, Title: info.title, Heavy: info.heavy, Uses: slices.Clone(info.uses)}
		for _, pc := range pieces {
			if pc.part == info.id {
				for _, u := range pc.uses {
					if !slices.Contains(p.Uses, u) {
						p.Uses = append(p.Uses, u)
					}
				}
			}
		}
		out = append(out, p)
	}
	return out
}

func unlinkedPart(id, title string) labs.PartResult {
	return labs.PartResult{ID: id, Title: title, Status: labs.Unfinished, Detail: labs.NotLinked}
}

// carry is the number to carry out of the day.
func carry(m labs.Metrics) string {
	fixed, okF := m["fixed_boundary_accepted"]
	sliding, okS := m["sliding_boundary_accepted"]
	switch {
	case okF && okS:
		return fmt.Sprintf("Across one boundary the fixed window let %.0f through a limit of %d (%.1f×); the sliding window held the same stream to %.0f.",
			fixed, windowLimit, fixed/windowLimit, sliding)
	case okF:
		return fmt.Sprintf("The fixed window let %.0f through a limit of %d at the boundary; finish TODO 3 to see what the sliding window holds it to.", fixed, windowLimit)
	default:
		return "Finish TODOs 2 and 3 to measure the fixed window's boundary against the sliding window's."
	}
}
