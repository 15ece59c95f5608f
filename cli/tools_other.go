//go:build !unix

package cli

import "os/exec"

// ownGroup: elsewhere the tools binary shares this binary's console.
func ownGroup(*exec.Cmd) {}
