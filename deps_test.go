package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The lab's own binary is what a learner's first `go run .` compiles while
// the terminal stays blank, so it must carry only what the screens need:
//   - not the full worker's heavy dependencies: the embedded Redis and its
//     Lua interpreter, the Redis client and the HTTP server belong to Parts
//     4 and 6, which only the full worker links (README, "How it is
//     built");
//   - not the authors' and staff's tools: the generator, the autograders'
//     writers and the class grader, with go/parser, go/printer, encoding/xml
//     and the rest, are in the tools binary (tools.go), built when such a
//     command is first run;
//   - not go/scanner and go/token either: labs/gofunc finds a function's
//     bounds with a lexer of its own (labs/gofunc/lex.go says why);
//   - not package net, crypto/rand or math/big, which the lab used only for
//     a loopback check and a nonce (labs.SplitHostPort, worker's newNonce).
//
// Each row also names a program that must link the package, so a pattern
// that matches nothing (a renamed module, a typo) fails here instead of
// passing forever.
func TestLabBinaryLeavesHeavyDepsToTheWorker(t *testing.T) {
	deps := func(t *testing.T, tags, pkg string) []string {
		t.Helper()
		out, err := exec.Command("go", "list", "-deps", "-tags="+tags, pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps -tags=%s %s: %v\n%s", tags, pkg, err, out)
		}
		return strings.Fields(string(out))
	}
	// With the workers' tag: the full worker links a day's heavy packages
	// through its tagged link files (labs/kit). The lab's own binary is
	// listed with that tag too, so that no tagged file brings one in.
	const full = "./labs/worker/cmd/termlab-worker-full"
	lab := deps(t, "termlab", ".")
	worker := deps(t, "termlab", full)
	tools := deps(t, toolsTag, ".")
	for _, c := range []struct {
		name, pkg string
		tree      bool     // the package and every package under it
		in        []string // a program that links it
		inName    string
	}{
		{"embedded Redis", "github.com/alicebob/miniredis", true, worker, full},
		{"Lua interpreter", "github.com/yuin/gopher-lua", true, worker, full},
		{"Redis client", "github.com/redis/go-redis", true, worker, full},
		{"HTTP server", "net/http", true, worker, full},
		{"networking", "net", false, worker, full},
		{"TLS", "crypto/tls", true, worker, full},
		{"crypto/rand", "crypto/rand", false, worker, full},
		{"big numbers", "math/big", false, worker, full},
		{"Go parser", "go/parser", false, tools, "the tools binary"},
		{"Go's lexer", "go/scanner", false, tools, "the tools binary"},
		{"Go's token positions", "go/token", false, tools, "the tools binary"},
		{"Go syntax tree", "go/ast", false, tools, "the tools binary"},
		{"gofmt's printer", "go/printer", false, tools, "the tools binary"},
		{"gofmt", "go/format", false, tools, "the tools binary"},
		{"XML", "encoding/xml", false, tools, "the tools binary"},
		{"CSV", "encoding/csv", false, tools, "the tools binary"},
		{"the authors' generator", "termlab/labs/kit", false, tools, "the tools binary"},
		{"the autograders' writers", "termlab/labs/autograde", false, tools, "the tools binary"},
		{"the class grader", "termlab/labs/class", true, tools, "the tools binary"},
	} {
		t.Run(c.name, func(t *testing.T) {
			match := func(pkgs []string) []string {
				var hits []string
				for _, p := range pkgs {
					if p == c.pkg || c.tree && strings.HasPrefix(p, c.pkg+"/") {
						hits = append(hits, p)
					}
				}
				return hits
			}
			if len(match(c.in)) == 0 {
				t.Fatalf("%s links no %s: the row is stale", c.inName, c.pkg)
			}
			if hits := match(lab); len(hits) > 0 {
				t.Errorf("the lab's binary links %v: leave it to %s", hits, c.inName)
			}
		})
	}
}
