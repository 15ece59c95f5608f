package course

import "termlab/labs"

// GradeWith grades TODO n of f against ref in this process. The runner
// never does this with learner code (it uses a worker process); tests and
// benchmarks do, with code they trust to return.
func GradeWith(n int, f, ref Funcs) labs.Grade { return gradeTODO(n, f, ref) }

// RunWith plays every part with f in this process (see GradeWith).
func RunWith(f Funcs) []labs.PartResult {
	out := make([]labs.PartResult, 0, len(partInfos))
	for _, info := range partInfos {
		out = append(out, runPart(info.id, f, partLimit))
	}
	return out
}
