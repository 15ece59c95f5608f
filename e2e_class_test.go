package main

// End to end for course staff: grade --format in each autograder's format,
// grade-class on a small class (correct, wrong, not compiling, hanging, one
// reaching for the reference, one that would kill the grader), and the ready-made set-ups in
// staff/platforms/ run as shipped: Gradescope's run_autograder in a fake
// /autograder, and the Classroom workflow's commands with the files it
// expects. go test -short skips them (they build workers).

import (
	"archive/zip"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"

	"termlab/record/predictions"
	"termlab/runner/testrun"
	"termlab/runner/worker"
)

func classFixture(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "class", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// classroomResult is the runner result the reporter decodes.
type classroomResult struct {
	Version  int     `json:"version"`
	Status   string  `json:"status"`
	MaxScore float64 `json:"max_score"`
	Tests    []struct {
		Name     string  `json:"name"`
		Status   string  `json:"status"`
		Score    float64 `json:"score"`
		Message  string  `json:"message"`
		TestCode string  `json:"test_code"`
		Filename string  `json:"filename"`
		LineNo   int     `json:"line_no"`
	} `json:"tests"`
}

func decodeClassroom(t *testing.T, s string) classroomResult {
	t.Helper()
	data, err := base64.StdEncoding.DecodeString(strings.TrimSpace(s))
	if err != nil {
		t.Fatalf("not base64: %v\n%s", err, s)
	}
	var r classroomResult
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("not the result's JSON: %v\n%s", err, data)
	}
	return r
}

func TestGradeFormats(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel() // in a copy of the lab of its own, as the other end-to-end tests
	l := newLab(t, "")
	l.write("labs/day45/todo.go", classFixture(t, "bob.go")) // TODOs 1 and 3 wrong
	want := map[string]int{"classroom": 0, "gradescope": 0, "exercism": 0, "junit": 1}
	for format, code := range want {
		r := l.run("grade", "45", "--format", format)
		l.want(r, code)
		switch format {
		case "classroom":
			c := decodeClassroom(t, r.stdout)
			if c.Version != 1 || c.Status != "fail" || c.MaxScore != 4 || len(c.Tests) != 4 {
				t.Errorf("classroom: %+v", c)
			}
			if tt := c.Tests[2]; tt.Status != "fail" || tt.Filename != "labs/day45/todo.go" || tt.LineNo != 19 || !strings.Contains(tt.Message, "Expired(") {
				t.Errorf("classroom TODO 3: %+v", tt)
			}
		case "gradescope", "exercism":
			var v struct {
				Score  *float64 `json:"score"`
				Status string   `json:"status"`
				Tests  []any    `json:"tests"`
			}
			l.decode(r, &v)
			if len(v.Tests) != 4 || (format == "gradescope" && (v.Score == nil || *v.Score != 2)) || (format == "exercism" && v.Status != "fail") {
				t.Errorf("%s: %s", format, r.stdout)
			}
		case "junit":
			var s struct {
				Suites []struct {
					Failures int `xml:"failures,attr"`
					Cases    []struct {
						Failure *struct{} `xml:"failure"`
					} `xml:"testcase"`
				} `xml:"testsuite"`
			}
			if err := xml.Unmarshal([]byte(r.stdout), &s); err != nil || len(s.Suites) != 1 || s.Suites[0].Failures != 2 || len(s.Suites[0].Cases) != 4 {
				t.Errorf("junit (%v): %s", err, r.stdout)
			}
		}
	}
	// Weighted to 100 points, and the reference passes every format.
	r := l.run("grade", "45", "--format", "classroom", "--max-score", "100", "--solutions")
	l.want(r, 0)
	if c := decodeClassroom(t, r.stdout); c.Status != "pass" || c.MaxScore != 100 || c.Tests[0].Score != 25 {
		t.Errorf("the reference out of 100: %+v", c)
	}
	for _, bad := range [][]string{
		{"grade", "45", "--format", "tap"},
		{"grade", "45", "--format", "junit", "--json"},
		{"grade", "45", "--format", "junit", "--max-score", "-3"},
	} {
		l.want(l.run(bad...), exitUsage)
	}
}

// Exercism's per-test output is what the student's code printed while
// that TODO was graded (stdout and stderr), cut to the interface's 500
// characters; the verdict stays in the message, and a TODO that printed
// nothing has no output. Other formats keep no prints.
func TestGradeExercismShowsTheStudentsPrints(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel() // in a copy of the lab of its own, as the other end-to-end tests
	l := newLab(t, "")
	src := strings.Replace(classFixture(t, "bob.go"), `import "time"`, "import (\n\t\"fmt\"\n\t\"time\"\n)", 1)
	src = strings.Replace(src, "func WindowID(now, window time.Duration) int64 { return int64(now / window) }",
		"func WindowID(now, window time.Duration) int64 {\n\tfmt.Println(\"window of\", now)\n\treturn int64(now / window)\n}", 1)
	src = strings.Replace(src, "func NextEmit(now, nextEmit time.Duration) time.Duration { return max(now, nextEmit) }",
		"func NextEmit(now, nextEmit time.Duration) time.Duration {\n\tif now > 3*nextEmit {\n\t\tprintln(\"late:\", now)\n\t}\n\treturn max(now, nextEmit)\n}", 1)
	if !strings.Contains(src, `fmt.Println("window of", now)`) || !strings.Contains(src, `println("late:", now)`) {
		t.Fatalf("bob.go's WindowID has not the shape this test edits:\n%s", src)
	}
	l.write("labs/day45/todo.go", src)
	r := l.run("grade", "45", "--format", "exercism")
	l.want(r, 0)
	var v struct {
		Tests []struct {
			Status  string  `json:"status"`
			Message *string `json:"message"`
			Output  *string `json:"output"`
		} `json:"tests"`
	}
	l.decode(r, &v)
	if len(v.Tests) != 4 {
		t.Fatalf("exercism: %s", r.stdout)
	}
	// fmt.Println on every call (stdout): cut to fit.
	out := v.Tests[1].Output
	if out == nil || !strings.HasPrefix(*out, "window of ") || len([]rune(*out)) > 500 || !strings.HasSuffix(*out, "Output was truncated. Please limit to 500 chars") {
		t.Errorf("TODO 2's output: %v\n%s", out, r.stdout)
	}
	// println on some calls (stderr).
	if out := v.Tests[3].Output; out == nil || !strings.HasPrefix(*out, "late: ") || v.Tests[3].Status != "pass" {
		t.Errorf("TODO 4's output: %v\n%s", out, r.stdout)
	}
	for i, x := range v.Tests {
		if (i == 0 || i == 2) && x.Output != nil {
			t.Errorf("TODO %d printed nothing, yet has output %q", i+1, *x.Output)
		}
	}
	if m := v.Tests[2].Message; v.Tests[2].Status != "fail" || m == nil || !strings.Contains(*m, "input: Expired(") {
		t.Errorf("TODO 3's message lacks its counterexample: %v", m)
	}
	r = l.run("grade", "45", "--format", "gradescope")
	if strings.Contains(r.stdout, "window of") || strings.Contains(r.stdout, "late:") {
		t.Errorf("gradescope shows the prints:\n%s", r.stdout)
	}
}

func TestGradeFormatsOnCodeThatDoesNotCompile(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel() // in a copy of the lab of its own, as the other end-to-end tests
	l := newLab(t, "nocompile")
	r := l.run("grade", "45", "--format", "exercism")
	l.want(r, 0)
	var v struct {
		Status  string `json:"status"`
		Message string `json:"message"`
	}
	l.decode(r, &v)
	if v.Status != "error" || !strings.Contains(v.Message, "labs/day45/todo.go:") {
		t.Errorf("exercism on a compile error: %s", r.stdout)
	}
	r = l.run("grade", "45", "--format", "classroom")
	if c := decodeClassroom(t, r.stdout); c.Status != "error" || c.Tests[0].Score != 0 || c.Tests[0].Filename != "labs/day45/todo.go" {
		t.Errorf("classroom on a compile error: %+v", c)
	}
}

// classDir copies testdata/class into a folder of submissions (dave.go
// is the broken fixture whose TODO 2 never returns).
func classDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := exec.Command("cp", "-r", filepath.Join("testdata", "class")+"/.", dir).Run(); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestGradeClass(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel() // in a copy of the lab of its own, as the other end-to-end tests
	l := newLab(t, "")
	l.env = append(l.env, "XDG_CACHE_HOME="+t.TempDir()) // a class cache of this test's own
	dir := classDir(t)
	roster := filepath.Join(t.TempDir(), "classroom_roster.csv")
	os.WriteFile(roster, []byte("\"identifier\",\"github_username\",\"github_id\",\"name\"\n\"b.builder@uni.example\",\"bob\",\"12\",\"Bob B\"\n"), 0o644)
	report := filepath.Join(t.TempDir(), "day45-report")
	// Two submissions carry their answers file (alice's beside her
	// todo.go, carol's in her clone's predictions/): the class's
	// predictions section, graded by nobody.
	classAnswers(t, filepath.Join(dir, "alice", "day45.json"), 200, predictions.Likely)
	classAnswers(t, filepath.Join(dir, "carol", "predictions", "day45.json"), 100, predictions.Hunch)
	r := l.run("grade-class", "45", dir, "--roster", roster, "--report", report)
	l.want(r, 0)
	wantClassPredictions(t, r, report)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^alice +pass +pass +pass +pass +4/4`),
		regexp.MustCompile(`(?m)^bob +fail +pass +fail +pass +2/4`),
		regexp.MustCompile(`(?m)^carol +build .*does not compile: labs/day45/todo.go:9:9: undefined: tokns`),
		regexp.MustCompile(`(?m)^dave +pass +timeout +pass +pass +3/4`),
		regexp.MustCompile(`(?m)^eve +refused .*imports "termlab/solutions/day45"`),
		regexp.MustCompile(`(?m)^fred +refused .*todo\.go:\d+ imports "syscall": not on Day 45's allow-list \(its Imports, in labs/day45/course\)$`),
		regexp.MustCompile(`TODO 1 TakeToken: 1 of 3 wrong; 1 the cap comes after the spend`),
		// Who made it, with the roster's ID, and who was not graded.
		regexp.MustCompile(`(?m)^ +the cap comes after the spend here \(1\): bob \[b\.builder@uni\.example\]$`),
		regexp.MustCompile(`not graded, so in no TODO's count \(3\): not compiling: carol; refused: eve, fred`),
		regexp.MustCompile(`e\.g\. Expired\(stamp=0s, now=1m0s, window=1m0s\) gave false, want true`),
		regexp.MustCompile(`TODO 2 WindowID: 1 of 3 wrong; 1 does not return in time`),
		// A hang is shown with the call it never returned from.
		regexp.MustCompile(`(?m)^ +does not return in time \(1\): dave\n +e\.g\. on input WindowID\(now=`),
		regexp.MustCompile(`\(0 from the cache\)`),
	} {
		if !want.MatchString(r.stdout) {
			t.Errorf("the report lacks %s\n%s", want, r)
		}
	}
	for _, p := range []string{report + ".md", report + ".html"} {
		data, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(data), "TODO 1 TakeToken: the cap comes after the spend here") || !strings.Contains(string(data), "b.builder@uni.example") {
			t.Errorf("the class report %s (%v):\n%s", p, err, data)
		}
	}
	if !strings.Contains(r.stderr, "the class report is in "+report+".md and "+report+".html") {
		t.Errorf("grade-class does not say where the report is:\n%s", r.stderr)
	}
	// Where the OS will not make a network namespace (a sandbox that
	// unshares the pid namespace but keeps the host's /proc, where Go
	// cannot write the user namespace's uid map), grade-class says so in
	// one line more: that is the promise, not noise.
	progress := r.stderr
	if i := strings.Index(progress, "warning: the network could not be denied"); i >= 0 {
		line := progress[strings.LastIndex(progress[:i], "\n")+1:]
		line = line[:strings.Index(line, "\n")+1]
		progress = strings.Replace(progress, line, "", 1)
	}
	if n := strings.Count(progress, "\n"); n != 7 || !strings.Contains(progress, "[6/6]") {
		t.Errorf("progress without a terminal: one line per submission, got\n%s", r.stderr)
	}

	// Again: all but the hanging one come from the cache (a timeout may be
	// the machine's, so it is graded again).
	var out struct {
		Day         int `json:"day"`
		Submissions []struct {
			Who    string  `json:"who"`
			Status string  `json:"status"`
			Points float64 `json:"points"`
			Cached bool    `json:"cached"`
		} `json:"submissions"`
		Summary struct {
			Graded    int `json:"graded"`
			NoCompile int `json:"does_not_compile"`
			Refused   int `json:"refused"`
			TODOs     []struct {
				Wrong    int `json:"wrong"`
				Mistakes []struct {
					Label string `json:"label"`
					Count int    `json:"count"`
				} `json:"mistakes"`
			} `json:"todos"`
		} `json:"summary"`
	}
	per := filepath.Join(t.TempDir(), "junit")
	r = l.run("grade-class", "45", dir, "--json", "--per-student", per, "--format", "junit")
	l.want(r, 0)
	l.decode(r, &out)
	wantClassPredictionsJSON(t, r)
	// One JUnit file a student who was built, as grade --format junit
	// would have written it for them.
	if data, err := os.ReadFile(filepath.Join(per, "bob.xml")); err != nil || !strings.Contains(string(data), `failures="2"`) || !strings.Contains(string(data), `>labs/day45/todo.go:`) {
		t.Errorf("bob's JUnit file (%v):\n%s", err, data)
	}
	if _, err := os.Stat(filepath.Join(per, "eve.xml")); err == nil || !strings.Contains(r.stderr, "4 per-student junit files in "+per+" (none for eve, fred: not graded at all)") {
		t.Errorf("per-student files: eve's written (%v), or stderr says otherwise:\n%s", err, r.stderr)
	}
	cached := map[string]bool{}
	for _, s := range out.Submissions {
		cached[s.Who] = s.Cached
	}
	if !cached["alice"] || !cached["bob"] || !cached["carol"] || cached["dave"] {
		t.Errorf("cached: %v, want all but dave", cached)
	}
	if s := out.Summary; s.Graded != 3 || s.NoCompile != 1 || s.Refused != 2 || s.TODOs[2].Wrong != 1 {
		t.Errorf("summary: %+v", s)
	}

	// A changed submission is graded again; the CSV has a row each, and
	// the points follow --max-score, from the cache too.
	os.WriteFile(filepath.Join(dir, "bob.go"), []byte(classFixture(t, "alice/todo.go")), 0o644)
	r = l.run("grade-class", "45", dir, "--csv", "--max-score", "100")
	l.want(r, 0)
	if !strings.Contains(r.stdout, "bob,graded,pass,pass,pass,pass,100,100,") || !strings.Contains(r.stdout, "dave,graded,pass,timeout,pass,pass,75,100,") ||
		!strings.Contains(r.stdout, "alice,graded,pass,pass,pass,pass,100,100,") || strings.Count(r.stdout, "\n") != 7 {
		t.Errorf("CSV after bob's fix:\n%s", r.stdout)
	}

	l.want(l.run("grade-class", "45"), exitUsage)
	l.want(l.run("grade-class", "45", filepath.Join(dir, "nowhere")), exitUsage)
	l.want(l.run("grade-class", "45", dir, "--csv", "--json"), exitUsage)
	l.want(l.run("grade-class", "45", dir, "--roster", filepath.Join(dir, "bob.go")), exitUsage)
}

// Gradescope's set-up as Gradescope runs it, in an /autograder-shaped
// folder: setup.sh once (with the Go on PATH, it installs nothing), then
// run_autograder per submission, each finding the tools program and the
// worker setup.sh built.
func TestGradescopeRunAutograder(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel() // in a copy of the lab of its own, as the other end-to-end tests
	l := newLab(t, "")
	root := t.TempDir()
	for _, d := range []string{"source", "submission"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	// The zip's contents: the lab as committed (here the lab's copy).
	if err := exec.Command("cp", "-r", l.root+"/.", filepath.Join(root, "source")).Run(); err != nil {
		t.Fatal(err)
	}
	env := append(childEnv(l.env...), "AUTOGRADER_ROOT="+root)
	setup := exec.Command("bash", filepath.Join("staff", "platforms", "gradescope", "setup.sh"))
	setup.Env = env
	if out, err := setup.CombinedOutput(); err != nil || !strings.Contains(string(out), "the lab built and warmed up") {
		t.Fatalf("setup.sh: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		name   string
		place  func(sub string)
		score  float64
		output string
	}{
		{"a todo.go alone", func(sub string) { writeFile(t, filepath.Join(sub, "todo.go"), classFixture(t, "alice/todo.go")) }, 4, "4 of 4 TODOs pass"},
		{"another name", func(sub string) { writeFile(t, filepath.Join(sub, "mine.go"), classFixture(t, "bob.go")) }, 2, "2 of 4 TODOs pass"},
		{"a clone of the lab", func(sub string) {
			writeFile(t, filepath.Join(sub, "labs", "day45", "todo.go"), classFixture(t, "carol/labs/day45/todo.go"))
		}, 0, "undefined: tokns"},
		{"an import of the reference", func(sub string) { writeFile(t, filepath.Join(sub, "todo.go"), classFixture(t, "eve.go")) }, 0, `imports "termlab/solutions/day45": not on Day 45's allow-list`},
		{"an import of syscall", func(sub string) { writeFile(t, filepath.Join(sub, "todo.go"), classFixture(t, "fred.go")) }, 0, `imports "syscall": not on Day 45's allow-list (its Imports, in labs/day45/course)`},
		// The text search this set-up had before the Go gate let these
		// through: an import as a raw string, and one in a one-line block.
		{"a raw-string import", func(sub string) {
			writeFile(t, filepath.Join(sub, "todo.go"), strings.Replace(classFixture(t, "alice/todo.go"), `import "time"`, "import (\n\t\"time\"\n\t_ `os`\n)", 1))
		}, 0, `imports "os": not on Day 45's allow-list`},
		{"a one-line import block", func(sub string) {
			writeFile(t, filepath.Join(sub, "todo.go"), strings.Replace(classFixture(t, "alice/todo.go"), `import "time"`, `import ( "time"; _ "termlab/solutions/day45" )`, 1))
		}, 0, `imports "termlab/solutions/day45": not on Day 45's allow-list`},
		// Issue 43: a zipped folder unpacks as the folder (with macOS's
		// __MACOSX beside it), and a comment added to the lab's own
		// notdone.go changes nothing (it is never copied).
		{"a zipped folder", func(sub string) {
			writeFile(t, filepath.Join(sub, "day45", "todo.go"), classFixture(t, "alice/todo.go"))
			writeFile(t, filepath.Join(sub, "day45", "notdone.go"), "// mine\npackage day45\n\nvar notDone = \"x\"\n")
			writeFile(t, filepath.Join(sub, "__MACOSX", "day45", "._todo.go"), "")
		}, 4, "4 of 4 TODOs pass"},
		{"a zipped clone", func(sub string) {
			writeFile(t, filepath.Join(sub, "termlab-main", "labs", "day45", "todo.go"), classFixture(t, "bob.go"))
		}, 2, "2 of 4 TODOs pass"},
		{"nothing", func(string) {}, 0, "No todo.go"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sub := filepath.Join(root, "submission")
			os.RemoveAll(sub)
			os.RemoveAll(filepath.Join(root, "results"))
			os.MkdirAll(sub, 0o755)
			tc.place(sub)
			cmd := exec.Command("bash", filepath.Join("staff", "platforms", "gradescope", "run_autograder"))
			cmd.Env = env
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("run_autograder: %v\n%s", err, out)
			}
			data, err := os.ReadFile(filepath.Join(root, "results", "results.json"))
			if err != nil {
				t.Fatalf("no results.json: %v\n%s", err, out)
			}
			var v struct {
				Score  float64 `json:"score"`
				Output string  `json:"output"`
				Tests  []struct {
					Output string `json:"output"`
				} `json:"tests"`
			}
			if err := json.Unmarshal(data, &v); err != nil {
				t.Fatalf("results.json is not JSON: %v\n%s", err, data)
			}
			all := v.Output
			for _, x := range v.Tests {
				all += "\n" + x.Output
			}
			if v.Score != tc.score || !strings.Contains(all, tc.output) {
				t.Errorf("score %g, want %g, and %q in\n%s", v.Score, tc.score, tc.output, data)
			}
		})
	}
	// A set-up that cannot warm up fails, and says why: here the lab
	// itself does not build.
	writeFile(t, filepath.Join(root, "source", "zz_broken.go"), "package main\n\nfunc broken() { undefined() }\n")
	setup = exec.Command("bash", filepath.Join("staff", "platforms", "gradescope", "setup.sh"))
	setup.Env = env
	if out, err := setup.CombinedOutput(); err == nil || !strings.Contains(string(out), "setup.sh: cannot build the lab") {
		t.Errorf("setup.sh on a lab that does not build: %v\n%s", err, out)
	}
	// setup.sh reads the Go version from go.mod, never a copy of its own.
	text, _ := os.ReadFile(filepath.Join("staff", "platforms", "gradescope", "setup.sh"))
	if regexp.MustCompile(`go1\.[0-9]+|GO_VERSION=[0-9]|linux-amd64`).Match(text) {
		t.Errorf("setup.sh names a Go version or a platform of its own")
	}
}

// make-zip.sh writes the zip where it is told (by default beside the
// repository, never in it), with setup.sh and run_autograder at its root.
// It archives a git commit: in a tree that is no checkout (.ci's stages
// run the suite in a git archive) it runs in a repository of its own
// holding the files the zip must carry, so the test never skips.
func TestGradescopeZip(t *testing.T) {
	testrun.Slow(t, "archives the repository")
	testrun.ChildrenOnly(t, "git and make-zip.sh")
	t.Parallel() // its zip and repository are its own
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("make-zip.sh needs git: %v", err)
	}
	script := filepath.Join("staff", "platforms", "gradescope", "make-zip.sh")
	if err := exec.Command("git", "rev-parse", "HEAD").Run(); err != nil {
		repo := t.TempDir()
		for _, f := range []string{script, filepath.Join("staff", "platforms", "gradescope", "setup.sh"), filepath.Join("staff", "platforms", "gradescope", "run_autograder"), "go.mod"} {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(repo, f), string(b))
		}
		for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "t"}} {
			cmd := exec.Command("git", args...)
			cmd.Dir = repo
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
		}
		t.Logf("not a git checkout: make-zip.sh runs in a repository of its own (%s)", repo)
		script = filepath.Join(repo, script)
	}
	path := filepath.Join(t.TempDir(), "ag.zip")
	if out, err := exec.Command("bash", script, path).CombinedOutput(); err != nil || !strings.Contains(string(out), "wrote "+path) {
		t.Fatalf("make-zip.sh: %v\n%s", err, out)
	}
	z, err := zip.OpenReader(path)
	if err != nil {
		t.Fatalf("make-zip.sh wrote no zip: %v", err)
	}
	defer z.Close()
	for _, want := range []string{"setup.sh", "run_autograder", "go.mod"} {
		if !slices.ContainsFunc(z.File, func(f *zip.File) bool { return f.Name == want }) {
			t.Errorf("the zip lacks %s at its root", want)
		}
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The Classroom workflow's commands, run as the workflow runs them: its
// checkouts as the test lays them out (the student's repository in
// submission/, the staff's lab in grader/), then every run step in order
// under bash -e with a GITHUB_OUTPUT file, then the reporter's sum over
// the runners it names. The student's repository is hostile (issue 43,
// finding 2): its own staff/autograde forged to pass every TODO, which the
// grader must never build.
func TestClassroomWorkflow(t *testing.T) {
	testrun.Slow(t, "builds the lab and runs the worker")
	testrun.ChildrenOnly(t, "the workflow's steps under bash")
	t.Parallel() // in checkouts of its own
	wf, err := os.ReadFile(filepath.Join("staff", "platforms", "github-classroom", ".github", "workflows", "classroom.yml"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(wf)
	env := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^  (DAY|MAX_SCORE|GRADER_REPO|GRADER_REF): "([^"]*)"`).FindAllStringSubmatch(text, -1) {
		env[m[1]] = m[2]
	}
	type step struct{ name, script string }
	var steps []step
	for _, chunk := range strings.Split(text, "\n      - name: ")[1:] {
		name, body, _ := strings.Cut(chunk, "\n")
		_, script, ok := strings.Cut(body, "        run: |\n")
		if !ok {
			continue
		}
		var lines []string
		for _, line := range strings.Split(script, "\n") {
			if rest, ok := strings.CutPrefix(line, "          "); ok {
				lines = append(lines, rest)
			} else if line != "" {
				break
			}
		}
		steps = append(steps, step{name, strings.Join(lines, "\n")})
	}
	runners := regexp.MustCompile(`(?m)^\s+runners: (.*)$`).FindStringSubmatch(text)
	if env["DAY"] == "" || len(steps) != 3 || runners == nil || runners[1] != "termlab" ||
		!strings.Contains(text, "path: submission\n") ||
		!strings.Contains(text, "repository: ${{ env.GRADER_REPO }}\n          ref: ${{ env.GRADER_REF }}\n          path: grader\n") ||
		!strings.Contains(text, "go-version-file: grader/go.mod") ||
		!strings.Contains(text, `TERMLAB_RESULTS: "${{ steps.termlab.outputs.result }}"`) ||
		!strings.Contains(text, "if: steps.termlab.outputs.result != ''\n        uses: classroom-resources/autograding-grading-reporter@v1") ||
		strings.Contains(text, "uses: classroom-resources/autograding-command-grader") {
		t.Fatalf("the workflow has not the shape this test reads (%d run steps):\n%s", len(steps), text)
	}
	// The staff pin a commit, not a branch a push could move.
	if !regexp.MustCompile(`^[0-9a-f]{40}$`).MatchString(env["GRADER_REF"]) || env["GRADER_REPO"] == "" {
		t.Errorf("GRADER_REF %q is not a commit, or GRADER_REPO is unset", env["GRADER_REF"])
	}
	l := newLab(t, "")
	// run lays out the workspace as the two checkouts do, the student's
	// repository holding todo (its labs/day45/todo.go), and runs the run
	// steps in order; it returns the result the reporter would read ("" when
	// the TODOs step set none) and what the steps printed.
	run := func(todo string, breakLab string) (string, string) {
		ws := t.TempDir()
		student, grader := filepath.Join(ws, "submission"), filepath.Join(ws, "grader")
		for _, dir := range []string{student, grader} {
			if err := worker.CopyLab(l.root, dir, course); err != nil {
				t.Fatal(err)
			}
		}
		// The forge: the student's own grader passes everything, and their
		// notdone.go is changed (it is the lab's, never copied).
		forged := filepath.Join(student, "staff", "autograde", "autograde.go")
		data, _ := os.ReadFile(forged)
		const line = "Status: g.Status, Max: points[t.Number]"
		if !strings.Contains(string(data), line) {
			t.Fatalf("staff/autograde/autograde.go has no %q to forge", line)
		}
		os.WriteFile(forged, []byte(strings.Replace(string(data), line, "Status: labs.Pass, Max: points[t.Number]", 1)), 0o644)
		os.WriteFile(filepath.Join(student, "labs", "day45", "todo.go"), []byte(todo), 0o644)
		os.WriteFile(filepath.Join(student, "labs", "day45", "notdone.go"), []byte("package day45\n\nvar notDone = 0\n"), 0o644)
		if breakLab == "build" {
			os.WriteFile(filepath.Join(grader, "main.go"), []byte("package main\n\nfunc main() { undefined() }\n"), 0o644)
		}
		output := filepath.Join(ws, "github_output")
		var log strings.Builder
		for _, s := range steps {
			if breakLab == "grade" && s.name == "TODOs" {
				// Built, then unable to grade: it fails as the lab does.
				os.WriteFile(filepath.Join(ws, "termlab"), []byte("#!/bin/sh\necho 'termlab: cannot grade' >&2\nexit 1\n"), 0o755)
			}
			cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", s.script)
			cmd.Dir = ws
			cmd.Env = append(childEnv(l.env...), "GITHUB_WORKSPACE="+ws, "GITHUB_OUTPUT="+output, "DAY="+env["DAY"], "MAX_SCORE="+env["MAX_SCORE"])
			out, err := cmd.CombinedOutput()
			fmt.Fprintf(&log, "--- %s\n%s", s.name, out)
			if err != nil {
				fmt.Fprintf(&log, "(failed: %v)\n", err)
				break // a failed step ends the job: the later steps do not run
			}
		}
		data, _ = os.ReadFile(output)
		value, _ := strings.CutPrefix(strings.TrimSpace(string(data)), "result=")
		if strings.Contains(value, "\n") {
			t.Fatalf("GITHUB_OUTPUT holds no result of one line: %q", data)
		}
		return value, log.String()
	}
	// The lab did not build, or built and could not grade: no result, so
	// no "Points 0/100" as if graded; the job fails, and says why when the
	// grader ran.
	if value, log := run(classFixture(t, "alice/todo.go"), "build"); value != "" || !strings.Contains(log, "(failed: ") {
		t.Errorf("the lab's build failed: result %q\n%s", value, log)
	}
	if value, log := run(classFixture(t, "alice/todo.go"), "grade"); value != "" || !strings.Contains(log, "::error title=Not graded::") || !strings.Contains(log, "not a fault of your code") {
		t.Errorf("the lab's grade failed: result %q\n%s", value, log)
	}
	stubs := l.read("labs/day45/todo.go")
	for _, tc := range []struct {
		fixture string
		todo    string
		points  string
		status  string
	}{
		{"alice/todo.go", classFixture(t, "alice/todo.go"), "Points 100/100", "pass"},
		{"bob.go", classFixture(t, "bob.go"), "Points 50/100", "fail"},
		{"the stubs, with a forged grader", stubs, "Points 0/100", "fail"},
	} {
		value, log := run(tc.todo, "")
		if value == "" {
			t.Errorf("%s: no result\n%s", tc.fixture, log)
			continue
		}
		res := decodeClassroom(t, value)
		total := 0.0
		for _, x := range res.Tests {
			total += x.Score
		}
		if got := "Points " + trimFloat(total) + "/" + trimFloat(res.MaxScore); got != tc.points || res.Status != tc.status || len(res.Tests) != 4 {
			t.Errorf("%s: the reporter would say %q (%s, %d tests), want %q (%s, 4 tests)\n%s", tc.fixture, got, res.Status, len(res.Tests), tc.points, tc.status, log)
		}
		// The reporter prints a failed test's name and its test_code: the
		// counterexample and the hint are there.
		for _, x := range res.Tests {
			if x.Status == "fail" && tc.fixture == "bob.go" && (!strings.Contains(x.TestCode, "input: ") || !strings.Contains(x.TestCode, "want:")) {
				t.Errorf("%s: %s's test_code lacks the counterexample: %q", tc.fixture, x.Name, x.TestCode)
			}
		}
	}
}

func trimFloat(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}

// SIGTERM while the class's workers never answer (inits that never
// return): grade-class kills them, says so in one line, exits 1, and
// leaves no process, scratch copy or temporary file behind.
func TestSignalStopsGradeClass(t *testing.T) {
	testrun.Slow(t, "builds and runs the worker")
	t.Parallel() // in a copy of the lab of its own, as the other end-to-end tests
	l := newLab(t, "")
	tmp := t.TempDir()
	l.env = []string{worker.LimitEnv + "=10m", "TMPDIR=" + tmp, "XDG_CACHE_HOME=" + t.TempDir()}
	dir := t.TempDir()
	for _, who := range []string{"kim", "lee", "max"} {
		writeFile(t, filepath.Join(dir, who+".go"), l.fixture("init_hang"))
	}
	cmd, stdout, stderr := l.start("grade-class", "45", dir)
	workers := l.untilWorkers(cmd, stderr)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	r := result{args: []string{"grade-class", "(SIGTERM)"}, stdout: stdout.String(), stderr: stderr.String()}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitNotOK {
		t.Errorf("exit: %v, want %d\n%s", err, exitNotOK, r)
	}
	l.clean(r)
	if !strings.HasPrefix(r.stderr, "termlab: stopped by SIGTERM; the grades so far were not printed") || r.stdout != "" {
		t.Errorf("want one line and no table\n%s", r)
	}
	noneAlive(t, workers, "SIGTERM")
	l.noTempFiles(tmp)
}

// classAnswers writes a learner's answers file for Day 45 as the lab
// saves it: P1 guessed 50, sure, revealed (the reference lets 20 in: off,
// over) with a line of their own, the same line for every learner; P3
// guessed p3 with confidence c, revealed (the reference: 200).
func classAnswers(t *testing.T, path string, p3 float64, c predictions.Confidence) {
	t.Helper()
	a := predictions.New(45)
	a.Set("P1", 50)
	a.Set("P3", p3)
	for id, level := range map[string]predictions.Confidence{"P1": predictions.Sure, "P3": c} {
		if err := a.SetConfidence(id, level); err != nil {
			t.Fatal(err)
		}
	}
	a.Reveal("P1")
	a.Reveal("P3")
	if err := a.Explain("P1", "I thought it refilled during the burst"); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(path), 0o755)
	writeFile(t, path, string(data))
}

// wantClassPredictions: the text and the report (Markdown and HTML, the
// histogram drawn as bars) hold the class's predictions: the spread, who
// was off which way, the most common wrong value, calibration by
// confidence and the learners' line grouped; the grades do not move
// (checked by the table's rows above).
func wantClassPredictions(t *testing.T, r result, report string) {
	t.Helper()
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`The class's predictions \(2 answers files; not graded\):`),
		regexp.MustCompile(`(?m)^  P1: 2 made; actual 20: 0 right, 2 off \(2 over, 0 under\); the most common wrong values: 50 \(2\); by confidence: sure 0 of 2 right$`),
		regexp.MustCompile(`(?m)^    "I thought it refilled during the burst" \(over\): alice, carol$`),
		regexp.MustCompile(`(?m)^  P3: 2 made; actual 200: 1 right, 1 off \(0 over, 1 under\); by confidence: likely 1 of 1 right · guess 0 of 1 right$`),
	} {
		if !want.MatchString(r.stdout) {
			t.Errorf("grade-class's text lacks %s\n%s", want, r.stdout)
		}
	}
	html, err := os.ReadFile(report + ".html")
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(report + ".md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"s predictions (2 answers files; not graded)</h2>", `class="bar" style="width: 100%"`, "(the actual)",
		"“I thought it refilled during the burst” (over) — alice, carol", "the most common wrong values: 50 (2)"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("the HTML report lacks %q", want)
		}
	}
	for _, want := range []string{"## The class's predictions (2 answers files; not graded)", "← the actual", "(over) — alice, carol"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("the Markdown report lacks %q", want)
		}
	}
}

// wantClassPredictionsJSON: --json carries the same section.
func wantClassPredictionsJSON(t *testing.T, r result) {
	t.Helper()
	var out struct {
		Predictions struct {
			WithAnswers int `json:"with_answers"`
			Questions   []struct {
				ID          string   `json:"id"`
				Actual      *float64 `json:"actual"`
				Made        int      `json:"made"`
				Right       int      `json:"right"`
				Over        int      `json:"off_over"`
				Under       int      `json:"off_under"`
				CommonWrong []struct {
					Value float64
					Count int
				} `json:"common_wrong"`
				Histogram []struct {
					Count  int
					Actual bool
				} `json:"histogram"`
				Calibration  map[string]struct{ Judged, Right int } `json:"calibration"`
				Explanations []struct {
					Text string   `json:"text"`
					Way  string   `json:"way"`
					Who  []string `json:"who"`
				} `json:"explanations"`
			} `json:"questions"`
		} `json:"predictions"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("--json: %v", err)
	}
	p := out.Predictions
	if p.WithAnswers != 2 || len(p.Questions) < 3 {
		t.Fatalf("--json's predictions: %+v", p)
	}
	q1, q3 := p.Questions[0], p.Questions[2]
	if q1.ID != "P1" || q1.Actual == nil || *q1.Actual != 20 || q1.Made != 2 || q1.Right != 0 || q1.Over != 2 || q1.Under != 0 ||
		len(q1.CommonWrong) != 1 || q1.CommonWrong[0].Value != 50 || q1.CommonWrong[0].Count != 2 {
		t.Errorf("--json's P1: %+v", q1)
	}
	bars := 0
	for _, b := range q1.Histogram {
		bars += b.Count
	}
	if bars != 2 {
		t.Errorf("--json's P1 histogram holds %d guesses, want 2: %+v", bars, q1.Histogram)
	}
	if c := q1.Calibration["sure"]; c.Judged != 2 || c.Right != 0 {
		t.Errorf("--json's P1 calibration: %+v", q1.Calibration)
	}
	if len(q1.Explanations) != 1 || q1.Explanations[0].Way != "over" || strings.Join(q1.Explanations[0].Who, ",") != "alice,carol" {
		t.Errorf("--json's P1 explanations: %+v", q1.Explanations)
	}
	if q3.ID != "P3" || q3.Right != 1 || q3.Under != 1 || q3.Calibration["likely"].Right != 1 || q3.Calibration["guess"].Judged != 1 {
		t.Errorf("--json's P3: %+v", q3)
	}
}
