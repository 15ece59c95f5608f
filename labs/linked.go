package labs

// Linked holds a day's learner functions (F, the day's Funcs) when this
// program links them: only the worker programs do, from their generated
// link files' init (the day's UseLearner), so a day's course package never
// imports the learner's and the lab opens while that code does not compile.
// Every day binds its code through it, so "which code runs" is written once.
type Linked[F any] struct{ f *F }

// Use links f as the learner's code.
func (l *Linked[F]) Use(f F) { l.f = &f }

// Get is the learner's code, when this program links it.
func (l *Linked[F]) Get() (F, bool) {
	if l.f == nil {
		var zero F
		return zero, false
	}
	return *l.f, true
}

// Bind is whose code runs for which: ref for Reference, the learner's for
// Learner (false while it is not linked).
func (l *Linked[F]) Bind(ref F) func(which Impl) (F, bool) {
	return func(which Impl) (F, bool) {
		if which == Reference {
			return ref, true
		}
		return l.Get()
	}
}
