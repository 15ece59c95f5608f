package predictions

import "termlab/labs"

// Answers is everything a learner has answered on one day. It is stored as
// one JSON file per day (see Path) that a person can read and, with care,
// edit; Load checks it on the way in.
//
// Use New or Load to get one: the methods fill in missing maps, but a plain
// Answers{} has no day and cannot be saved.
type Answers struct {
	Day         int                    `json:"day"`
	Predictions map[string]Guess       `json:"predictions"` // by labs.Prediction.ID
	Drills      map[string]DrillAnswer `json:"drills"`      // by labs.Drill.ID
	// LastRun is the metrics of the latest run, so the scoreboard can be
	// shown again before anything reruns. Nil until a run finished.
	LastRun     labs.Metrics `json:"last_run"`
	TODOsPassed int          `json:"todos_passed"`
	// Practice is the revealed questions asked again with new numbers, by
	// prediction ID (practice.go).
	Practice map[string]Practice `json:"practice,omitempty"`
	// The file keeps no time of its last save: it is tracked by git, and a
	// stamp that changes on every save would make every diff of it noise.
	// When something happened is the history's (record/history).
}

// Guess is the learner's answer to one prediction.
type Guess struct {
	Value   *float64 `json:"value"`   // the current guess; nil when none
	Skipped bool     `json:"skipped"` // the learner chose not to guess
	// Revealed is set once the actual has been shown. Scored is the guess
	// on record at that moment (nil: there was none), the one that is
	// judged; Revised says the current guess has since moved away from it.
	Revealed bool     `json:"revealed"`
	Scored   *float64 `json:"scored"`
	Revised  bool     `json:"revised"`
	// AskedHow is set once the learner asked for "how to think about it"
	// (labs.Prediction.Think), and whether that was before the guess on
	// record: ThoughtFirst.
	AskedHow     bool `json:"asked_how,omitempty"`
	ThoughtFirst bool `json:"thought_first,omitempty"`
	// Confidence is how sure the learner said they were (confidence.go);
	// it cannot change once the answer is shown.
	Confidence Confidence `json:"confidence,omitempty"`
	// Explanation is the learner's own line on why a revealed guess came
	// out differently (Explain).
	Explanation string `json:"explanation,omitempty"`
	// ExplainSkipped: asked for one after a miss, the learner went on
	// without (recorded, so they are not asked again).
	ExplainSkipped bool `json:"explain_skipped,omitempty"`
}

// AskHow records that the learner asked how to think about prediction id,
// and whether they had recorded no guess yet (it helped the guess).
func (a *Answers) AskHow(id string) {
	g := a.guess(id)
	if !g.AskedHow {
		g.AskedHow, g.ThoughtFirst = true, g.Value == nil && !g.Revealed
	}
	a.put(id, g)
}

// SelfMark is how a learner judged their own answer to a self-assessed
// drill against the model answer. Empty means not marked yet.
type SelfMark string

// The marks a learner can give themselves.
const (
	MarkGot    SelfMark = "got it"
	MarkPartly SelfMark = "partly"
	MarkMissed SelfMark = "missed it"
)

// DrillAnswer is the learner's work on one drill.
type DrillAnswer struct {
	Answers   []string `json:"answers"` // as typed, one per field (or the choice, or the text)
	Attempted bool     `json:"attempted"`
	// Correct is the checked result; for a self-assessed drill it stays nil
	// until the learner marks it (Mark).
	Correct *bool    `json:"correct"`
	Mark    SelfMark `json:"self_mark"`
}

// New returns empty answers for a day, ready to use and to save.
func New(day int) Answers {
	return Answers{Day: day, Predictions: map[string]Guess{}, Drills: map[string]DrillAnswer{}}
}

// Set records v as the current guess for a prediction. After the reveal the
// guess on record stays what it was; the guess is marked revised while it
// differs from that record.
func (a *Answers) Set(id string, v float64) {
	g := a.guess(id)
	g.Value, g.Skipped = &v, false
	a.put(id, g)
}

// Skip records that the learner chose not to guess.
func (a *Answers) Skip(id string) {
	g := a.guess(id)
	g.Value, g.Skipped = nil, true
	a.put(id, g)
}

// Reveal puts the current guess on record as the one to be judged. It is
// meant to be called as the actual is shown, and only the first call counts:
// nothing typed afterwards can improve the verdict. A skipped or empty
// prediction is revealed unpredicted.
func (a *Answers) Reveal(id string) { a.RevealAs(id, a.guess(id)) }

// RevealAs is Reveal judging shown: the guess as it stood when the lab first
// set out to reveal id. A reveal that reaches the file late (its first
// write failed: a full disk, a folder gone) still judges that guess, and
// one typed in between is a revision of it, not the guess on record.
func (a *Answers) RevealAs(id string, shown Guess) {
	g := a.guess(id)
	if g.Revealed {
		return
	}
	g.Revealed, g.Scored = true, nil
	if shown.Value != nil && !shown.Skipped {
		v := *shown.Value
		g.Scored = &v
	}
	a.put(id, g)
}

// RevealRun reveals every prediction of day whose metric a run produced.
func (a *Answers) RevealRun(day labs.Day, m labs.Metrics) {
	for _, p := range day.Predictions {
		if _, ok := m[p.Metric]; ok {
			a.Reveal(p.ID)
		}
	}
}

// Value is the current guess, and false when there is none.
func (a Answers) Value(id string) (float64, bool) {
	g := a.Predictions[id]
	if g.Value == nil || g.Skipped {
		return 0, false
	}
	return *g.Value, true
}

// SetDrill records the learner's work on a drill.
func (a *Answers) SetDrill(id string, d DrillAnswer) {
	if a.Drills == nil {
		a.Drills = map[string]DrillAnswer{}
	}
	a.Drills[id] = d
}

func (a *Answers) guess(id string) Guess { return a.Predictions[id] }

// put stores g, keeping Revised in step with the values so it can never
// disagree with them.
func (a *Answers) put(id string, g Guess) {
	g.Revised = g.revised()
	if a.Predictions == nil {
		a.Predictions = map[string]Guess{}
	}
	a.Predictions[id] = g
}

func (g Guess) revised() bool {
	if !g.Revealed {
		return false
	}
	if g.Value == nil || g.Scored == nil {
		return (g.Value == nil) != (g.Scored == nil)
	}
	return *g.Value != *g.Scored
}
