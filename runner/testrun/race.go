//go:build race

package testrun

// Race reports whether the test binary was built with the race detector,
// which runs every line of code several times slower: a property of the
// build, not of the code under test nor of the machine's load.
const Race = true
