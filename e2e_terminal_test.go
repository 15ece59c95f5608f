package main

import (
	"bytes"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"termlab/runner/testrun"
)

// The screens ask the terminal for its background colour only before
// Bubble Tea starts reading the keyboard (before the alternate screen).
// Asked after, the reply raced Bubble Tea's input reader: the screens
// waited termenv's 5 s timeout or drew nothing (tui.askBackground). The
// terminal here answers every query at once (answerQueries), as a real
// one does.
func TestTheScreensAskTheTerminalBeforeReadingKeys(t *testing.T) {
	testrun.Slow(t, "opens the screens on a pseudo-terminal")
	t.Parallel() // in a copy of the lab of its own, as the other end-to-end tests
	l := newLab(t, "")
	cmd := exec.Command(l.bin)
	cmd.Dir, cmd.Env = l.root, append(childEnv(), "TERM=xterm-256color")
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 80})
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
		f.Close()
	}()
	var seen bytes.Buffer
	out := make(chan []byte)
	go func() {
		defer close(out)
		buf := make([]byte, 64<<10)
		for {
			n, err := f.Read(buf)
			if n > 0 {
				data := bytes.Clone(buf[:n])
				answerQueries(f, data)
				out <- data
			}
			if err != nil {
				return
			}
		}
	}()
	drawn := testrun.WaitFor(t, 10*time.Millisecond, func() bool {
		select {
		case data, ok := <-out:
			if !ok {
				t.Fatalf("the screens exited:\n%q", seen.String())
			}
			seen.Write(data)
		default:
		}
		return bytes.Contains(seen.Bytes(), []byte("Day 46"))
	})
	if !drawn {
		t.Fatalf("the day list was never drawn:\n%q", seen.String())
	}
	raw := seen.Bytes()
	alt := bytes.Index(raw, []byte("\x1b[?1049h"))
	if alt < 0 {
		t.Fatalf("no alternate screen:\n%q", raw)
	}
	if i := bytes.Index(raw[alt:], []byte("\x1b]11;?")); i >= 0 {
		t.Errorf("the background was asked after Bubble Tea took the keyboard:\n%q", raw[:alt+i+8])
	}
}
