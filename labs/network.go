package labs

import (
	"fmt"
	"net"
	"os"
	"sort"
	"strings"
	"sync"
)

// Door is a part of a day that the lab can serve as a real server on this
// machine (`go run . serve N`): the full worker's Command serves it, on
// Addr unless told otherwise.
type Door struct {
	Addr    string // the loopback host:port served by default
	Command string // the full worker's command (RegisterCommand) that serves it
}

// Store is a real server a day's heavy parts can be pointed at instead of
// the embedded one they start (`--redis=URL`): the URL goes to the worker
// processes through the environment variable Env, after the full worker's
// Ping command has checked that it answers.
type Store struct {
	Env  string // the environment variable the heavy parts read the URL from
	Ping string // the full worker's command (RegisterCommand) that checks a URL
}

// Real reports whether the store is pointed at a real server in this
// process's environment (whose timings differ run to run, so a cache of
// figures must not keep them).
func (s *Store) Real() bool { return s != nil && os.Getenv(s.Env) != "" }

var (
	commandsMu sync.Mutex
	commands   = map[string]func(args []string) int{}
)

// RegisterCommand adds a command the full worker answers besides its tasks
// (a door's server, a store's ping): a day's heavy package registers its own
// from init, so the worker's main names no day. The function gets the whole
// argument list (its name first) and returns the exit code. A name
// registered twice is an author's mistake and panics as the program starts.
func RegisterCommand(name string, run func(args []string) int) {
	commandsMu.Lock()
	defer commandsMu.Unlock()
	if _, dup := commands[name]; dup {
		panic(fmt.Sprintf("labs: command %q registered twice", name))
	}
	commands[name] = run
}

// Command returns the registered command name, if any.
func Command(name string) (func(args []string) int, bool) {
	commandsMu.Lock()
	defer commandsMu.Unlock()
	run, ok := commands[name]
	return run, ok
}

// Commands lists the registered commands' names, sorted.
func Commands() []string {
	commandsMu.Lock()
	defer commandsMu.Unlock()
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// IsLoopback reports whether addr (host:port) names this machine only.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
