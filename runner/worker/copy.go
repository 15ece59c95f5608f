package worker

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"termlab/labs"
)

// CopyModule copies what the go tool needs to build the module at src into
// dst: go.mod, go.sum, every non-test .go file and every .txt file (the
// embedded stubs). Dot-folders, _folders, testdata and nested modules stay
// behind, and so does the learner's state (predictions, RESULTS.md). The
// authors' check grades the shipped stubs in such a copy, so the learner's
// own files are never touched, and tests run workers in one.
func CopyModule(src, dst string) error { return copyModule(src, dst, nil) }

// ListRoot, when not nil, lists the folder that CopyModule and CopyLab copy
// from, in place of os.ReadDir; the folders below it are read as usual. The
// test suite sets it (runner/testrun lists in a child process): go test's
// cache keys a test's result by every folder the test read, with each
// entry's modification time, and a clone's root holds .git, which any git
// status touches, so reading the root in the test would run every test that
// copies the lab again after each git command.
var ListRoot func(dir string) ([]fs.DirEntry, error)

// copyModule is CopyModule, leaving behind the .go files directly inside
// the folders of skipGo (slash-separated, relative to src).
func copyModule(src, dst string, skipGo map[string]bool) error {
	list := os.ReadDir
	if ListRoot != nil {
		list = ListRoot
	}
	entries, err := list(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		path := filepath.Join(src, e.Name())
		if !e.IsDir() {
			err = visit(src, dst, skipGo, path, e)
		} else if !skipDir(path, e.Name()) {
			err = filepath.WalkDir(path, func(path string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				return visit(src, dst, skipGo, path, d)
			})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// visit copies one file or enters one folder of copyModule's walk.
func visit(src, dst string, skipGo map[string]bool, path string, d fs.DirEntry) error {
	rel, _ := filepath.Rel(src, path)
	if d.IsDir() {
		if skipDir(path, d.Name()) {
			return filepath.SkipDir
		}
		return nil
	}
	if !d.Type().IsRegular() || !buildInput(d.Name()) {
		return nil
	}
	if strings.HasSuffix(d.Name(), ".go") && skipGo[filepath.ToSlash(filepath.Dir(rel))] {
		return nil
	}
	to := filepath.Join(dst, rel)
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return copyFile(path, to)
}

// copyFile streams from to to: a file of the learner's of any size takes
// a buffer's memory, not its own size.
func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

func skipDir(path, name string) bool {
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" {
		return true
	}
	_, err := os.Stat(filepath.Join(path, "go.mod"))
	return err == nil // another module
}

func buildInput(name string) bool {
	switch {
	case name == "go.mod", name == "go.sum", strings.HasSuffix(name, ".txt"):
		return true
	case strings.HasSuffix(name, ".go"):
		return !strings.HasSuffix(name, "_test.go")
	}
	return false
}

// CopyLab is CopyModule with each day's learner folder as the course ships
// it: the learner's .go files there (half done, not compiling, or extra
// files of their own) are not even read, and the embedded shipped files
// take their place. Tests and the authors' check start from it, so that
// they never depend on the state of the learner's work. Give it every day
// the worker links (the worker builds them all): a day left out keeps the
// learner's files.
func CopyLab(src, dst string, course labs.Course) error {
	learners := map[string]bool{}
	for _, day := range course {
		learners[strings.Trim(day.LearnerDir, "/")] = true
	}
	if err := copyModule(src, dst, learners); err != nil {
		return err
	}
	for _, day := range course {
		dir := filepath.Join(dst, filepath.FromSlash(day.LearnerDir))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for name, text := range day.Shipped {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
