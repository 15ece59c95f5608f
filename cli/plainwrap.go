package cli

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
)

// The plain lab's lines are written for a terminal that cannot move its
// cursor, and such a terminal wraps a long line wherever its width falls,
// in the middle of a word ("capac" on one line, "ity" on the next). So
// every line the plain lab prints is wrapped here first, at spaces, to the
// terminal's width, each continuation indented as its line is.

// plainWidth is the terminal's width: $COLUMNS when set (an editor's shell
// buffer sets it), else what the terminal says, else 80.
func plainWidth(out io.Writer) int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if f, ok := out.(*os.File); ok {
		if w, _, err := term.GetSize(f.Fd()); err == nil && w > 0 {
			return w
		}
	}
	return 80
}

// lineWrapper writes whole lines to w, each wrapped to width columns; the
// start of a line waits for its end (or for flush).
type lineWrapper struct {
	mu    sync.Mutex
	w     io.Writer
	width int
	buf   []byte
}

func newLineWrapper(w io.Writer, width int) *lineWrapper {
	return &lineWrapper{w: w, width: max(width, 20)}
}

func (l *lineWrapper) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	var out bytes.Buffer
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			break
		}
		out.WriteString(wrapLine(string(l.buf[:i]), l.width) + "\n")
		l.buf = l.buf[i+1:]
	}
	if _, err := l.w.Write(out.Bytes()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// flush writes a last line that has no newline.
func (l *lineWrapper) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buf) > 0 {
		io.WriteString(l.w, wrapLine(string(l.buf), l.width))
		l.buf = nil
	}
}

// wrapLine wraps one line at spaces to width columns, its continuation
// lines indented as the line is; a word longer than a line is broken.
func wrapLine(line string, width int) string {
	if ansi.StringWidth(line) <= width {
		return line
	}
	body := strings.TrimLeft(line, " ")
	indent := strings.Repeat(" ", len(line)-len(body))
	if len(indent) > width/2 {
		indent = ""
	}
	wrapped := ansi.Wrap(body, width-len(indent), "")
	return indent + strings.ReplaceAll(wrapped, "\n", "\n"+indent)
}
