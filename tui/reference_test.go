package tui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	day46 "termlab/labs/day46/course"
	"termlab/runner/testrun"
	"termlab/runner/worker"
	solutions46 "termlab/solutions/day46"
	"termlab/tui/common"
	"termlab/tui/pages/play"
)

// failingRef is a learner's run whose figures are the reference's but
// whose TODOs do not pass: every row of the scoreboard needs the
// reference's own figure to be judged.
func failingRef() labs.Outcome {
	o := reference()
	o.Impl = labs.Learner
	o.Grades = slices.Clone(o.Grades) // reference() is shared by every test
	for i := range o.Grades {
		o.Grades[i].Status = labs.Fail
	}
	return o
}

// When the reference cannot be played, the rows that need it wait and say
// it is the lab's fault, not the learner's code; the next finished run
// tries again, and once the reference lands the rows are judged.
func TestScoreboardWhenTheReferenceFails(t *testing.T) {
	t.Parallel()
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		c := testCommon(t, labs.Course{theDay}, labRoot(t, theDay), newFake(fakeAnswer{o: failingRef()}))
		var mu sync.Mutex
		calls := 0
		c.Deps.RefMetrics = func(labs.Day) (labs.Metrics, error) {
			mu.Lock()
			defer mu.Unlock()
			calls++
			if calls == 1 {
				return nil, &worker.LabError{What: "the reference program did not build", Do: "try again"}
			}
			return reference().Metrics(), nil
		}
		d := newDriver(t, c, 80, 24)
		d.keys("enter")
		d.answerAll(nil)
		d.tab(common.TabScore)
		d.send(sizeMsg(sz))
		d.wantView("could not be", "played")
		checkFits(t, d.app.View(), sz[0], sz[1])
		d.send(sizeMsg([2]int{80, 24}))
		d.wantView("reference failed: not your code", "The reference solutions could not be played", "This is a problem with the lab")

		d.keys("r") // a finished run plays the reference again
		if calls != 2 {
			t.Fatalf("the reference was asked for %d times, want 2", calls)
		}
		d.dontWantView("reference failed", "judged once the reference has run", "could not be played")
		if v := d.view(); !strings.Contains(v, "P1   1 request         20 requests       ✗ off") {
			t.Fatalf("P1 not judged once the reference landed:\n%s", v)
		}
	}
}

// slowRef is a refFrames whose worker is not ready until its first frame.
type slowRef struct {
	mu    sync.Mutex
	plays int
}

func (r *slowRef) Play(f labs.PlayFigure, v labs.Values) labs.Frame {
	r.mu.Lock()
	r.plays++
	r.mu.Unlock()
	return inProcessRef{}.Play(f, v)
}

func (r *slowRef) Ready() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.plays > 0
}
func (r *slowRef) Close() {}

// The Play screen asks the reference's player for its frames (never plays
// one itself), and says the reference is starting while its worker is not
// up yet.
func TestPlayScreenSaysTheReferenceIsStarting(t *testing.T) {
	t.Parallel()
	c := testCommon(t, labs.Course{theDay}, labRoot(t, theDay), newFake(fakeAnswer{o: stubOutcome(theDay)}))
	ref := &slowRef{}
	c.Deps.RefFrames = func(common.Deps, labs.Day) common.RefFrames { return ref }
	d := newDriver(t, c, 80, 24)
	d.keys("enter")
	d.answerAll(allGuesses())
	d.send(common.SwitchTabMsg{Tab: common.TabPlay})
	d.keys("enter") // reveal and open
	d.wantView("yours (TODOs 2, 3 failing)", "fixed window  accepted 200")
	if ref.plays == 0 {
		t.Fatal("the screen drew a reference frame without its player")
	}

	// A new player, not started, the learner asking for the reference
	// alone (i): the screen says so until its frame lands.
	pm := d.day().screens[common.TabPlay].(*play.Model)
	pm.Ref, pm.OnRef = &slowRef{}, true
	cmd := pm.Request(&d.day().s)
	d.wantView("reference: starting its worker…")
	checkFits(t, d.app.View(), 80, 24)
	d.run(cmd)
	d.dontWantView("starting its worker")
	d.wantView("reference (i: yours)")
}

// When the learner's code passes but their worker cannot play yet (a run
// holds the build), the Play screen falls back to the reference, and says
// the reference's worker is starting while it is, as it does when it asks
// the reference first.
func TestPlayScreenSaysTheReferenceIsStartingOnAFallback(t *testing.T) {
	t.Parallel()
	passing := reference()
	passing.Impl = labs.Learner
	c := testCommon(t, labs.Course{theDay}, labRoot(t, theDay), newFake(fakeAnswer{o: passing}))
	ref := &slowRef{}
	c.Deps.RefFrames = func(common.Deps, labs.Day) common.RefFrames { return ref }
	c.Deps.RunGate = &sync.Mutex{}
	c.Deps.LearnerFrames = play.NewLearnerSession // the build, held below
	d := newDriver(t, c, 80, 24)
	d.keys("enter")
	d.answerAll(allGuesses())

	c.Deps.RunGate.Lock() // a run is building the learner's worker
	defer c.Deps.RunGate.Unlock()
	// The screen asks again on its next tick while the build is held: no
	// tick comes here, so the driver goes idle.
	c.Deps.After = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	d.send(common.SwitchTabMsg{Tab: common.TabPlay})
	d.wantView("reference, while your code is built", "fixed window  accepted 200")

	// A reference player not started yet: the fallback says so until its
	// frame lands.
	pm := d.day().screens[common.TabPlay].(*play.Model)
	pm.Ref = &slowRef{}
	cmd := pm.Request(&d.day().s)
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok && len(b) > 0 {
		msg = b[0]() // the learner's request; b[1] is the reference beside it
	}
	if _, ok := msg.(play.FallbackMsg); !ok {
		t.Fatalf("with the build held, the learner's request gave %T, want a fallback", msg)
	}
	_, next := d.app.Update(msg)
	d.wantView("reference: starting its worker…")
	checkFits(t, d.app.View(), 80, 24)
	d.run(next)
	d.dontWantView("starting its worker")
	d.wantView("reference, while your code is built", "fixed window  accepted 200")
}

// End to end on the real reference programs: with a learner file that
// does not compile, the scoreboard's reference figures still arrive and
// the Play screen plays the reference in its worker session.
func TestReferenceReachesTheScreensWhateverTheLearnersFile(t *testing.T) {
	t.Parallel()
	testrun.Slow(t, "builds the reference programs")
	root := t.TempDir()
	if err := worker.CopyLab("..", root, labs.Course{theDay, day46.New(solutions46.Funcs)}); err != nil {
		t.Fatal(err)
	}
	broken, err := os.ReadFile(filepath.Join("..", "testdata", "broken", "nocompile", "todo.go"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(root, theDay.LearnerDir, "todo.go"), string(broken))
	r := &worker.Runner{Root: root, Bin: filepath.Join(t.TempDir(), "worker")}
	c := testCommon(t, labs.Course{theDay}, root, r)
	c.Deps.RefMetrics = referenceMetricsWith(r) // the production wiring (newCommon)
	c.Deps.RefFrames = play.NewRefSession
	d := newDriver(t, c, 80, 24)
	d.keys("enter")
	s := &d.day().s
	if s.RefErr != nil {
		t.Fatalf("the reference failed: %v", s.RefErr)
	}
	var be *worker.BuildError
	if !errors.As(s.RunErr, &be) {
		t.Fatalf("the learner's run: %v, want their compile error", s.RunErr)
	}
	for _, pr := range theDay.Predictions {
		if _, ok := s.Ref[pr.Metric]; !ok {
			t.Errorf("%s: no reference figure %s", pr.ID, pr.Metric)
		}
	}
	d.predictAll(allGuesses())
	d.send(common.SwitchTabMsg{Tab: common.TabPlay})
	// The figure is a reveal: it opens once its predictions are revealed.
	d.wantView("Figure 1 of 3", "Press enter to open this figure")
	d.keys("enter")
	d.wantView("Figure 1 of 3", "fixed window  accepted 200")
	pm := d.day().screens[common.TabPlay].(*play.Model)
	if _, ok := pm.Ref.(*play.RefSession); !ok || !pm.Ref.Ready() || pm.Frame == nil || pm.Frame.Impl != labs.Reference {
		t.Fatalf("the frame did not come from the reference's session: %T ready %v", pm.Ref, pm.Ref != nil && pm.Ref.Ready())
	}
	d.keys("-") // a knob turn: the same session answers
	d.wantView("limit per window     90", "fixed window  accepted 180")
	d.app.Close()
}

func sizeMsg(sz [2]int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: sz[0], Height: sz[1]} }

// logRunner notes when each run of the learner's code has finished.
type logRunner struct {
	labs.Runner
	mu  *sync.Mutex
	log *[]string
}

// RunStream is how the screens run: here it is Run, logged.
func (r logRunner) RunStream(ctx context.Context, day labs.Day, update func(labs.Outcome)) (labs.Outcome, error) {
	return r.Run(ctx, day)
}

func (r logRunner) Run(ctx context.Context, day labs.Day) (labs.Outcome, error) {
	o, err := r.Runner.Run(ctx, day)
	r.mu.Lock()
	*r.log = append(*r.log, "run")
	r.mu.Unlock()
	return o, err
}

// As a day opens, the reference's figures come from the cache folder when
// it keeps them, and no reference plays; when it does not, the reference
// plays once the first run has finished (its programs would otherwise
// compile beside the learner's), and the rows are judged then.
func TestReferenceWaitsForTheFirstRunUnlessKept(t *testing.T) {
	t.Parallel()
	for _, kept := range []bool{false, true} {
		var mu sync.Mutex
		var log []string
		r := logRunner{Runner: newFake(fakeAnswer{o: failingRef()}), mu: &mu, log: &log}
		c := testCommon(t, labs.Course{theDay}, labRoot(t, theDay), r)
		c.Deps.RefCached = func(labs.Day) (labs.Metrics, bool) {
			mu.Lock()
			log = append(log, "cache")
			mu.Unlock()
			if kept {
				return reference().Metrics(), true
			}
			return nil, false
		}
		c.Deps.RefMetrics = func(labs.Day) (labs.Metrics, error) {
			mu.Lock()
			log = append(log, "ref")
			mu.Unlock()
			return reference().Metrics(), nil
		}
		d := newDriver(t, c, 80, 24)
		d.keys("enter")
		mu.Lock()
		got := strings.Join(log, " ")
		mu.Unlock()
		want := "run ref"
		if kept {
			want = "run"
		}
		rest := strings.Join(slices.DeleteFunc(strings.Fields(got), func(e string) bool { return e == "cache" }), " ")
		if rest != want || !strings.Contains(got, "cache") {
			t.Fatalf("kept %v: %q, want the cache read and then %q", kept, got, want)
		}
		if len(d.day().s.Ref) == 0 {
			t.Fatalf("kept %v: no reference figures", kept)
		}
		d.answerAll(nil)
		d.tab(common.TabScore)
		d.wantView("P1   1 request         20 requests       ✗ off")
		d.dontWantView("judged once the reference has run")
	}
}
