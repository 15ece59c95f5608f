package class

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"termlab/labs"
	"termlab/labs/registry/full"
	"termlab/runner/worker"
)

// The class grader's guard (issue 30), in process: what needs no worker.

// A forged cache entry (a plain result, as an entry was before the seal,
// or a sealed one swapped for another student's, or one whose verdicts
// were rewritten) is not taken: the submission is graded again and the
// result says the cache was tampered with; the untouched entries are
// still served.
func TestCacheEntriesAreSealed(t *testing.T) {
	root, err := worker.FindRoot(".", "termlab")
	if err != nil {
		t.Fatal(err)
	}
	day := day45(t)
	subs := []Submission{
		{Who: "ann", Files: map[string][]byte{"todo.go": []byte("a")}, Refused: "refused a"},
		{Who: "ben", Files: map[string][]byte{"todo.go": []byte("b")}, Refused: "refused b"},
		{Who: "cat", Files: map[string][]byte{"todo.go": []byte("c")}, Refused: "refused c"},
		{Who: "dan", Files: map[string][]byte{"todo.go": []byte("d")}, Refused: "refused d"},
	}
	cacheDir := t.TempDir()
	g := Grader{Root: root, Day: day, Course: full.Days, Jobs: 2, CacheDir: cacheDir}
	if _, err := g.Run(context.Background(), subs); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(cacheDir, "day45-*", "*.json"))
	if len(files) != 4 {
		t.Fatalf("%d entries, want 4: %v", len(files), files)
	}
	entryOf := func(s Submission) string { return filepath.Join(filepath.Dir(files[0]), s.Digest()+".json") }
	// ann: an all-pass result written as the old cache wrote one.
	pass := Result{Who: "ann", Digest: subs[0].Digest(), Status: Graded}
	for _, td := range day.TODOs {
		pass.Grades = append(pass.Grades, labs.Grade{TODO: td.Number, Func: td.Func, Status: labs.Pass})
	}
	data, _ := json.Marshal(pass)
	os.WriteFile(entryOf(subs[0]), data, 0o644)
	// ben: cat's sealed entry in its place.
	catEntry, _ := os.ReadFile(entryOf(subs[2]))
	os.WriteFile(entryOf(subs[1]), catEntry, 0o644)
	// dan: its own sealed entry, the verdict rewritten.
	danEntry, _ := os.ReadFile(entryOf(subs[3]))
	os.WriteFile(entryOf(subs[3]), []byte(strings.Replace(string(danEntry), `"status":"refused"`, `"status":"graded"`, 1)), 0o644)
	if string(danEntry) == string(mustRead(t, entryOf(subs[3]))) {
		t.Fatalf("the test did not change dan's entry:\n%s", danEntry)
	}

	results, err := g.Run(context.Background(), subs)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		forged := r.Who != "cat"
		if r.Status != Refused || r.Points != 0 || r.Cached == forged || r.Tampered != forged {
			t.Errorf("%s: %s, cached %v, tampered %v; want refused, cached %v, tampered %v", r.Who, r.Status, r.Cached, r.Tampered, !forged, forged)
		}
	}
	// Graded again, each is sealed again: a third run takes all four.
	results, _ = g.Run(context.Background(), subs)
	for _, r := range results {
		if !r.Cached || r.Tampered {
			t.Errorf("third run, %s: cached %v, tampered %v", r.Who, r.Cached, r.Tampered)
		}
	}
	// The key is the owner's alone.
	if fi, err := os.Stat(filepath.Join(cacheDir, keyFile)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the seal's key: %v %v", fi, err)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A clone-shaped submission whose labs/ (or labs/day45/) is a link to
// files elsewhere is refused: only the last part of the path was checked.
func TestCollectFollowsNoLink(t *testing.T) {
	day := day45(t)
	dir, elsewhere := t.TempDir(), t.TempDir()
	write(t, filepath.Join(elsewhere, "day45", "todo.go"), okFile)
	write(t, filepath.Join(dir, "ann", "README.md"), "a clone")
	if err := os.Symlink(elsewhere, filepath.Join(dir, "ann", "labs")); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "ben", "README.md"), "a clone")
	os.MkdirAll(filepath.Join(dir, "ben", "labs"), 0o755)
	if err := os.Symlink(filepath.Join(elsewhere, "day45"), filepath.Join(dir, "ben", "labs", "day45")); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "cat", "labs", "day45", "todo.go"), okFile)
	subs, err := Collect(dir, day)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"ann": "labs is a symbolic link", "ben": "labs/day45 is a symbolic link", "cat": ""}
	for _, s := range subs {
		if w := want[s.Who]; (w == "") != (s.Refused == "") || !strings.Contains(s.Refused, w) {
			t.Errorf("%s: refused %q, want %q", s.Who, s.Refused, w)
		}
	}
}

// A name with escape codes or a newline (the entry's, or a file's inside
// it) cannot reach the terminal raw nor start a row of its own.
func TestCollectCleansNames(t *testing.T) {
	day := day45(t)
	dir := t.TempDir()
	write(t, filepath.Join(dir, "eve\x1b[2J\r\nalice   pass pass pass pass 4/4.go"), okFile)
	write(t, filepath.Join(dir, "fay", "todo.go"), okFile)
	write(t, filepath.Join(dir, "fay", "x\x1b]0;PWNED\a\n.go"), "//go:build termlab\n\npackage day45\n")
	write(t, filepath.Join(dir, "gus\u202e.go"), okFile)
	subs, err := Collect(dir, day)
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) != 3 {
		t.Fatalf("%d submissions", len(subs))
	}
	for _, s := range subs {
		if Clean(s.Who) != s.Who || Clean(s.Refused) != s.Refused {
			t.Errorf("%q (refused %q): a control character is left", s.Who, s.Refused)
		}
	}
	if subs[1].Who != "fay" || !strings.Contains(subs[1].Refused, "control characters") {
		t.Errorf("fay: %+v", subs[1])
	}
}

// A submission graded earlier that rewrote the batch's copy of the lab
// changes no one's grade: the template is read-only, and a copy that is
// not the lab as the run started is the lab's fault, never "does not
// compile" blamed on the next student.
func TestTamperedTemplateBlamesNoStudent(t *testing.T) {
	template := t.TempDir()
	write(t, filepath.Join(template, "labs", "day45", "notdone.go"), "package day45\n")
	version, err := Version(template)
	if err != nil {
		t.Fatal(err)
	}
	if err := readOnly(template); err != nil {
		t.Fatal(err)
	}
	defer removeAll(template)
	if err := os.WriteFile(filepath.Join(template, "labs", "day45", "notdone.go"), []byte("broken"), 0o644); err == nil && os.Getuid() != 0 {
		t.Error("the template's files are writable")
	}
	// Write bits back, as a hostile process of the same user can.
	os.Chmod(filepath.Join(template, "labs", "day45"), 0o755)
	os.Chmod(filepath.Join(template, "labs", "day45", "notdone.go"), 0o644)
	write(t, filepath.Join(template, "labs", "day45", "notdone.go"), "package day45\n\nvar broken = \n")
	g := Grader{Day: day45(t)}
	s := Submission{Who: "ann", Files: map[string][]byte{"todo.go": []byte(okFile)}}
	r := g.build(context.Background(), template, version, s, Result{Who: "ann"})
	if r.Status != LabFault || !strings.Contains(r.Error, "the lab's copy changed") {
		t.Errorf("%s %q, want the lab's fault", r.Status, r.Error)
	}
}
