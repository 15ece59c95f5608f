package course

import "termlab/labs"

// The predictions, one or two before each part; the lesson gives what
// each needs to be worked out, and never the answer. Why is shown when a guess
// was off: it explains the actual, not the arithmetic of the guess.
var predictions = []labs.Prediction{
	{ID: "P1", Question: "Four quiet tenants (10/s each) share one FIFO queue of 100 in front of a server doing 100/s (10 ms each). Tenant A starts sending 200/s. What is the quiet tenants' p99 latency now, in ms?",
		Unit: "ms", Metric: "fifo_quiet_p99_ms", Part: "1",
		Why: "The queue is full from the first second, so every request that gets in waits behind about 100 others at 10 ms each: about a second, for p50 and p99 alike."},
	{ID: "P2", Question: "In the same run, what percentage of the quiet tenants' requests are refused at the full queue?",
		Unit: "%", Metric: "fifo_quiet_error_pct", Part: "1",
		Why: "About 240 requests a second arrive for 100 places a second, and a full FIFO refuses whoever comes next: 1 − 100/240 ≈ 58% of everyone's requests, quiet or not."},
	{ID: "P3", Question: "Each tenant now gets a token bucket of 20/s (bursts of 10) in front of the queue. What percentage of the time does the server sit idle while A is being refused?",
		Unit: "%", Metric: "quota_idle_pct", Part: "2",
		Why: "The quiet tenants use 40/s and A is held to its 20/s quota: 60 of 100 per second. The other 40% of the server idles while A's demand is refused at the door."},
	{ID: "P4", Question: "Capacity 100/s; A asks for 200/s and four quiet tenants for 10/s each. What is A's max-min fair share, in requests/s?",
		Unit: "/s", Metric: "fair_share_noisy", Part: "3", Needs: []int{1},
		Why: "Each quiet tenant asks for less than an equal split (20), so each is met in full; the 60 they leave all goes to the one tenant still asking."},
	{ID: "P5", Question: "A busier hour: A asks 200/s, the four others 30/s each. A buys weight 4, the others keep weight 1. What is A's weighted share, in requests/s?",
		Unit: "/s", Metric: "weighted_share_noisy", Part: "3", Needs: []int{1},
		Why: "Everyone asks for more than the level, so the level is per unit of weight: 100 ÷ (4 + 1 + 1 + 1 + 1) = 12.5, and A gets 4 × 12.5 = 50."},
	{ID: "P6", Question: "Part 1's traffic again, A at 200/s, now with a queue per tenant and deficit round robin. How many requests/s does A get served?",
		Unit: "/s", Metric: "drr_noisy_rate", Part: "4", Needs: []int{2},
		Why: "DRR is work-conserving: the quiet tenants take the 40/s they ask for, and every moment they leave goes to A, about 60/s. (This run counts 60.7: the quiet tenants' random arrivals came to 39.6/s this minute, and A's full queue of 20 drains for a fifth of a second after it.)"},
	{ID: "P7", Question: "Under DRR, what is the quiet tenants' median latency, in ms, from arrival to answer? (It was about a second through one FIFO.)",
		Unit: "ms", Metric: "drr_quiet_p50_ms", Part: "4", Needs: []int{2},
		Why: "A quiet request usually finds its queue empty. It waits for the rest of the request in service (5 ms on average), then for A's request when the ring reaches A first (about half the time: 10 ms), then its own 10 ms: about 20 ms. The p99, 87.4 ms, is more than twice the unloaded 40.2 ms: a request that arrives behind its own tenant's earlier one pays a whole round (A's 10 ms and its own) for each request ahead of it."},
	{ID: "P8", Question: "Two tenants, both always waiting: one sends 10 ms requests, the other 40 ms requests. What percentage of the server's time does the 40 ms tenant get under DRR (quantum 10 ms)?",
		Unit: "%", Metric: "drr_big_share_pct", Part: "4", Needs: []int{2},
		Why: "The credit is counted in work, not in requests. The quantum (10 ms) is smaller than a big request, so the big tenant's visits serve nothing three times in four while it saves up 40 ms of credit, and then serve one request: 40 ms per four rounds, against the small tenant's four 10 ms requests. Both get half the time. Plain round robin would give it four times the other's work: 80% against 20%."},
	{ID: "P9", Question: "8 workers, each tenant on a shuffle shard of 2. One tenant floods its two workers. What percentage of 5000 other tenants lose requests (each retries once within its shard)?",
		Unit: "%", Metric: "shuffle_hurt_pct", Part: "5", Needs: []int{3},
		Why: "A tenant with exactly the noisy tenant's pair has nowhere to retry: 1 in C(8, 2) = 28, 3.57%. A few more lose a request too, because the requests pushed off the flooded pair load the other workers to about 0.8 and a retry can find one full: over many draws of the shards the share averages about 3.8%, with a spread of about 0.3 points from one draw to the next. This run's figure is one such draw."},
	{ID: "P10", Question: "Of those 5000 tenants, what percentage share at least one worker with the noisy tenant?",
		Unit: "%", Metric: "shuffle_any_overlap_pct", Part: "5", Needs: []int{3, 4},
		Why: "A shard avoids both noisy workers with chance C(6, 2)/C(8, 2) = 15/28, so 13/28 ≈ 46% share one or both: overlap is common, being cut off is rare."},
	{ID: "P11", Question: "APF's field defaults: 64 queues, hands of 8. Eight elephant flows each fill every queue of their hands. Of 10,000 other flows, how many find all 8 of their queues taken?",
		Unit: "flows", Metric: "apf_stuck_8", Part: "6", Needs: []int{3, 4}, Count: true,
		Why: "Eight hands of 8 cover about 64 × (1 − (7/8)^8) ≈ 42 queues between them (they overlap). A flow is stuck when all 8 of its queues are among those: C(42, 8)/C(64, 8) ≈ 2.7%, about 270 of 10,000. One elephant alone would catch 1 in C(64, 8), about 4.4 billion: none."},
	{ID: "P12", Question: "Four servers each enforce A's whole fair share (Part 3's, over Part 1's load) on their own, and the balancer spreads A's 200/s evenly. How many requests/s of A does the fleet admit?",
		Unit: "/s", Metric: "fleet_local_rate", Part: "7", Needs: []int{1},
		Why: "Each server sees about 50/s of A, under the 60/s it enforces, so it refuses almost nothing: the fleet admits nearly all of A's traffic, over three times the share."},
	{ID: "P13", Question: "32 busy tenants always have 10 ms requests waiting; a quiet tenant sends a 0.7 ms request now and then, each finding its queue empty. Under virtual-time fair queuing, what is the quiet tenant's median delay (arrival to answer), in ms?",
		Unit: "ms", Metric: "vtfq_quiet_p50_ms_32", Part: "8", Needs: []int{2},
		Why: "Its stamp is R + 0.7 ms, and the busy tenants' heads are stamped up to 10 ms past R, one full request apart: it overtakes almost all of them and waits for the rest of the request in service (5 ms on average) and its own 0.7 ms, however many tenants are busy. Under DRR it waits for a whole round: 31 busy requests, over 300 ms."},
}
