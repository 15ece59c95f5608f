package words

import "termlab/labs"

// The TODOs say what to compute and the hints lead there step by step; none
// of them writes the code (the reference stays behind v on the TODO screen).
var TODOs = []labs.TODO{
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
