package worker

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// CopyModule copies what the go tool needs to build the module at src into
// dst: go.mod, go.sum, every non-test .go file and every .txt file (the
// embedded stubs). Dot-folders, _folders, testdata and nested modules stay
// behind, and so does the learner's state (predictions, RESULTS.md). The
// authors' check grades the shipped stubs in such a copy, so the learner's
// own files are never touched, and tests run workers in one.
func CopyModule(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			if rel != "." && skipDir(path, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !buildInput(d.Name()) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
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
