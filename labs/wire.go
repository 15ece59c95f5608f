package labs

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// notLinkedHere is what a day answers for a TODO this process does not link
// (the screens' own process never links the learner's).
const notLinkedHere = "the learner's code is not linked into this process"

// RunPartOf is a Day's RunPart built from the day's part runner: it plays
// the implementation impl gives (Linked.Bind), and answers Unfinished,
// rather than running nothing, where this process does not link it.
func RunPartOf[F any](impl func(Impl) (F, bool), run func(part string, f F) PartResult) func(Impl, string) PartResult {
	return func(which Impl, part string) PartResult {
		f, ok := impl(which)
		if !ok {
			return PartResult{ID: part, Status: Unfinished, Detail: NotLinked}
		}
		return run(part, f)
	}
}

// PlayPiecesOf is a Day's PlayPieces from the day's own (play), as
// RunPartOf: code not linked plays no piece and says so in the part.
func PlayPiecesOf[F any](impl func(Impl) (F, bool), play func(part string, f F, only []int) PlayedPieces) func(Impl, string, []int) PlayedPieces {
	return func(which Impl, part string, only []int) PlayedPieces {
		f, ok := impl(which)
		if !ok {
			return PlayedPieces{Part: PartResult{ID: part, Status: Unfinished, Detail: NotLinked}}
		}
		return play(part, f, only)
	}
}

// GradeTODOOf is a Day's GradeTODO built from the day's grader of todos
// TODOs, numbered from 1, as RunPartOf: a TODO out of range, or code not
// linked, is Unfinished.
func GradeTODOOf[F any](impl func(Impl) (F, bool), todos int, grade func(n int, f F) Grade) func(Impl, int) Grade {
	return func(which Impl, n int) Grade {
		f, ok := impl(which)
		if !ok || n < 1 || n > todos {
			return Grade{TODO: n, Status: Unfinished, Detail: notLinkedHere}
		}
		return grade(n, f)
	}
}

// PartUses is the TODOs part's pieces call, sorted, each once: what the
// Day lists as the part's Uses, worked out from its pieces.
func PartUses[F any](pieces []Piece[F], part string) []int {
	uses := []int{}
	for _, p := range pieces {
		if p.Part == part {
			uses = append(uses, p.Uses...)
		}
	}
	slices.Sort(uses)
	return slices.Compact(uses)
}

// PlayOn plays one playground figure's body on the implementation impl
// gives; a process that does not link it gets a frame saying so (NotLinked)
// rather than a panic.
func PlayOn[F any](impl func(Impl) (F, bool), id string, which Impl, v Values, body func(F, Values, *Frame)) Frame {
	fr := Frame{Figure: id, Impl: which, Values: v}
	f, ok := impl(which)
	if !ok {
		fr.Error = NotLinked
		return fr
	}
	body(f, v, &fr)
	scrub(&fr)
	return fr
}

// scrub keeps a frame of hostile code printable: a readout that is not a
// finite number (a TakeToken returning NaN tokens) cannot travel as JSON,
// so it reads 0 and the frame says which; a point of a series that is not
// finite is left out.
func scrub(fr *Frame) {
	var bad []string
	for i, r := range fr.Readouts {
		if math.IsNaN(r.Value) || math.IsInf(r.Value, 0) {
			fr.Readouts[i].Value, fr.Readouts[i].Against = 0, "not a number: "+strconv.FormatFloat(r.Value, 'g', -1, 64)
			bad = append(bad, r.Label)
		}
	}
	for i, s := range fr.Chart.Series {
		var x, y []float64
		for j := range s.X {
			if j < len(s.Y) && !math.IsNaN(s.X[j]+s.Y[j]) && !math.IsInf(s.X[j]+s.Y[j], 0) {
				x, y = append(x, s.X[j]), append(y, s.Y[j])
			}
		}
		fr.Chart.Series[i].X, fr.Chart.Series[i].Y = x, y
	}
	if len(bad) > 0 && fr.Error == "" {
		fr.Error = "not a number: " + strings.Join(bad, ", ")
	}
}

// PlayFigures gives each figure of figs (as a day's words declare them,
// Play nil) its Play: the body of the same ID in bodies, played on the
// implementation impl gives (PlayOn). The words and the bodies live apart
// so the lab's own binary links the figures' descriptions without their
// machinery; a figure without a body, or a body without a figure, is an
// author's mistake and panics as the program starts.
func PlayFigures[F any](figs []PlayFigure, impl func(Impl) (F, bool), bodies map[string]func(F, Values, *Frame)) []PlayFigure {
	out := slices.Clone(figs)
	for i := range out {
		id := out[i].ID
		body, ok := bodies[id]
		if !ok {
			panic(fmt.Sprintf("labs.PlayFigures: figure %q has no body", id))
		}
		out[i].Play = func(which Impl, v Values) Frame { return PlayOn(impl, id, which, v, body) }
	}
	if len(bodies) != len(out) {
		panic(fmt.Sprintf("labs.PlayFigures: %d bodies for %d figures", len(bodies), len(out)))
	}
	return out
}
