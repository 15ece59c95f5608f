package common

import (
	tea "github.com/charmbracelet/bubbletea"

	"termlab/tui/keymap"
)

// The screens of an open day, in tab order.
const (
	TabLesson = iota
	TabPredict
	TabRun
	TabScore
	TabTODOs
	TabDrills
	TabResults
	TabHistory
	TabPlay
)

// SwitchTabMsg asks the day to show another screen. part, for the Run
// screen, is the part the learner just made the predictions of; open, for
// the form, opens the box at once (the learner asked to predict).
type SwitchTabMsg struct {
	Tab  int
	Part string
	Open bool
}

// Screen is one tab of a day. Screens share the day's session; each keeps
// its own view state (cursor, scroll, inputs).
type Screen interface {
	Title() string
	Typing() bool // a text box has the keyboard: letters are text
	Resize(s *Session, w, h int)
	Enter(s *Session) tea.Cmd // the screen comes on
	Update(msg tea.Msg, s *Session) tea.Cmd
	View(s *Session, w, h int) string
	Help(s *Session) keymap.KeyMap
}
