//go:build termlab

package main

import (
	learner45 "termlab/labs/day45"
	day45 "termlab/labs/day45/course"
	learner46 "termlab/labs/day46"
	day46 "termlab/labs/day46/course"
)

// The learner's code, one value per day. This file and the lean worker's
// link.go are the only ones of the lab that import the learner's packages;
// they share their build tag (worker.BuildTag), so a build without the tag,
// such as `go test ./...`, neither needs nor compiles them.
var linked45 = day45.Funcs{
	TakeToken: learner45.TakeToken,
	WindowID:  learner45.WindowID,
	Expired:   learner45.Expired,
	NextEmit:  learner45.NextEmit,
}

var linked46 = day46.Funcs{
	FairShare: learner46.FairShare,
	DRRVisit:  learner46.DRRVisit,
	ShardOf:   learner46.ShardOf,
	Overlap:   learner46.Overlap,
}

func init() {
	day45.UseLearner(linked45)
	day46.UseLearner(linked46)
	linked = true
}
