package worker

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A go build -x of a worker after a save, cut down: the learner's package,
// a package of the module compiled anew beside it (its output then comes
// from the build cache), the main package and the link.
const xOutput = `WORK=/tmp/go-build123
mkdir -p $WORK/b058/
cat >/tmp/go-build123/b058/importcfg << 'EOF' # internal
# import config
packagefile time=/cache/aa-d
EOF
cd /lab
/go/pkg/tool/linux_amd64/compile -o $WORK/b058/_pkg_.a -trimpath "$WORK/b058=>" -p termlab/labs/day45 -lang=go1.26 -complete -buildid x/x -goversion go1.26.8 -c=2 -nolocalimports -importcfg $WORK/b058/importcfg -pack ./labs/day45/notdone.go ./labs/day45/todo.go
go tool buildid -w $WORK/b058/_pkg_.a # internal
cp $WORK/b058/_pkg_.a /cache/58-d # internal
mkdir -p $WORK/b076/
cat >/tmp/go-build123/b076/importcfg << 'EOF' # internal
# import config
packagefile fmt=/cache/bb-d
EOF
cat >/tmp/go-build123/b076/embedcfg << 'EOF' # internal
{"Files": {}}EOF
/go/pkg/tool/linux_amd64/compile -o $WORK/b076/_pkg_.a -trimpath "$WORK/b076=>" -p termlab/labs/day45/course -embedcfg $WORK/b076/embedcfg -importcfg $WORK/b076/importcfg -pack ./labs/day45/course/day.go
cp $WORK/b076/_pkg_.a /cache/76-d # internal
mkdir -p $WORK/b001/
cat >/tmp/go-build123/b001/importcfg << 'EOF' # internal
# import config
packagefile termlab/labs/day45=$WORK/b058/_pkg_.a
packagefile termlab/labs/day45/course=$WORK/b076/_pkg_.a
EOF
/go/pkg/tool/linux_amd64/compile -o $WORK/b001/_pkg_.a -trimpath "$WORK/b001=>" -p main -importcfg $WORK/b001/importcfg -pack ./runner/worker/cmd/termlab-worker/link45.go ./runner/worker/cmd/termlab-worker/main.go
cat >/tmp/go-build123/b001/importcfg.link << 'EOF' # internal
packagefile termlab/runner/worker/cmd/termlab-worker=$WORK/b001/_pkg_.a
packagefile termlab/labs/day45=$WORK/b058/_pkg_.a
packagefile termlab/labs/day45/course=$WORK/b076/_pkg_.a
packagefile fmt=/cache/bb-d
modinfo "0w\xaf\f\x92t\b\x02A\xe1\xc1\a\xe6\xd6\x18\xe6path\ttermlab"
EOF
mkdir -p $WORK/b001/exe/
cd .
GOROOT='/go' /go/pkg/tool/linux_amd64/link -o $WORK/b001/exe/a.out -importcfg $WORK/b001/importcfg.link -buildmode=exe -buildid=a/b/c/d -s -w -extld=gcc $WORK/b001/_pkg_.a
go tool buildid -w $WORK/b001/exe/a.out # internal
mkdir -p /bin/
mv $WORK/b001/exe/a.out /bin/worker
rm -rf $WORK/b001/
`

func TestParsePlan(t *testing.T) {
	p, err := parsePlan(xOutput, "termlab/labs/day45")
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, s := range p.Steps {
		pkgs = append(pkgs, s.Pkg)
	}
	if strings.Join(pkgs, ",") != "termlab/labs/day45,main," {
		t.Fatalf("steps %q, want the learner's compile, main's and the link", pkgs)
	}
	learner, main, link := p.Steps[0], p.Steps[1], p.Steps[2]
	if learner.Dir != "/lab" || link.Dir != "/lab" || strings.Join(link.Env, " ") != "GOROOT=/go" {
		t.Errorf("folders %q %q, link env %q", learner.Dir, link.Dir, link.Env)
	}
	if got := flagValue(learner.Args, "-trimpath"); got != "$WORK/b058=>" {
		t.Errorf("the quoted -trimpath came back as %q", got)
	}
	if strings.Join(p.Files, " ") != "./labs/day45/notdone.go ./labs/day45/todo.go" {
		t.Errorf("learner files %q", p.Files)
	}
	// course was compiled by that build, but the plan does not replay it:
	// main and the link read it from the cache, where go build copied it.
	cfg := main.Files["$WORK/b001/importcfg"]
	if !strings.Contains(cfg, "packagefile termlab/labs/day45=$WORK/b058/_pkg_.a\n") ||
		!strings.Contains(cfg, "packagefile termlab/labs/day45/course=/cache/76-d\n") {
		t.Errorf("main's import configuration:\n%s", cfg)
	}
	lcfg := link.Files["$WORK/b001/importcfg.link"]
	if !strings.Contains(lcfg, "course=/cache/76-d\n") || !strings.Contains(lcfg, `modinfo "0w\xaf`) {
		t.Errorf("the link's import configuration:\n%s", lcfg)
	}
	if got := strings.Join(p.cachedFiles(), " "); got != "/cache/76-d /cache/aa-d /cache/bb-d" {
		t.Errorf("cached files %q", got)
	}
}

// What the direct build cannot replay exactly is no plan: go build goes on.
func TestParsePlanRefuses(t *testing.T) {
	for _, c := range []struct {
		what, old, new string
	}{
		{"the learner's package was not compiled (it came from the cache)", "-p termlab/labs/day45 ", "-p termlab/labs/other "},
		{"main was not compiled", "-p main", "-p termlab/runner/worker"},
		{"no link", "GOROOT='/go' /go/pkg/tool/linux_amd64/link", "# "},
		{"a package the kept steps read is neither replayed nor cached", "cp $WORK/b076/_pkg_.a /cache/76-d # internal\n", ""},
		{"a file's text without its end", "{\"Files\": {}}EOF\n", "{\"Files\": {}}\n"},
		{"an unclosed quote", `-trimpath "$WORK/b058=>"`, `-trimpath "$WORK/b058=>`},
	} {
		out := strings.Replace(xOutput, c.old, c.new, 1)
		if out == xOutput {
			t.Fatalf("%s: the case changes nothing", c.what)
		}
		if _, err := parsePlan(out, "termlab/labs/day45"); !errors.Is(err, errNoPlan) {
			t.Errorf("%s: %v, want errNoPlan", c.what, err)
		}
	}
}

func TestShellWords(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`cd /lab`, "cd|/lab"},
		{`GOROOT='/usr/local/go' /x/link -o a`, "GOROOT=/usr/local/go|/x/link|-o|a"},
		{`compile -trimpath "$WORK/b001=>" -p main`, "compile|-trimpath|$WORK/b001=>|-p|main"},
		{`compile -D "" "a b" "q\"x"`, `compile|-D||a b|q"x`},
		{`go tool buildid -w $WORK/b001/_pkg_.a # internal`, "go|tool|buildid|-w|$WORK/b001/_pkg_.a"},
	} {
		w, err := shellWords(c.line)
		if err != nil || strings.Join(w, "|") != c.want {
			t.Errorf("shellWords(%q) = %q, %v; want %q", c.line, w, err, c.want)
		}
	}
}

// A plan file cut short, emptied or edited is no plan: go build goes on.
func TestAPlanFileThatIsNotWholeIsNone(t *testing.T) {
	p, err := parsePlan(xOutput, "termlab/labs/day45")
	if err != nil {
		t.Fatal(err)
	}
	p.Key = "k"
	if !p.whole() {
		t.Fatal("a parsed plan is not whole")
	}
	for what, cut := range map[string]func(p *plan){
		"no steps":         func(p *plan) { p.Steps = nil },
		"no learner files": func(p *plan) { p.Files = nil },
		"no key":           func(p *plan) { p.Key = "" },
		"a step without a tool": func(p *plan) {
			p.Steps = append([]planStep(nil), p.Steps...)
			p.Steps[1].Args = nil
		},
		"a tool by a relative path": func(p *plan) {
			p.Steps = append([]planStep(nil), p.Steps...)
			p.Steps[2].Args = append([]string{"link"}, p.Steps[2].Args[1:]...)
		},
	} {
		q := *p
		cut(&q)
		if q.whole() {
			t.Errorf("%s: whole", what)
		}
	}
}

// An editor's files beside the learner's (a swap file that changes as they
// type, a backup, an autosave) leave the plan's key as it was; a new Go
// file, a file gone or a changed build constraint change it.
func TestPlanKeyIgnoresEditorFiles(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "labs", "day45")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("todo.go", "//go:build termlab\n\npackage day45\n")
	write("notdone.go", "//go:build termlab\n\npackage day45\n")
	r := &Runner{Root: root, Day: 45, learner: "termlab/labs/day45"}
	p := &plan{Learner: r.learner, Files: []string{"./labs/day45/todo.go"},
		Steps: []planStep{{Dir: root, Args: []string{"/bin/true"}}}}
	key := r.planKey(p, "go")
	for _, name := range []string{".todo.go.swp", "todo.go~", "#todo.go#", "_scratch.go"} {
		write(name, "typing")
	}
	write("todo.go", "//go:build termlab\n\npackage day45\n\nfunc F() {}\n") // the contents: the learner's
	if got := r.planKey(p, "go"); got != key {
		t.Fatal("an editor's files or the learner's contents changed the key")
	}
	for what, change := range map[string]func(){
		"a new Go file":  func() { write("extra.go", "//go:build termlab\n\npackage day45\n") },
		"a file gone":    func() { os.Remove(filepath.Join(dir, "notdone.go")) },
		"a constraint":   func() { write("todo.go", "//go:build ignore\n\npackage day45\n") },
		"a non-Go input": func() { write("data.txt", "embedded?") },
	} {
		change()
		if r.planKey(p, "go") == key {
			t.Errorf("%s left the key as it was", what)
		}
		key = r.planKey(p, "go")
	}
}
