package session

import (
	"slices"

	"termlab/record/predictions"
)

// Changes the answers may refuse. Most of what the learner does is a
// change that always applies (set P1, reveal Part A); an answer to a
// practice variant may be refused, by what the screens show or by the file
// as another shell left it, and the learner must then hear so rather than
// see a verdict the record does not hold.

// Try is Change for a change the answers may refuse (an answer to a
// practice variant that is no longer the one open): a refusal must leave
// the answers as they were. fn is tried first on what the learner sees;
// refused there, nothing is queued and the refusal is returned. Queued, it
// may still be refused by the file as reloaded at Write (another shell
// answered the variant meanwhile); Write then names it in Saved.Refused.
// The number returned is the change's, which Saved.Changed and Refused
// carry, so a front end can tell whether its change reached the file.
func (r *Record) Try(fn func(*predictions.Answers) error) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	a := r.view()
	if err := fn(&a); err != nil {
		return 0, err
	}
	return r.change(fn), nil
}

// Lost is why change n, which this write took, is not on file; nil when it
// is there, or when this write did not take it.
func (sv Saved) Lost(n int) error {
	if !slices.Contains(sv.Changed, n) {
		return nil
	}
	if sv.Err != nil {
		return sv.Err
	}
	return sv.Refused[n]
}
