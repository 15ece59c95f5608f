//go:build unix && !linux

package cli

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the tools binary in a process group of its own, so that a
// Ctrl-C at the terminal reaches only this binary, which passes it on once.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
