package course

import "termlab/labs"

// The predictions, one or two before each part. Why is shown when a guess
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
		Why: "The quiet tenants use 40/s and A is held to 20/s: 60 of 100 per second. The other 40% of the server idles, though A would gladly use it."},
	{ID: "P4", Question: "Capacity 100/s; A asks for 200/s and four quiet tenants for 10/s each. What is A's max-min fair share, in requests/s?",
		Unit: "/s", Metric: "fair_share_noisy", Part: "3", Needs: []int{1},
		Why: "Each quiet tenant asks for less than an equal split (20), so each is met in full; the 60 they leave all goes to the one tenant still asking."},
	{ID: "P5", Question: "A busier hour: A asks 200/s, the four others 30/s each. A buys weight 4, the others keep weight 1. What is A's weighted share, in requests/s?",
		Unit: "/s", Metric: "weighted_share_noisy", Part: "3", Needs: []int{1},
		Why: "Everyone asks for more than the level, so the level is per unit of weight: 100 ÷ (4 + 1 + 1 + 1 + 1) = 12.5, and A gets 4 × 12.5 = 50."},
	{ID: "P6", Question: "Part 1's traffic again, A at 200/s, now with a queue per tenant and deficit round robin. How many requests/s does A get served?",
		Unit: "/s", Metric: "drr_noisy_rate", Part: "4", Needs: []int{2},
		Why: "DRR is work-conserving: the quiet tenants take the 40/s they ask for, and every moment they leave goes to A, about 60/s."},
	{ID: "P7", Question: "Under DRR, what is the quiet tenants' p99 latency, in ms? (It was about a second through one FIFO.)",
		Unit: "ms", Metric: "drr_quiet_p99_ms", Part: "4", Needs: []int{2},
		Why: "A quiet request waits only for its own short queue and one request from each other busy tenant per round: tens of milliseconds, a little above the unloaded p99 because the server is never idle."},
	{ID: "P8", Question: "Two tenants, both always waiting: one sends 10 ms requests, the other 40 ms requests. What percentage of the server's time does the 40 ms tenant get under DRR (quantum 10 ms)?",
		Unit: "%", Metric: "drr_big_share_pct", Part: "4", Needs: []int{2},
		Why: "The credit is counted in work, not in requests: the big tenant saves up four visits for each 40 ms request, so both get half the time. Plain round robin would give it 80%."},
	{ID: "P9", Question: "8 workers, each tenant on a shuffle shard of 2. One tenant floods its two workers. What percentage of 5000 other tenants lose requests (each retries once within its shard)?",
		Unit: "%", Metric: "shuffle_hurt_pct", Part: "5", Needs: []int{3},
		Why: "Only a tenant with exactly the noisy tenant's pair has nowhere to retry: 1 in C(8, 2) = 28, about 3.6%; the measured share scatters around that."},
	{ID: "P10", Question: "Of those 5000 tenants, what percentage share at least one worker with the noisy tenant?",
		Unit: "%", Metric: "shuffle_any_overlap_pct", Part: "5", Needs: []int{3, 4},
		Why: "A shard avoids both noisy workers with chance C(6, 2)/C(8, 2) = 15/28, so 13/28 ≈ 46% share one or both: overlap is common, being cut off is rare."},
	{ID: "P11", Question: "Kubernetes APF defaults: 64 queues, hands of 8. One elephant flow fills every queue of its hand. Of 10,000 other flows, how many find all 8 of their queues taken?",
		Unit: "flows", Metric: "apf_stuck_1", Part: "6", Needs: []int{3, 4}, Count: true,
		Why: "Only a flow dealt exactly the elephant's hand is stuck: 1 in C(64, 8), about 4.4 billion. Among 10,000 flows, none."},
	{ID: "P12", Question: "A's fair share is 60/s of the fleet. Four servers each enforce 60/s for A on their own, and the balancer spreads A's 200/s evenly. How many requests/s of A does the fleet admit?",
		Unit: "/s", Metric: "fleet_local_rate", Part: "7", Needs: []int{1},
		Why: "Each server sees about 50/s of A, under the 60/s it enforces, so it refuses almost nothing: the fleet admits nearly all of A's traffic, over three times the share."},
}
