package predictions

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Confidence is how sure the learner said they were of a guess. Errors
// made with high confidence are the ones best corrected once the answer is
// seen, and a learner's sense of how sure they were drifts once it is
// known, so it is kept with the guess and frozen at the reveal, as the
// guess judged is.
type Confidence string

// The levels a learner can give, surest first. Empty is "not said".
const (
	Sure   Confidence = "sure"
	Likely Confidence = "likely"
	Hunch  Confidence = "guess"
)

// Levels is the confidence levels in the order they are offered and
// tallied.
var Levels = []Confidence{Sure, Likely, Hunch}

// ParseConfidence reads a level as typed (any case, spaces around).
func ParseConfidence(s string) (Confidence, error) {
	c := Confidence(strings.ToLower(strings.TrimSpace(s)))
	for _, l := range Levels {
		if c == l {
			return c, nil
		}
	}
	return "", fmt.Errorf("%q is not a confidence: say sure, likely or guess", s)
}

// Next is the level after c in the order a key cycles them: not said,
// sure, likely, guess, not said again.
func (c Confidence) Next() Confidence {
	switch c {
	case "":
		return Sure
	case Sure:
		return Likely
	case Likely:
		return Hunch
	}
	return ""
}

// valid reports whether c is a level or empty.
func (c Confidence) valid() bool {
	if c == "" {
		return true
	}
	_, err := ParseConfidence(string(c))
	return err == nil
}

// FrozenError is a change refused because the prediction's answer has been
// shown: how sure the learner was before is what it was.
type FrozenError struct{ ID string }

func (e *FrozenError) Error() string {
	return fmt.Sprintf("%s's answer has already been shown, so how sure you were stays as it was when you guessed", e.ID)
}

// SetConfidence records how sure the learner is of prediction id's guess.
// Once the answer has been shown it is refused: a level chosen afterwards
// would be hindsight.
func (a *Answers) SetConfidence(id string, c Confidence) error {
	g := a.guess(id)
	if g.Revealed {
		return &FrozenError{id}
	}
	if !c.valid() {
		return fmt.Errorf("%q is not a confidence: say sure, likely or guess", c)
	}
	g.Confidence = c
	a.put(id, g)
	return nil
}

// MaxExplanation bounds a learner's explanation: one line, in their words.
const MaxExplanation = 400

// CleanExplanation is an explanation as kept: one line (breaks become
// spaces), trimmed; an error when it is empty or longer than
// MaxExplanation characters.
func CleanExplanation(s string) (string, error) {
	s = strings.Join(strings.Fields(s), " ")
	switch n := utf8.RuneCountInString(s); {
	case n == 0:
		return "", fmt.Errorf("the explanation is empty: write one line of your own, in quotes")
	case n > MaxExplanation:
		return "", fmt.Errorf("the explanation is %d characters: keep it to one line of at most %d", n, MaxExplanation)
	}
	return s, nil
}

// ExplainError is an explanation refused: the guess it would explain is
// not there to explain yet.
type ExplainError struct{ ID, Why string }

func (e *ExplainError) Error() string { return e.ID + ": " + e.Why }

// Explain records the learner's own line on why prediction id came out
// differently from their guess. It is asked only once the answer has been
// shown and a guess was judged against it: before that it would be asked
// with no surprise to explain (or, for a question not guessed, with the
// answer in view and nothing predicted). Whether the guess was off is for
// the caller, which knows the actual; this only refuses what is never
// explainable.
func (a *Answers) Explain(id, text string) error {
	g := a.guess(id)
	switch {
	case !g.Revealed:
		return &ExplainError{id, "its answer has not been shown yet: guess, run, and explain only what surprised you"}
	case g.Scored == nil:
		return &ExplainError{id, "no guess was on record when its answer was shown, so there is no surprise of yours to explain"}
	}
	clean, err := CleanExplanation(text)
	if err != nil {
		return err
	}
	g.Explanation = clean
	a.put(id, g)
	return nil
}

// SkipExplain records that the learner, asked why prediction id came out
// differently, went on without a line. Like Explain, only for a guess
// judged against an answer shown.
func (a *Answers) SkipExplain(id string) error {
	g := a.guess(id)
	if !g.Revealed || g.Scored == nil {
		return &ExplainError{id, "there is no judged guess to explain"}
	}
	g.ExplainSkipped = true
	a.put(id, g)
	return nil
}

// ToExplain reports whether a scoreboard row asks the learner for a line
// of their own: its guess, on record at the reveal, was judged off, and
// they have neither written one nor passed.
func ToExplain(r Row, g Guess) bool {
	return r.Revealed && r.Verdict != nil && r.Verdict.Kind == Off && g.Explanation == "" && !g.ExplainSkipped
}

// WhyShown reports whether a row's lab's why may be shown: the guess was
// judged off, and the learner has answered the question ToExplain asks
// (their own line, or a pass). Every front end that shows the why asks
// this, so the lab never explains a surprise before the learner has.
func WhyShown(r Row, g Guess) bool {
	return r.Verdict != nil && r.Verdict.Kind == Off && (g.Explanation != "" || g.ExplainSkipped)
}
