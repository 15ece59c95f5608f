//go:build !unix

package main

import (
	"fmt"
	"os"
)

// savetime drives tmux and kills process groups: Unix only.
func main() {
	fmt.Fprintln(os.Stderr, "savetime: the lab in tmux needs a Unix system")
	os.Exit(1)
}
