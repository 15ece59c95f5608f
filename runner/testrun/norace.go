//go:build !race

package testrun

// Race reports whether the test binary was built with the race detector
// (see race.go).
const Race = false
