package kit

import (
	"errors"
	"strings"
	"testing"

	"termlab/labs"
)

func TestCheckDays(t *testing.T) {
	course := labs.Course{{Number: 45}, {Number: 46}, {Number: 47}}
	all, err := CheckDays(course, nil)
	if err != nil || len(all) != 3 {
		t.Errorf("no word: %v, %v; want every day", all, err)
	}
	one, err := CheckDays(course, []string{"47"})
	if err != nil || len(one) != 1 || one[0].Number != 47 {
		t.Errorf("47: %v, %v; want day 47 alone", one, err)
	}
	for _, bad := range [][]string{{"48"}, {"0"}, {"-1"}, {"4x"}, {"day47"}, {"45", "46"}} {
		_, err := CheckDays(course, bad)
		if !errors.Is(err, ErrUsage) {
			t.Errorf("%q: %v, want a usage error", bad, err)
		}
	}
	// An unknown day is told which days there are.
	if _, err := CheckDays(course, []string{"48"}); err == nil || !strings.Contains(err.Error(), "no day 48") || !strings.Contains(err.Error(), "47") {
		t.Errorf("48: %v", err)
	}
}
