package play

import (
	"math"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/tui/common"
)

// Asking for the Play screen's frames: each request is a generation
// (playModel.gen), and a frame that answers an older one is dropped; the
// learner's frame comes with the reference's beside it, or the reference's
// alone when theirs cannot be had.

// refFrame asks the reference for figure f at v, labelled whose, and says
// it is starting while the reference's worker is not up.
func (m *Model) refFrame(s *common.Session, gen int, f labs.PlayFigure, v labs.Values, whose string, retry bool) tea.Cmd {
	if m.Ref == nil {
		m.Ref = m.c.Deps.RefFrames(m.c.Deps, s.Day)
	}
	ref := m.Ref
	m.starting = !ref.Ready()
	return func() tea.Msg {
		fr := ref.Play(f, v)
		fr.Whose = whose
		return FrameMsg{Gen: gen, Frame: fr, retry: retry}
	}
}

// FrameMsg is a frame computed for generation gen.
type FrameMsg struct {
	Gen   int
	Frame labs.Frame
	retry bool // the learner's worker was not ready: ask again on a tick
	// beside: the reference's frame to stand beside the learner's.
	beside bool
}

// FallbackMsg says the learner's worker could not play generation
// gen's frame (a run holds the build, or it did not build): the reference
// plays it instead, labelled whose. It comes back to the model before the
// reference is asked, so that the screen can say the reference's worker is
// starting while it is.
type FallbackMsg struct {
	gen   int
	f     labs.PlayFigure
	v     labs.Values
	whose string
	retry bool
}

// TickMsg moves the playhead.
type TickMsg struct{}

// playSteps is how many ticks a replay of the whole figure takes.
const playSteps = 90

// Request asks for the current figure at the current setting: on the
// learner's code whenever it builds, failing TODOs and all (the difference
// from the reference is the lesson), with the reference's frame beside it;
// on the reference alone when the learner chose it (i) or their code does
// not build.
func (m *Model) Request(s *common.Session) tea.Cmd {
	m.Gen++
	m.reqFor, m.retry, m.asked = s.Outcome, false, true
	gen, f, v, d := m.Gen, m.figure(s), m.setting(s).Clone(), m.c.Deps
	if m.OnRef {
		return m.refFrame(s, gen, f, v, "reference (i: yours)", false)
	}
	if s.BuildError() != nil {
		return m.refFrame(s, gen, f, v, "reference: your code does not compile yet", false)
	}
	whose := labs.Whose(s.Day, f, v, labs.Learner, m.grades(s))
	m.starting = false
	if m.sess != nil && m.sessFor != s.Outcome {
		// New code was graded: its worker holds the old.
		old := m.sess
		m.sess = nil
		go old.Close()
	}
	if m.sess == nil {
		m.sess, m.sessFor = d.LearnerFrames(d, s.Day), s.Outcome
	}
	sess := m.sess
	mine := func() tea.Msg {
		fr, busy, err := sess.Play(f, v)
		if busy {
			// A run holds the build: show the reference meanwhile,
			// rather than a blank chart for the length of a run.
			return FallbackMsg{gen, f, v, "reference, while your code is built", true}
		}
		if err != nil {
			return FallbackMsg{gen, f, v, "reference: your worker could not be built (" + err.Error() + ")", false}
		}
		fr.Whose = whose
		return FrameMsg{Gen: gen, Frame: fr}
	}
	return tea.Batch(mine, m.besideFrame(s, gen, f, v))
}

// Warm replaces the learner's session once new code has been graded (a
// save, a run) and starts its worker in the background, so the next knob
// turn does not pay the start. It does nothing until the screen has played
// the learner's code once.
func (m *Model) Warm(s *common.Session) tea.Cmd {
	if m.sess == nil || m.sessFor == s.Outcome || s.Outcome == nil {
		return nil
	}
	old := m.sess
	go old.Close()
	m.sess, m.sessFor = m.c.Deps.LearnerFrames(m.c.Deps, s.Day), s.Outcome
	sess := m.sess
	return func() tea.Msg {
		sess.Warm()
		return nil
	}
}

// besideFrame asks the reference for the frame to stand beside the
// learner's.
func (m *Model) besideFrame(s *common.Session, gen int, f labs.PlayFigure, v labs.Values) tea.Cmd {
	if m.Ref == nil {
		m.Ref = m.c.Deps.RefFrames(m.c.Deps, s.Day)
	}
	ref := m.Ref
	return func() tea.Msg {
		fr := ref.Play(f, v)
		fr.Whose = "reference"
		return FrameMsg{Gen: gen, Frame: fr, beside: true}
	}
}

// Follow asks for a frame when the screen has none for what the lab now
// knows and no tick is running to notice: the figure opened while the
// learner looked at it (the predictions came in from another program), or
// a run landed after the replay had stopped at its end.
func (m *Model) Follow(s *common.Session) tea.Cmd {
	if len(s.Day.Figures) == 0 || m.ticking || !m.open(s) {
		return nil
	}
	if m.asked && m.reqFor == s.Outcome {
		return nil
	}
	return tea.Batch(m.Request(s), m.tick())
}

func (m *Model) tick() tea.Cmd {
	if m.ticking {
		return nil
	}
	m.ticking = true
	d := m.c.Deps
	frame := d.Frame
	if frame <= 0 {
		frame = 50 * time.Millisecond
	}
	after := d.After
	if after == nil {
		after = tea.Tick
	}
	return after(frame, func(_ time.Time) tea.Msg { return TickMsg{} })
}

func (m *Model) Update(msg tea.Msg, s *common.Session) tea.Cmd {
	if len(s.Day.Figures) == 0 {
		return nil
	}
	switch msg := msg.(type) {
	case FrameMsg:
		if msg.Gen != m.Gen {
			return nil
		}
		fr := msg.Frame
		if msg.beside {
			m.beside, m.besideGen = &fr, msg.Gen
		} else {
			m.Frame, m.frameGen, m.starting = &fr, msg.Gen, false
		}
		m.fp = m.prep()
		if msg.retry {
			m.retry = true // the next tick asks again
			return m.tick()
		}
		return nil
	case FallbackMsg:
		if msg.gen != m.Gen {
			return nil
		}
		return m.refFrame(s, msg.gen, msg.f, msg.v, msg.whose, msg.retry)
	case TickMsg:
		m.ticking = false
		if !m.open(s) {
			return nil
		}
		var again tea.Cmd
		if m.retry || m.reqFor != s.Outcome {
			again = m.Request(s) // a new run: perhaps the learner's code now
		}
		if !m.Paused && m.span() > 0 {
			m.Head = math.Min(m.Head+m.span()/playSteps, m.span())
			if m.Head >= m.span() {
				return again // at the end: space plays it again
			}
		}
		return tea.Batch(again, m.tick())
	case tea.KeyMsg:
		return m.key(msg, s)
	}
	return nil
}
