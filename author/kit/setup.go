package kit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"termlab/labs"
	"termlab/record/predictions"
)

// setUp is the skeleton's one experiment: Arrival requests a second at a
// service that finishes Service a second, from an empty queue, for Span
// seconds, a tick every tickMS ms. Its figure, and the answer of its one
// prediction, is the queue at the end: (Arrival − Service) × Span.
type setUp struct{ Arrival, Service, Span int }

// tickMS is a quarter of a second, so that a tick's arrivals and service
// (13 × 0.25, 10 × 0.25) are exact in binary and the figure is the whole
// number it looks: 20.000000000000004 would be shown as 20 but read as a
// fraction, and then "20.0" anywhere a learner reads first is its answer.
const tickMS = 250

func (s setUp) TickMS() int { return tickMS }
func (s setUp) Excess() int { return s.Arrival - s.Service }
func (s setUp) Answer() int { return s.Over(s.Arrival) }

// Pin is the pin of the answer's row in the day's REFERENCE.md (the
// file states no figure; kit.Pin).
func (s setUp) Pin() string {
	p, _ := Pin(labs.Metrics{answerMetric: float64(s.Answer())}, []string{answerMetric})
	return p
}

// Points is how many levels Fill returns: time 0 and every tick.
func (s setUp) Points() int { return s.Span*1000/tickMS + 1 }

// Over is the queue at the end at another arrival rate (the playground's
// knob): what arrives beyond the service piles up, never below zero.
func (s setUp) Over(arrival int) int { return max(0, (arrival-s.Service)*s.Span) }

// setUps are the skeleton's experiments, in the order new-day tries them.
// A skeleton's answer is a figure like any other: printed anywhere a
// learner reads before the guess (the README, the page it sends learners
// to, the day's own words), it gives the guess away, and the suite's
// hindsight tests fail the moment new-day has run. Whole numbers with no
// ring to them (not 20, 50 or 100, which prose is full of), none of them a
// figure of the skeleton's own words (13/s, 10/s, the drill's 3, 4, 6,
// 8 and 24), so that one is nearly always free; new-day takes the first
// that is (pickSetUp).
var setUps = []setUp{
	{13, 10, 9},  // 27
	{13, 10, 11}, // 33
	{13, 10, 13}, // 39
	{13, 10, 17}, // 51
	{13, 10, 19}, // 57
	{13, 10, 23}, // 69
}

// answerMetric is the metric of the skeleton's one prediction.
const answerMetric = "backlog_end"

// ReadFirst is the module's text a learner reads before any prediction,
// which therefore holds no day's answer (labs/registry's
// TestReadmeHoldsNoAnswer reads the same files).
var ReadFirst = predictions.ReadFirst

// pickSetUp returns the first set-up whose answer, in any form it would be
// printed, is in none of root's ReadFirst files nor in the words it
// renders for the day (render gives a set-up's words files, the source of
// every text the day shows before the guess). It checks more strictly
// than the suite does: every form, every figure, in the words' whole
// source. A file of ReadFirst that does not exist is no text to avoid.
func pickSetUp(root string, render func(setUp) ([]predictions.Seen, error)) (setUp, error) {
	var texts []predictions.Seen
	for _, name := range ReadFirst {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return setUp{}, err
		}
		texts = append(texts, predictions.Seen{In: name, Text: string(b)})
	}
	day := labs.Day{Predictions: []labs.Prediction{{ID: "P1", Metric: answerMetric}}}
	var taken []string
	for _, s := range setUps {
		words, err := render(s)
		if err != nil {
			return setUp{}, err
		}
		leaks := predictions.FindIn(day, labs.Metrics{answerMetric: float64(s.Answer())}, append(words, texts...)...)
		if len(leaks) == 0 {
			return s, nil
		}
		taken = append(taken, fmt.Sprintf("%d (in %s)", s.Answer(), leaks[0].In))
	}
	return setUp{}, fmt.Errorf("every answer the skeleton can have is printed where a learner reads it first: %s; add a set-up to author/kit's setUps", strings.Join(taken, ", "))
}
