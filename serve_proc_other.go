//go:build unix && !linux

package main

import "syscall"

// setParentDeath: only Linux offers a parent-death signal; elsewhere serve
// kills the program's group on every way out it sees.
func setParentDeath(*syscall.SysProcAttr) {}
