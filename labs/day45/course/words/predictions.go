package words

import "termlab/labs"

// Each prediction names the stretch of the run its answer covers (Span),
// and its "how to think about it" (Think) gives the steps to an estimate
// without taking the last one: no Think, question or lesson text holds the
// answer (predictions.Hindsight, run by the tests and by check).
var predictions = []labs.Prediction{
	{ID: "P1", Question: "A full token bucket (holds 20, refills 10/s) gets 50 requests in the same instant. How many get in?",
		Span: "in that one instant", Unit: "requests", Metric: "token_burst_accepted", Part: "1", Needs: []int{1}, Count: true,
		Think: "Ask what the bucket has to spend at that moment, and how much the tap can add while no time at all goes by.",
		Why:   "No time passes within an instant, so nothing refills: only the 20 tokens already in the bucket can be spent."},
	{ID: "P2", Question: "A fresh, full bucket (holds 20, refills 10/s) faces about 30 requests/s for a whole minute. How many does it accept per second, on average over the whole minute?",
		Span: "over the whole minute, t = 0–60 s", Unit: "/s", Metric: "token_sustained_rate", Part: "1", Needs: []int{1},
		Think: "Count the tokens that can be spent in the minute: the ones the bucket starts with, plus what the tap adds in 60 s. With three times as many requests as the tap delivers, hardly a token goes unspent. Divide by 60.",
		Why:   "At most the 20 saved plus 10 a second for 60 s can be spent, and three times the tap's rate keeps the bucket empty: 619 got in, 10.3 a second. After the opening burst alone it is the tap's 10/s."},
	{ID: "P3", Question: "A fixed window allows 100 per 60 s. A client sends 100 just before the boundary and 100 just after. How many get in?",
		Span: "across the two seconds around the boundary", Unit: "requests", Metric: "fixed_boundary_accepted", Part: "2", Needs: []int{2}, Count: true,
		Think: "The two hundreds fall in two different calendar minutes. What does the counter hold when the second hundred arrives?",
		Why:   "The counter resets when the clock crosses 60 s, so each side of the boundary finds a fresh allowance of 100: 200 in two seconds."},
	{ID: "P4", Question: "The same stream through a sliding window that counts the trailing 60 s. How many get in?",
		Span: "across the two seconds around the boundary", Unit: "requests", Metric: "sliding_boundary_accepted", Part: "2", Needs: []int{3}, Count: true,
		Think: "When the second hundred arrive, which requests lie in the 60 s that end at that moment?",
		Why:   "The second hundred still see the first hundred inside their trailing minute, so the limit is already used up: only the first 100 get in."},
	{ID: "P5", Question: "A leaky bucket draining 10/s gets bursty input. At what rate do requests leave it?",
		Span: "while its queue is busy, measured from the spacing of departures", Unit: "/s", Metric: "leaky_output_rate", Part: "3", Needs: []int{4},
		Think: "The queue lets one request go per slot, and the slots come at a fixed pace. Does a burst arriving change the pace of the slots?",
		Why:   "A queue draining at a fixed pace sends one request every 0.1 s whatever arrives: the input's shape never reaches the output."},
	{ID: "P6", Question: "The token bucket (holds 20, refills 10/s) gets the same bursty input. What is the most it lets out in any one second?",
		Span: "the busiest single second", Unit: "requests", Metric: "token_peak_output", Part: "3", Needs: []int{1}, Count: true,
		Think: "Bursts of 40 come three seconds apart. How full is the bucket when a burst lands, and does it hold anything back once a request is accepted?",
		Why:   "Between bursts the bucket refills to its cap, and a burst can spend all of it at once: the capacity, 20."},
	{ID: "P7", Question: "Four servers sit behind an even load balancer, and each lets one client through at 10 requests/s on its own. The client sends 60/s. How many per second get through?",
		Span: "the fleet's delivered rate from t = 3 s on, once the opening bursts are spent", Unit: "/s", Metric: "fleet_local_delivered_rate", Part: "4", Needs: []int{1},
		Think: "Each server sees a quarter of the client's traffic. Is that quarter above or below its own limit, and does any server know what the others let in?",
		Why:   "Each server enforces its 10/s alone and never hears what the others granted, so the fleet grants four times the promise: 40/s."},
	{ID: "P8", Question: "The same four servers now ask one shared bucket of 10/s in Redis before letting a request in. How many per second get through?",
		Span: "the fleet's delivered rate from t = 3 s on, once the opening burst is spent", Unit: "/s", Metric: "fleet_central_delivered_rate", Part: "4",
		Think: "How many buckets does the client have now, wherever the balancer sends it?",
		Why:   "The client has one bucket, wherever the balancer sends it, so the fleet grants exactly the 10/s promised; the price is a round trip to Redis on every request."},
	{ID: "P9", Question: "A sliding-window counter (1000 per minute) guesses the trailing minute from this minute's count plus a share of the last one's. Over the arrival patterns tried, how far off can the guess be, in % of the limit?",
		Span: "the worst moment of the next minute, over every pattern tried", Unit: "%", Metric: "counter_worst_error_pct", Part: "5", Needs: []int{2, 3},
		Think: "Take the worst pattern the lesson describes: all of last minute's requests in its final moment. A little into the new minute, how many of them does the exact log still count, and how many does the counter's share keep?",
		Why:   "The share assumes last minute's requests were spread evenly. If they all came in its final second, the counter soon believes almost none are left while nearly all still count: off by about 98% of the limit."},
	{ID: "P10", Question: "Two rude clients hit a door whose bucket gives each client 4 saved and 2 a second. A rude client asks again 25 ms after every 429, and 0.1 s after every success. How many requests do the two send in 10 s, together?",
		Span: "both rude clients, over the 10 s", Unit: "requests", Metric: "rude_requests", Part: "6", Needs: []int{1}, Count: true,
		Think: "First the successes: a client gets what its bucket starts with plus what the tap adds in 10 s, and each success costs it 0.1 s. The rest of its 10 s goes on refusals, one every 25 ms. Add the two up for one client, then double.",
		Why:   "Each rude client is served about 4 + 2 × 10 times (23 each: 2.3 s of pauses), and spends the other 7.7 s being refused every 25 ms, some 300 times: 661 requests from the two, 615 of them 429s. The polite two sent 57 for nearly as many successes."},
	{ID: "P11", Question: "100 clients each get 10 requests per 10 s window, windows aligned to the clock, and each comes back exactly when its window flips. What is the most requests the door sees in one second?",
		Span: "the busiest single second", Unit: "requests", Metric: "stampede_peak", Part: "7", Needs: []int{2}, Count: true,
		Think: "When does each client's window flip, and what does each client do in the moment after?",
		Why:   "Every window flips at the same instant and every client returns then and spends its 10 within the second: 100 × 10 = 1000, about nine times the 110 a second the door sees on average."},
	{ID: "P12", Question: "A meter (10/s, holds one) faces Part 3's input: 5 bursts of 40 requests, each burst in one instant. How many get in?",
		Span: "over all five bursts", Unit: "requests", Metric: "meter_accepted", Part: "8", Needs: []int{1}, Count: true,
		Think: "A meter is a bucket of one. Inside one burst no time passes; between bursts three seconds do. How many of each burst can it take?",
		Why:   "A burst arrives all at once and the meter holds a single token: the first request of each burst takes it and the rest come too soon. Five in all."},
}

// allowed is the reviewed exceptions to the hindsight check: figures that
// are a prediction's answer and also appear, before its guess, as
// something else. Most are settings the question itself gives, where the
// answer is whether the setting carries through.
var allowed = []labs.Allowed{
	{Prediction: "P1", Figure: "20", Reason: "the bucket's capacity, a setting the question gives; what it asks is whether anything refills within an instant"},
	{Prediction: "P3", Figure: "200", Reason: "the size of the stream (100 + 100, in the question); what it asks is whether the boundary lets all of it in"},
	{Prediction: "P4", Figure: "100", Reason: "the window's limit, a setting; what it asks is whether the sliding window holds the boundary stream to it"},
	{Prediction: "P5", Figure: "10", Reason: "the drain rate, a setting the question gives; what it asks is whether bursty input changes the output's pace"},
	{Prediction: "P6", Figure: "20", Reason: "the bucket's capacity, a setting; what it asks is how much of a burst the bucket passes at once"},
	{Prediction: "P8", Figure: "10", Reason: "the shared bucket's rate, a setting; what it asks is whether four servers multiply it as local buckets did"},
	{Prediction: "P7", Figure: "40", In: "lesson: Part 3", Reason: "Part 3's burst size and queue length, not a rate of Part 4"},
	{Prediction: "P7", Figure: "40", In: "P6 how to think", Reason: "Part 3's burst size"},
	{Prediction: "P7", Figure: "40", In: "P12 question", Reason: "Part 3's burst size"},
	{Prediction: "P11", Figure: "1000", In: "P9 question", Reason: "the sliding-window counter's limit per minute"},
	{Prediction: "P11", Figure: "1000", In: "drill D5", Reason: "D5's answer, ten servers times 100/s: a fleet's rate, not the stampede's peak"},
	{Prediction: "P12", Figure: "5", In: "TODO 4 screen", Reason: "a moment (5 s) in a worked case of NextEmit"},
	{Prediction: "P1", Figure: "20", In: "docs/ARCHITECTURE.md", Reason: "the bound on a cached go test ./... (20 s) in the tests' section, nothing about buckets"},
	{Prediction: "P6", Figure: "20", In: "docs/ARCHITECTURE.md", Reason: "the bound on a cached go test ./... (20 s) in the tests' section, nothing about buckets"},
	{Prediction: "P4", Figure: "100", In: "docs/STAFF.md", Reason: "a --max-score of 100 for a class, in the staff's guide, nothing about windows"},
	{Prediction: "P7", Figure: "40", In: "labs/day45/CONTRACT.md", Reason: "Part 3's burst size and queue length, and Part 8's nodelay burst, in the parts' settings: not a rate of Part 4"},
	{Prediction: "P11", Figure: "1000", In: "labs/day45/CONTRACT.md", Reason: "the sliding-window counter's limit per minute, Part 5's setting"},
	{Prediction: "P12", Figure: "5", In: "P12 question", Reason: "the number of bursts, a setting; what it asks is how many of each burst a meter takes"},
}
