package course

import "termlab/labs"

// The lesson, in short sections the lab shows before the learner predicts.
var lesson = []labs.Section{
	{Title: "Many tenants, one house", Body: `Yesterday's limiter stood at the door and asked one question per client: is this one inside its allowance? Inside the house the question changes. Many tenants (customers, teams, API keys) share the same servers, queues and database, and the trouble starts when one of them sends far more than its share. Nobody is over a limit, nothing is broken, and yet everyone else slows down. That is the noisy neighbour.

Today you measure how far one loud tenant drags the others down, then try the mechanisms real systems use against it: a fixed quota per tenant, a fair share computed by water-filling, fair queuing by deficit round robin, and shuffle sharding, which decides who can be hurt at all. Everything runs on a virtual clock, so a minute of traffic replays in a blink and every run gives the same numbers.`},
	{Title: "Part 1 — one queue for everyone", Part: "1", Body: `One server answers 100 requests a second, 10 ms each. In front of it waits a single first-come-first-served queue with room for 100. Five tenants share it. Four are quiet, 10 requests a second each; tenant A is quiet too at first, and then sends 200 a second, twice what the whole server can do.

A queue in front of a full server only grows, so it fills to the brim within a second and stays there. From then on every request, whoever sent it, waits behind a full queue, and every request that finds it full is turned away. A shared FIFO does not know who is loud: it hands the loud tenant's delay and refusals to everybody in proportion to what they send.

Predict how slow and how often refused the quiet tenants become. No TODO runs here: this is the problem the rest of the day solves.`},
	{Title: "Part 2 — a static quota per tenant", Part: "2", Body: `The first fix most teams reach for is a quota per tenant: Day 45's token bucket, one per tenant, each at an equal slice of the server (20 a second here, bursts of 10). A is refused at its quota, so it can no longer fill the queue, and the quiet tenants get their speed back.

Look at what it costs. The quiet tenants use 40 of the 100 a second, A is allowed 20, and the server spends the rest of its time doing nothing while A's requests are being refused. A scheme that can leave capacity idle while work is waiting is not work-conserving. Predict how much of the server sits idle.`},
	{Title: "Part 3 — max-min fair share", Part: "3", Body: `What should A get? The classic answer is max-min fairness, computed by water-filling. Pour the capacity in as a rising water level over all tenants: a tenant that asks for less than the level is simply satisfied and drops out, and what it leaves is shared equally among the rest. No tenant gets more than it asks; nobody's share can be raised without lowering the share of someone who has no more.

With Part 1's load, the four quiet tenants ask for 10 each, below an equal split of 20, so each gets its 10, and A gets all that is left: 60. In a busier hour, when everyone asks for more than 20, the level settles at an equal split. The weighted form gives each tenant a weight (a paying tier, a team's headcount) and lets the level rise per unit of weight: a tenant of weight 4 gets four times the level.

You write FairShare (TODO 1): the shares for a capacity and a list of demands, in the order given. The lab builds the weighted form out of yours.`},
	{Title: "Part 4 — fair queuing: deficit round robin", Part: "4", Body: `Fair shares are numbers; a scheduler has to make them happen request by request. Deficit round robin (Shreedhar and Varghese, 1995) keeps a queue per tenant and visits the non-empty ones in turn. Each visit adds a quantum of credit (here 10 ms of work) to that tenant's deficit and serves requests from the head of its queue while the head fits in the credit. A tenant whose queue empties keeps no credit, so idleness cannot be banked.

Two properties matter. It is work-conserving: the server only idles when every queue is empty, so the quiet tenants' leftover goes to A instead of to waste. And it is fair in work, not in requests: a tenant sending requests four times bigger waits four visits to afford one, so it cannot grab four times the server the way it can under plain round robin.

You write DRRVisit (TODO 2): one visit to one tenant's queue.`},
	{Title: "Part 5 — shuffle sharding", Part: "5", Body: `So far the tenants share one server. A fleet has many workers, and the question becomes who a noisy tenant can reach at all. Put everyone on every worker and a flood reaches every worker. Split the workers into fixed groups and a flood takes down its group and everyone in it.

Shuffle sharding gives each tenant its own random set of k workers out of n. With 8 workers and shards of 2 there are C(8, 2) = 28 different shards. A flood fills tenant 0's two workers; another tenant is cut off only if its shard is exactly the same pair, a 1 in 28 chance, because a tenant that shares one worker retries on the other and gets through. With bigger n and k the odds fall fast: C(100, 5) is 75 million. The AWS Builders' Library describes it; Kubernetes uses it to deal queues to flows.

You write ShardOf (TODO 3), a tenant's k distinct workers, the same every time for the same tenant, and Overlap (TODO 4), how many workers two shards share: the blast radius between them.`},
	{Title: "Part 6 — Kubernetes APF in these terms", Part: "6", Body: `The Kubernetes API server protects itself with API Priority and Fairness. Requests are sorted into priority levels; each level owns a number of seats, the requests it may run at once, its share of the server. Within a level, each flow (a user, say, in one namespace) is dealt a hand of queues out of the level's queues by shuffle sharding, by default a hand of 8 out of 64, and a request waits in the shortest queue of its flow's hand. Seats are given to the queues by fair queuing, and a request expected to cost more, such as a big list, occupies several seats at once, the way a big request costs more credit in DRR.

So an elephant flow spreads over the 8 queues of its hand and fills them, and it stays there. A mouse is stuck only when every queue of its hand belongs to an elephant. One elephant can do that to almost nobody; many elephants together cover many queues, and the chance climbs as C(covered, 8)/C(64, 8). Part 6 deals the hands with your ShardOf and counts with your Overlap.`},
	{Title: "Part 7 — one fair share across a fleet", Part: "7", Body: `Everything so far ran on one machine. A real service runs on many servers behind a balancer, and a tenant's fair share has to hold across all of them. Here A's share is 60 requests a second (your FairShare over Part 1's load), and four servers admit A's requests.

If each server enforces the whole 60 on its own, the fleet allows four times that, Day 45's fleet problem again. If each enforces a quarter, the share holds only while the balancer spreads A evenly: when most of A lands on one server, that server refuses while the others sit on allowance nobody uses. The cure is one counter per tenant that every server consults, in a shared store such as Redis, updated atomically; here it is simulated in process on the virtual clock. Large systems often do something cheaper: each server reports its per-tenant demand every second or so, a coordinator water-fills over the totals and sends back local quotas, off the request path and a second out of date.`},
}
