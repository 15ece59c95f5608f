package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The lab's own binary is what a learner's first `go run .` compiles while
// the terminal stays blank, so it must carry only what the screens need:
//   - not the full worker's heavy dependencies: the embedded Redis and its
//     Lua interpreter, the Redis client and the HTTP server belong to Parts
//     4 and 6, which only the full worker links (docs/ARCHITECTURE.md,
//     "Three kinds of program");
//   - not the authors' and staff's tools: the generator, the autograders'
//     writers and the class grader, with go/parser, go/printer, encoding/xml
//     and the rest, are in the tools binary (./cmd/termlab-tools, which
//     cli/tools.go builds when such a command is first run);
//   - not go/scanner and go/token either: labs/gofunc finds a function's
//     bounds with a lexer of its own (labs/gofunc/lex.go says why);
//   - not package net, crypto/rand or math/big, which the lab used only for
//     a loopback check and a nonce (labs.SplitHostPort, worker's newNonce);
//   - no crypto at all: crypto/sha256 alone brings the FIPS 140 module.
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
	// through its tagged link files (author/kit). The lab's own binary is
	// listed with that tag too, so that no tagged file brings one in.
	const full = "./runner/worker/cmd/termlab-worker-full"
	lab := deps(t, "termlab", ".")
	worker := deps(t, "termlab", full)
	// Nor a learner's package: the full worker is built once per version
	// of the course and a save never relinks it; a lean worker answers the
	// learner's calls (runner/worker/calls.go).
	for _, p := range worker {
		if day, ok := strings.CutPrefix(p, "termlab/labs/day"); ok && !strings.Contains(day, "/") {
			t.Errorf("the full worker links the learner's package %s", p)
		}
	}
	tools := deps(t, "", "./cmd/termlab-tools")
	const textarea = "github.com/charmbracelet/bubbles/textarea"
	textareaDeps := deps(t, "termlab", textarea)
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
		// crypto/sha256 brings the FIPS 140 module (crypto/internal/
		// fips140/...): the lab's own hashes are FNV (runner/worker,
		// record/history) and its free-text box is tui/components/editor, not
		// bubbles' textarea, which hashes with SHA-256.
		{"SHA-256", "crypto/sha256", false, worker, full},
		{"the FIPS 140 module", "crypto/internal/fips140", true, worker, full},
		{"any crypto", "crypto", true, worker, full},
		{"bubbles' textarea", textarea, true, textareaDeps, "bubbles (the drill's box is tui/components/editor)"},
		{"the tools' commands", "termlab/cli/tools", false, tools, "the tools binary"},
		{"Go parser", "go/parser", false, tools, "the tools binary"},
		{"Go's lexer", "go/scanner", false, tools, "the tools binary"},
		{"Go's token positions", "go/token", false, tools, "the tools binary"},
		{"Go syntax tree", "go/ast", false, tools, "the tools binary"},
		{"gofmt's printer", "go/printer", false, tools, "the tools binary"},
		{"gofmt", "go/format", false, tools, "the tools binary"},
		{"XML", "encoding/xml", false, tools, "the tools binary"},
		{"CSV", "encoding/csv", false, tools, "the tools binary"},
		{"the authors' generator", "termlab/author/kit", false, tools, "the tools binary"},
		{"the autograders' writers", "termlab/staff/autograde", false, tools, "the tools binary"},
		{"the class grader", "termlab/staff/class", true, tools, "the tools binary"},
		// A day's machinery: the screens read the days' words
		// (labs/registry); the workers play and grade them.
		{"the whole days' registry", "termlab/labs/registry/full", false, tools, "the tools binary"},
		{"the reference solutions", "termlab/solutions", true, tools, "the tools binary"},
		{"Day 45 whole", "termlab/labs/day45/course", false, tools, "the tools binary"},
		{"Day 45's limiters", "termlab/labs/day45/course/limit", false, tools, "the tools binary"},
		{"Day 45's parts", "termlab/labs/day45/course/parts", false, tools, "the tools binary"},
		{"Day 45's grader", "termlab/labs/day45/course/grade", false, tools, "the tools binary"},
		{"Day 45's playground", "termlab/labs/day45/course/play", false, tools, "the tools binary"},
		{"Day 45's fleet", "termlab/labs/day45/course/fleet", false, worker, full},
		{"Day 45's door", "termlab/labs/day45/course/door", false, worker, full},
		{"Day 46 whole", "termlab/labs/day46/course", false, tools, "the tools binary"},
		{"Day 46's model", "termlab/labs/day46/course/fair", false, tools, "the tools binary"},
		{"Day 46's parts", "termlab/labs/day46/course/parts", false, tools, "the tools binary"},
		{"Day 46's grader", "termlab/labs/day46/course/grade", false, tools, "the tools binary"},
		{"Day 46's playground", "termlab/labs/day46/course/play", false, tools, "the tools binary"},
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

// Of a day's packages the lab's own binary links its words and its shipped
// stubs alone (course/words, course/shipped: labs/registry): every other
// package of every day's course, a new day's included, is machinery that
// only the workers (and the tools binary) link.
func TestLabBinaryLinksOnlyTheDaysWords(t *testing.T) {
	list := func(t *testing.T, args ...string) []string {
		t.Helper()
		out, err := exec.Command("go", append([]string{"list"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("go list %v: %v\n%s", args, err, out)
		}
		return strings.Fields(string(out))
	}
	lab := list(t, "-deps", "-tags=termlab", ".")
	var words, machinery []string
	for _, p := range list(t, "./labs/...") {
		rest, ok := strings.CutPrefix(p, "termlab/labs/day")
		if _, sub, _ := strings.Cut(rest, "/"); !ok || sub != "course" && !strings.HasPrefix(sub, "course/") {
			continue
		}
		if strings.HasSuffix(p, "/course/words") || strings.HasSuffix(p, "/course/shipped") {
			words = append(words, p)
		} else {
			machinery = append(machinery, p)
		}
	}
	if len(words) == 0 || len(machinery) == 0 {
		t.Fatalf("no day's words (%v) or machinery (%v) under ./labs: the test is stale", words, machinery)
	}
	for _, p := range words {
		if !slices.Contains(lab, p) {
			t.Errorf("the lab's binary does not link %s: the screens read each day's words from labs/registry", p)
		}
	}
	for _, p := range machinery {
		if slices.Contains(lab, p) {
			t.Errorf("the lab's binary links %s: it reads the days' words only (labs/registry); the workers run the rest", p)
		}
	}
}
