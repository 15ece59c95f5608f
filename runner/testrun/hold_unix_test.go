//go:build unix

package testrun

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A sweep keeps every run folder whose owner holds its lock, whatever pid
// its name gives (in another pid namespace the pid names nobody here), and
// removes one whose lock is free.
func TestSweepGoesByTheLockNotThePid(t *testing.T) {
	base := t.TempDir()
	mk := func(name string, lock bool, age time.Duration) string {
		d := filepath.Join(base, name)
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if lock {
			if err := os.WriteFile(filepath.Join(d, lockName), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		then := time.Now().Add(-age)
		os.Chtimes(d, then, then)
		return d
	}
	live := mk(prefix+"7-live", true, 2*time.Hour) // pid 7: not a test binary here
	f, err := os.Open(filepath.Join(live, lockName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	dead := mk(prefix+"8-dead", true, 0)
	young := mk(prefix+"9-young", false, 0)
	aged := mk(prefix+"10-aged", false, 2*time.Hour)
	Sweep(base)
	for _, c := range []struct {
		dir  string
		kept bool
	}{{live, true}, {dead, false}, {young, true}, {aged, false}} {
		_, err := os.Stat(c.dir)
		if kept := err == nil; kept != c.kept {
			t.Errorf("%s: kept %v, want %v", filepath.Base(c.dir), kept, c.kept)
		}
	}
}

// hold leaves the folder with its lock in place and taken.
func TestHoldTakesTheLock(t *testing.T) {
	d := t.TempDir()
	saved := held
	defer func() { held = saved }()
	hold(d)
	if held == nil {
		t.Fatal("no lock held")
	}
	defer held.Close()
	e, _ := os.ReadDir(filepath.Dir(d))
	for _, x := range e {
		if x.Name() == filepath.Base(d) && abandoned(d, x) {
			t.Error("a held folder reads as abandoned")
		}
	}
}
