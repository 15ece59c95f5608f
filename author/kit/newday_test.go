package kit

import (
	"errors"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseDay(t *testing.T) {
	tests := []struct {
		nn, title string
		n         int
		want      string // the title kept, or "" for a refusal
	}{
		{"47", "Throwaway", 47, "Throwaway"},
		{"7", "  Spaces trimmed  ", 7, "Spaces trimmed"},
		{"999", "Back-pressure, and why", 999, "Back-pressure, and why"},
		{"0", "Zero", 0, ""},
		{"047", "Leading zero", 0, ""},
		{"1000", "Too big", 0, ""},
		{"-4", "Negative", 0, ""},
		{"4x", "Letters", 0, ""},
		{"", "No number", 0, ""},
		{"48", "", 0, ""},
		{"48", "   ", 0, ""},
		{"48", strings.Repeat("x", MaxTitle+1), 0, ""},
		{"48", `A "quoted" title`, 0, ""},
		{"48", "back`quote", 0, ""},
		{"48", "line\nbreak", 0, ""},
	}
	for _, tt := range tests {
		n, title, err := ParseDay(tt.nn, tt.title)
		if tt.want == "" {
			if !errors.Is(err, ErrUsage) {
				t.Errorf("ParseDay(%q, %q) = %d, %q, %v; want a usage error", tt.nn, tt.title, n, title, err)
			}
			continue
		}
		if err != nil || n != tt.n || title != tt.want {
			t.Errorf("ParseDay(%q, %q) = %d, %q, %v", tt.nn, tt.title, n, title, err)
		}
	}
}

// NewDay writes parseable Go, the learner's files and their shipped copies
// alike, registers the day, and refuses to write over it.
func TestNewDayWritesAndRegisters(t *testing.T) {
	root := t.TempDir()
	files, err := NewDay(root, 47, "Throwaway", "")
	if err != nil {
		t.Fatal(err)
	}
	read := func(rel string) string {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, ".go") {
			if _, err := parser.ParseFile(fset, f, read(f), parser.ParseComments); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
	}
	for _, name := range []string{"todo.go", "notdone.go"} {
		if read("labs/day47/"+name) != read("labs/day47/course/shipped/"+name+".txt") {
			t.Errorf("%s differs from its shipped copy", name)
		}
	}
	if !strings.HasPrefix(read("labs/day47/todo.go"), "//go:build termlab\n") {
		t.Error("todo.go lacks the termlab tag")
	}
	if !strings.Contains(read("labs/day47/course/words/words.go"), `Title:       "Throwaway"`) {
		t.Error("the title is not in words/words.go")
	}
	days, err := Scan(root)
	if err != nil || len(days) != 1 || days[0].Number != 47 || strings.Join(days[0].Funcs, ",") != "Backlog" {
		t.Fatalf("Scan = %v, %v", days, err)
	}
	if stale, err := Stale(root); err != nil || len(stale) > 0 {
		t.Fatalf("after NewDay: stale %v, %v", stale, err)
	}
	if _, err := NewDay(root, 47, "Again", ""); !errors.Is(err, ErrUsage) {
		t.Fatalf("a second Day 47: %v", err)
	}
	if !strings.Contains(read("labs/day47/course/words/words.go"), "Throwaway") {
		t.Fatal("the refused call wrote over the day")
	}
}

// new-day checks that it can register the day before it writes any of it:
// with labs/registry unwritable nothing is written, and once it is
// writable again the same command works (rather than say the day exists).
func TestNewDayWritesNothingItCannotRegister(t *testing.T) {
	type breaker struct {
		name         string
		break_, mend func(t *testing.T, dir string)
	}
	breakers := []breaker{{
		// As root (which ignores permissions) too: a file where the
		// folder should be.
		name: "labs/registry is a file",
		break_: func(t *testing.T, dir string) {
			if err := os.WriteFile(dir, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		},
		mend: func(t *testing.T, dir string) { os.Remove(dir) },
	}}
	if os.Geteuid() != 0 {
		breakers = append(breakers, breaker{
			name: "labs/registry is read-only",
			break_: func(t *testing.T, dir string) {
				os.MkdirAll(dir, 0o755)
				os.WriteFile(filepath.Join(dir, "days_gen.go"), []byte("package registry\n"), 0o444)
				os.Chmod(dir, 0o555)
			},
			mend: func(t *testing.T, dir string) {
				os.Chmod(dir, 0o755)
				os.Chmod(filepath.Join(dir, "days_gen.go"), 0o644)
			},
		})
	}
	for _, b := range breakers {
		t.Run(b.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "labs", "registry")
			os.MkdirAll(filepath.Dir(dir), 0o755)
			b.break_(t, dir)
			_, err := NewDay(root, 47, "Throwaway", "")
			if err == nil || !strings.Contains(err.Error(), "nothing was written") {
				t.Fatalf("NewDay with %s: %v, want a refusal that wrote nothing", b.name, err)
			}
			for _, d := range []string{"labs/day47", "solutions/day47"} {
				if _, err := os.Stat(filepath.Join(root, d)); err == nil {
					t.Errorf("%s was written though the day could not be registered", d)
				}
			}
			b.mend(t, dir)
			if _, err := NewDay(root, 47, "Throwaway", ""); err != nil {
				t.Fatalf("the re-run once %s is fixed: %v", b.name, err)
			}
			if stale, err := Stale(root); err != nil || len(stale) > 0 {
				t.Errorf("after the re-run: stale %v, %v", stale, err)
			}
		})
	}
}
