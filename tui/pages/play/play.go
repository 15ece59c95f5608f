package play

import (
	"math"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/tui/common"
	"termlab/tui/components/chart"
	"termlab/tui/keymap"
)

// playModel is the Play screen: the day's playground figures
// (labs.PlayFigure), one at a time, with their knobs. Turning a knob asks
// for a new frame at once; the chart replays along the virtual clock with
// the Run screen's own drawing (components/chart: the same marks, legend and
// playhead, so it reads without colour), and keeps its playhead where it
// was when a new frame lands, so a knob turn redraws in place.
//
// The learner's code runs in a kept-running boxed worker
// (worker.PlaySession), started when a figure first needs it and replaced
// when a new run has graded new code; the reference runs in another, on
// the reference program (built with the shipped stubs, so whatever the
// learner's file holds), kept for as long as the day is open. The screens
// play no figure themselves.
type Model struct {
	c    *common.Common
	keys playKeys

	Fig    int
	knob   int
	values map[string]labs.Values // by figure ID
	Frame  *labs.Frame
	fp     chart.Fig
	Gen    int // a frame of another generation is stale
	// beside is the reference's frame at the setting of frame when frame
	// is the learner's: its key series is drawn with the learner's and its
	// readouts stand beside theirs where they differ. frameGen and
	// besideGen are the generations they answered, so they pair up.
	beside              *labs.Frame
	frameGen, besideGen int
	// OnRef is the learner's choice to play the reference alone (i).
	OnRef bool
	// chartFirst is the learner's choice (c), on a short screen, of the
	// chart over the readouts.
	chartFirst bool

	Head    float64 // the playhead, in virtual seconds
	Paused  bool
	ticking bool

	reqFor  *labs.Outcome // the run the latest request knew of
	asked   bool          // the figure on screen has been asked for
	retry   bool          // the learner's worker was busy: ask again
	sess    common.LearnerFrames
	sessFor *labs.Outcome // the run whose code the session's worker holds
	// Ref plays the reference's frames; starting is a request to it
	// waiting for its worker to be built and started.
	Ref      common.RefFrames
	starting bool
	w, h     int
}

// Close ends the screen's workers (the day is closing).
func (m *Model) Close() {
	if m.sess != nil {
		go m.sess.Close()
		m.sess = nil
	}
	if m.Ref != nil {
		go m.Ref.Close()
		m.Ref = nil
	}
}

// playKeys live here, not in keys.go, while other screens' keys are being
// reworked there; they follow keys.go's rules (no letter while typing, and
// this screen never types).
type playKeys struct {
	Knob, Turn, Less, More, Figure, Pause, Step key.Binding
	Back, Reveal, Impl                          key.Binding
	// Chart puts the chart before the readouts on a screen too short for
	// both (40×12), which otherwise keeps the readouts.
	Chart key.Binding
}

func newPlayKeys() playKeys {
	return playKeys{
		Knob:   key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/↓", "knob")),
		Turn:   key.NewBinding(key.WithKeys("down", "j")),
		Less:   key.NewBinding(key.WithKeys("-", "_", "["), key.WithHelp("-/+", "turn")),
		More:   key.NewBinding(key.WithKeys("+", "=", "]")),
		Figure: key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "next figure")),
		Back:   key.NewBinding(key.WithKeys("F"), key.WithHelp("F", "previous figure")),
		Reveal: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "reveal and open")),
		Impl:   key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "yours/reference")),
		Pause:  key.NewBinding(key.WithKeys(" ", "p"), key.WithHelp("space", "pause/play")),
		Step:   key.NewBinding(key.WithKeys("left", "right", "h", "l"), key.WithHelp("←/→", "step")),
		Chart:  key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "chart/figures")),
	}
}

func New(c *common.Common) *Model {
	return &Model{c: c, keys: newPlayKeys(), values: map[string]labs.Values{}}
}

func (m *Model) Title() string                      { return "Play" }
func (m *Model) Typing() bool                       { return false }
func (m *Model) Resize(_ *common.Session, w, h int) { m.w, m.h = w, h }

func (m *Model) Enter(s *common.Session) tea.Cmd {
	if len(s.Day.Figures) == 0 || !m.open(s) {
		return nil
	}
	return tea.Batch(m.Request(s), m.tick())
}

func (m *Model) figure(s *common.Session) labs.PlayFigure { return s.Day.Figures[m.Fig] }

// gate is what stands between the learner and the figure on screen
// (labs.PlayGate): a prediction counts as revealed once its reveal is on
// record in the answers file, as a run's reveal does.
func (m *Model) gate(s *common.Session) labs.PlayGate {
	return s.Day.PlayGate(m.figure(s), s.Answered, s.Rec.OnFile)
}

func (m *Model) open(s *common.Session) bool { return m.gate(s).Open() }

// reveal reveals the predictions the figure on screen shows, after the
// learner was told so and pressed the key: one change to the answers
// file, the figure opening once it is on record (follow asks for its
// frame then).
func (m *Model) reveal(s *common.Session) tea.Cmd {
	g := m.gate(s)
	if len(g.Waiting) > 0 || len(g.Reveal) == 0 {
		return nil
	}
	ids := g.Reveal
	return s.Change(m.c.Deps, func(a *predictions.Answers) {
		for _, id := range ids {
			a.Reveal(id)
		}
	})
}

func (m *Model) setting(s *common.Session) labs.Values {
	f := m.figure(s)
	v, ok := m.values[f.ID]
	if !ok {
		v = f.Defaults()
		m.values[f.ID] = v
	}
	return v
}

// grades is what the lab knows of the learner's TODOs: the latest run's
// verdicts, or the answers file's "all passed".
func (m *Model) grades(s *common.Session) []labs.Grade {
	if s.Outcome != nil {
		return s.Outcome.Grades
	}
	return common.SavedGrades(s.Day, s.Answers)
}

func (m *Model) key(k tea.KeyMsg, s *common.Session) tea.Cmd {
	if k.Type == tea.KeyRunes && len(k.Runes) > 1 && !k.Paste {
		// Keys that arrive in one read ("+++" from a held key or a fast
		// hand) are one message: each counts as a turn of its own.
		var cmds []tea.Cmd
		for _, r := range k.Runes {
			cmds = append(cmds, m.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: k.Alt}, s))
		}
		return tea.Batch(cmds...)
	}
	pk := m.keys
	if key.Matches(k, pk.Figure) || key.Matches(k, pk.Back) {
		// Another figure may be open while this one waits for guesses.
		step := 1
		if key.Matches(k, pk.Back) {
			step = -1
		}
		m.Fig = (m.Fig + step + len(s.Day.Figures)) % len(s.Day.Figures)
		m.knob, m.Frame, m.beside, m.Head, m.asked = 0, nil, nil, 0, false
		if !m.open(s) {
			return nil
		}
		return tea.Batch(m.Request(s), m.tick())
	}
	if !m.open(s) {
		if key.Matches(k, pk.Reveal) {
			return m.reveal(s)
		}
		return nil
	}
	f := m.figure(s)
	switch {
	case key.Matches(k, pk.Chart):
		m.chartFirst = !m.chartFirst
		return nil
	case key.Matches(k, pk.Impl):
		m.OnRef = !m.OnRef
		m.beside = nil
		return m.Request(s)
	case key.Matches(k, pk.Knob):
		m.knob = (m.knob - 1 + len(f.Knobs)) % len(f.Knobs)
	case key.Matches(k, pk.Turn):
		m.knob = (m.knob + 1) % len(f.Knobs)
	case key.Matches(k, pk.Less), key.Matches(k, pk.More):
		kn := f.Knobs[m.knob]
		step := kn.Step
		if len(kn.Choices) > 0 || step <= 0 {
			step = 1
		}
		if key.Matches(k, pk.Less) {
			step = -step
		}
		v := m.setting(s)
		v[kn.Name] = kn.Clamp(v[kn.Name] + step)
		return m.Request(s)
	case key.Matches(k, pk.Pause):
		if m.Head >= m.span() {
			m.Head, m.Paused = 0, false
			return m.tick()
		}
		m.Paused = !m.Paused
		return m.tick()
	case key.Matches(k, pk.Step):
		m.Paused = true
		d := m.span() / 30
		if k.String() == "left" || k.String() == "h" {
			d = -d
		}
		m.Head = math.Max(0, math.Min(m.span(), m.Head+d))
	}
	return nil
}

func (m *Model) Help(s *common.Session) keymap.KeyMap {
	pk := m.keys
	if len(s.Day.Figures) == 0 {
		return keymap.KeyMap{}
	}
	if g := m.gate(s); !g.Open() {
		if len(g.Waiting) == 0 {
			return keymap.KeyMap{Short: []key.Binding{pk.Reveal, pk.Figure}, Full: [][]key.Binding{{pk.Reveal}, {pk.Figure, pk.Back}}}
		}
		return keymap.KeyMap{Short: []key.Binding{pk.Figure}, Full: [][]key.Binding{{pk.Figure, pk.Back}}}
	}
	return keymap.KeyMap{
		Short: []key.Binding{pk.Knob, pk.Less, pk.Pause, pk.Step, pk.Figure, pk.Impl},
		Full:  [][]key.Binding{{pk.Knob, pk.Less}, {pk.Pause, pk.Step}, {pk.Figure, pk.Back, pk.Impl, pk.Chart}},
	}
}
