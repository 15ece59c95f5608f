package fleet

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"termlab/labs/day45/course/parts"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"github.com/redis/go-redis/v9/logging"
)

// The shared store of Part 4: one token bucket per key, kept in Redis and
// changed only by a Lua script, so a whole fleet of servers spends from one
// allowance. By default the store is an embedded Redis (miniredis, on a
// loopback port of its own), so the lab needs nothing installed; with
// TERMLAB_REDIS set (the command line's --redis) it is a real server.

// RedisEnv names the environment variable that points the experiments at a
// real Redis (see parts.RedisEnv).
const RedisEnv = parts.RedisEnv

// bucketLua is the shared token bucket. It runs atomically inside Redis, so
// no two servers can read the same level and both spend the last token. It
// reads the time from Redis itself (TIME), never from the servers calling
// it, whose clocks disagree. Levels are kept as whole micro-tokens, so the
// arithmetic is exact in any Lua, and the level goes back as a decimal
// string: Redis would truncate a Lua number to an integer, and miniredis
// writes floats differently from Redis.
//
//	KEYS[1] the bucket; ARGV[1] capacity (tokens), ARGV[2] refill (tokens/s),
//	ARGV[3] how long an idle bucket is kept (ms).
//	Returns {1 or 0, tokens left as "12.345678", µs until a whole token,
//	the store's clock in µs}.
const bucketLua = `
if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local cap = math.floor(tonumber(ARGV[1]) * 1000000 + 0.5)
local rate = tonumber(ARGV[2])
local saved = redis.call('HMGET', KEYS[1], 'u', 't')
local u, last = tonumber(saved[1]), tonumber(saved[2])
if u == nil or last == nil then u, last = cap, now end
if now > last then u = math.min(cap, u + math.floor((now - last) * rate)) end
local ok = 0
if u >= 1000000 then u = u - 1000000; ok = 1 end
local wait = 0
if u < 1000000 then wait = math.ceil((1000000 - u) / rate) end
redis.call('HSET', KEYS[1], 'u', string.format('%d', u), 't', string.format('%d', now))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {ok, string.format('%d.%06d', math.floor(u / 1000000), u % 1000000), wait, now}
`

var bucketScript = redis.NewScript(bucketLua)

var quietOnce sync.Once

// epoch is where the embedded store's clock starts: virtual time zero of an
// experiment is this instant on the store's TIME.
var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// realSpeedup is how many times faster than the virtual clock an experiment
// runs against a real Redis, whose clock cannot be set: the script is told a
// refill rate that many times higher, and the store's times are divided back.
// Ten virtual seconds take 2 s. Faster would make the run hostage to the
// machine: a full bucket of 10 at 10/s covers a stall of 1 s of virtual
// time, which is 1/realSpeedup s of real time.
const realSpeedup = 5

// Store is a Redis holding shared buckets: embedded or real.
type Store struct {
	Name   string // how the report names it
	client *redis.Client
	mini   *miniredis.Miniredis // nil for a real server
	prefix string               // every key this Store writes starts with it
	dead   *redis.Client        // a client of an address nobody listens on
	// clock is the embedded store's time as sessions set it (zero: real
	// time); its bucket script runs in one Lua state (lua.go).
	clock time.Time
	lua   *luaRunner
}

// storeNow is the embedded store's TIME.
func (s *Store) storeNow() time.Time {
	if s.clock.IsZero() {
		return time.Now()
	}
	return s.clock
}

// OpenStore connects to the Redis at url, or starts an embedded one when url
// is empty. It pings before returning.
func OpenStore(url string) (*Store, error) {
	quietOnce.Do(logging.Disable) // failures come back as errors; the client's own log lines would only be noise
	s := &Store{prefix: "termlab:45:" + randomHex(6) + ":"}
	if url == "" {
		m, err := miniredis.Run()
		if err != nil {
			return nil, fmt.Errorf("cannot start the embedded Redis: %w", err)
		}
		s.mini, s.Name = m, "the embedded Redis (miniredis)"
		if s.lua, err = newLuaRunner(m, s.storeNow); err == nil {
			err = m.Server().Register(scriptCommand, s.lua.serve)
		}
		if err != nil {
			m.Close()
			return nil, fmt.Errorf("cannot load the bucket script into the embedded Redis: %w", err)
		}
		s.client = redis.NewClient(clientOptions(m.Addr()))
	} else {
		opt, err := parseRedisURL(url)
		if err != nil {
			return nil, err
		}
		s.Name = "Redis at " + opt.Addr
		s.client = redis.NewClient(opt)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := s.client.Ping(ctx).Err(); err != nil {
		s.Close()
		return nil, fmt.Errorf("cannot reach Redis at %s: %w", url, err)
	}
	return s, nil
}

// StoreFromEnv opens the store TERMLAB_REDIS names (embedded when unset).
func StoreFromEnv() (*Store, error) { return OpenStore(os.Getenv(RedisEnv)) }

// PingRedis checks that url points at a Redis that answers.
func PingRedis(url string) error {
	s, err := OpenStore(url)
	if err != nil {
		return err
	}
	s.Close()
	return nil
}

// PingMain is the full worker's `_ping URL`: exit 0 when the Redis at URL
// answers, else 1 with why on stderr. The lab's own binary asks this of the
// full worker for --redis, since it does not link a Redis client.
func PingMain(args []string, stderr io.Writer) int {
	if len(args) != 2 {
		fmt.Fprintf(stderr, "usage: %s URL\n", parts.PingCommand)
		return 2
	}
	if err := PingRedis(args[1]); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

func parseRedisURL(url string) (*redis.Options, error) {
	if !strings.Contains(url, "://") {
		url = "redis://" + url
	}
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("%q is not a Redis address (try redis://127.0.0.1:6379/0): %w", url, err)
	}
	o := clientOptions(opt.Addr)
	o.Network, o.Username, o.Password, o.DB, o.TLSConfig = opt.Network, opt.Username, opt.Password, opt.DB, opt.TLSConfig
	return o, nil
}

func clientOptions(addr string) *redis.Options {
	return &redis.Options{
		Addr:            addr,
		MaxRetries:      -1, // a failed check is reported, not hidden behind retries
		DialTimeout:     time.Second,
		ReadTimeout:     3 * time.Second, // the embedded store runs its Lua in Go, slowly under -race
		WriteTimeout:    3 * time.Second,
		PoolTimeout:     5 * time.Second,
		DialerRetries:   1, // nor behind repeated dials
		PoolSize:        8,
		DisableIdentity: true,
	}
}

// Embedded reports whether the store is the embedded one, whose clock the
// experiment sets.
func (s *Store) Embedded() bool { return s.mini != nil }

// Close drops the keys this Store wrote and disconnects (and stops the
// embedded server).
func (s *Store) Close() {
	if s.client != nil && s.mini == nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		iter := s.client.Scan(ctx, 0, s.prefix+"*", 100).Iterator()
		var keys []string
		for iter.Next(ctx) {
			keys = append(keys, iter.Val())
		}
		if len(keys) > 0 {
			s.client.Del(ctx, keys...)
		}
		cancel()
	}
	if s.client != nil {
		s.client.Close()
	}
	if s.dead != nil {
		s.dead.Close()
	}
	if s.mini != nil {
		s.mini.Close()
	}
	if s.lua != nil {
		s.lua.l.Close()
	}
}

// Decision is one answer of the shared bucket.
type Decision struct {
	OK      bool
	Left    string        // tokens left, as the script wrote them ("3.500000")
	Wait    time.Duration // until a whole token is back (0 when there is one)
	StoreAt int64         // the store's clock when it decided, µs since 1970
}

// Take asks the bucket named key for one token, right now on the store's clock.
func (s *Store) Take(ctx context.Context, key string, capacity, rate float64) (Decision, error) {
	return take(ctx, s.client, s.lua != nil, s.prefix+key, capacity, rate)
}

// take runs the bucket script on c: by EVALSHA on a real Redis, or by the
// embedded store's own command (embedded: see lua.go).
func take(ctx context.Context, c *redis.Client, embedded bool, key string, capacity, rate float64) (Decision, error) {
	if !(capacity >= 1 && rate > 0) {
		return Decision{}, fmt.Errorf("a shared bucket needs capacity ≥ 1 and a positive rate (got %g, %g)", capacity, rate)
	}
	idle := max(time.Second, time.Duration(capacity/rate*float64(time.Second))*2)
	args := []any{strconv.FormatFloat(capacity, 'f', -1, 64), strconv.FormatFloat(rate, 'f', -1, 64), idle.Milliseconds()}
	var res []any
	var err error
	if embedded {
		res, err = c.Do(ctx, append([]any{scriptCommand, 1, key}, args...)...).Slice()
	} else {
		res, err = bucketScript.Run(ctx, c, []string{key}, args...).Slice()
	}
	if err != nil {
		return Decision{}, err
	}
	if len(res) != 4 {
		return Decision{}, fmt.Errorf("the bucket script answered %v", res)
	}
	ok, _ := res[0].(int64)
	left, _ := res[1].(string)
	wait, _ := res[2].(int64)
	at, _ := res[3].(int64)
	return Decision{OK: ok == 1, Left: left, Wait: time.Duration(wait) * time.Microsecond, StoreAt: at}, nil
}

// Ping is one bare round trip to the store.
func (s *Store) Ping(ctx context.Context) error { return s.client.Ping(ctx).Err() }

// Version is the server's version ("7.0.15"), or "" if it does not say.
func (s *Store) Version(ctx context.Context) string {
	info, err := s.client.Info(ctx, "server").Result()
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "redis_version:"); ok {
			return v
		}
	}
	return ""
}

// session replays one experiment's checks against the store along the
// experiment's virtual clock. On the embedded store the virtual clock sets
// the store's own clock, so the run is exact and repeatable. A real server's
// clock cannot be set: there the session runs realSpeedup times faster than
// virtual time, in real time, and converts the store's times back.
type session struct {
	s       *Store
	key     string
	speedup float64
	start   time.Time // real time at virtual zero (real server)
	storeT0 int64     // the store's clock at virtual zero, µs
	down    bool      // the store is unreachable: checks go to a dead address
}

func (s *Store) session(name string) (*session, error) {
	ss := &session{s: s, key: s.prefix + name + ":" + randomHex(4), speedup: 1}
	if s.mini != nil {
		s.mini.SetTime(epoch)
		s.clock = epoch
		ss.storeT0 = epoch.UnixMicro()
		return ss, nil
	}
	ss.speedup = realSpeedup
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	t, err := s.client.Time(ctx).Result()
	if err != nil {
		return nil, err
	}
	ss.start, ss.storeT0 = time.Now(), t.UnixMicro()
	return ss, nil
}

// at moves the session to virtual time t: sets the embedded store's clock,
// or waits for the matching real instant.
func (ss *session) at(t time.Duration) {
	if ss.s.mini != nil {
		ss.s.mini.SetTime(epoch.Add(t))
		ss.s.clock = epoch.Add(t)
		return
	}
	if d := time.Until(ss.start.Add(time.Duration(float64(t) / ss.speedup))); d > 0 {
		time.Sleep(d)
	}
}

// take is one check of the shared bucket. The bucket's capacity and rate are
// in virtual terms; when is the store's own time of the decision, in virtual
// time.
func (ss *session) take(capacity, rate float64) (d Decision, when time.Duration, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, embedded := ss.s.client, ss.s.lua != nil
	if ss.down {
		if c, err = ss.s.deadClient(); err != nil {
			return Decision{}, 0, err
		}
		embedded = false
	}
	d, err = take(ctx, c, embedded, ss.key, capacity, rate*ss.speedup)
	if err != nil {
		return d, 0, err
	}
	d.Wait = time.Duration(float64(d.Wait) * ss.speedup)
	return d, time.Duration(float64(d.StoreAt-ss.storeT0)*ss.speedup) * time.Microsecond, nil
}

// deadClient is a client of a loopback port that was free a moment ago and
// is closed now: every check on it fails the way a store that is down fails.
func (s *Store) deadClient() (*redis.Client, error) {
	if s.dead != nil {
		return s.dead, nil
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := l.Addr().String()
	l.Close()
	o := clientOptions(addr)
	o.DialTimeout = 200 * time.Millisecond
	s.dead = redis.NewClient(o)
	return s.dead, nil
}

// isDown reports whether err is the kind a store that is down gives.
func isDown(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) || errors.Is(err, context.DeadlineExceeded)
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
