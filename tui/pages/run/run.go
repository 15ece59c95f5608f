package run

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/tui/common"
	"termlab/tui/components/textlayout"
	"termlab/tui/keymap"
)

// runModel replays a run of the learner's code on the virtual clock, part
// after part, at a pace a person can follow: each part takes basePlay real
// seconds at ×1 whatever its virtual span (a minute of traffic, or the two
// seconds around a window boundary). Figures grow as the clock passes their
// points.
//
// The run itself already happened, out of process, in a fraction of a
// second, and its actuals are on the scoreboard as soon as it lands (for
// the parts whose predictions are made: session.revealReady). The replay is
// a view, not a gate: it decides only how much of the run to draw.
//
// The learner drives it: only the part on screen plays, and the screen
// never changes part on its own. A part that finishes stays, with a line
// saying what is next and which key goes there; a part waiting for its
// predictions says so in place. It ticks only while the part on screen is
// playing; paused, finished, hidden or waiting, it sends nothing.
type Model struct {
	C      *common.Common
	Parts  []PartPlay
	Shown  int // the part on screen, the only one that plays
	landed int // the part whose replay finished last, or -1
	paused bool
	Speed  int // index into speeds
	Active bool

	tickID  int // a tick whose id is not this one is stale and dropped
	ticking bool
	last    time.Time // the previous tick's time, from the tick itself

	// A build shows its progress: a tick a second while it lasts (and
	// none otherwise), so a cold build says how long it has been going.
	buildTicking bool
	buildStart   time.Time // from the first tick, one second in
	buildFor     time.Duration
	// Builds is how far each program of the run's go build has come
	// (labs.BuildTrace), in the order they first reported; empty when no
	// go build ran (a save's direct build) or before the first report.
	Builds []labs.BuildProgress

	Scroll int
	w, h   int

	// watched is, per part ID, the version whose replay finished: a new run
	// that leaves a part unchanged does not replay it.
	watched map[string]labs.PartResult
	// changed says what the latest save changed, part by part ("Part 2
	// changed: your WindowID"); empty for the first run, or when a save
	// changed nothing that plays.
	changed []string
}

// BasePlay is the real seconds a part takes at ×1.
const BasePlay = 5.0

var Speeds = []float64{0.25, 0.5, 1, 2, 4, 8, 16}

const speedOne = 2 // index of ×1 in speeds

// TickMsg advances the replay, or (build) the build's clock; t is when the
// tick fired, so Update never reads the clock itself.
type TickMsg struct {
	id    int
	t     time.Time
	build bool
}

// PartPlay is one part's replay.
type PartPlay struct {
	Res        labs.PartResult
	figs       []figPrep
	Start, End float64 // the virtual window the replay covers
	timed      bool    // some figure's X is virtual time
	Now        float64
	Done       bool
}

func newPartPlay(p labs.PartResult) PartPlay {
	pp := PartPlay{Res: p}
	tmin, tmax := math.Inf(1), math.Inf(-1)
	for _, f := range p.Figures {
		fp := prepFigure(f)
		pp.figs = append(pp.figs, fp)
		if fp.timeAxis && hasData(f) {
			pp.timed = true
			tmin, tmax = math.Min(tmin, fp.xmin), math.Max(tmax, fp.xmax)
		}
	}
	pp.End = math.Max(p.Span, 0)
	if !slices.ContainsFunc(p.Figures, hasData) {
		// Nothing to draw (a part waiting on a TODO): nothing to wait for.
		pp.End = 0
	}
	if pp.timed {
		pp.End = math.Max(pp.End, tmax)
		// Skip a long quiet lead-in (the boundary experiment starts at 59 s):
		// the replay starts where the figures do.
		if tmin > 0.25*pp.End {
			pp.Start = math.Floor(tmin)
		}
	}
	if !finite(pp.End) || pp.End < pp.Start {
		pp.End = pp.Start
	}
	pp.Now = pp.Start
	return pp
}

func hasData(f labs.Figure) bool {
	for _, s := range f.Series {
		if len(s.X) > 0 {
			return true
		}
	}
	return false
}

func New(c *common.Common) *Model {
	return &Model{C: c, Speed: speedOne, landed: -1, watched: map[string]labs.PartResult{}}
}

func (m *Model) Title() string                      { return "Run" }
func (m *Model) Typing() bool                       { return false }
func (m *Model) Resize(_ *common.Session, w, h int) { m.w, m.h = w, h }
func (m *Model) Enter(*common.Session) tea.Cmd      { return nil }

// Load takes a new outcome (prev is the one before it, or nil). A part
// identical to the version on screen keeps what it showed, played or half
// way; one identical to the version already watched stays played; a changed
// one plays again when the learner is on it, and changed names it with the
// TODOs whose verdict moved. The part on screen stays on screen.
func (m *Model) Load(prev, o *labs.Outcome, day labs.Day) {
	id := ""
	if m.Shown < len(m.Parts) {
		id = m.Parts[m.Shown].Res.ID
	}
	old := map[string]PartPlay{}
	for _, pp := range m.Parts {
		old[pp.Res.ID] = pp
	}
	m.Parts, m.changed = m.Parts[:0:0], nil
	kept := false // the part on screen is unchanged: it keeps its place
	for _, p := range o.Parts {
		pp := newPartPlay(p)
		was, seen := old[p.ID]
		switch {
		case seen && sameRun(was.Res, p):
			pp = was   // unchanged: its charts keep what they showed
			pp.Res = p // with this run's wall-clock measurements
			kept = kept || p.ID == id
		case m.watched[p.ID].ID != "" && sameRun(m.watched[p.ID], p):
			pp.Now, pp.Done = pp.End, true
		case seen && prev != nil && (was.Done || was.Now > was.Start):
			// Named only when the learner has seen some of it: a part not
			// yet played has nothing on screen to change.
			m.changed = append(m.changed, changedLine(prev, o, day, p.ID))
		}
		m.Parts = append(m.Parts, pp)
	}
	m.Shown, m.landed = 0, -1
	for i, pp := range m.Parts {
		if pp.Res.ID == id {
			m.Shown = i
		}
	}
	if !kept {
		m.Scroll = 0 // a part that plays again starts from its top
	}
}

// sameRun reports whether two results of a part show the same run: a
// figure measured on the wall clock (what one check costs) differs every
// time, and a re-run of unchanged code must not mark the part unplayed.
func sameRun(a, b labs.PartResult) bool { return reflect.DeepEqual(a.Repeatable(), b.Repeatable()) }

// changedLine says what changed in one part between two runs: the TODOs it
// uses whose verdict moved, by the learner's function names. When no
// verdict moved (a part that measures real time, say), it names none
// rather than blame a function that did not change.
func changedLine(prev, o *labs.Outcome, day labs.Day, id string) string {
	verdict := func(out *labs.Outcome, n int) labs.Grade {
		for _, g := range out.Grades {
			if g.TODO == n {
				return g
			}
		}
		return labs.Grade{}
	}
	var funcs []string
	for _, p := range day.Parts {
		if p.ID != id {
			continue
		}
		for _, n := range p.Uses {
			a, b := verdict(prev, n), verdict(o, n)
			if a.Status != b.Status || a.Detail != b.Detail {
				for _, t := range day.TODOs {
					if t.Number == n {
						funcs = append(funcs, t.Func)
					}
				}
			}
		}
	}
	if len(funcs) == 0 {
		return "Part " + id + " changed"
	}
	return "Part " + id + " changed: your " + strings.Join(funcs, ", ")
}

// next is the first part after the one on screen not played yet (wrapping
// round to the start), or -1 when every part is played.
func (m *Model) next() int {
	for k := 1; k <= len(m.Parts); k++ {
		if i := (m.Shown + k) % len(m.Parts); !m.Parts[i].Done {
			return i
		}
	}
	return -1
}

// Playing reports whether the part on screen is playing.
func (m *Model) Playing(s *common.Session) bool {
	return m.Active && !m.paused && m.Shown < len(m.Parts) && !m.Parts[m.Shown].Done && m.canPlay(m.Shown, s)
}

// canPlay reports whether part i may play: its own predictions are made or
// skipped and its reveal is on record in the answers file (its figures are
// its actuals, drawn), so its actuals are on the scoreboard.
func (m *Model) canPlay(i int, s *common.Session) bool {
	return m.ready(i, s) && s.IsRevealed(m.Parts[i].Res)
}

// ready reports whether part i's predictions are made or skipped.
func (m *Model) ready(i int, s *common.Session) bool {
	return i >= 0 && i < len(m.Parts) && s.PartReady(m.Parts[i].Res.ID)
}

// waiting is the part whose predictions are still open that enter goes
// to predict: the part on screen, or once it is played the next one; -1
// for none.
func (m *Model) waiting(s *common.Session) int {
	if m.Shown >= len(m.Parts) {
		return -1
	}
	i := m.Shown
	if m.Parts[i].Done {
		if i = m.next(); i < 0 {
			return -1
		}
	}
	if !m.ready(i, s) {
		return i
	}
	return -1
}

// finish ends part i's replay. Its actuals were revealed when the run
// landed; this only says the learner has watched it. The screen stays.
func (m *Model) finish(i int, s *common.Session) {
	if i < 0 || i >= len(m.Parts) || !m.canPlay(i, s) || m.Parts[i].Done {
		return
	}
	p := &m.Parts[i]
	p.Now, p.Done = p.End, true
	m.landed = i
	m.watched[p.Res.ID] = p.Res
}

// show puts part i on screen (the learner moved), from its top. A pause
// belonged to the part it was pressed on: the next part starts playing.
func (m *Model) show(i int) {
	if len(m.Parts) == 0 {
		return
	}
	if i = textlayout.Clamp(i, 0, len(m.Parts)-1); i != m.Shown {
		m.Shown, m.Scroll, m.paused = i, 0, false
		m.restartTicks()
	}
}

// restartTicks drops a tick on its way for what was on screen before, so
// the next one counts from its own start: a tick sent before a skip or a
// part change would otherwise arrive with the old part's last time and
// move the new replay on by a quarter of a second's worth at once.
func (m *Model) restartTicks() {
	m.tickID++
	m.ticking, m.last = false, time.Time{}
}

// ShowPart puts the part with this ID on screen when the one there is
// played or waiting: the learner just made that part's predictions.
func (m *Model) ShowPart(id string, s *common.Session) {
	if m.Shown < len(m.Parts) && !m.Parts[m.Shown].Done && m.ready(m.Shown, s) {
		return // the learner is watching something else
	}
	for i, p := range m.Parts {
		if p.Res.ID == id {
			m.show(i)
		}
	}
}

// Kick finishes parts with nothing to replay and starts the tick when the
// part on screen should be playing and no tick is on its way.
func (m *Model) Kick(s *common.Session) tea.Cmd {
	var cmds []tea.Cmd
	if m.Active {
		for i, p := range m.Parts {
			if !p.Done && p.End <= p.Start && m.canPlay(i, s) {
				m.finish(i, s)
			}
		}
	}
	if m.Playing(s) && !m.ticking {
		m.ticking = true
		m.tickID++
		m.last = time.Time{}
		cmds = append(cmds, m.tick())
	}
	switch {
	case s.Building && !m.buildTicking:
		m.buildTicking = true
		cmds = append(cmds, m.C.Deps.After(buildTick, func(t time.Time) tea.Msg { return TickMsg{build: true, t: t} }))
	case !s.Building && !m.buildTicking:
		m.buildStart, m.buildFor = time.Time{}, 0 // the next build counts from zero
	}
	return tea.Batch(cmds...)
}

func (m *Model) tick() tea.Cmd {
	id := m.tickID
	return m.C.Deps.After(m.C.Deps.Frame, func(t time.Time) tea.Msg { return TickMsg{id: id, t: t} })
}

// advance moves the part on screen on by v virtual seconds.
func (m *Model) advance(v float64, s *common.Session) {
	if m.Shown >= len(m.Parts) || m.Parts[m.Shown].Done || !m.canPlay(m.Shown, s) {
		return
	}
	p := &m.Parts[m.Shown]
	p.Now += v
	if p.Now >= p.End {
		m.finish(m.Shown, s)
	}
}

// Rate is virtual seconds per real second for part p at the current speed.
func (m *Model) Rate(p PartPlay) float64 {
	return (p.End - p.Start) / BasePlay * Speeds[m.Speed]
}

func (m *Model) Update(msg tea.Msg, s *common.Session) tea.Cmd {
	switch msg := msg.(type) {
	case TickMsg:
		if msg.build {
			m.buildTicked(msg.t, s)
			return nil
		}
		if msg.id != m.tickID {
			return nil
		}
		m.ticking = false
		if !m.Playing(s) {
			return nil
		}
		dt := m.C.Deps.Frame
		if !m.last.IsZero() {
			// A stalled tick (a busy machine) must not jump the replay.
			dt = min(max(msg.t.Sub(m.last), 0), 250*time.Millisecond)
		}
		m.last = msg.t
		m.advance(dt.Seconds()*m.Rate(m.Parts[m.Shown]), s)
		return m.Kick(s)
	case tea.KeyMsg:
		return m.key(msg, s)
	}
	return nil
}

func (m *Model) key(k tea.KeyMsg, s *common.Session) tea.Cmd {
	rk, sk := m.C.Keys.Run, m.C.Keys.Scroll
	if m.waiting(s) >= 0 && key.Matches(k, rk.Predict) {
		return func() tea.Msg { return common.SwitchTabMsg{Tab: common.TabPredict, Open: true} }
	}
	if !m.ready(0, s) {
		return nil // nothing to show yet: only enter, to the predictions
	}
	if len(m.Parts) == 0 {
		return nil
	}
	p := &m.Parts[m.Shown]
	switch {
	case key.Matches(k, rk.Pause):
		if p.Done && m.canPlay(m.Shown, s) {
			// Played: play it again (its actuals stay revealed), from its
			// first frame at ×1, so the replay is one a person can follow
			// (at ×16 a minute of traffic passes in a third of a second).
			p.Now, p.Done, m.paused, m.Scroll = p.Start, false, false, 0
			m.Speed = min(m.Speed, speedOne)
			m.restartTicks()
			return nil
		}
		m.paused = !m.paused
	case key.Matches(k, rk.Step):
		if !p.Done {
			m.paused = true
			m.advance(math.Max((p.End-p.Start)/20, 1e-9), s)
		}
	case key.Matches(k, rk.Faster):
		m.Speed = min(m.Speed+1, len(Speeds)-1)
	case key.Matches(k, rk.Slower):
		m.Speed = max(m.Speed-1, 0)
	case key.Matches(k, rk.Skip):
		m.finish(m.Shown, s)
	case key.Matches(k, rk.SkipAll):
		for i := range m.Parts {
			m.finish(i, s)
		}
	case key.Matches(k, rk.PrevPart):
		m.show(m.Shown - 1)
	case key.Matches(k, rk.NextPart):
		if p.Done && m.Shown == len(m.Parts)-1 {
			m.show(max(m.next(), 0)) // past the last: the first not played
		} else {
			m.show(m.Shown + 1)
		}
	default:
		// The scroll keys every long text has (space is pause here, and
		// matched above). scrollKey clamps to the last page, maxScroll's.
		h := m.bodyHeight(s)
		m.Scroll = common.ScrollKey(sk, k, m.Scroll, h, m.MaxScroll(s)+h)
	}
	return nil
}

func (m *Model) Help(s *common.Session) keymap.KeyMap {
	rk, sk := m.C.Keys.Run, m.C.Keys.Scroll
	if len(m.Parts) == 0 {
		return keymap.KeyMap{} // nothing has run yet
	}
	if !m.ready(0, s) {
		return keymap.KeyMap{Short: []key.Binding{rk.Predict}, Full: [][]key.Binding{{rk.Predict}}}
	}
	if m.waiting(s) >= 0 {
		return keymap.KeyMap{
			Short: []key.Binding{rk.Predict, rk.PrevPart, sk.Up},
			Full:  [][]key.Binding{{rk.Predict, rk.Pause}, {rk.PrevPart, rk.SkipAll}, {sk.Up, sk.PageUp, sk.Top}},
		}
	}
	return keymap.KeyMap{
		Short: []key.Binding{rk.Pause, rk.PrevPart, rk.Step, rk.Faster, rk.Skip, sk.Up},
		Full:  [][]key.Binding{{rk.Pause, rk.Step, rk.Faster}, {rk.Skip, rk.SkipAll, rk.PrevPart}, {sk.Up, sk.PageUp, sk.Top}},
	}
}
