package words

import "termlab/labs"

// The day's drills: numbers first, on paper, then checked here.
var drills = []labs.Drill{
	{ID: "D1", Kind: labs.DrillNumbers,
		Question: "A token bucket refills 100 tokens per second, holds 500 and starts full. What is the biggest burst it passes in one instant, and what rate does a client that never stops get in the long run?",
		Fields: []labs.DrillField{
			{Label: "largest instant burst", Unit: "requests", Want: 500},
			{Label: "long-run rate", Unit: "/s", Want: 100},
		},
		Model: "500 at once: a full bucket is all there is to spend, and no time passes inside an instant. Then 100 per second: once the bucket is empty, every request waits for a token from the tap. Capacity sets the burst, the refill rate sets the pace, and you can tune one without the other."},
	{ID: "D2", Kind: labs.DrillNumbers,
		Question: "A fixed window allows 60 requests per 60-second window. Timed well, how many can a client get through within one 60-second stretch of wall-clock time?",
		Fields:   []labs.DrillField{{Label: "most in one 60 s stretch", Unit: "requests", Want: 120}},
		Model:    "120, twice the limit: 60 in the last moment of one window and 60 in the first moment of the next both fall inside one stretch of 60 seconds. The counter forgets at the boundary. A sliding window counts the 60 seconds that end now instead, so there is no boundary to stand on."},
	{ID: "D3", Kind: labs.DrillChoice, After: []string{"P5", "P6"},
		Question: "An old database falls over above 50 writes per second. What do you put in front of it?",
		Choices: []string{
			"a token bucket with capacity 500 and rate 50/s",
			"a leaky bucket (queue) draining at most 50 per second",
			"a fixed window of 3000 writes per minute",
			"no limiter: a bigger connection pool",
		},
		Correct: 1,
		Model:   "A leaky bucket draining at 50/s or less. It is the only one of these whose output can never exceed its drain rate, whatever arrives; the cost is queueing delay and, when the queue fills, dropped writes. A token bucket would let a saved-up burst of 500 hit the database at once, and a fixed window allows 3000 in a second right after the minute turns."},
	{ID: "D4", Kind: labs.DrillSelf,
		Question: "A client is over its limit. Why is a 429 with Retry-After better than dropping the request silently, and better than letting it through? What does a well-behaved client do with Retry-After? Why must the limiter decide before doing any expensive work?",
		Model:    "A silent drop looks like a slow server, so the client retries blindly, usually at once, adding load. Letting it through breaks the promise the limiter exists to keep. A 429 with Retry-After says exactly when to come back; a polite client waits that long, plus a little random jitter so clients refused together do not return together. And under a flood most requests are refused, so refusing must be the cheapest path: a limiter that authenticates or queries before saying no becomes the bottleneck it was meant to prevent."},
	{ID: "D5", Kind: labs.DrillNumbers, After: []string{"P7", "P8"},
		Question: "Ten servers behind a load balancer each run their own in-memory token bucket of 100 requests per second. Roughly what limit does one client really get?",
		Fields:   []labs.DrillField{{Label: "global limit", Unit: "/s", Want: 1000, Tolerance: 0.05}},
		Model:    "About 1000 per second, ten times the intent: the balancer spreads the client over ten buckets that know nothing of each other. The usual fix is one shared counter in a central store such as Redis, updated atomically with a Lua script. That store is now on every request's path: when it is slow or down you must choose to fail open (let traffic through, losing the limit) or fail closed (refuse it, losing availability)."},
}
