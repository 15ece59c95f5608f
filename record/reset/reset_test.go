package reset_test

import (
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"termlab/labs"
	"termlab/labs/day45/course"
	"termlab/record/reset"
	"termlab/runner/worker"
	"termlab/solutions/day45"
)

var day = course.New(day45.Funcs)

var stamp = time.Date(2026, 11, 30, 7, 0, 0, 0, time.UTC)

// done is a learner file with every TODO written, importing labs under
// another name and writing notes between the functions.
const done = `// Package day45: my lab.
package day45

import (
	"time"

	l "termlab/labs"
)

var _ = l.NotDone

// TakeToken is mine.
func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {
	tokens = min(capacity, tokens+elapsed.Seconds()*ratePerSec)
	if tokens >= 1 {
		return tokens - 1, true
	}
	return tokens, false
}

// my notes: the window is integer division.

func WindowID(now, window time.Duration) int64 { return int64(now / window) }

func Expired(stamp, now, window time.Duration) bool { return stamp <= now-window }

func NextEmit(now, nextEmit time.Duration) time.Duration { return max(now, nextEmit) }
`

func lab(t *testing.T, text string) (root, path string) {
	t.Helper()
	root = t.TempDir()
	path = filepath.Join(root, day.LearnerDir, "todo.go")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return root, path
}

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// compiles builds the learner's package as the lab does (with the
// shipped notdone.go beside it, -tags termlab) in a copy of the module, and
// fails the test with the compiler's words if it does not build.
var labCopy struct {
	once sync.Once
	dir  string
	err  error
}

func compiles(t *testing.T, src string) {
	t.Helper()
	if testing.Short() {
		return // a go build; the parse below still runs
	}
	// One copy for every build of the package (its tests run one at a
	// time): the go build cache keys the copy's packages by their folder,
	// so a second copy compiled labs and labs/gofunc again; in the same
	// one the second build compiles the learner's package alone. The copy
	// is in the run's folder, which goes with the run (TestMain).
	labCopy.once.Do(func() {
		if labCopy.dir, labCopy.err = os.MkdirTemp("", "reset-build-*"); labCopy.err == nil {
			labCopy.err = worker.CopyLab(filepath.Join("..", ".."), labCopy.dir, labs.Course{day})
		}
	})
	if labCopy.err != nil {
		t.Fatal(labCopy.err)
	}
	tmp := labCopy.dir
	dir := filepath.Join(tmp, day.LearnerDir)
	for name, text := range map[string]string{"todo.go": src, "notdone.go": day.Shipped["notdone.go"]} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "build", "-tags="+worker.BuildTag, "./"+day.LearnerDir)
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the reset file does not compile: %v\n%s\n%s", err, out, src)
	}
}

// typeChecks checks that src parses, is as gofmt writes it (a reset puts
// gofmt's stub into a file gofmt would leave as it is), and builds.
func typeChecks(t *testing.T, src string) {
	t.Helper()
	if _, err := parser.ParseFile(token.NewFileSet(), "todo.go", src, 0); err != nil {
		t.Fatalf("the reset file does not parse: %v\n%s", err, src)
	}
	if formatted, err := format.Source([]byte(src)); err != nil || string(formatted) != src {
		t.Errorf("the reset file is not as gofmt writes it (%v):\n%s", err, src)
	}
	compiles(t, src)
}

// Only the function moves: the learner's other code keeps its own spacing,
// even where gofmt would change it.
func TestTODOLeavesTheRestOfTheFileAsWritten(t *testing.T) {
	mine := strings.Replace(done, "func Expired(stamp, now, window time.Duration) bool { return stamp <= now-window }", "func Expired(stamp, now, window time.Duration) bool {   return stamp<=now-window }", 1)
	root, path := lab(t, mine)
	if _, err := reset.TODO(root, day, 2, stamp); err != nil {
		t.Fatal(err)
	}
	got := read(t, path)
	if !strings.Contains(got, "{   return stamp<=now-window }") || !strings.Contains(got, "panic(notDone) // TODO 2") {
		t.Errorf("the reset moved more than TODO 2:\n%s", got)
	}
}

func TestTODOPutsOneFunctionBack(t *testing.T) {
	root, path := lab(t, done)
	kept, err := reset.TODO(root, day, 2, stamp)
	if err != nil {
		t.Fatal(err)
	}
	if kept != "labs/day45/.kept/todo-20261130-070000.go" {
		t.Errorf("kept as %q", kept)
	}
	if got := read(t, filepath.Join(root, kept)); got != done {
		t.Errorf("the kept copy differs from the learner's file:\n%s", got)
	}
	got := read(t, path)
	for _, mine := range []string{
		"// Package day45: my lab.",
		"func TakeToken(tokens, capacity, ratePerSec float64, elapsed time.Duration) (left float64, ok bool) {\n\ttokens = min(",
		"func Expired(stamp, now, window time.Duration) bool { return stamp <= now-window }",
		"func NextEmit(now, nextEmit time.Duration) time.Duration { return max(now, nextEmit) }",
		"// my notes: the window is integer division.",
	} {
		if !strings.Contains(got, mine) {
			t.Errorf("lost the learner's %q:\n%s", mine, got)
		}
	}
	if !strings.Contains(got, "panic(notDone) // TODO 2") || strings.Contains(got, "int64(now / window)") {
		t.Errorf("TODO 2 is not the stub again:\n%s", got)
	}
	typeChecks(t, got)
}

func TestTODOAppendsAMissingFunction(t *testing.T) {
	without := strings.Replace(done, "func NextEmit(now, nextEmit time.Duration) time.Duration { return max(now, nextEmit) }\n", "", 1)
	root, path := lab(t, without)
	if _, err := reset.TODO(root, day, 4, stamp); err != nil {
		t.Fatal(err)
	}
	got := read(t, path)
	if !strings.Contains(got, "panic(notDone) // TODO 4") {
		t.Errorf("NextEmit was not put back:\n%s", got)
	}
	typeChecks(t, got)
}

// A file that does not parse: nothing reset, nothing kept, nothing lost.
func TestTODORefusesAFileThatDoesNotParse(t *testing.T) {
	broken := done + "\nfunc oops( {\n"
	root, path := lab(t, broken)
	_, err := reset.TODO(root, day, 1, stamp)
	if err == nil || !strings.Contains(err.Error(), "labs/day45/todo.go") || !strings.Contains(err.Error(), "reset the whole day") {
		t.Errorf("err = %v, want one naming the file and the way out", err)
	}
	if got := read(t, path); got != broken {
		t.Error("the learner's file changed")
	}
	if _, err := os.Stat(filepath.Join(root, day.LearnerDir, reset.KeptDir)); err == nil {
		t.Error("a kept copy was written although nothing was reset")
	}
}

func TestDayPutsTheShippedFilesBack(t *testing.T) {
	for _, tt := range []struct {
		name    string
		notDone string // notdone.go before the reset; "" for missing
	}{
		{"lab's file as shipped", day.Shipped["notdone.go"]},
		{"lab's file deleted", ""},
		{"lab's file edited", "package day45\n\nvar notDone = 1\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root, path := lab(t, done)
			lab := filepath.Join(root, day.LearnerDir, "notdone.go")
			if tt.notDone != "" {
				if err := os.WriteFile(lab, []byte(tt.notDone), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			kept, err := reset.Day(root, day, stamp)
			if err != nil {
				t.Fatal(err)
			}
			for file, p := range map[string]string{"todo.go": path, "notdone.go": lab} {
				if got := read(t, p); got != day.Shipped[file] {
					t.Errorf("%s is not as shipped", file)
				}
			}
			// Only what differed from the shipped text is kept aside.
			want := 1
			if tt.notDone != "" && tt.notDone != day.Shipped["notdone.go"] {
				want = 2
			}
			if len(kept) != want || read(t, filepath.Join(root, kept[len(kept)-1])) != done {
				t.Errorf("kept %v, want %d copies, todo.go's (the last, by name) byte-identical to the learner's file", kept, want)
			}
		})
	}
}

// Resetting one TODO after the lab's notdone.go was deleted puts it back:
// the stub panics with its marker and would not compile without it.
func TestTODORestoresTheLabsFile(t *testing.T) {
	root, path := lab(t, done)
	if _, err := reset.TODO(root, day, 3, stamp); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(root, day.LearnerDir, "notdone.go")); got != day.Shipped["notdone.go"] {
		t.Errorf("notdone.go is not back as shipped:\n%s", got)
	}
	if got := read(t, path); !strings.Contains(got, "panic(notDone) // TODO 3") {
		t.Errorf("TODO 3 is not the stub again:\n%s", got)
	}
}

// Two resets in the same second keep two copies: the first is never
// overwritten.
func TestKeptCopiesNeverOverwrite(t *testing.T) {
	root, path := lab(t, done)
	first, err := reset.TODO(root, day, 1, stamp)
	if err != nil {
		t.Fatal(err)
	}
	second := read(t, path)
	again, err := reset.Day(root, day, stamp)
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != 1 || again[0] == first {
		t.Fatalf("kept %v after %q", again, first)
	}
	if read(t, filepath.Join(root, first)) != done || read(t, filepath.Join(root, again[0])) != second {
		t.Error("a kept copy does not hold what it kept")
	}
}

// When the learner's version cannot be kept aside, nothing is reset.
func TestNothingResetWhenTheCopyCannotBeKept(t *testing.T) {
	root, path := lab(t, done)
	if err := os.WriteFile(filepath.Join(root, day.LearnerDir, reset.KeptDir), []byte("in the way"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := reset.TODO(root, day, 1, stamp); err == nil || !strings.Contains(err.Error(), "nothing was reset") {
		t.Errorf("TODO: %v", err)
	}
	if _, err := reset.Day(root, day, stamp); err == nil {
		t.Error("Day: no error")
	}
	if got := read(t, path); got != done {
		t.Error("the learner's file changed")
	}
}

func TestDayWithoutALearnerFile(t *testing.T) {
	root := t.TempDir()
	kept, err := reset.Day(root, day, stamp)
	if err != nil || len(kept) != 0 {
		t.Fatalf("kept %v, err %v", kept, err)
	}
	if got := read(t, filepath.Join(root, day.LearnerDir, "todo.go")); got != day.Shipped["todo.go"] {
		t.Error("todo.go is not the shipped stub")
	}
}

func TestUnknownTODO(t *testing.T) {
	root, path := lab(t, done)
	if _, err := reset.TODO(root, day, 9, stamp); err == nil {
		t.Error("TODO 9: no error")
	}
	if _, err := reset.TODO(root, labs.Day{Number: 1, LearnerDir: day.LearnerDir, TODOs: day.TODOs}, 1, stamp); err == nil {
		t.Error("a day that ships no files: no error")
	}
	if got := read(t, path); got != done {
		t.Error("the learner's file changed")
	}
}
