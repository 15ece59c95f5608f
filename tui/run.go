package tui

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
type runModel struct {
	c      *common.Common
	parts  []partPlay
	shown  int // the part on screen, the only one that plays
	landed int // the part whose replay finished last, or -1
	paused bool
	speed  int // index into speeds
	active bool

	tickID  int // a tick whose id is not this one is stale and dropped
	ticking bool
	last    time.Time // the previous tick's time, from the tick itself

	// A build shows its progress: a tick a second while it lasts (and
	// none otherwise), so a cold build says how long it has been going.
	buildTicking bool
	buildStart   time.Time // from the first tick, one second in
	buildFor     time.Duration
	// builds is how far each program of the run's go build has come
	// (labs.BuildTrace), in the order they first reported; empty when no
	// go build ran (a save's direct build) or before the first report.
	builds []labs.BuildProgress

	scroll int
	w, h   int

	// watched is, per part ID, the version whose replay finished: a new run
	// that leaves a part unchanged does not replay it.
	watched map[string]labs.PartResult
	// changed says what the latest save changed, part by part ("Part 2
	// changed: your WindowID"); empty for the first run, or when a save
	// changed nothing that plays.
	changed []string
}

// basePlay is the real seconds a part takes at ×1.
const basePlay = 5.0

var speeds = []float64{0.25, 0.5, 1, 2, 4, 8, 16}

const speedOne = 2 // index of ×1 in speeds

// tickMsg advances the replay, or (build) the build's clock; t is when the
// tick fired, so Update never reads the clock itself.
type tickMsg struct {
	id    int
	t     time.Time
	build bool
}

// partPlay is one part's replay.
type partPlay struct {
	res        labs.PartResult
	figs       []figPrep
	start, end float64 // the virtual window the replay covers
	timed      bool    // some figure's X is virtual time
	now        float64
	done       bool
}

func newPartPlay(p labs.PartResult) partPlay {
	pp := partPlay{res: p}
	tmin, tmax := math.Inf(1), math.Inf(-1)
	for _, f := range p.Figures {
		fp := prepFigure(f)
		pp.figs = append(pp.figs, fp)
		if fp.timeAxis && hasData(f) {
			pp.timed = true
			tmin, tmax = math.Min(tmin, fp.xmin), math.Max(tmax, fp.xmax)
		}
	}
	pp.end = math.Max(p.Span, 0)
	if !slices.ContainsFunc(p.Figures, hasData) {
		// Nothing to draw (a part waiting on a TODO): nothing to wait for.
		pp.end = 0
	}
	if pp.timed {
		pp.end = math.Max(pp.end, tmax)
		// Skip a long quiet lead-in (the boundary experiment starts at 59 s):
		// the replay starts where the figures do.
		if tmin > 0.25*pp.end {
			pp.start = math.Floor(tmin)
		}
	}
	if !finite(pp.end) || pp.end < pp.start {
		pp.end = pp.start
	}
	pp.now = pp.start
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

func newRun(c *common.Common) *runModel {
	return &runModel{c: c, speed: speedOne, landed: -1, watched: map[string]labs.PartResult{}}
}

func (m *runModel) Title() string                      { return "Run" }
func (m *runModel) Typing() bool                       { return false }
func (m *runModel) Resize(_ *common.Session, w, h int) { m.w, m.h = w, h }
func (m *runModel) Enter(*common.Session) tea.Cmd      { return nil }

// load takes a new outcome (prev is the one before it, or nil). A part
// identical to the version on screen keeps what it showed, played or half
// way; one identical to the version already watched stays played; a changed
// one plays again when the learner is on it, and changed names it with the
// TODOs whose verdict moved. The part on screen stays on screen.
func (m *runModel) load(prev, o *labs.Outcome, day labs.Day) {
	id := ""
	if m.shown < len(m.parts) {
		id = m.parts[m.shown].res.ID
	}
	old := map[string]partPlay{}
	for _, pp := range m.parts {
		old[pp.res.ID] = pp
	}
	m.parts, m.changed = m.parts[:0:0], nil
	kept := false // the part on screen is unchanged: it keeps its place
	for _, p := range o.Parts {
		pp := newPartPlay(p)
		was, seen := old[p.ID]
		switch {
		case seen && sameRun(was.res, p):
			pp = was   // unchanged: its charts keep what they showed
			pp.res = p // with this run's wall-clock measurements
			kept = kept || p.ID == id
		case m.watched[p.ID].ID != "" && sameRun(m.watched[p.ID], p):
			pp.now, pp.done = pp.end, true
		case seen && prev != nil && (was.done || was.now > was.start):
			// Named only when the learner has seen some of it: a part not
			// yet played has nothing on screen to change.
			m.changed = append(m.changed, changedLine(prev, o, day, p.ID))
		}
		m.parts = append(m.parts, pp)
	}
	m.shown, m.landed = 0, -1
	for i, pp := range m.parts {
		if pp.res.ID == id {
			m.shown = i
		}
	}
	if !kept {
		m.scroll = 0 // a part that plays again starts from its top
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
func (m *runModel) next() int {
	for k := 1; k <= len(m.parts); k++ {
		if i := (m.shown + k) % len(m.parts); !m.parts[i].done {
			return i
		}
	}
	return -1
}

// playing reports whether the part on screen is playing.
func (m *runModel) playing(s *common.Session) bool {
	return m.active && !m.paused && m.shown < len(m.parts) && !m.parts[m.shown].done && m.canPlay(m.shown, s)
}

// canPlay reports whether part i may play: its own predictions are made or
// skipped and its reveal is on record in the answers file (its figures are
// its actuals, drawn), so its actuals are on the scoreboard.
func (m *runModel) canPlay(i int, s *common.Session) bool {
	return m.ready(i, s) && s.IsRevealed(m.parts[i].res)
}

// ready reports whether part i's predictions are made or skipped.
func (m *runModel) ready(i int, s *common.Session) bool {
	return i >= 0 && i < len(m.parts) && s.PartReady(m.parts[i].res.ID)
}

// waiting is the part whose predictions are still open that enter goes
// to predict: the part on screen, or once it is played the next one; -1
// for none.
func (m *runModel) waiting(s *common.Session) int {
	if m.shown >= len(m.parts) {
		return -1
	}
	i := m.shown
	if m.parts[i].done {
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
func (m *runModel) finish(i int, s *common.Session) {
	if i < 0 || i >= len(m.parts) || !m.canPlay(i, s) || m.parts[i].done {
		return
	}
	p := &m.parts[i]
	p.now, p.done = p.end, true
	m.landed = i
	m.watched[p.res.ID] = p.res
}

// show puts part i on screen (the learner moved), from its top. A pause
// belonged to the part it was pressed on: the next part starts playing.
func (m *runModel) show(i int) {
	if len(m.parts) == 0 {
		return
	}
	if i = textlayout.Clamp(i, 0, len(m.parts)-1); i != m.shown {
		m.shown, m.scroll, m.paused = i, 0, false
		m.restartTicks()
	}
}

// restartTicks drops a tick on its way for what was on screen before, so
// the next one counts from its own start: a tick sent before a skip or a
// part change would otherwise arrive with the old part's last time and
// move the new replay on by a quarter of a second's worth at once.
func (m *runModel) restartTicks() {
	m.tickID++
	m.ticking, m.last = false, time.Time{}
}

// showPart puts the part with this ID on screen when the one there is
// played or waiting: the learner just made that part's predictions.
func (m *runModel) showPart(id string, s *common.Session) {
	if m.shown < len(m.parts) && !m.parts[m.shown].done && m.ready(m.shown, s) {
		return // the learner is watching something else
	}
	for i, p := range m.parts {
		if p.res.ID == id {
			m.show(i)
		}
	}
}

// kick finishes parts with nothing to replay and starts the tick when the
// part on screen should be playing and no tick is on its way.
func (m *runModel) kick(s *common.Session) tea.Cmd {
	var cmds []tea.Cmd
	if m.active {
		for i, p := range m.parts {
			if !p.done && p.end <= p.start && m.canPlay(i, s) {
				m.finish(i, s)
			}
		}
	}
	if m.playing(s) && !m.ticking {
		m.ticking = true
		m.tickID++
		m.last = time.Time{}
		cmds = append(cmds, m.tick())
	}
	switch {
	case s.Building && !m.buildTicking:
		m.buildTicking = true
		cmds = append(cmds, m.c.Deps.After(buildTick, func(t time.Time) tea.Msg { return tickMsg{build: true, t: t} }))
	case !s.Building && !m.buildTicking:
		m.buildStart, m.buildFor = time.Time{}, 0 // the next build counts from zero
	}
	return tea.Batch(cmds...)
}

func (m *runModel) tick() tea.Cmd {
	id := m.tickID
	return m.c.Deps.After(m.c.Deps.Frame, func(t time.Time) tea.Msg { return tickMsg{id: id, t: t} })
}

// advance moves the part on screen on by v virtual seconds.
func (m *runModel) advance(v float64, s *common.Session) {
	if m.shown >= len(m.parts) || m.parts[m.shown].done || !m.canPlay(m.shown, s) {
		return
	}
	p := &m.parts[m.shown]
	p.now += v
	if p.now >= p.end {
		m.finish(m.shown, s)
	}
}

// rate is virtual seconds per real second for part p at the current speed.
func (m *runModel) rate(p partPlay) float64 {
	return (p.end - p.start) / basePlay * speeds[m.speed]
}

func (m *runModel) Update(msg tea.Msg, s *common.Session) tea.Cmd {
	switch msg := msg.(type) {
	case tickMsg:
		if msg.build {
			m.buildTicked(msg.t, s)
			return nil
		}
		if msg.id != m.tickID {
			return nil
		}
		m.ticking = false
		if !m.playing(s) {
			return nil
		}
		dt := m.c.Deps.Frame
		if !m.last.IsZero() {
			// A stalled tick (a busy machine) must not jump the replay.
			dt = min(max(msg.t.Sub(m.last), 0), 250*time.Millisecond)
		}
		m.last = msg.t
		m.advance(dt.Seconds()*m.rate(m.parts[m.shown]), s)
		return m.kick(s)
	case tea.KeyMsg:
		return m.key(msg, s)
	}
	return nil
}

func (m *runModel) key(k tea.KeyMsg, s *common.Session) tea.Cmd {
	rk, sk := m.c.Keys.Run, m.c.Keys.Scroll
	if m.waiting(s) >= 0 && key.Matches(k, rk.Predict) {
		return func() tea.Msg { return common.SwitchTabMsg{Tab: common.TabPredict, Open: true} }
	}
	if !m.ready(0, s) {
		return nil // nothing to show yet: only enter, to the predictions
	}
	if len(m.parts) == 0 {
		return nil
	}
	p := &m.parts[m.shown]
	switch {
	case key.Matches(k, rk.Pause):
		if p.done && m.canPlay(m.shown, s) {
			// Played: play it again (its actuals stay revealed), from its
			// first frame at ×1, so the replay is one a person can follow
			// (at ×16 a minute of traffic passes in a third of a second).
			p.now, p.done, m.paused, m.scroll = p.start, false, false, 0
			m.speed = min(m.speed, speedOne)
			m.restartTicks()
			return nil
		}
		m.paused = !m.paused
	case key.Matches(k, rk.Step):
		if !p.done {
			m.paused = true
			m.advance(math.Max((p.end-p.start)/20, 1e-9), s)
		}
	case key.Matches(k, rk.Faster):
		m.speed = min(m.speed+1, len(speeds)-1)
	case key.Matches(k, rk.Slower):
		m.speed = max(m.speed-1, 0)
	case key.Matches(k, rk.Skip):
		m.finish(m.shown, s)
	case key.Matches(k, rk.SkipAll):
		for i := range m.parts {
			m.finish(i, s)
		}
	case key.Matches(k, rk.PrevPart):
		m.show(m.shown - 1)
	case key.Matches(k, rk.NextPart):
		if p.done && m.shown == len(m.parts)-1 {
			m.show(max(m.next(), 0)) // past the last: the first not played
		} else {
			m.show(m.shown + 1)
		}
	default:
		// The scroll keys every long text has (space is pause here, and
		// matched above). scrollKey clamps to the last page, maxScroll's.
		h := m.bodyHeight(s)
		m.scroll = common.ScrollKey(sk, k, m.scroll, h, m.maxScroll(s)+h)
	}
	return nil
}

func (m *runModel) Help(s *common.Session) keymap.KeyMap {
	rk, sk := m.c.Keys.Run, m.c.Keys.Scroll
	if len(m.parts) == 0 {
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
