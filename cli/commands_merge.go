package cli

import (
	"context"
	"fmt"
	"os"

	"termlab/record/atomicfile"
	"termlab/record/predictions"
)

// cmdMergeAnswers is git's merge driver for a day's answers file
// (predictions/dayNN.json): git runs it as `go run . merge-answers %O %A
// %B` when both sides changed the file, with the common version, ours
// (where the result goes) and theirs. It merges them by
// predictions.Merge's rules (a reveal on either side stays, the earliest
// guess judged stands, drills kept) and exits 0; when a version cannot be
// used it says why and exits 1, and git leaves the conflict in the file,
// for the lab to merge when it next reads it. The README shows how to
// turn it on.
func cmdMergeAnswers(_ context.Context, e Env, a Args) int {
	if len(a.Pos) != 3 {
		return UsageError(e.Stderr, "merge-answers takes three files: the common version, ours and theirs (git's %O %A %B)")
	}
	read := func(path string, missingOK bool) ([]byte, bool) {
		data, err := atomicfile.ReadBounded(path, predictions.MaxFileBytes)
		if err != nil && !(missingOK && os.IsNotExist(err)) {
			fmt.Fprintln(e.Stderr, "termlab: merge-answers:", err)
			return nil, false
		}
		return data, true
	}
	base, ok1 := read(a.Pos[0], true)
	ours, ok2 := read(a.Pos[1], false)
	theirs, ok3 := read(a.Pos[2], false)
	if !ok1 || !ok2 || !ok3 {
		return ExitNotOK
	}
	merged, err := predictions.MergeFiles(base, ours, theirs)
	if err != nil {
		fmt.Fprintln(e.Stderr, "termlab: merge-answers: not merged, git keeps the conflict:", err)
		return ExitNotOK
	}
	if err := os.WriteFile(a.Pos[1], merged, 0o644); err != nil {
		fmt.Fprintln(e.Stderr, "termlab: merge-answers:", err)
		return ExitNotOK
	}
	return ExitOK
}
