//go:build !unix

package tui

import tea "github.com/charmbracelet/bubbletea"

// selfDrawn is not available here: the program runs with Bubble Tea's
// renderer (see term_unix.go).
func selfDrawn(*App) (func() (tea.Model, error), bool) { return nil, false }
