// Package watch is how the lab hears of changes to a folder: what counts
// as a change (the filters here), and a watcher that reports them. Every
// mode of the lab uses it, the screens (tui) and the plain line-by-line
// lab alike, so a save that re-runs the learner's code on one re-runs it
// on the other, and a file that is ignored on one is ignored on both.
package watch

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/fsnotify/fsnotify"
)

// Code keeps the files whose change can change the build of the learner's
// day: the Go files the go command compiles into the package. Test files
// are not built into the package; names that start with "." or "_" are
// ignored by the go command (hidden files: vim's .todo.go.swp, emacs's
// .#todo.go lock), and editors' other scratch (emacs's #todo.go#, todo.go~,
// vim's 4913) does not end in ".go".
func Code(name string) bool {
	base := filepath.Base(name)
	return strings.HasSuffix(base, ".go") && !strings.HasSuffix(base, "_test.go") &&
		!strings.HasPrefix(base, ".") && !strings.HasPrefix(base, "_") && !strings.HasPrefix(base, "#")
}

// answersFile is a day's answers, or its history (record/history): a run
// from a shell appends to the history after it has saved the answers.
var answersFile = regexp.MustCompile(`^day[0-9]+\.(json|history\.jsonl)$`)

// Answers keeps the files of predictions/ that hold a day's answers:
// temporary files of a write, locks, copies kept aside and the lab's own
// state (lab.json) are not the answers.
func Answers(name string) bool {
	return answersFile.MatchString(filepath.Base(name))
}

// changes is the operations that change a file's content: a write, a file
// created or renamed into place (how many editors save), or removed. A
// change of mode alone changes nothing.
const changes = fsnotify.Write | fsnotify.Create | fsnotify.Rename | fsnotify.Remove

// accepts reports whether ev is a change of a file that keep keeps.
func accepts(keep func(string) bool, ev fsnotify.Event) bool {
	return ev.Op&changes != 0 && keep(ev.Name)
}
