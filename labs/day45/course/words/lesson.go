package words

import "termlab/labs"

// The lesson, in short sections the lab shows before the learner predicts.
var lesson = []labs.Section{
	{Title: "The door in front of everything", Body: `A rate limiter sits before the expensive parts of a service (the database, the payment call, the model that bills per token) and answers one question per request: is this client still inside its allowance right now? Yes lets the request on; no is an immediate 429 Too Many Requests.

The no has to be cheap. During a flood, rejecting is what the limiter does most, so a limiter that looks things up or renders a page before refusing becomes the overloaded part itself. Decide first, work later.

Today you write the one decision at the heart of four limiters and measure how differently they behave on the same traffic. Everything runs on a virtual clock: a minute of traffic replays in microseconds and every run gives the same numbers.`},
	{Title: "Part 1 — the token bucket", Part: "1", Body: `Picture a bucket that holds at most C tokens and a tap that drips R tokens per second into it. Each request must take a whole token; when the bucket is empty the answer is no. Two knobs, two jobs: C is how big a burst a quiet client may fire at once, R is the pace nobody can beat for long.

The bucket here holds 20, refills at 10 per second, and starts full, as a client that has been quiet would find it. First 50 requests arrive in the same instant. Then a fresh bucket faces a minute of random traffic averaging 30 requests per second, three times what the tap delivers.

You write TakeToken (TODO 1): the bucket's answer to one request, after the tap has dripped for the time since it was last asked.`},
	{Title: "Part 2 — the fixed window and its seam", Part: "2", Body: `The limiter most people write first keeps one counter per calendar minute: 100 per minute, and the counter goes back to zero when the clock reaches the next minute. One integer of state, one comparison.

Its weak spot is the moment the minute turns: the counter forgets everything at once, however recent. Think about a client that knows where the boundary is and times its requests around it.

A sliding window counts the requests in the 60 seconds that end now, wherever now is. The log version keeps the time of every accepted request and forgets each one once it is a full window old. You write WindowID (TODO 2), the calendar page of the fixed window, and Expired (TODO 3), the test that forgets a stamp in the sliding log. The same 200 requests go through both.`},
	{Title: "Part 3 — one bursty input, two buckets", Part: "3", Body: `A token bucket forwards a request the moment it is accepted, and spends tokens it saved up while things were quiet.

A leaky bucket used as a queue does the opposite. Accepted requests wait in line and leave one at a time at a fixed pace, one slot after another. The price is waiting, and when the line is full, requests overflow and are dropped.

Both get 200 requests in five bursts of 40, three seconds apart. The token bucket holds 20 and refills 10/s; the leaky bucket lets one request out every 0.1 s and lets at most 40 wait. You write NextEmit (TODO 4): the moment an accepted request leaves. One that finds the line empty goes straight through; one that finds a line waits for its turn.

A note on exactness: the course's original measured time in float seconds, where adding 0.1 again and again drifts, so its per-second counts could wobble by one at the edges. Here time is a whole number of nanoseconds, 0.1 s steps add up exactly, and the bins do not wobble.`},
	{Title: "Part 4 — one promise, many servers", Part: "4", Body: `So far one process held the bucket. A real API runs on several identical servers behind a load balancer, and the simplest thing is to give each server its own in-memory limiter with the limit you promised: 10 requests per second for this client.

Each server keeps that promise perfectly. But the balancer spreads the client over all of them, and no server knows what the others let in. Ask what the client gets from the fleet as a whole, and what adding servers for capacity does to it.

The usual cure is one shared counter. Here it is a token bucket kept in Redis and changed only by a Lua script: Redis runs a script start to finish without interleaving anything, so two servers can never both spend the last token, and the script reads the time from Redis itself, because the servers' clocks disagree. The cure has two costs you will measure: a network round trip on every request, and a new way to fail. When the store is down, each server must choose: let traffic through unchecked (fail open) or refuse it all (fail closed).

A tempting shortcut is to divide the promise: 10/s over four servers is 2.5/s each. That never exceeds the promise, but it assumes traffic lands evenly. When most of a client's requests stick to one server, that server runs out while the others sit on allowance nobody can use.

By default the lab starts an embedded Redis (miniredis) so nothing needs installing; go run . run 45 --redis=redis://127.0.0.1:6379 runs the same script on a real server.`},
	{Title: "Part 5 — exact log or cheap counter", Part: "5", Body: `The sliding-window log of Part 2 is exact because it remembers the time of every request still inside the window. That is also its bill: memory grows with the limit, for every key you track. A limit of a hundred thousand per day means up to a hundred thousand stamps per user.

The sliding-window counter keeps two numbers instead: this window's count and the previous window's. To guess the trailing window it adds this window's count to a share of the previous one, the share that the trailing window still overlaps. Thirty seconds into a one-minute window, it counts half of last minute.

That share is only right if last minute's requests were spread evenly. If they came in a burst at its start, they are long gone but still half-counted; if they came at its very end, they all still count but the counter has mostly forgotten them. You will measure how far off the guess gets for several arrival patterns, and what a client that bunches its requests on purpose can get through.`},
	{Title: "Part 6 — saying no politely", Part: "6", Body: `A limiter's no is part of an agreement with the client. The status is 429 Too Many Requests, and the response says when to come back (Retry-After, in seconds) and how much allowance is left. Two families of headers carry that today: the X-RateLimit-Limit, -Remaining and -Reset trio many APIs send, and the RateLimit-Policy and RateLimit fields of an IETF draft that aims to standardise them.

The no must be cheap. The door here reads one header to know who is asking, makes one bucket decision, and only then does anything else. A refused request never reaches the handler and its body is never read.

The other half of the agreement belongs to the client. A polite client waits as long as Retry-After says, plus a little random jitter so that clients refused together do not return together. A rude one retries at once, in a loop. Here each client's bucket starts with 4 tokens and refills 2 a second; a client that is served asks again 0.1 s later, and a rude one that is refused asks again 25 ms later. Both run here against a real HTTP server on your own machine, driven by the lab's virtual clock, with your TakeToken in the door. Afterwards, try go run . serve 45 and a few quick curl -i calls.`},
	{Title: "Part 7 — the stampede at the flip", Part: "7", Body: `A fixed window has one more flaw besides its seam. When many clients are blocked, each is told the same thing: come back when the window resets. With windows aligned to the clock, that is the same instant for everybody.

So even clients that started at random moments end up in step: they all return at the flip, spend their allowance at once, and go quiet until the next flip. The door, and whatever sits behind it, sees a spike at every boundary and near silence in between, though the average load never changed.

Two ways out: shift each key's window edges by an offset of its own (jitter), so the flips are spread; or slide the window, so each client's allowance frees up on its own schedule.`},
	{Title: "Part 8 — meter or queue, throttle or shed", Part: "8", Body: `The leaky bucket comes in two forms. As a queue (Part 3) it accepts a burst and makes it wait, sending requests on at a steady pace. As a meter it holds one: a request that comes sooner than one interval after the last is simply refused. Same rate, very different treatment of the same burst.

nginx's limit_req module exposes both. A rate alone behaves like the meter; burst=N lets up to N excess requests wait their turn, which is the queue; adding nodelay admits the same requests but sends them on immediately, which makes it a token bucket in all but name.

Finally, two reasons to refuse. Throttling refuses by identity: this client is over its budget, however idle the backend. Load shedding refuses by pressure: the backend is swamped, whoever is asking. They protect different things, and a good door does both and tells the client which happened.`},
}
