//go:build !unix

package main

import (
	"os"
	"os/exec"
)

// Without process groups, the program itself is stopped.
func boxProcess(*exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

func interruptGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		if cmd.Process.Signal(os.Interrupt) != nil {
			cmd.Process.Kill()
		}
	}
}
