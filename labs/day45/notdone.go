// This file is the lab's, not yours: leave it as it is (go run . reset 45
// puts it back). It holds the marker the stubs in todo.go panic with, so
// that todo.go imports nothing of the lab's and a finished todo.go has no
// import left over. Unlike todo.go it has no build tag: it always compiles,
// so `go test ./...` builds it alone, whatever state todo.go is in.

package day45

import "termlab/labs"

// notDone is what an unwritten TODO panics with. The lab reads it as "not
// done yet": neither a wrong answer nor a crash.
var notDone = labs.NotDone
