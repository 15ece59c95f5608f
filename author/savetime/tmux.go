//go:build unix

package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// term is the lab in a tmux server of this run's own (tmux -L SOCKET, no
// configuration read), on one session "lab" of a fixed size, and a
// control-mode client on it (tmux -C) that takes each command and answers
// it on a pipe: a capture every few milliseconds costs no fork and exec of
// a tmux client, which would take the CPU the lab's builds need.
type term struct {
	socket string
	env    []string
	ctl    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	pid    int    // the lab's process (the pane's), a process group's leader
	path   string // the server's socket, which tmux leaves behind
	server int    // the tmux server's pid
}

// tmuxCmd is tmux on the run's own server.
func (t *term) tmuxCmd(args ...string) *exec.Cmd {
	cmd := exec.Command("tmux", append([]string{"-L", t.socket, "-f", "/dev/null"}, args...)...)
	cmd.Env = t.env
	return cmd
}

// startTerm starts bin (the lab) in dir in a new tmux server named socket,
// at w×h, with env, and attaches the control client.
func startTerm(socket, dir, bin string, env []string, w, h int) (*term, error) {
	t := &term{socket: socket, env: env}
	size := []string{"-x", strconv.Itoa(w), "-y", strconv.Itoa(h)}
	// -P: the lab's pid and the socket's path, known before anything can
	// fail. window-size manual: the size given here holds whatever clients
	// attach (the control client has none of its own).
	args := []string{"new-session", "-d", "-P", "-F", "#{pane_pid} #{pid} #{socket_path}", "-s", "lab", "-c", dir}
	args = append(append(args, size...), bin, ";", "set-option", "-g", "window-size", "manual", ";", "resize-window", "-t", "lab")
	out, err := t.tmuxCmd(append(args, size...)...).Output()
	if err != nil {
		return t, fmt.Errorf("tmux new-session: %v", err)
	}
	f := strings.SplitN(strings.TrimSpace(string(out)), " ", 3)
	if len(f) == 3 {
		t.path = f[2]
		t.server, _ = strconv.Atoi(f[1])
	}
	if t.pid, err = strconv.Atoi(f[0]); err != nil {
		return t, fmt.Errorf("tmux new-session printed %q, not the lab's pid", out)
	}
	t.ctl = t.tmuxCmd("-C", "attach-session", "-t", "lab", "-f", "no-output")
	if t.in, err = t.ctl.StdinPipe(); err != nil {
		return t, err
	}
	stdout, err := t.ctl.StdoutPipe()
	if err != nil {
		return t, err
	}
	t.out = bufio.NewReaderSize(stdout, 1<<16)
	if err := t.ctl.Start(); err != nil {
		return t, fmt.Errorf("tmux -C attach: %v", err)
	}
	dims, err := t.do("display-message -p -t lab '#{window_width}x#{window_height}'")
	if err != nil {
		return t, err
	}
	if want := fmt.Sprintf("%dx%d", w, h); strings.TrimSpace(dims) != want {
		return t, fmt.Errorf("the lab's window is %s, not %s", strings.TrimSpace(dims), want)
	}
	return t, nil
}

// block reads the next answer to a command this program sent: the lines
// between %begin and its %end (or %error) whose flags are 1 (tmux -C's
// mark of a command from the client's input). Notifications outside a
// block, and the attach's own block (flags 0, which a busy server may send
// after the first answer), are skipped.
func (t *term) block() (string, error) {
	var b strings.Builder
	var end string // "%end TIME NUMBER FLAGS" of the open block, "" outside one
	for {
		line, err := t.out.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("the tmux control client: %v (the lab gone?)", err)
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case end == "" && strings.HasPrefix(line, "%begin "):
			end = "%end " + strings.TrimPrefix(line, "%begin ")
			b.Reset()
		case end == "":
			// a notification
		case line == end, line == "%error "+strings.TrimPrefix(end, "%end "):
			ours := strings.HasSuffix(end, " 1")
			failed := strings.HasPrefix(line, "%error ")
			end = ""
			switch {
			case !ours:
			case failed:
				return "", fmt.Errorf("tmux: %s", strings.TrimSpace(b.String()))
			default:
				return b.String(), nil
			}
		default:
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
}

// do runs one command line and returns its output.
func (t *term) do(line string) (string, error) {
	if _, err := io.WriteString(t.in, line+"\n"); err != nil {
		return "", err
	}
	return t.block()
}

// capture is the screen's text now (no colours, trailing spaces dropped),
// and when tmux answered: the screen was that at some moment between the
// question and this answer.
func (t *term) capture() (string, time.Time, error) {
	out, err := t.do("capture-pane -p -t lab")
	return out, time.Now(), err
}

// keys types keys (send-keys' names: "j", "Enter") into the lab.
func (t *term) keys(keys ...string) error {
	_, err := t.do("send-keys -t lab " + strings.Join(keys, " "))
	return err
}

// close ends the server and everything in it: tmux hangs up the lab's
// terminal (the lab then stops its builds and workers, cli/signals.go);
// whatever of the lab's process group is left a few seconds later is
// killed.
func (t *term) close() {
	if t.in != nil {
		t.in.Close()
	}
	t.tmuxCmd("kill-server").Run()
	if t.ctl != nil && t.ctl.Process != nil {
		t.ctl.Process.Kill()
		t.ctl.Wait()
	}
	if t.path != "" {
		os.Remove(t.path)
	}
	if t.pid <= 0 {
		return
	}
	for range 50 {
		if syscall.Kill(t.pid, 0) != nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err := syscall.Kill(-t.pid, syscall.SIGKILL); err != nil && !errors.Is(err, syscall.ESRCH) {
		fmt.Fprintf(os.Stderr, "savetime: killing the lab's process group %d: %v\n", t.pid, err)
	}
}
