package course

import "termlab/labs"

// What the lab's own binary needs to know about Part 4's store and Part 6's
// door without linking them (they are in course/fleet and course/door,
// which only the full worker links).

// RedisEnv names the environment variable that points Part 4 at a real
// Redis ("redis://127.0.0.1:6379/0" or "127.0.0.1:6379"). Empty means the
// embedded one. Worker processes inherit it from the runner.
const RedisEnv = "TERMLAB_REDIS"

// ServeAddr is where `go run . serve 45` listens unless told otherwise.
const ServeAddr = "127.0.0.1:8045"

// ServeCommand is the full worker's subcommand that serves the door
// (door.ServeMain); PingCommand checks a Redis URL (fleet.PingMain).
const (
	ServeCommand = "_serve"
	PingCommand  = "_ping"
)

// IsLoopback reports whether addr (host:port) names this machine only.
func IsLoopback(addr string) bool { return labs.IsLoopback(addr) }

// FullWorker is the packages under this one that only the full worker
// links (the parts that need a Redis client or an HTTP server, and the
// commands that serve the door and ping a store): the generator (labs/kit)
// reads this list and writes their imports into the full worker's link
// file for this day.
var FullWorker = []string{"fleet", "door"}
