package common

import "termlab/labs"

// The Play screen's players, as the deps make them (the production ones
// are in the play screen's playsession.go; tests give stand-ins).

// RefFrames plays one day's figures on the reference, out of process.
type RefFrames interface {
	Play(f labs.PlayFigure, v labs.Values) labs.Frame
	// Ready reports whether its worker is built, so that a frame comes
	// within a knob turn's time.
	Ready() bool
	Close()
}

// LearnerFrames plays one day's figures on the learner's code, out of
// process (their code is hostile: a panic is a frame's Error, an endless
// loop stops its worker, and the screen goes on). busy says a run holds the
// build; err that the worker could not be built.
type LearnerFrames interface {
	Play(f labs.PlayFigure, v labs.Values) (fr labs.Frame, busy bool, err error)
	// Warm builds and starts the worker ahead of the first request.
	Warm()
	Close()
}
