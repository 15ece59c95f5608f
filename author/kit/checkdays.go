package kit

import (
	"fmt"
	"strconv"

	"termlab/labs"
)

// CheckDays is the days the authors' check looks at, from its command
// line's words: every registered day with none, the one day named with a
// number (`check 47`, as an author checks the day in hand without waiting
// for every other). A word that names no registered day is a usage error
// that says which days there are.
func CheckDays(course labs.Course, words []string) (labs.Course, error) {
	switch len(words) {
	case 0:
		return course, nil
	case 1:
	default:
		return nil, fmt.Errorf("%w: check takes one day at most, not %d words", ErrUsage, len(words))
	}
	n, err := strconv.Atoi(words[0])
	if err != nil || n < 1 {
		return nil, fmt.Errorf("%w: %q is not a day number; check checks every day, check NN the day NN", ErrUsage, words[0])
	}
	day, err := course.Find(n)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUsage, err)
	}
	return labs.Course{day}, nil
}
