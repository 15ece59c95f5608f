package worker

import (
	"os"
	"strings"
	"sync"
)

// Confinement is what a Runner with Confine set adds to every box, for
// code graded on someone else's behalf (grade-class): the worker starts
// with a cleaned environment (confinedEnv: nothing of the staff's shell
// but what the Go toolchain and the lab's own knobs need, HOME its own
// scratch folder), and, where the OS lets an unprivileged process make
// one, in a network namespace of its own (Linux: a user namespace mapping
// the same user, and a new network namespace with no interface up), so
// it can reach no address, not even this machine's loopback. Where the
// namespaces cannot be made (a kernel or container that forbids them), the
// box runs without, and NetworkNote says so once, for the grader to show.
// It is not a container: the worker still runs as the staff's user, and
// can read what that user can.

// keptEnv is the staff's environment a confined worker keeps, by name.
var keptEnv = []string{"PATH", "GOCACHE", "GOMODCACHE", "GOPATH", "GOFLAGS", "TMPDIR", "LANG", "GOGC", "GOMEMLIMIT"}

// confinedEnv is env (KEY=value) cut to keptEnv and the lab's own knobs
// (TERMLAB_…, but for a Redis URL), with HOME at home, the toolchain kept
// local and offline.
func confinedEnv(env []string, home string) []string {
	out := []string{"HOME=" + home, "GOTOOLCHAIN=local", "GOPROXY=off"}
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		switch {
		case k == "HOME" || k == "GOTOOLCHAIN" || k == "GOPROXY":
		case strings.Contains(k, "REDIS"):
			// A Redis URL can carry a password, and grading a TODO
			// never needs a Redis.
		case strings.HasPrefix(k, "TERMLAB_"), isKept(k):
			out = append(out, kv)
		}
	}
	return out
}

func isKept(k string) bool {
	for _, n := range keptEnv {
		if k == n {
			return true
		}
	}
	return false
}

// netState is whether a confined box gets a network namespace: tried
// until the OS refuses one, then never again in this process.
var netState struct {
	sync.Mutex
	failed bool
	why    string
}

// NetworkNote is "" while every confined box had no network (or none ran),
// else the one line saying the network could not be denied, and why.
func NetworkNote() string {
	netState.Lock()
	defer netState.Unlock()
	if !netState.failed {
		return ""
	}
	return "the network could not be denied to the graded code (" + netState.why + "): grade inside a container without a network for that (docs/STAFF.md)"
}

func netDenied() bool {
	netState.Lock()
	defer netState.Unlock()
	return !netState.failed
}

// netFailed records that the OS would not make a box's namespaces: why is
// the start's error, said with its cause where one shows (netReason).
func netFailed(why string) {
	netState.Lock()
	defer netState.Unlock()
	if !netState.failed {
		netState.failed, netState.why = true, netReason(why)
	}
}

// home is a confined worker's HOME: its scratch folder's own home/.
func confinedHome(scratch string) string {
	home := scratch + string(os.PathSeparator) + "home"
	os.Mkdir(home, 0o700)
	return home
}
