//go:build termlab

package learner

// TakeToken is TODO 1, done.
func TakeToken(tokens, capacity, refill float64) (float64, bool) {
	if tokens >= 1 {
		return tokens - 1, true
	}
	return tokens, false
}

// Refill is TODO 2, still the stub.
func Refill(tokens, capacity, rate, dt float64) float64 {
	panic(notDone) // TODO 2
}
