package worker

import (
	"strings"
	"testing"
)

// Each day's workers are programs of their own, so a save in one day
// relinks none of another's, and each is built with its own day's tag.
func TestEachDayHasItsOwnWorkerPrograms(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	seen := map[string]int{}
	for _, day := range []int{0, 45, 46} {
		for _, full := range []bool{false, true} {
			r := Runner{Root: "/lab", Day: day}
			bin, err := r.binPath(full)
			if err != nil {
				t.Fatal(err)
			}
			if other, dup := seen[bin]; dup {
				t.Errorf("days %d and %d share the program %s", other, day, bin)
			}
			seen[bin] = day
		}
		tags := (&Runner{Day: day}).tags()
		switch {
		case day == 0 && tags != BuildTag:
			t.Errorf("every day: tags %q, want %q", tags, BuildTag)
		case day != 0 && !strings.Contains(tags, OneDayTag) || day != 0 && !strings.HasSuffix(tags, ","+DayTag(day)):
			t.Errorf("day %d: tags %q, want %s and %s", day, tags, OneDayTag, DayTag(day))
		}
	}
}
