package worker

import (
	"testing"
	"time"

	"termlab/labs"
)

// A result is kept for keptRuns runs of its day after the last run that
// used it, and a run that is forgotten (or never ends) changes nothing.
func TestKeepForgetsWhatNoRunUses(t *testing.T) {
	k := &Keep{}
	run := func(key string, forget bool) {
		kr := &keepRun{keep: k, day: 46, grades: []string{key}, fresh: map[string]kept{}}
		kr.noteGrade(0, labs.Grade{TODO: 1, Status: labs.Pass}, nil)
		if forget {
			kr.forget()
		}
		kr.commit()
	}
	has := func(key string) bool { _, ok := k.days[46].results[key]; return ok }
	run("a", false)
	for i := 1; i < keptRuns; i++ {
		run("b", false)
		if !has("a") {
			t.Fatalf("a is forgotten %d runs after its last, want %d", i, keptRuns)
		}
	}
	run("b", false)
	if has("a") {
		t.Errorf("a is kept %d runs after its last", keptRuns)
	}
	run("c", true)
	if has("c") {
		t.Error("a forgotten run's result is kept")
	}
	if k.days[45] != nil {
		t.Error("another day's results changed")
	}
}

// Only a settled verdict that names no place in the learner's file is
// kept.
func TestKeepKeepsOnlySettledVerdicts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		g     labs.Grade
		fault *labs.Fault
		kept  bool
	}{
		{"a pass", labs.Grade{Status: labs.Pass, Detail: "all 12 checks pass"}, nil, true},
		{"a fail", labs.Grade{Status: labs.Fail, Detail: "FairShare(10, [4 8]) = [4 8], want [4 6]", Counterexample: &labs.Counterexample{}}, nil, true},
		{"a stub", labs.Grade{Status: labs.Unfinished}, nil, false},
		{"a crash", labs.Grade{Status: labs.Crash, Where: "labs/day46/todo.go:12"}, nil, false},
		{"a timeout", labs.Grade{Status: labs.Timeout}, nil, false},
		{"a fail at a line", labs.Grade{Status: labs.Fail, Where: "labs/day46/todo.go:12"}, nil, false},
		{"a fail whose hint names a line", labs.Grade{Status: labs.Fail, Hint: "see todo.go:40"}, nil, false},
		{"a process that died", labs.Grade{Status: labs.Fail}, &labs.Fault{Status: labs.Fail}, false},
	} {
		kr := &keepRun{grades: []string{"key"}, fresh: map[string]kept{}}
		kr.noteGrade(0, tc.g, tc.fault)
		if _, got := kr.fresh["key"]; got != tc.kept {
			t.Errorf("%s: kept %v, want %v", tc.name, got, tc.kept)
		}
	}
}

// The parts a save plays piece by piece are ordered by how long the
// pieces they must play last took, whatever their code was then; a piece
// never timed leaves the order to the parts' Uses.
func TestKeepCostsThePiecesToPlay(t *testing.T) {
	parts := []labs.Part{{ID: "5"}, {ID: "6"}, {ID: "9", Heavy: true}}
	k := &keepRun{
		pieces: [][]string{{"a", "b", "c"}, {"d"}, nil},
		have:   map[string]kept{"a": {}, "b": {}}, // Part 5 plays only its third piece
		took: map[string]time.Duration{
			pieceName(0, 0): time.Second, pieceName(0, 1): time.Second, pieceName(0, 2): 5 * time.Millisecond,
			pieceName(1, 0): 80 * time.Millisecond,
		},
	}
	cost, ok := k.costs(parts)
	if !ok || cost[0] != 5*time.Millisecond || cost[1] != 80*time.Millisecond || cost[2] != 0 {
		t.Errorf("costs %v, %v; want Part 5's third piece (5ms), Part 6's (80ms), none for the heavy part", cost, ok)
	}
	delete(k.took, pieceName(1, 0))
	if _, ok := k.costs(parts); ok {
		t.Error("a piece never timed was given a cost")
	}
}

// A learner's file that declares a package-level variable may keep state
// between calls, so its parts are played whole (pieces.go); the lab's own
// file, as shipped, does not count.
func TestKeepsState(t *testing.T) {
	day := labs.Day{Shipped: map[string]string{"notdone.go": "package day46\n\nvar notDone = 1\n"}}
	for _, tc := range []struct {
		name  string
		files []labs.SourceFile
		want  bool
	}{
		{"the shipped file alone", []labs.SourceFile{{Name: "notdone.go", Data: []byte(day.Shipped["notdone.go"])}}, false},
		{"functions only", []labs.SourceFile{{Name: "todo.go", Data: []byte("package day46\n\nfunc Overlap(a, b []int) int { n := 0; return n }\n")}}, false},
		{"a counter", []labs.SourceFile{{Name: "todo.go", Data: []byte("package day46\n\nvar calls int\n\nfunc Overlap(a, b []int) int { calls++; return 0 }\n")}}, true},
		{"the lab's file changed", []labs.SourceFile{{Name: "notdone.go", Data: []byte("package day46\n\nvar notDone = 2\n")}}, true},
		{"not Go", []labs.SourceFile{{Name: "notes.txt", Data: []byte("var x")}}, false},
		{"Go that does not lex", []labs.SourceFile{{Name: "todo.go", Data: []byte("package day46\nfunc F() {")}}, true},
	} {
		if got := keepsState(day, tc.files); got != tc.want {
			t.Errorf("%s: keepsState %v, want %v", tc.name, got, tc.want)
		}
	}
}
