package session_test

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"termlab/labs"
	"termlab/record/predictions"
	"termlab/record/session"
)

// The Record is what the screens hold of a day, with no Bubble Tea: these
// drive it as the screens do (Change, Reveal, then Write and Reload as
// their background Cmds would) against a repository of its own.

func dayFortyFive(t *testing.T) played {
	t.Helper()
	for _, p := range days() {
		if p.day.Number == 45 {
			return p
		}
	}
	t.Fatal("no Day 45")
	return played{}
}

func value(a predictions.Answers, id string) float64 {
	if v, ok := a.Value(id); ok {
		return v
	}
	return -1
}

// A guess saved from another shell while the screens hold a change not yet
// written is never lost: not by a reload (the change stays on top), not by
// the write (it applies the change to the file as reloaded under its lock),
// whichever comes first.
func TestRecordKeepsAnotherShellsGuess(t *testing.T) {
	p := dayFortyFive(t)
	for _, reloadFirst := range []bool{true, false} {
		s := lab(t, p.day)
		rec := session.NewRecord(s, predictions.Answers{})
		rec.Change(func(a *predictions.Answers) { a.Set("P2", 7) }) // on screen, not written
		if _, err := session.Open(s.Root, p.day).Update(func(a *predictions.Answers) error {
			a.Set("P1", 42)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if reloadFirst {
			if note := rec.Reload(); note != "" {
				t.Fatal(note)
			}
			if a := rec.Answers(); value(a, "P1") != 42 || value(a, "P2") != 7 {
				t.Errorf("after the reload the record shows P1 %v, P2 %v; want 42 and 7", value(a, "P1"), value(a, "P2"))
			}
		}
		if sv := rec.Write(); !sv.Took || sv.Err != nil {
			t.Fatalf("write: %+v", sv)
		}
		onFile, err := s.Answers()
		if err != nil {
			t.Fatal(err)
		}
		if value(onFile, "P1") != 42 || value(onFile, "P2") != 7 {
			t.Errorf("reload first %v: the file holds P1 %v, P2 %v; want 42 and 7", reloadFirst, value(onFile, "P1"), value(onFile, "P2"))
		}
		if a := rec.Answers(); value(a, "P1") != 42 || value(a, "P2") != 7 || rec.Pending() {
			t.Errorf("reload first %v: after the write the record shows P1 %v, P2 %v (pending %v)", reloadFirst, value(a, "P1"), value(a, "P2"), rec.Pending())
		}
		// A second write has nothing left: an earlier Cmd took it all.
		if sv := rec.Write(); sv.Took {
			t.Errorf("a second write wrote again: %+v", sv)
		}
	}
}

// A part's figures leave the record only once its reveal is on file: after
// Reveal they are being recorded, not shown; a write that fails keeps them
// hidden and says why; the next save that works lets them be recorded,
// and only then do they show, with the file saying so first.
func TestRecordRevealIsOnFileBeforeItShows(t *testing.T) {
	p := dayFortyFive(t)
	s := lab(t, p.day)
	rec := session.NewRecord(s, predictions.Answers{})
	first := session.Stages(p.day)[0]
	rec.Change(func(a *predictions.Answers) {
		for _, pr := range first.Preds {
			a.Set(pr.ID, 1)
		}
	})
	if sv := rec.Write(); sv.Err != nil {
		t.Fatal(sv.Err)
	}
	opens := func(part string) bool {
		return slices.ContainsFunc(first.Parts, func(x labs.Part) bool { return x.ID == part })
	}

	// The write fails: predictions/ is a file.
	dir := s.Dir()
	if err := os.Rename(dir, dir+".away"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, []byte("in the way"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !rec.Reveal(p.o) {
		t.Fatal("Reveal queued nothing with the first stage guessed")
	}
	v := rec.Reveals()
	if len(v.Revealed) > 0 {
		t.Fatalf("parts show before their reveal is written: %v", keys(v.Revealed))
	}
	for _, part := range first.Parts {
		if !v.Recording[part.ID] {
			t.Errorf("part %s is not being recorded", part.ID)
		}
	}
	if sv := rec.Write(); sv.Err == nil || sv.Landed {
		t.Fatalf("the write into a file for a folder: %+v", sv)
	}
	if v := rec.Reveals(); len(v.Revealed) > 0 || v.Err == nil {
		t.Fatalf("after a failed write: revealed %v, err %v; want nothing shown and why", keys(v.Revealed), v.Err)
	}
	if rec.Reveal(p.o) {
		t.Error("Reveal retried at once after a failed write (it waits for a save that works)")
	}

	// The folder is back; a save that works (a re-run's TODO count) lets
	// the reveal be recorded again.
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dir+".away", dir); err != nil {
		t.Fatal(err)
	}
	rec.Change(func(a *predictions.Answers) { a.TODOsPassed = 0 })
	if sv := rec.Write(); sv.Err != nil {
		t.Fatal(sv.Err)
	}
	if !rec.Reveal(p.o) {
		t.Fatal("Reveal queued nothing after a save that worked")
	}
	sv := rec.Write()
	if sv.Err != nil || !sv.Landed {
		t.Fatalf("the reveal's write: %+v", sv)
	}
	onFile, err := s.Answers()
	if err != nil {
		t.Fatal(err)
	}
	v = rec.Reveals()
	for _, part := range p.o.Parts {
		_, shown := v.Revealed[part.ID]
		if shown != opens(part.ID) {
			t.Errorf("part %s shows %v; want %v (only the first stage is guessed)", part.ID, shown, opens(part.ID))
		}
	}
	for _, pr := range p.day.Predictions {
		if onFile.Predictions[pr.ID].Revealed != opens(pr.Part) {
			t.Errorf("%s revealed on file: %v; want %v", pr.ID, onFile.Predictions[pr.ID].Revealed, opens(pr.Part))
		}
		if _, ok := onFile.LastRun[pr.Metric]; ok != opens(pr.Part) {
			t.Errorf("%s's figure in the file's last run: %v; want %v", pr.ID, ok, opens(pr.Part))
		}
	}
	shown := session.Shown(p.day, onFile.LastRun, v.Revealed)
	for _, pr := range p.day.Predictions {
		if _, ok := shown[pr.Metric]; ok && !onFile.Predictions[pr.ID].Revealed {
			t.Errorf("%s's figure is shown but its reveal is not on file", pr.ID)
		}
	}

	// The record is gone from outside (a fresh start: every file of
	// predictions/ removed): what it showed is hidden again.
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	rec.Reload()
	if v := rec.Reveals(); len(v.Revealed) > 0 {
		t.Errorf("parts still show after their reveals left the file: %v", keys(v.Revealed))
	}
}

// A re-run of unchanged code lands on what is already on record: no
// reveal is queued, and the save of the same TODO count writes nothing.
func TestRecordUnchangedRerunWritesNothing(t *testing.T) {
	p := dayFortyFive(t)
	s := lab(t, p.day)
	rec := session.NewRecord(s, predictions.Answers{})
	rec.Change(func(a *predictions.Answers) {
		for _, pr := range p.day.Predictions {
			a.Set(pr.ID, 1)
		}
	})
	land := func() {
		passed := p.o.Passed()
		rec.Change(func(a *predictions.Answers) { a.TODOsPassed = passed })
		rec.Reveal(p.o)
		for rec.Pending() {
			if sv := rec.Write(); sv.Err != nil {
				t.Fatal(sv.Err)
			}
		}
	}
	land()
	if v := rec.Reveals(); len(v.Revealed) != len(p.o.Parts) {
		t.Fatalf("revealed %v of %d parts", keys(v.Revealed), len(p.o.Parts))
	}
	before := stat(t, s.Dir())
	if rec.Reveal(p.o) {
		t.Error("the same run queued its reveal again")
	}
	land()
	if after := stat(t, s.Dir()); !slices.Equal(before, after) {
		t.Errorf("an unchanged re-run wrote the record:\nbefore %v\nafter  %v", before, after)
	}
}

// stat is every file of dir with its size and time of change.
func stat(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, n := range names {
		fi, err := os.Stat(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, filepath.Base(n)+" "+fi.ModTime().String()+" "+strconv.FormatInt(fi.Size(), 10))
	}
	return out
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
