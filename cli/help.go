package cli

import (
	"fmt"
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
	if name == "play" {
		// play's flags are its figures' knobs: each figure's, by day.
		for _, d := range course {
			for _, f := range d.Figures {
				fmt.Fprintf(&b, "\nDay %d --figure %s (%s): %s\n", d.Number, f.ID, f.Title, knobList(f))
			}
		}
	}
	b.WriteString("\n" + UsageHint + "\n")
	return b.String()
}
