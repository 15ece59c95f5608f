package labs

import (
	"errors"
	"fmt"
	"net/netip"
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
// It is written on net/netip, not net: the lab's own binary calls it
// (serve's --addr), and package net, with its resolver and cgo, would cost
// the learner's first build more than the rest of this package does.
func IsLoopback(addr string) bool {
	host, _, err := SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	// net.ParseIP takes no zone ("::1%lo"): neither does this.
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Zone() == "" && ip.IsLoopback()
}

// SplitHostPort splits "host:port", "[host]:port" or "[host%zone]:port"
// into host and port as net.SplitHostPort does (network_test.go holds the
// two side by side), without package net.
func SplitHostPort(hostport string) (host, port string, err error) {
	fail := func(why string) (string, string, error) {
		if hostport == "" {
			return "", "", errors.New(why)
		}
		return "", "", fmt.Errorf("address %s: %s", hostport, why)
	}
	i := strings.LastIndexByte(hostport, ':')
	if i < 0 {
		return fail("missing port in address")
	}
	j, k := 0, 0
	if hostport[0] == '[' {
		end := strings.IndexByte(hostport, ']')
		switch {
		case end < 0:
			return fail("missing ']' in address")
		case end+1 == len(hostport):
			return fail("missing port in address")
		case end+1 != i:
			if hostport[end+1] == ':' {
				return fail("too many colons in address")
			}
			return fail("missing port in address")
		}
		host = hostport[1:end]
		j, k = 1, end+1
	} else {
		host = hostport[:i]
		if strings.IndexByte(host, ':') >= 0 {
			return fail("too many colons in address")
		}
	}
	if strings.IndexByte(hostport[j:], '[') >= 0 {
		return fail("unexpected '[' in address")
	}
	if strings.IndexByte(hostport[k:], ']') >= 0 {
		return fail("unexpected ']' in address")
	}
	return host, hostport[i+1:], nil
}
