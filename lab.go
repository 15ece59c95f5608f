package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/mattn/go-isatty"

	"termlab/labs/worker"
	"termlab/tui"
)

// openLab opens the screens when there is a terminal to draw on; otherwise
// it lists the days and says how to work from a plain shell.
func openLab(stdin io.Reader, stdout, stderr io.Writer) int {
	root, err := worker.FindRoot(".", module)
	if err != nil {
		fmt.Fprintln(stderr, "termlab:", err)
		return exitUsage
	}
	if !isTerminal(stdin) || !isTerminal(stdout) {
		e := env{stdin: stdin, stdout: stdout, stderr: stderr, root: root}
		cmdList(context.Background(), e, args{})
		// The example day is the newest one, so the hint stays right as
		// days are added.
		n := course[len(course)-1].Number
		fmt.Fprintf(stdout, "\nThe lab's screens need a terminal. From a plain shell, use:\n\n  go run . run %[1]d      run the experiments on your code\n  go run . grade %[1]d    grade your TODOs\n  go run . help        every command\n", n)
		return exitOK
	}
	if err := tui.Run(tui.Config{Course: course, Root: root}); err != nil {
		fmt.Fprintln(stderr, "termlab:", err)
		return exitNotOK
	}
	return exitOK
}

func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}
