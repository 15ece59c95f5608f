package worker

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"

	"termlab/labs"
)

// Which lines of go build -x are the steps counted: the compiler and the
// linker run, wherever the tool folder is; not the compiler asked its
// version, nor the go command's other steps.
func TestBuildStep(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"/usr/lib/go/pkg/tool/linux_amd64/compile -o $WORK/b058/_pkg_.a -trimpath \"$WORK/b058=>\" -p termlab/labs", true},
		{"/usr/lib/go/pkg/tool/linux_amd64/link -o $WORK/b001/exe/a.out -importcfg $WORK/b001/importcfg.link", true},
		{`C:\Go\pkg\tool\windows_amd64\compile.exe -o $WORK\b002\_pkg_.a -p fmt`, runtime.GOOS == "windows"},
		{"/usr/lib/go/pkg/tool/linux_amd64/compile -V=full", false},
		{"/usr/lib/go/pkg/tool/linux_amd64/asm -p runtime -trimpath x", false},
		{"mkdir -p $WORK/b058/", false},
		{"cat >/tmp/go-build/b058/importcfg << 'EOF' # internal", false},
		{"compile", false},
		{"", false},
	}
	for _, tc := range tests {
		if got := buildStep(tc.line); got != tc.want {
			t.Errorf("buildStep(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// A build run with a trace in its context reports each step as go build -x
// prints it, the total once go list has said, and its end; the count never
// passes the total. The go command is a stand-in that says what the real
// one would for a build of three packages (three stale, a link).
func TestBuildReportsItsProgress(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in go command is a shell script")
	}
	dir := t.TempDir()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	goCmd := filepath.Join(dir, "go")
	script := `#!/bin/sh
if [ "$1" = list ]; then printf 'x\nx\nx\n'; exit 0; fi
for p in a b c; do echo "/go/pkg/tool/linux_amd64/compile -o \$WORK/b00$p/_pkg_.a -p $p" >&2; done
echo "/go/pkg/tool/linux_amd64/link -o \$WORK/b001/exe/a.out" >&2
while [ "$1" != -o ]; do shift; done
cp '` + self + `' "$2"
`
	if err := os.WriteFile(goCmd, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(DirectEnv, "0") // no plan to record: the trace alone asks for -x
	var mu sync.Mutex
	var got []labs.BuildProgress
	ctx := labs.WithBuildTrace(t.Context(), func(p labs.BuildProgress) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, p)
	})
	r := Runner{Root: dir, Bin: filepath.Join(dir, "worker"), Go: goCmd}
	if _, err := r.Build(ctx); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) < 6 {
		t.Fatalf("heard %d reports, want the start, 4 steps and the end at least: %+v", len(got), got)
	}
	last := got[len(got)-1]
	if last != (labs.BuildProgress{Program: "the worker", Done: 4, Total: 4, Finished: true}) {
		t.Errorf("the last report is %+v, want 4 of 4, finished", last)
	}
	dones := []int{}
	for _, p := range got {
		if p.Program != "the worker" || (p.Total > 0 && p.Done > p.Total) {
			t.Errorf("report %+v: another program, or past its total", p)
		}
		if len(dones) == 0 || dones[len(dones)-1] != p.Done {
			dones = append(dones, p.Done)
		}
	}
	if !slices.Equal(dones, []int{0, 1, 2, 3, 4}) {
		t.Errorf("the count went %v, want 0 to 4 a step at a time", dones)
	}
}
