package common

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/tui/components/textlayout"
	"termlab/tui/keymap"
)

// ScrollKey applies a scrolling key to off for content of n lines shown h
// at a time.
func ScrollKey(sk keymap.ScrollKeys, k tea.KeyMsg, off, h, n int) int {
	page := max(h/2, 1)
	switch {
	case key.Matches(k, sk.Up):
		off--
	case key.Matches(k, sk.Down):
		off++
	case key.Matches(k, sk.PageUp):
		off -= page
	case key.Matches(k, sk.PageDown):
		off += page
	case key.Matches(k, sk.Top):
		off = 0
	case key.Matches(k, sk.Bottom):
		off = n
	}
	return textlayout.Clamp(off, 0, n-h)
}
