package predictions

import (
	"fmt"
	"maps"

	"termlab/labs"
)

// Practice is one revealed question asked again with new numbers: a
// variant is dealt from the knobs of the figure that answers the question
// (labs.Variant), the learner guesses, and the figure played on the
// reference at those numbers judges it. A streak of right answers in a row
// says more than one surprise did.
//
// The file keeps a dealt variant's numbers and nothing of its answer: the
// actual is worked out only when the guess comes in (Answer), so no file
// the learner can open holds it before.
type Practice struct {
	// Open is the variant dealt and not answered yet: the values of the
	// figure's knobs. Nil when none is open.
	Open labs.Values `json:"open,omitempty"`
	// Done is the variants answered, oldest first.
	Done []Tried `json:"done,omitempty"`
	// Streak is how many of the latest were right in a row.
	Streak int `json:"streak"`
}

// Tried is one variant answered.
type Tried struct {
	Values  labs.Values `json:"values"`
	Guess   float64     `json:"guess"`
	Actual  float64     `json:"actual"`
	Verdict Kind        `json:"verdict"`
}

// MaxTried bounds the variants kept per question: the streak and the
// latest are what matter, and the file stays small.
const MaxTried = 50

// PracticeError is a practice step refused, with why.
type PracticeError struct{ ID, Why string }

func (e *PracticeError) Error() string { return e.ID + ": " + e.Why }

// Deal opens a variant of prediction id at values v, unless one is open
// already (then it stays: dealing again until a friendly one comes up is
// not practice). It refuses a question whose answer has not been shown:
// practice is for after the reveal, never a way round the first guess.
// It returns the open variant's values.
func (a *Answers) Deal(id string, v labs.Values) (labs.Values, error) {
	if !a.guess(id).Revealed {
		return nil, &PracticeError{id, "its answer has not been shown yet: guess it first, and practise once the run has revealed it"}
	}
	p := a.Practice[id]
	if p.Open == nil {
		p.Open = maps.Clone(v)
	}
	if a.Practice == nil {
		a.Practice = map[string]Practice{}
	}
	a.Practice[id] = p
	return maps.Clone(p.Open), nil
}

// Answer judges guess at the open variant of prediction id, whose actual
// (the figure on the reference at at) is actual; at must be the variant
// still open, so an answer is never recorded against numbers the learner
// was not shown. It closes the variant and moves the streak.
func (a *Answers) Answer(id string, at labs.Values, guess, actual float64) (Tried, error) {
	p := a.Practice[id]
	if p.Open == nil {
		return Tried{}, &PracticeError{id, "no variant is open: ask for one first"}
	}
	if !maps.Equal(p.Open, at) {
		return Tried{}, &PracticeError{id, "the open variant changed while it was being judged: ask to see it again"}
	}
	t := Tried{Values: p.Open, Guess: guess, Actual: actual, Verdict: Judge(guess, actual).Kind}
	p.Done = append(p.Done, t)
	if len(p.Done) > MaxTried {
		p.Done = p.Done[len(p.Done)-MaxTried:]
	}
	p.Open = nil
	if t.Verdict == Spot || t.Verdict == Close {
		p.Streak++
	} else {
		p.Streak = 0
	}
	a.Practice[id] = p
	return t, nil
}

// checkPractice is what Load refuses in the practice record.
func (a Answers) checkPractice() error {
	for id, p := range a.Practice {
		if p.Streak < 0 || p.Streak > len(p.Done) {
			return &keyError{id, fmt.Errorf("%s's practice streak is %d of %d answered", id, p.Streak, len(p.Done))}
		}
		for _, t := range p.Done {
			switch t.Verdict {
			case Spot, Close, Off:
			default:
				return &keyError{id, fmt.Errorf("%s's practice holds the verdict %q", id, t.Verdict)}
			}
		}
	}
	return nil
}
