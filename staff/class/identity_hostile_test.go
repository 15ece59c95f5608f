package class

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/labs"
)

// Issue 43, finding 6: names are the students' own, and a class folder
// can hold two entries that name one student. Each test fails on the
// grader before the fix.

// dup.go beside dup/, and two names that differ only in control
// characters, were two rows with one name (and one roster identifier),
// whose per-student files overwrote each other. Each is now a row of its
// own, named by its entry, and refused with the reason: never merged,
// never graded as the other's.
func TestCollectTellsCollidingNamesApart(t *testing.T) {
	day := day45(t)
	dir := t.TempDir()
	src := "//go:build termlab\n\npackage day45\n"
	for _, name := range []string{"dup.go", "dup/todo.go", "a\x01b.go", "a\x02b.go", "solo.go"} {
		path := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	subs, err := Collect(dir, day)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	refused := 0
	for _, s := range subs {
		if seen[strings.ToLower(s.Who)] {
			t.Errorf("two submissions named %q", s.Who)
		}
		seen[strings.ToLower(s.Who)] = true
		if strings.Contains(s.Refused, "entries name the same student") {
			refused++
		}
	}
	if len(subs) != 5 || refused != 4 || !seen["solo"] || !seen["dup/ #1"] || !seen["dup.go #2"] {
		t.Errorf("%d submissions, %d refused as colliding: %+v", len(subs), refused, subs)
	}
}

// A 240-character name aborted every per-student file after it ("file
// name too long"); names that a file system cannot tell apart wrote one
// file for two students.
func TestPerStudentFileNames(t *testing.T) {
	day := day45(t)
	long := strings.Repeat("é", 120) // 240 bytes
	whos := []string{long, long + "x", "Ann", "ann", "zed"}
	var subs []Submission
	var results []Result
	src := "//go:build termlab\n\npackage day45\n"
	for _, who := range whos {
		subs = append(subs, Submission{Who: who, Files: map[string][]byte{"todo.go": []byte(src)}})
		results = append(results, Result{Who: who, Status: Graded, Grades: []labs.Grade{{TODO: 1, Func: "TakeToken", Status: labs.Pass}}})
	}
	dir := t.TempDir()
	written, _, err := WritePerStudent(dir, "junit", day, subs, results, 0)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := os.ReadDir(dir)
	if len(written) != len(whos) || len(files) != len(whos) {
		t.Fatalf("%d said written, %d on disk, want %d: %v", len(written), len(files), len(whos), written)
	}
	lower := map[string]bool{}
	for _, f := range files {
		if len(f.Name()) > 255 || lower[strings.ToLower(f.Name())] {
			t.Errorf("a file name too long or taken twice: %q", f.Name())
		}
		lower[strings.ToLower(f.Name())] = true
	}
}

// Issue 43, finding 3: todo.go and a thousand 1 MB files (ignored by a
// build tag) passed the per-file bound and peaked at 1.74 GB, since the
// batch read every submission before grading any. The files together are
// bounded now (here five of 900 kB), and List reads nothing: each
// submission is read when its turn comes.
func TestSubmissionSizeIsBoundedAndStreamed(t *testing.T) {
	day := day45(t)
	dir := t.TempDir()
	src := "//go:build termlab\n\npackage day45\n"
	big := "//go:build ignore\n\npackage day45\n\n//" + strings.Repeat("x", 900<<10) + "\n"
	os.MkdirAll(filepath.Join(dir, "many"), 0o755)
	os.WriteFile(filepath.Join(dir, "many", "todo.go"), []byte(src), 0o644)
	for i := range 5 {
		os.WriteFile(filepath.Join(dir, "many", fmt.Sprintf("pad%d.go", i)), []byte(big), 0o644)
	}
	os.WriteFile(filepath.Join(dir, "small.go"), []byte(src), 0o644)
	listed, err := List(dir, day)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range listed {
		if s.Files != nil || s.Refused != "" {
			t.Errorf("List read %s: %d files, refused %q", s.Who, len(s.Files), s.Refused)
		}
	}
	subs, err := Collect(dir, day)
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) != 2 || subs[0].Who != "many" || !strings.Contains(subs[0].Refused, "more than 2048 kB together") {
		t.Errorf("many: refused %q with %d files kept", subs[0].Refused, len(subs[0].Files))
	}
	if subs[1].Refused != "" || len(subs[1].Files) != 1 {
		t.Errorf("small: refused %q", subs[1].Refused)
	}
}
