package main

import "syscall"

// setParentDeath has Linux kill the serve program when serve itself dies,
// even by SIGKILL, which no handler sees.
func setParentDeath(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
