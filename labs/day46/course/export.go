package course

import (
	"termlab/labs"
	"termlab/labs/day46/course/grade"
)

// GradeWith grades TODO n of f against ref in this process. The runner
// never does this with learner code (it uses a worker process); tests do,
// with code they trust to return.
func GradeWith(n int, f, ref Funcs) labs.Grade { return grade.TODO(n, f, ref) }
