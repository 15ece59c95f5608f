package tui

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"termlab/labs"
	"termlab/record/history"
	"termlab/record/predictions"
	"termlab/record/results"
	"termlab/tui/common"
	"termlab/tui/pages/run"
)

// withTODO1Failing is the reference's run with TODO 1 failing and Part 1's
// burst one short, as a refill that misses the last token would give.
func withTODO1Failing() fakeAnswer {
	o := reference()
	o.Impl = labs.Learner
	o.Grades = append([]labs.Grade(nil), o.Grades...)
	o.Grades[0].Status = labs.Fail
	o.Parts = append([]labs.PartResult(nil), o.Parts...)
	p := o.Parts[0]
	p.Metrics = append([]labs.Metric(nil), p.Metrics...)
	for i := range p.Metrics {
		if p.Metrics[i].Name == "token_burst_accepted" {
			p.Metrics[i].Value--
		}
	}
	o.Parts[0] = p
	return fakeAnswer{o: o}
}

func allGuesses() map[string]string {
	g := map[string]string{}
	ref := reference().Metrics()
	for _, p := range theDay.Predictions {
		g[p.ID] = strconv.FormatFloat(ref[p.Metric], 'f', -1, 64)
	}
	return g
}

// Runs land, each goes in the history; the status line says what the
// latest moved; the History screen lists the runs with their changes and
// lays one beside the latest; all of it fits 80×24 and 40×12.
func TestHistoryScreenListsTheRunsAndComparesOne(t *testing.T) {
	t.Parallel()
	f := newFake(withTODO1Failing(), withTODO1Failing(), refAnswer())
	d, root := openDay(t, f, 80, 24)
	dir := filepath.Join(root, "predictions")

	// The first run landed before any prediction: its figures are not in
	// the history, which is a file in the repository too.
	recs, err := history.Load(dir, theDay.Number)
	if err != nil || len(recs) != 1 {
		t.Fatalf("after the first run: %d runs, %v", len(recs), err)
	}
	for _, p := range recs[0].Parts {
		if len(p.Figures) > 0 {
			t.Fatalf("Part %s's figures are in the history before its predictions were made", p.ID)
		}
	}
	if len(recs[0].Scores) > 0 || recs[0].TODOs[1] != labs.Fail {
		t.Fatalf("first run: %+v", recs[0])
	}

	d.answerAll(allGuesses())
	d.keys("r")
	// The learner edits TODO 1 and saves: the next run says so.
	path := filepath.Join(root, theDay.LearnerDir, "todo.go")
	src, _ := os.ReadFile(path)
	write(t, path, strings.Replace(string(src), "panic(notDone) // TODO 1", "return tokens, true", 1))
	d.keys("r")
	if got := statusOf(d); !strings.Contains(got, "since the last run: edited TODO 1; TODO 1 fail → pass") {
		t.Errorf("the status line does not say what moved: %q", got)
	}

	d.tab(common.TabHistory)
	d.wantView("[8 History]", "History · 3 runs", "predictions/day45.history.jsonl",
		"TODO 1 fail → pass", "Part 1 burst accepted 19 → 20", "›   3")
	checkFits(t, d.app.View(), 80, 24)

	d.keys("down", "enter")
	d.wantView("Run 2 beside the latest, run 3", "* TODO 1", "fail", "pass", "* Part 1 burst accepted")
	d.dontWantView("* TODO 2")
	checkFits(t, d.app.View(), 80, 24)

	d.send(tea.WindowSizeMsg{Width: 40, Height: 12})
	checkFits(t, d.app.View(), 40, 12)
	d.wantView("Run 2 beside")
	d.keys("enter") // back to the list
	checkFits(t, d.app.View(), 40, 12)
	d.wantView("History · 3 runs")

	recs, _ = history.Load(dir, theDay.Number)
	if len(recs) != 3 || recs[2].From != history.FromScreens || len(recs[2].Changed) != 1 || recs[2].Changed[0] != 1 {
		t.Fatalf("the history: %+v", recs)
	}
	if recs[2].Scores["P1"] != predictions.Spot {
		t.Errorf("P1 on the reference's figure is %q, want spot on", recs[2].Scores["P1"])
	}
}

// A history that cannot be read is said on the screen, with its path and
// line; the lab goes on and the next run keeps the file aside.
func TestHistoryScreenSaysTheHistoryIsDamaged(t *testing.T) {
	t.Parallel()
	root := labRoot(t, theDay)
	dir := filepath.Join(root, "predictions")
	write(t, history.Path(dir, theDay.Number), "{this is not a run\n")
	d := newDriver(t, testCommon(t, labs.Course{theDay}, root, newFake(refAnswer())), 80, 24)
	d.wantView("jsonl:1: a run in the history could not be read", "kept aside on the next run")
	d.keys("enter")
	d.tab(common.TabHistory)
	d.wantView("History · 1 runs")
	kept, _ := filepath.Glob(history.Path(dir, theDay.Number) + ".corrupt-*")
	if len(kept) != 1 {
		t.Fatalf("kept aside: %v", kept)
	}
	checkFits(t, d.app.View(), 80, 24)
}

// The day list: each day's state from its history and answers, which day
// is next, at 80×24 and 40×12.
func TestDayListShowsEachDaysStateAndTheNext(t *testing.T) {
	t.Parallel()
	second := theDay
	second.Number, second.Title, second.Summary = 46, "A second day", "a day to pick"
	course := labs.Course{theDay, second}
	root := labRoot(t, theDay)
	dir := filepath.Join(root, "predictions")

	// Day 45: everything in but the RESULTS.md answer.
	ref := reference()
	ref.Impl = labs.Learner
	a := predictions.New(45)
	for _, p := range theDay.Predictions {
		a.Set(p.ID, ref.Metrics()[p.Metric])
	}
	for _, dr := range theDay.Drills {
		a.SetDrill(dr.ID, predictions.DrillAnswer{Answers: []string{"x"}, Attempted: true})
	}
	a.RevealRun(theDay, ref.Metrics())
	if _, err := predictions.Update(dir, 45, func(x *predictions.Answers) error { *x = a; return nil }); err != nil {
		t.Fatal(err)
	}
	r := history.New(theDay, ref, history.Take(root, theDay), history.FromRun, time.Date(2026, 3, 4, 11, 0, 0, 0, time.UTC), a, nil)
	if _, err := history.Append(dir, 45, r); err != nil {
		t.Fatal(err)
	}
	c := testCommon(t, course, root, newFake(refAnswer()))
	d := newDriver(t, c, 80, 24)
	d.wantView("Day 45  Rate limiting  · next", "TODOs 4/4 · predictions 12/12 · drills 5/5 · answer not written · 1 runs",
		"Day 46  A second day", "not started", "Next: Day 45, with the one-line answer in RESULTS.md to write.")
	checkFits(t, d.app.View(), 80, 24)

	// The answer written: Day 45 is done, Day 46 next.
	skeleton := strings.Replace(results.Skeleton(theDay), "> (your answer here)", "> 200 against 100; a leaky bucket, for its steady pace.", 1)
	write(t, filepath.Join(root, "RESULTS.md"), skeleton)
	d = newDriver(t, testCommon(t, course, root, newFake(refAnswer())), 80, 24)
	d.wantView("✓ done · 1 runs", "Day 46  A second day  · next", "Day 45 done — Day 46 is next.")
	checkFits(t, d.app.View(), 80, 24)
	d.send(tea.WindowSizeMsg{Width: 40, Height: 12})
	checkFits(t, d.app.View(), 40, 12)
	d.keys("down")
	d.wantView("Day 46")
}

// For about a second after a save, the status line showed the run before's
// "since the last run: …": from the moment the new run landed until its
// record was kept. Nothing of the old run's changes is shown once a new
// run is under way, nor when it lands before its record is kept.
func TestTheStatusLineShowsNoStaleChangesAfterASave(t *testing.T) {
	t.Parallel()
	f := newFake(withTODO1Failing(), refAnswer())
	d, root := openDay(t, f, 80, 24)
	path := filepath.Join(root, theDay.LearnerDir, "todo.go")
	src, _ := os.ReadFile(path)
	write(t, path, strings.Replace(string(src), "panic(notDone) // TODO 1", "return tokens, true", 1))
	d.keys("r")
	const moved = "since the last run: edited TODO 1"
	if got := statusOf(d); !strings.Contains(got, moved) {
		t.Fatalf("the run before says nothing of what moved: %q", got)
	}
	// A save: the run starts (its Cmds are left undone: the run, then its
	// record, are still on their way).
	m := d.day()
	m.startRun()
	m.update(nil)
	if got := statusOf(d); strings.Contains(got, moved) {
		t.Errorf("while the new run builds, the status line shows the last one's changes: %q", got)
	}
	m.update(run.OutcomeMsg{Gen: m.runGen, O: refAnswer().o, At: time.Date(2026, 3, 4, 12, 0, 1, 0, time.UTC)})
	if got := statusOf(d); strings.Contains(got, moved) || !strings.Contains(got, "✓ ran") {
		t.Errorf("the new run landed, its record not yet kept: the status line says %q, want the run and nothing of the last one's changes", got)
	}
}

// The History screen laid a run beside the latest, a grade, so that every
// figure was starred beside a dash: a run that played the parts is laid
// beside the latest that played them, and the screen says which, at 80×24
// and 40×12.
func TestHistoryComparesWithTheLatestRunWithFigures(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		w, h := size[0], size[1]
		t.Run(strconv.Itoa(w), func(t *testing.T) {
			t.Parallel()
			d, root := openDay(t, newFake(), w, h) // the stubs' run: not kept
			dir := filepath.Join(root, "predictions")
			at := time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)
			run := func(n int, accepted float64) history.Record {
				return history.Record{At: at.Add(time.Duration(n) * time.Minute), From: history.FromRun, Digest: "d",
					TODOs: map[int]labs.Status{1: labs.Pass, 2: labs.Pass},
					Parts: []history.Part{{ID: "1", Status: labs.OK, Figures: []labs.Metric{{Name: "token_burst_accepted", Label: "burst accepted", Value: accepted}}}}}
			}
			grade := history.Record{At: at.Add(time.Hour), From: history.FromGrade, Digest: "d", TODOs: map[int]labs.Status{1: labs.Pass, 2: labs.Fail}}
			for _, r := range []history.Record{run(1, 19), run(2, 20), run(3, 20), grade} {
				if _, err := history.Append(dir, 45, r); err != nil {
					t.Fatal(err)
				}
			}
			d.tab(common.TabHistory)
			d.wantView("4 runs")
			d.keys("down", "down", "down", "enter")
			checkFits(t, d.app.View(), w, h)
			view := flat(d.view())
			d.keys("G") // the rest, on a short screen
			view += flat(d.view())
			for _, want := range []string{"Run 1 beside run 3, the latest that played the parts", "* Part 1", "differs from run 3"} {
				if !strings.Contains(view, want) {
					t.Errorf("the comparison lacks %q:\n%s", want, d.view())
				}
			}
			if strings.Contains(view, "—") {
				t.Errorf("the comparison still lays run 1 beside the grade:\n%s", d.view())
			}
			checkFits(t, d.app.View(), w, h)
		})
	}
}
