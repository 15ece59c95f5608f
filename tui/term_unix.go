//go:build unix

package tui

import (
	"io"
	"os"
	"os/signal"
	"syscall"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/term"

	"termlab/labs"
	"termlab/tui/components/termdraw"
)

// stepWriter notes each frame written to the terminal (labs.Step).
type stepWriter struct{ w io.Writer }

func (s stepWriter) Write(b []byte) (int, error) {
	n, err := s.w.Write(b)
	labs.Step("tui: drawn %d bytes", n)
	return n, err
}

// selfDrawn runs the program without Bubble Tea's renderer, drawing each
// frame as it is made (components/termdraw), when stdin and stdout are a
// terminal. It does what the renderer did besides drawing: raw mode, the
// alternate screen, the window's size and its changes. ok is false when
// the terminal cannot be set up; the caller then runs the usual way.
func selfDrawn(app *App, extra ...tea.ProgramOption) (run func() (tea.Model, error), ok bool) {
	in, out := os.Stdin, os.Stdout
	if !term.IsTerminal(in.Fd()) || !term.IsTerminal(out.Fd()) {
		return nil, false
	}
	return func() (tea.Model, error) {
		state, err := term.MakeRaw(in.Fd())
		if err != nil {
			return nil, err
		}
		var drawTo io.Writer = out
		if labs.Stepping() {
			drawTo = stepWriter{out}
		}
		d := termdraw.New(drawTo)
		out.WriteString(termdraw.ScreenStart)
		defer func() {
			out.WriteString(termdraw.ScreenEnd)
			term.Restore(in.Fd(), state)
		}()
		m := termdraw.Wrap(app, d)
		p := tea.NewProgram(m, append([]tea.ProgramOption{tea.WithoutRenderer(), tea.WithInput(in), tea.WithOutput(out)}, extra...)...)

		// The size now and on every change (SIGWINCH), as the renderer's
		// resize handling would send it.
		winch := make(chan os.Signal, 1)
		signal.Notify(winch, syscall.SIGWINCH)
		defer signal.Stop(winch)
		stop := make(chan struct{})
		defer close(stop)
		go func() {
			send := func() {
				if w, h, err := term.GetSize(out.Fd()); err == nil {
					p.Send(tea.WindowSizeMsg{Width: w, Height: h})
				}
			}
			send()
			for {
				select {
				case <-winch:
					send()
				case <-stop:
					return
				}
			}
		}()
		final, err := p.Run()
		if f, ok := final.(*termdraw.Model); ok {
			return f.Inner(), err
		}
		return final, err
	}, true
}
