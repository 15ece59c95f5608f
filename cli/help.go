package cli

import (
	"slices"
	"strings"
)

// A command's own help: `go run . grade-class --help` prints what the
// usage says of that command (its lines of the list) and the form it
// takes, rather than "unknown flag". Every command takes -h and --help.

// wantsHelp reports whether args ask for a command's help.
func wantsHelp(args []string) bool {
	return slices.Contains(args, "--help") || slices.Contains(args, "-h")
}

// commandHelp is the usage's entry for name (its first line and the
// lines indented under it), after the command's form.
func commandHelp(name, form string) string {
	var b strings.Builder
	b.WriteString("usage: go run . " + form + "\n\n")
	in := false
	for _, line := range strings.Split(usage, "\n") {
		switch {
		case strings.HasPrefix(line, "  "+name+" ") || line == "  "+name:
			in = true
		case in && !strings.HasPrefix(line, "                 "):
			in = false
		}
		if in {
			b.WriteString(line + "\n")
		}
	}
	b.WriteString("\n" + UsageHint + "\n")
	return b.String()
}
