package parts_test

import (
	"testing"

	"termlab/labs"
	"termlab/labs/day45/course/limit"
	"termlab/labs/day45/course/parts"
	"termlab/solutions/day45"
)

// Linked is the code the last Link recorded, asked for the implementation
// named (course.New links its own: the door's command reads it here).
func TestLinkedIsTheCodeLinked(t *testing.T) {
	parts.Link(func(which labs.Impl) (limit.Funcs, bool) { return day45.Funcs, which == labs.Reference })
	if f, ok := parts.Linked(labs.Reference); !ok || f.TakeToken == nil {
		t.Error("the reference is not linked")
	}
	if _, ok := parts.Linked(labs.Learner); ok {
		t.Error("the learner's code is linked though the code said not")
	}
}
