// Package shipped is the learner's folder (labs/day46) as the course ships
// it, embedded: the stubs and the lab's marker beside them, which reset puts
// back and worker.CopyLab writes into a copy of the lab. It is plain data,
// so the lab's own binary links it with the day's words (course/words).
package shipped

import _ "embed"

// TODO is labs/day46/todo.go as shipped: the learner's stubs.
//
//go:embed todo.go.txt
var TODO string

// NotDone is labs/day46/notdone.go, the lab's file beside the learner's:
// the marker the stubs panic with (see labs/day45/notdone.go).
//
//go:embed notdone.go.txt
var NotDone string
