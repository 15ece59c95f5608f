package cli

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the tools binary in a process group of its own, so that a
// Ctrl-C at the terminal reaches only this binary, which passes it on once;
// and should this binary die without passing anything on (kill -9), the
// kernel stops the tools binary as SIGTERM would.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}
