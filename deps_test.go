package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The lab's own binary is what a learner's first `go run .` compiles while
// the terminal stays blank, so it must not carry the full worker's heavy
// dependencies: the embedded Redis and its Lua interpreter, the Redis client
// and the HTTP server belong to Parts 4 and 6, which only the full worker
// links (README, "How it is built"). Each row also names a program that must
// link the package, so a pattern that matches nothing (a renamed module, a
// typo) fails here instead of passing forever.
func TestLabBinaryLeavesHeavyDepsToTheWorker(t *testing.T) {
	deps := func(t *testing.T, pkg string) []string {
		t.Helper()
		// With the workers' tag: the full worker links a day's heavy
		// packages through its tagged link files (labs/kit).
		out, err := exec.Command("go", "list", "-deps", "-tags=termlab", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		return strings.Fields(string(out))
	}
	const full = "./labs/worker/cmd/termlab-worker-full"
	lab, worker := deps(t, "."), deps(t, full)
	for _, c := range []struct {
		name, prefix string
	}{
		{"embedded Redis", "github.com/alicebob/miniredis"},
		{"Lua interpreter", "github.com/yuin/gopher-lua"},
		{"Redis client", "github.com/redis/go-redis"},
		{"HTTP server", "net/http"},
	} {
		t.Run(c.name, func(t *testing.T) {
			match := func(pkgs []string) []string {
				var hits []string
				for _, p := range pkgs {
					if p == c.prefix || strings.HasPrefix(p, c.prefix+"/") {
						hits = append(hits, p)
					}
				}
				return hits
			}
			if len(match(worker)) == 0 {
				t.Fatalf("the full worker (%s) links no %s package: the pattern is stale", full, c.prefix)
			}
			if hits := match(lab); len(hits) > 0 {
				t.Errorf("the lab's binary links %v: keep it in the full worker (its Parts register from their own packages)", hits)
			}
		})
	}
}
