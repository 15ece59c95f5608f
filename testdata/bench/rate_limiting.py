"""Day 45, Parts 1-3, as a plain Python script: a benchmark fixture.

The course runs its lab as `python3 rate_limiting.py`. That script is not
part of this repository, so this is an equivalent written for the lab's
benchmarks (BenchmarkWholeRun): the same experiments as the contract's
section 2 (shared/spec/day45.md), with the reference answers to the four
TODOs filled in, the standard library only, on a virtual clock (nothing
sleeps), printing the same figures. It is what `go run . run 45
--solutions` is measured against.
"""

import random

RATE, CAPACITY = 10.0, 20.0  # the token bucket of Parts 1 and 3


# The four TODOs, answered.

def take_token(tokens, capacity, rate, elapsed):
    tokens = min(capacity, tokens + elapsed * rate)
    if tokens >= 1.0:
        return tokens - 1.0, True
    return tokens, False


def window_id(now, window):
    return int(now // window)


def expired(stamp, now, window):
    return stamp <= now - window


def next_emit(now, next_free):
    return max(now, next_free)


# The limiters around them.

class TokenBucket:
    def __init__(self, capacity, rate):
        self.capacity, self.rate = capacity, rate
        self.tokens, self.last = capacity, 0.0  # starts full

    def allow(self, now):
        self.tokens, ok = take_token(self.tokens, self.capacity, self.rate, now - self.last)
        self.last = now
        return ok


class FixedWindow:
    def __init__(self, limit, window):
        self.limit, self.window = limit, window
        self.current, self.count = 0, 0

    def allow(self, now):
        wid = window_id(now, self.window)
        if wid != self.current:
            self.current, self.count = wid, 0
        if self.count >= self.limit:
            return False
        self.count += 1
        return True


class SlidingLog:
    def __init__(self, limit, window):
        self.limit, self.window = limit, window
        self.stamps = []

    def allow(self, now):
        while self.stamps and expired(self.stamps[0], now, self.window):
            self.stamps.pop(0)
        if len(self.stamps) >= self.limit:
            return False
        self.stamps.append(now)
        return True


class LeakyQueue:
    def __init__(self, rate, max_waiting):
        self.interval, self.max_waiting = 1.0 / rate, max_waiting
        self.next_free = 0.0
        self.waiting = []  # emit times still ahead

    def offer(self, now):
        while self.waiting and self.waiting[0] <= now:
            self.waiting.pop(0)
        if len(self.waiting) >= self.max_waiting:
            return None
        emit = next_emit(now, self.next_free)
        # Rounded to the nanosecond, as the lab's time.Duration is: summing
        # 0.1 in floats drifts across the per-second bins' edges.
        self.next_free = round(emit + self.interval, 9)
        self.waiting.append(emit)
        return emit


def most_in_trailing(stamps, window):
    best, lo = 0, 0
    for hi, t in enumerate(stamps):
        while stamps[lo] <= t - window:
            lo += 1
        best = max(best, hi - lo + 1)
    return best


def per_second(times, bins=20):
    out = [0] * bins
    for t in times:
        s = int(t)
        if 0 <= s < bins:
            out[s] += 1
    return out


def banner(title):
    print("=" * 70)
    print(title)
    print("=" * 70)


def part1():
    banner("Part 1: a token bucket, 10/s, capacity 20, starting full")
    b = TokenBucket(CAPACITY, RATE)
    ok = sum(b.allow(0.0) for _ in range(50))
    print("  50 requests in one instant: accepted %d, rejected %d" % (ok, 50 - ok))

    rng = random.Random(45)
    arrivals, t = [], rng.expovariate(30.0)
    while t < 60.0:
        arrivals.append(t)
        t += rng.expovariate(30.0)
    b = TokenBucket(CAPACITY, RATE)
    accepted = after_warm = 0
    for t in arrivals:
        if b.allow(t):
            accepted += 1
            if t >= 10.0:
                after_warm += 1
    print("  a minute at 30/s: %d offered, %d accepted" % (len(arrivals), accepted))
    print("    accept rate %.1f/s over the minute, %.1f/s after t = 10 s"
          % (accepted / 60.0, after_warm / 50.0))


def part2():
    banner("Part 2: 100 per 60 s, 100 requests each side of the boundary")
    stream = [59.0 + i / 100.0 for i in range(100)] + [60.0 + i / 100.0 for i in range(100)]
    for name, lim in (("fixed window", FixedWindow(100, 60.0)), ("sliding log", SlidingLog(100, 60.0))):
        kept = [t for t in stream if lim.allow(t)]
        print("  %-13s accepted %d, most in any trailing 60 s %d"
              % (name, len(kept), most_in_trailing(kept, 60.0)))


def part3():
    banner("Part 3: 5 bursts of 40 (t = 0, 3, 6, 9, 12 s), token vs leaky")
    bursty = [3.0 * k for k in range(5) for _ in range(40)]

    b = TokenBucket(CAPACITY, RATE)
    out = [t for t in bursty if b.allow(t)]
    bins = per_second(out)
    print("  token bucket per second: " + " ".join("%d:%d" % kv for kv in enumerate(bins)))
    print("    accepted %d, rejected %d, peak second %d" % (len(out), len(bursty) - len(out), max(bins)))

    q = LeakyQueue(10.0, 40)
    emits, worst = [], 0.0
    for t in bursty:
        e = q.offer(t)
        if e is not None:
            emits.append(e)
            worst = max(worst, e - t)
    bins = per_second(emits)
    rate = (len(emits) - 1) / (emits[-1] - emits[0])
    print("  leaky bucket per second: " + " ".join("%d:%d" % kv for kv in enumerate(bins)))
    print("    emitted %d, overflowed %d, worst wait %.1f s, rate from spacing %.1f/s"
          % (len(emits), len(bursty) - len(emits), worst, rate))


if __name__ == "__main__":
    part1()
    part2()
    part3()
