package words

import "termlab/labs"

// The day's drills: numbers first, on paper, then checked here.
var drills = []labs.Drill{
	{ID: "D1", Kind: labs.DrillNumbers,
		Question: "Capacity 80. Four tenants ask for 10, 14, 40 and 45. What are the max-min fair shares of the tenants asking 40 and 45?",
		Fields: []labs.DrillField{
			{Label: "share of the tenant asking 40", Want: 28, Tolerance: 0.01},
			{Label: "share of the tenant asking 45", Want: 28, Tolerance: 0.01},
		},
		Model: "28 and 28. An equal split is 20: the tenant asking 10 is below it and is met in full, leaving 70 for three, about 23.3 each; the tenant asking 14 is below that and is met too, leaving 56 for the last two, 28 each, which both ask for more. The level stops at 28: 10 + 14 + 28 + 28 = 80."},
	{ID: "D2", Kind: labs.DrillNumbers,
		Question: "Deficit round robin, quantum 500 bytes. A tenant with credit 0 has packets of 200, 400 and 300 bytes waiting, head first. How many packets does its first visit send, and what credit does it keep? How many does the second visit send?",
		Fields: []labs.DrillField{
			{Label: "sent on the first visit", Unit: "packets", Want: 1},
			{Label: "credit kept after it", Unit: "bytes", Want: 300},
			{Label: "sent on the second visit", Unit: "packets", Want: 2},
		},
		Model: "First visit: credit 500, the 200 fits (300 left), the 400 does not: one packet, 300 kept. Second visit: 300 + 500 = 800, the 400 fits (400 left), the 300 fits (100 left), and the queue is empty, so the credit goes back to 0 rather than being banked."},
	{ID: "D3", Kind: labs.DrillNumbers,
		Question: "Shuffle sharding with 10 workers and shards of 3. How many different shards are there, and what is the chance (in %) that another tenant has exactly the noisy tenant's shard?",
		Fields: []labs.DrillField{
			{Label: "different shards", Want: 120},
			{Label: "chance of the same shard", Unit: "%", Want: 100.0 / 120, Tolerance: 0.02},
		},
		Model: "C(10, 3) = 10·9·8 / 3·2·1 = 120 shards, so 1/120 ≈ 0.83%. Fixed groups of 3 would give at most 3 groups, so a third of the tenants would share the noisy tenant's fate."},
	{ID: "D4", Kind: labs.DrillChoice,
		Question: "One tenant is far over its share. Which of these protects the quiet tenants AND lets the loud one use capacity the others leave idle?",
		Choices: []string{
			"one shared FIFO queue with a bigger bound",
			"a fixed token bucket per tenant at capacity ÷ tenants",
			"a queue per tenant served by deficit round robin",
			"refusing the loud tenant outright",
		},
		Correct: 2,
		Model:   "Deficit round robin. A bigger FIFO only makes everyone wait longer; a fixed quota protects the quiet tenants but leaves capacity idle (not work-conserving); refusing the tenant wastes even more. DRR serves each backlogged tenant in turn and gives the loud one every moment the others do not use."},
	{ID: "D5", Kind: labs.DrillSelf,
		Question: "In Kubernetes API Priority and Fairness, what are seats, queues and hand size, in today's terms? Why is a hand of 8 out of 64 better than one queue per priority level, and better than a hand of 1?",
		Model:    "Seats are the level's capacity: how many requests it runs at once (its nominal concurrency limit, which it can lend from or borrow beyond), a heavy request taking several. Queues are the level's queues, and they are not per flow: they are shared out by shuffle sharding, flows whose hands overlap share queues, and within a queue requests are served first come, first served; the queues themselves are served by virtual-time fair queuing with work in seat-seconds. Hand size is that shuffle sharding: each flow (its FlowSchema plus the user or namespace, per the schema's distinguisher) is dealt 8 of the 64 queues, and each request joins the one of them with the least work waiting. With one queue, one elephant delays every flow (Part 1). With a hand of 1, any flow hashed onto the elephant's queue is stuck with it, 1 in 64. With a hand of 8, a flow is stuck only if all 8 of its queues are taken, 1 in C(64, 8) for one elephant; a few elephants together cover more queues, so the hand must stay much smaller than the queues."},
	{ID: "D6", Kind: labs.DrillSelf,
		Question: "Your service runs on 20 servers, and each enforces per-tenant fair shares on its own traffic. What goes wrong for a tenant whose traffic is spread over all 20, and what are two ways to enforce one fair share across the fleet?",
		Model:    "Each server computes a share from what it sees, so a tenant spread over 20 servers can get up to 20 local shares: the fleet's fairness is only as good as the balancer's spread (Day 45's fleet problem again). Fix one: a shared counter or bucket per tenant in a central store, updated atomically on each request, exact but on the request path. Fix two: each server reports its per-tenant demand every second or so, a coordinator water-fills over the totals and pushes each server its local quotas: off the request path, a little stale."},
}
