package tui

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/runner/worker"
)

// playModel is the Play screen: the day's playground figures
// (labs.PlayFigure), one at a time, with their knobs. Turning a knob asks
// for a new frame at once; the chart replays along the virtual clock with
// the Run screen's own drawing (chart.go: the same marks, legend and
// playhead, so it reads without colour), and keeps its playhead where it
// was when a new frame lands, so a knob turn redraws in place.
//
// The learner's code runs in a kept-running boxed worker
// (worker.PlaySession), started when a figure first needs it and replaced
// when a new run has graded new code; the reference runs in another, on
// the reference program (built with the shipped stubs, so whatever the
// learner's file holds), kept for as long as the day is open. The screens
// play no figure themselves.
type playModel struct {
	c    *common
	keys playKeys

	fig    int
	knob   int
	values map[string]labs.Values // by figure ID
	frame  *labs.Frame
	fp     figPrep
	gen    int // a frame of another generation is stale
	// beside is the reference's frame at the setting of frame when frame
	// is the learner's: its key series is drawn with the learner's and its
	// readouts stand beside theirs where they differ. frameGen and
	// besideGen are the generations they answered, so they pair up.
	beside              *labs.Frame
	frameGen, besideGen int
	// onRef is the learner's choice to play the reference alone (i).
	onRef bool

	head    float64 // the playhead, in virtual seconds
	paused  bool
	ticking bool

	reqFor  *labs.Outcome // the run the latest request knew of
	asked   bool          // the figure on screen has been asked for
	retry   bool          // the learner's worker was busy: ask again
	sess    learnerFrames
	sessFor *labs.Outcome // the run whose code the session's worker holds
	// ref plays the reference's frames; starting is a request to it
	// waiting for its worker to be built and started.
	ref      refFrames
	starting bool
	w, h     int
}

// refFrames plays one day's figures on the reference, out of process.
type refFrames interface {
	Play(f labs.PlayFigure, v labs.Values) labs.Frame
	// Ready reports whether its worker is built, so that a frame comes
	// within a knob turn's time.
	Ready() bool
	Close()
}

// learnerFrames plays one day's figures on the learner's code, out of
// process (their code is hostile: a panic is a frame's Error, an endless
// loop stops its worker, and the screen goes on). busy says a run holds the
// build; err that the worker could not be built.
type learnerFrames interface {
	Play(f labs.PlayFigure, v labs.Values) (fr labs.Frame, busy bool, err error)
	// Warm builds and starts the worker ahead of the first request.
	Warm()
	Close()
}

// learnerSession is the production learnerFrames: a worker.PlaySession on
// the learner's day worker, built on the first request.
type learnerSession struct {
	d    deps
	day  labs.Day
	mu   sync.Mutex
	sess *worker.PlaySession
}

func newLearnerSession(d deps, day labs.Day) learnerFrames {
	return &learnerSession{d: d, day: day}
}

func (l *learnerSession) Play(f labs.PlayFigure, v labs.Values) (labs.Frame, bool, error) {
	l.mu.Lock()
	if l.sess == nil {
		bin, busy, err := buildWorker(l.d, l.day)
		if busy || err != nil {
			l.mu.Unlock()
			return labs.Frame{}, busy, err
		}
		l.sess = &worker.PlaySession{Bin: bin, Day: l.day}
	}
	sess := l.sess
	l.mu.Unlock()
	return sess.Play(f, v), false, nil
}

func (l *learnerSession) Warm() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.sess == nil {
		bin, busy, err := buildWorker(l.d, l.day)
		if busy || err != nil {
			return // the first request tries again, and says why
		}
		l.sess = &worker.PlaySession{Bin: bin, Day: l.day}
	}
	l.sess.Start()
}

func (l *learnerSession) Close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.sess != nil {
		l.sess.Close()
	}
}

// refSession is the production refFrames: a worker.PlaySession on the
// reference program (labs.Runner.ReferenceBuild), built on the first
// request.
type refSession struct {
	runner labs.Runner
	day    labs.Day
	ctx    context.Context
	cancel context.CancelFunc
	ready  atomic.Bool

	mu   sync.Mutex
	sess *worker.PlaySession
}

func newRefSession(d deps, day labs.Day) refFrames {
	ctx, cancel := context.WithCancel(context.Background())
	return &refSession{runner: d.runner, day: day, ctx: ctx, cancel: cancel}
}

func (r *refSession) Ready() bool { return r.ready.Load() }

func (r *refSession) Play(f labs.PlayFigure, v labs.Values) labs.Frame {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sess == nil {
		bin, err := r.runner.ReferenceBuild(r.ctx, r.day)
		if err != nil {
			// Tried again on the next request: a build stopped by a busy
			// machine or a full disk may work then.
			why := err.Error()
			var lab *worker.LabError
			if !errors.As(err, &lab) {
				why = "this is a problem with the lab, not with your code: " + why
			}
			return labs.Frame{Figure: f.ID, Impl: labs.Reference, Values: f.Settle(v), Error: "the reference's worker did not start. " + why}
		}
		r.sess = &worker.PlaySession{Bin: bin, Day: r.day, Impl: labs.Reference}
		r.ready.Store(true)
	}
	return r.sess.Play(f, v)
}

// Close stops a build under way and ends the session's worker.
func (r *refSession) Close() {
	r.cancel()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sess != nil {
		r.sess.Close()
	}
}

// close ends the screen's workers (the day is closing).
func (m *playModel) close() {
	if m.sess != nil {
		go m.sess.Close()
		m.sess = nil
	}
	if m.ref != nil {
		go m.ref.Close()
		m.ref = nil
	}
}

// refFrame asks the reference for figure f at v, labelled whose, and says
// it is starting while the reference's worker is not up.
func (m *playModel) refFrame(s *session, gen int, f labs.PlayFigure, v labs.Values, whose string, retry bool) tea.Cmd {
	if m.ref == nil {
		m.ref = m.c.deps.refFrames(m.c.deps, s.day)
	}
	ref := m.ref
	m.starting = !ref.Ready()
	return func() tea.Msg {
		fr := ref.Play(f, v)
		fr.Whose = whose
		return playFrameMsg{gen: gen, frame: fr, retry: retry}
	}
}

// playKeys live here, not in keys.go, while other screens' keys are being
// reworked there; they follow keys.go's rules (no letter while typing, and
// this screen never types).
type playKeys struct {
	Knob, Turn, Less, More, Figure, Pause, Step key.Binding
	Back, Reveal, Impl                          key.Binding
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
	}
}

func newPlay(c *common) *playModel {
	return &playModel{c: c, keys: newPlayKeys(), values: map[string]labs.Values{}}
}

func (m *playModel) title() string               { return "Play" }
func (m *playModel) typing() bool                { return false }
func (m *playModel) resize(_ *session, w, h int) { m.w, m.h = w, h }

// playFrameMsg is a frame computed for generation gen.
type playFrameMsg struct {
	gen   int
	frame labs.Frame
	retry bool // the learner's worker was not ready: ask again on a tick
	// beside: the reference's frame to stand beside the learner's.
	beside bool
}

// playFallbackMsg says the learner's worker could not play generation
// gen's frame (a run holds the build, or it did not build): the reference
// plays it instead, labelled whose. It comes back to the model before the
// reference is asked, so that the screen can say the reference's worker is
// starting while it is.
type playFallbackMsg struct {
	gen   int
	f     labs.PlayFigure
	v     labs.Values
	whose string
	retry bool
}

// playTickMsg moves the playhead.
type playTickMsg struct{}

// playSteps is how many ticks a replay of the whole figure takes.
const playSteps = 90

func (m *playModel) enter(s *session) tea.Cmd {
	if len(s.day.Figures) == 0 || !m.open(s) {
		return nil
	}
	return tea.Batch(m.request(s), m.tick())
}

func (m *playModel) figure(s *session) labs.PlayFigure { return s.day.Figures[m.fig] }

// gate is what stands between the learner and the figure on screen
// (labs.PlayGate): a prediction counts as revealed once its reveal is on
// record in the answers file, as a run's reveal does.
func (m *playModel) gate(s *session) labs.PlayGate {
	return s.day.PlayGate(m.figure(s), s.answered, func(id string) bool { return s.disk.Predictions[id].Revealed })
}

func (m *playModel) open(s *session) bool { return m.gate(s).Open() }

// reveal reveals the predictions the figure on screen shows, after the
// learner was told so and pressed the key: one change to the answers
// file, the figure opening once it is on record (follow asks for its
// frame then).
func (m *playModel) reveal(s *session) tea.Cmd {
	g := m.gate(s)
	if len(g.Waiting) > 0 || len(g.Reveal) == 0 {
		return nil
	}
	ids := g.Reveal
	return s.change(m.c.deps, func(a *predictions.Answers) {
		for _, id := range ids {
			a.Reveal(id)
		}
	})
}

func (m *playModel) setting(s *session) labs.Values {
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
func (m *playModel) grades(s *session) []labs.Grade {
	if s.outcome != nil {
		return s.outcome.Grades
	}
	return savedGrades(s.day, s.answers)
}

// request asks for the current figure at the current setting: on the
// learner's code whenever it builds, failing TODOs and all (the difference
// from the reference is the lesson), with the reference's frame beside it;
// on the reference alone when the learner chose it (i) or their code does
// not build.
func (m *playModel) request(s *session) tea.Cmd {
	m.gen++
	m.reqFor, m.retry, m.asked = s.outcome, false, true
	gen, f, v, d := m.gen, m.figure(s), m.setting(s).Clone(), m.c.deps
	if m.onRef {
		return m.refFrame(s, gen, f, v, "reference (i: yours)", false)
	}
	if s.buildError() != nil {
		return m.refFrame(s, gen, f, v, "reference: your code does not compile yet", false)
	}
	whose := labs.Whose(s.day, f, v, labs.Learner, m.grades(s))
	m.starting = false
	if m.sess != nil && m.sessFor != s.outcome {
		// New code was graded: its worker holds the old.
		old := m.sess
		m.sess = nil
		go old.Close()
	}
	if m.sess == nil {
		m.sess, m.sessFor = d.learnerFrames(d, s.day), s.outcome
	}
	sess := m.sess
	mine := func() tea.Msg {
		fr, busy, err := sess.Play(f, v)
		if busy {
			// A run holds the build: show the reference meanwhile,
			// rather than a blank chart for the length of a run.
			return playFallbackMsg{gen, f, v, "reference, while your code is built", true}
		}
		if err != nil {
			return playFallbackMsg{gen, f, v, "reference: your worker could not be built (" + err.Error() + ")", false}
		}
		fr.Whose = whose
		return playFrameMsg{gen: gen, frame: fr}
	}
	return tea.Batch(mine, m.besideFrame(s, gen, f, v))
}

// warm replaces the learner's session once new code has been graded (a
// save, a run) and starts its worker in the background, so the next knob
// turn does not pay the start. It does nothing until the screen has played
// the learner's code once.
func (m *playModel) warm(s *session) tea.Cmd {
	if m.sess == nil || m.sessFor == s.outcome || s.outcome == nil {
		return nil
	}
	old := m.sess
	go old.Close()
	m.sess, m.sessFor = m.c.deps.learnerFrames(m.c.deps, s.day), s.outcome
	sess := m.sess
	return func() tea.Msg {
		sess.Warm()
		return nil
	}
}

// besideFrame asks the reference for the frame to stand beside the
// learner's.
func (m *playModel) besideFrame(s *session, gen int, f labs.PlayFigure, v labs.Values) tea.Cmd {
	if m.ref == nil {
		m.ref = m.c.deps.refFrames(m.c.deps, s.day)
	}
	ref := m.ref
	return func() tea.Msg {
		fr := ref.Play(f, v)
		fr.Whose = "reference"
		return playFrameMsg{gen: gen, frame: fr, beside: true}
	}
}

// buildWorker builds (or finds up to date) the day's own lean worker, as
// its runs use (another day's broken file never stops this day's
// playground), one build at a time with the runs; busy when a run holds
// the gate.
func buildWorker(d deps, day labs.Day) (bin string, busy bool, err error) {
	if d.runGate != nil {
		if !d.runGate.TryLock() {
			return "", true, nil
		}
		defer d.runGate.Unlock()
	}
	bin, err = d.runner.BuildDay(context.Background(), day)
	return bin, false, err
}

// follow asks for a frame when the screen has none for what the lab now
// knows and no tick is running to notice: the figure opened while the
// learner looked at it (the predictions came in from another program), or
// a run landed after the replay had stopped at its end.
func (m *playModel) follow(s *session) tea.Cmd {
	if len(s.day.Figures) == 0 || m.ticking || !m.open(s) {
		return nil
	}
	if m.asked && m.reqFor == s.outcome {
		return nil
	}
	return tea.Batch(m.request(s), m.tick())
}

func (m *playModel) tick() tea.Cmd {
	if m.ticking {
		return nil
	}
	m.ticking = true
	d := m.c.deps
	frame := d.frame
	if frame <= 0 {
		frame = 50 * time.Millisecond
	}
	after := d.after
	if after == nil {
		after = tea.Tick
	}
	return after(frame, func(_ time.Time) tea.Msg { return playTickMsg{} })
}

// paired is the reference's frame beside the learner's on screen, when
// both answered the same request.
func (m *playModel) paired() *labs.Frame {
	if m.frame == nil || m.frame.Impl != labs.Learner || m.beside == nil || m.besideGen != m.frameGen || m.beside.Error != "" {
		return nil
	}
	return m.beside
}

// prep lays out the chart on screen: the frame's, with the reference's
// key series (its first) drawn beside the learner's, and the y axis from
// zero so that heights compare.
func (m *playModel) prep() figPrep {
	if m.frame == nil {
		return figPrep{}
	}
	fig := m.frame.Chart
	if ref := m.paired(); ref != nil && m.failed() {
		fig = ref.Chart // the learner's code failed here: the reference's stands in
		fig.Title += " (reference)"
	} else if ref != nil && len(ref.Chart.Series) > 0 && len(fig.Series) > 0 && !sameSeries(ref.Chart.Series[0], fig.Series[0]) {
		fig.Series = slices.Clone(fig.Series)
		theirs := ref.Chart.Series[0]
		if mine := fig.Series[0]; mine.Name == theirs.Name {
			mine.Name += " (yours)"
			fig.Series[0] = mine
		}
		theirs.Name += " (reference)"
		// Last, so it is drawn over the learner's series where they cross.
		fig.Series = append(fig.Series, theirs)
	}
	fp := prepFigure(fig)
	if fp.ymin > 0 && !math.IsInf(fp.ymin, 0) {
		fp.ymin = 0
	}
	return fp
}

// partialSaid says what of a frame was left out in one sentence, the
// pieces that failed for the same reason together ("left out, your code
// panicked (not done yet): the fixed window (WindowID), the sliding log
// (Expired)").
func partialSaid(partial []string) string {
	var order []string
	by := map[string][]string{}
	for _, p := range partial {
		what, why, ok := strings.Cut(p, " left out: ")
		if !ok {
			what, why = p, ""
		}
		if _, seen := by[why]; !seen {
			order = append(order, why)
		}
		by[why] = append(by[why], what)
	}
	var out []string
	for _, why := range order {
		head, detail, _ := strings.Cut(why, ": ")
		if detail != "" {
			head += " (" + detail + ")"
		}
		out = append(out, "left out, "+head+": "+strings.Join(by[why], ", "))
	}
	return strings.Join(out, "; ")
}

// failed reports whether the learner's frame on screen has nothing of
// theirs to show: it failed whole, or every piece of it was left out.
func (m *playModel) failed() bool {
	return m.frame != nil && (m.frame.Error != "" || len(m.frame.Partial) > 0 && len(m.frame.Readouts) == 0)
}

// sameSeries reports whether two series are one line: the reference's
// drawn over the learner's would add nothing (and would read as events
// along it).
func sameSeries(a, b labs.Series) bool {
	return a.Name == b.Name && slices.Equal(a.X, b.X) && slices.Equal(a.Y, b.Y)
}

func (m *playModel) span() float64 {
	if m.frame == nil || math.IsInf(m.fp.xmax, 0) {
		return 0
	}
	return m.fp.xmax
}

func (m *playModel) update(msg tea.Msg, s *session) tea.Cmd {
	if len(s.day.Figures) == 0 {
		return nil
	}
	switch msg := msg.(type) {
	case playFrameMsg:
		if msg.gen != m.gen {
			return nil
		}
		fr := msg.frame
		if msg.beside {
			m.beside, m.besideGen = &fr, msg.gen
		} else {
			m.frame, m.frameGen, m.starting = &fr, msg.gen, false
		}
		m.fp = m.prep()
		if msg.retry {
			m.retry = true // the next tick asks again
			return m.tick()
		}
		return nil
	case playFallbackMsg:
		if msg.gen != m.gen {
			return nil
		}
		return m.refFrame(s, msg.gen, msg.f, msg.v, msg.whose, msg.retry)
	case playTickMsg:
		m.ticking = false
		if !m.open(s) {
			return nil
		}
		var again tea.Cmd
		if m.retry || m.reqFor != s.outcome {
			again = m.request(s) // a new run: perhaps the learner's code now
		}
		if !m.paused && m.span() > 0 {
			m.head = math.Min(m.head+m.span()/playSteps, m.span())
			if m.head >= m.span() {
				return again // at the end: space plays it again
			}
		}
		return tea.Batch(again, m.tick())
	case tea.KeyMsg:
		return m.key(msg, s)
	}
	return nil
}

func (m *playModel) key(k tea.KeyMsg, s *session) tea.Cmd {
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
		m.fig = (m.fig + step + len(s.day.Figures)) % len(s.day.Figures)
		m.knob, m.frame, m.beside, m.head, m.asked = 0, nil, nil, 0, false
		if !m.open(s) {
			return nil
		}
		return tea.Batch(m.request(s), m.tick())
	}
	if !m.open(s) {
		if key.Matches(k, pk.Reveal) {
			return m.reveal(s)
		}
		return nil
	}
	f := m.figure(s)
	switch {
	case key.Matches(k, pk.Impl):
		m.onRef = !m.onRef
		m.beside = nil
		return m.request(s)
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
		return m.request(s)
	case key.Matches(k, pk.Pause):
		if m.head >= m.span() {
			m.head, m.paused = 0, false
			return m.tick()
		}
		m.paused = !m.paused
		return m.tick()
	case key.Matches(k, pk.Step):
		m.paused = true
		d := m.span() / 30
		if k.String() == "left" || k.String() == "h" {
			d = -d
		}
		m.head = math.Max(0, math.Min(m.span(), m.head+d))
	}
	return nil
}

func (m *playModel) view(s *session, w, h int) string {
	st := m.c.styles
	if len(s.day.Figures) == 0 {
		return styleLines(st.Dim, wrap(fmt.Sprintf("Day %d has no playground yet.", s.day.Number), w))
	}
	f := m.figure(s)
	var b []string
	b = append(b, trunc(st.Title.Render(fmt.Sprintf("Figure %d of %d · %s", m.fig+1, len(s.day.Figures), f.Title)), w))
	if g := m.gate(s); !g.Open() {
		b = append(b, "", m.shut(s, g, w))
		return fit(strings.Join(b, "\n"), w, h)
	}
	whose := "…"
	switch {
	case m.starting:
		whose = "reference: starting its worker…"
	case m.frame != nil:
		whose = m.frame.Whose
	}
	state := "playing"
	switch {
	case m.paused:
		state = "paused"
	case m.span() > 0 && m.head >= m.span():
		state = "done"
	}
	whoseStyle := st.Dim
	if m.frame != nil && m.frame.Impl == labs.Learner {
		whoseStyle = st.Good
	}
	b = append(b, trunc(whoseStyle.Render(whose)+st.Dim.Render(fmt.Sprintf(" · t = %s s · %s · %s", predictions.FormatValue(m.head, ""), state, f.TimeScale)), w))

	v := m.setting(s)
	var knobs []string
	for i, kn := range f.Knobs {
		mark := "  "
		line := fmt.Sprintf("%-20s %s", kn.Label, kn.Show(v[kn.Name]))
		if i == m.knob {
			mark = st.Cursor.Render("› ")
			line = st.Cursor.Render(line) + st.Dim.Render("  "+kn.Range())
		}
		knobs = append(knobs, trunc(mark+line, w))
	}
	var errLines []string
	if m.frame != nil && (m.frame.Error != "" || len(m.frame.Partial) > 0) {
		// The learner's code panicked or ran too long on this setting:
		// said in a few lines, the reference's chart under it (or, when
		// only a piece of the figure failed, the rest of theirs).
		said := m.frame.Error
		if said == "" {
			said = partialSaid(m.frame.Partial)
		}
		errLines = strings.Split(wrap(said, w), "\n")
		if len(errLines) > 2 {
			errLines = append(errLines[:1], trunc(errLines[1], w-1)+"…")
		}
	}
	// The rows go to the chart first (at least minPlot rows of plot), then
	// to every readout, wrapped rather than cut; a short terminal keeps
	// only the knob being turned, then only each readout group's key
	// figure (its first, and any that differs from the reference's), then
	// drops the chart so those figures stay in view.
	const minPlot = 6
	chartRows := 0
	if m.frame != nil && len(m.fp.fig.Series) > 0 {
		chartRows = lineCount(drawFigure(m.fp, m.head, w, 1, st, false)) - 1 + minPlot
	}
	reads := m.readouts(w, false)
	rows := func() int { return len(b) + len(errLines) + len(knobs) + len(reads) + chartRows }
	if rows() > h {
		knobs = knobs[m.knob : m.knob+1]
	}
	if rows() > h {
		reads = m.readouts(w, true)
	}
	if rows() > h && chartRows > 0 {
		chartRows -= minPlot - 3 // a lower chart before none
	}
	if rows() > h {
		chartRows = 0
	}
	if len(errLines) > 0 {
		b = append(b, styleLines(st.Bad, strings.Join(errLines, "\n")))
	}
	if chartRows > 0 {
		used := len(b) + len(knobs) + len(reads)
		overhead := lineCount(drawFigure(m.fp, m.head, w, 1, st, false)) - 1
		plotH := min(h-used-overhead, 12)
		b = append(b, drawFigure(m.fp, m.head, w, plotH, st, !m.paused && state == "playing"))
	}
	b = append(b, knobs...)
	b = append(b, reads...)
	return fit(strings.Join(b, "\n"), w, h)
}

// shut says why the figure on screen does not play yet, and what opens it.
func (m *playModel) shut(s *session, g labs.PlayGate, w int) string {
	st := m.c.styles
	if len(g.Waiting) > 0 {
		return styleLines(st.Dim, wrap(fmt.Sprintf("This figure opens once your predictions are in (%s still open): some setting of it reads out their answers. Make or skip them on the Predict screen first; a knob setting is never taken as a guess.", strings.Join(g.Waiting, ", ")), w))
	}
	recording := true
	var guesses []string
	for _, id := range g.Reveal {
		recording = recording && s.answers.Predictions[id].Revealed
		if v, ok := s.answers.Value(id); ok {
			guesses = append(guesses, id+" = "+predictions.FormatValue(v, ""))
		} else {
			guesses = append(guesses, id+" skipped")
		}
	}
	if recording {
		return styleLines(st.Dim, wrap("Recording the reveal of "+strings.Join(g.Reveal, ", ")+"…", w))
	}
	answers, them, guess := "the answers to", "them", "your guesses as they stand (%s) are judged"
	if len(g.Reveal) == 1 {
		answers, them, guess = "the answer to", "it", "your guess as it stands (%s) is judged"
	}
	guess = fmt.Sprintf(guess, strings.Join(guesses, ", "))
	// What to press comes first, so that a short terminal, which cuts
	// the end off, still shows it.
	return styleLines(st.Dim, wrap(fmt.Sprintf("Press enter to open this figure, or f for another. Some setting of it reads out %s %s, not revealed yet. Opening it reveals %s: %s, as when a run shows %s, and a change after reads as revised.", answers, strings.Join(g.Reveal, ", "), them, guess, them), w))
}

// readouts groups a frame's readouts by what they measure ("fixed window:
// accepted", "fixed window: refused" → one line), so a figure's three
// limiters fit under its chart.
func (m *playModel) readouts(w int, compact bool) []string {
	if m.frame == nil {
		return nil
	}
	shown, mine := m.frame.Readouts, true
	if m.failed() {
		// The learner's code failed here: the reference's readouts, said
		// to be the reference's, stand under its chart.
		ref := m.paired()
		if ref == nil {
			return nil
		}
		shown, mine = ref.Readouts, false
	}
	st := m.c.styles
	var order []string
	groups, solo := map[string][]string{}, map[string]bool{}
	if !mine {
		order, solo["reference's readouts:"] = append(order, "reference's readouts:"), true
		groups["reference's readouts:"] = nil
	}
	for _, r := range shown {
		name, what, ok := strings.Cut(r.Label, ": ")
		if !ok {
			name, what = r.Label, "" // a readout of its own: a line of its own
			solo[name] = true
		}
		if _, seen := groups[name]; !seen {
			order = append(order, name)
		}
		val := predictions.FormatValue(r.Value, "")
		if r.Unit != "" && r.Unit != "requests" {
			val += " " + r.Unit
		}
		differs := false
		if ref := m.paired(); ref != nil && mine {
			if rr, ok := ref.Readout(r.Name); ok && !predictions.Same(rr.Value, r.Value) {
				val += " [ref " + predictions.FormatValue(rr.Value, "") + "]"
				differs = true
			}
		}
		if compact && len(groups[name]) > 0 && !differs {
			continue
		}
		if r.Against != "" {
			val += " (" + r.Against + ")"
		}
		groups[name] = append(groups[name], strings.TrimSpace(what+" "+val))
	}
	var out []string
	for _, name := range order {
		line := strings.Join(groups[name], " · ")
		if solo[name] {
			out = append(out, strings.Split(wrap(name+" "+line, w), "\n")...)
			continue
		}
		// Wrapped as plain text, the group's name styled on its first line.
		lines := strings.Split(wrap(name+"  "+line, w), "\n")
		if first, rest, ok := strings.Cut(lines[0], name); ok && first == "" {
			lines[0] = st.Subtitle.Render(name) + rest
		}
		out = append(out, lines...)
	}
	return out
}

func (m *playModel) help(s *session) keyMap {
	pk := m.keys
	if len(s.day.Figures) == 0 {
		return keyMap{}
	}
	if g := m.gate(s); !g.Open() {
		if len(g.Waiting) == 0 {
			return keyMap{short: []key.Binding{pk.Reveal, pk.Figure}, full: [][]key.Binding{{pk.Reveal}, {pk.Figure, pk.Back}}}
		}
		return keyMap{short: []key.Binding{pk.Figure}, full: [][]key.Binding{{pk.Figure, pk.Back}}}
	}
	return keyMap{
		short: []key.Binding{pk.Knob, pk.Less, pk.Pause, pk.Step, pk.Figure, pk.Impl},
		full:  [][]key.Binding{{pk.Knob, pk.Less}, {pk.Pause, pk.Step}, {pk.Figure, pk.Back, pk.Impl}},
	}
}
