// Command gendays registers every day: it writes labs/registry/days_gen.go
// and the two workers' link files from the folders labs/dayNN (see author/kit).
// Run it from the module root, or through `go generate` (main.go).
package main

import (
	"fmt"
	"os"

	"termlab/author/kit"
)

func main() {
	root := "."
	if len(os.Args) > 1 {
		root = os.Args[1]
	}
	if err := kit.Write(root); err != nil {
		fmt.Fprintln(os.Stderr, "gendays:", err)
		os.Exit(1)
	}
}
